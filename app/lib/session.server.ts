/**
 * Sessions live in KV under `<userId>.<random 256-bit>`; the signed
 * `__session` cookie carries only that id. The user row is re-read from D1 on
 * every request, in parallel with the KV read: the id names the user the
 * record must belong to (see docs/decisions/005-sessions.md).
 */
import { createCookie, createSession, createSessionStorage, type Session } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { cookieSecrets, servesHttps } from "./config.server";
import { randomToken } from "./encoding";

/** A session ends after this long without a request. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
/** …and at the latest this long after sign-in. */
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
/** lastSeen is refreshed at most this often (KV allows 1 write per second per key; fewer writes are cheaper). */
const TOUCH_EVERY_SECONDS = 3600;

export interface SessionData {
  userId: number;
  sessionVersion: number;
  createdAt: number;
  lastSeenAt: number;
}

const kvKey = (id: string) => `session:${id}`;

/** The user a session id was issued to, or null for anything that is not such an id. */
export function sessionUserId(id: unknown): number | null {
  const match = typeof id === "string" ? /^([1-9]\d{0,15})\.[A-Za-z0-9_-]{43}$/.exec(id) : null;
  return match ? Number(match[1]) : null;
}

function sessionCookie({ env }: AppContext) {
  return createCookie("__session", {
    secrets: cookieSecrets(env),
    httpOnly: true,
    sameSite: "lax",
    secure: servesHttps(env),
    path: "/",
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

async function readSessionData({ env }: AppContext, id: string): Promise<Partial<SessionData> | null> {
  return (await env.SESSIONS.get(kvKey(id), "json")) as Partial<SessionData> | null;
}

export function sessionStorage(app: AppContext) {
  const { env } = app;
  return createSessionStorage<SessionData>({
    cookie: sessionCookie(app),
    async createData(data) {
      if (!data.userId) throw new Error("a session is created for a user");
      const id = `${data.userId}.${randomToken(32)}`;
      await env.SESSIONS.put(kvKey(id), JSON.stringify(data), { expirationTtl: SESSION_IDLE_SECONDS });
      return id;
    },
    async readData(id) {
      return readSessionData(app, id);
    },
    async updateData(id, data) {
      await env.SESSIONS.put(kvKey(id), JSON.stringify(data), { expirationTtl: SESSION_IDLE_SECONDS });
    },
    async deleteData(id) {
      await env.SESSIONS.delete(kvKey(id));
    },
  });
}

function sessionIsLive(session: Session<SessionData>, nowSeconds: number): boolean {
  const createdAt = session.get("createdAt");
  const lastSeenAt = session.get("lastSeenAt");
  if (!createdAt || !lastSeenAt) return false;
  return nowSeconds - createdAt < SESSION_ABSOLUTE_SECONDS && nowSeconds - lastSeenAt < SESSION_IDLE_SECONDS;
}

export interface CurrentUser {
  user: User;
  session: Session<SessionData>;
  /** Set-Cookie to send when the session record was refreshed, else null. */
  setCookie: string | null;
}

type Statements = readonly BatchItem<"sqlite">[];

/**
 * Reads the session record from KV and, at the same time, the user row the
 * signed id names from D1 together with the caller's own statements for that
 * user in one batch (one D1 round trip). Nothing is handed back unless the
 * record belongs to that user, is live, and the user is active with the same
 * session version.
 */
async function readCurrentUser<T extends Statements>(
  app: AppContext,
  request: Request,
  statements?: (userId: number) => T,
): Promise<{ current: CurrentUser; results: BatchResponse<T> } | null> {
  const id: unknown = await sessionCookie(app).parse(request.headers.get("Cookie"));
  const userId = sessionUserId(id);
  if (!userId || typeof id !== "string") return null;
  const userRow = app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  const [data, [[user], ...results]] = await Promise.all([
    readSessionData(app, id),
    statements
      ? (app.db.batch([userRow, ...statements(userId)]) as unknown as Promise<[User[], ...BatchResponse<T>]>)
      : userRow.then((rows) => [rows] as const),
  ]);
  if (!data || data.userId !== userId) return null;
  const session = createSession<SessionData>(data as SessionData, id);
  const nowSeconds = Math.floor(app.now().getTime() / 1000);
  if (!sessionIsLive(session, nowSeconds)) return null;
  if (!user || !user.isActive || user.sessionVersion !== session.get("sessionVersion")) return null;
  let setCookie: string | null = null;
  if (nowSeconds - (session.get("lastSeenAt") ?? 0) > TOUCH_EVERY_SECONDS) {
    session.set("lastSeenAt", nowSeconds);
    setCookie = await sessionStorage(app).commitSession(session);
  }
  return { current: { user, session, setCookie }, results: results as unknown as BatchResponse<T> };
}

/**
 * The signed-in, active user for this request, or null. Read once per
 * incoming GET: the root loader and the route's loader share the answer
 * (app.requestMemo exists only for requests that run no action).
 */
export function getCurrentUser(app: AppContext, request: Request): Promise<CurrentUser | null> {
  const read = async () => (await readCurrentUser(app, request))?.current ?? null;
  if (!app.requestMemo) return read();
  const key = `currentUser:${request.headers.get("Cookie") ?? ""}`;
  let pending = app.requestMemo.get(key) as Promise<CurrentUser | null> | undefined;
  if (!pending) {
    pending = read();
    app.requestMemo.set(key, pending);
  }
  return pending;
}

/**
 * The user id the request's signed session cookie names, without reading the session: for a
 * read the caller runs beside getCurrentUser and uses only once that user is admitted (the
 * root loader's notification count), so it adds no round trip after the user's.
 */
export async function signedSessionUserId(app: AppContext, request: Request): Promise<number | null> {
  const id: unknown = await sessionCookie(app).parse(request.headers.get("Cookie"));
  return typeof id === "string" ? sessionUserId(id) : null;
}

/**
 * The signed-in user and the results of `statements` (built for that user's
 * id) from the same D1 batch as the user row, or null when no one is signed in.
 */
export async function getCurrentUserWith<T extends Statements>(
  app: AppContext,
  request: Request,
  statements: (userId: number) => T,
): Promise<{ current: CurrentUser; results: BatchResponse<T> } | null> {
  return readCurrentUser(app, request, statements);
}

/** Starts a fresh session (a new id: rotation at login) and returns its Set-Cookie header. */
export async function createUserSession(app: AppContext, request: Request, user: User): Promise<string> {
  const storage = sessionStorage(app);
  const previous = await storage.getSession(request.headers.get("Cookie"));
  if (previous.id) await storage.destroySession(previous);
  const nowSeconds = Math.floor(app.now().getTime() / 1000);
  const session = await storage.getSession();
  session.set("userId", user.id);
  session.set("sessionVersion", user.sessionVersion);
  session.set("createdAt", nowSeconds);
  session.set("lastSeenAt", nowSeconds);
  return storage.commitSession(session);
}

/** Deletes the KV record and returns a Set-Cookie that clears the cookie. */
export async function destroyUserSession(app: AppContext, request: Request): Promise<string> {
  const storage = sessionStorage(app);
  const session = await storage.getSession(request.headers.get("Cookie"));
  return storage.destroySession(session);
}

/**
 * Deletes every session record of the user in KV (all devices), e.g. when the
 * account is deleted; returns how many there were. Sessions are keyed
 * `session:<userId>.<random>`, so one prefix lists them all.
 */
export async function destroyAllUserSessions({ env }: AppContext, userId: number): Promise<number> {
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const page = await env.SESSIONS.list({ prefix: kvKey(`${userId}.`), cursor });
    await Promise.all(page.keys.map((key) => env.SESSIONS.delete(key.name)));
    deleted += page.keys.length;
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return deleted;
}

/** Seconds since the current session was created by a sign-in, or null without a session. */
export async function sessionAgeSeconds(app: AppContext, request: Request): Promise<number | null> {
  const createdAt = (await getCurrentUser(app, request))?.session.get("createdAt");
  if (!createdAt) return null;
  return Math.floor(app.now().getTime() / 1000) - createdAt;
}
