/**
 * Sessions live in KV under a random 256-bit id; the signed `__session`
 * cookie carries only that id. The user row is re-read from D1 on every
 * request (see docs/decisions/005-sessions.md).
 */
import { createCookie, createSessionStorage, type Session } from "@remix-run/cloudflare";
import { eq } from "drizzle-orm";
import { users, type User } from "../../db/schema";
import type { AppContext } from "../../workers/load-context";
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

export function sessionStorage(app: AppContext) {
  const { env } = app;
  const cookie = createCookie("__session", {
    secrets: (env.SESSION_SECRET || "insecure-dev-secret").split(",").map((s) => s.trim()),
    httpOnly: true,
    sameSite: "lax",
    secure: env.APP_URL.startsWith("https://"),
    path: "/",
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
  return createSessionStorage<SessionData>({
    cookie,
    async createData(data) {
      const id = randomToken(32);
      await env.SESSIONS.put(kvKey(id), JSON.stringify(data), { expirationTtl: SESSION_IDLE_SECONDS });
      return id;
    },
    async readData(id) {
      return (await env.SESSIONS.get(kvKey(id), "json")) as Partial<SessionData> | null;
    },
    async updateData(id, data) {
      await env.SESSIONS.put(kvKey(id), JSON.stringify(data), { expirationTtl: SESSION_IDLE_SECONDS });
    },
    async deleteData(id) {
      await env.SESSIONS.delete(kvKey(id));
    },
  });
}

export async function getSession(app: AppContext, request: Request) {
  return sessionStorage(app).getSession(request.headers.get("Cookie"));
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

/** The signed-in, active user for this request, or null. */
export async function getCurrentUser(app: AppContext, request: Request): Promise<CurrentUser | null> {
  const session = await getSession(app, request);
  const userId = session.get("userId");
  if (!userId) return null;
  const nowSeconds = Math.floor(app.now().getTime() / 1000);
  if (!sessionIsLive(session, nowSeconds)) return null;
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user || !user.isActive || user.sessionVersion !== session.get("sessionVersion")) return null;
  let setCookie: string | null = null;
  if (nowSeconds - (session.get("lastSeenAt") ?? 0) > TOUCH_EVERY_SECONDS) {
    session.set("lastSeenAt", nowSeconds);
    setCookie = await sessionStorage(app).commitSession(session);
  }
  return { user, session, setCookie };
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
