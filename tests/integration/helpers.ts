/** Shared helpers for the workerd integration tests. */
import { createExecutionContext, env } from "cloudflare:test";
import { hashPassword } from "~/lib/password.server";
import worker from "~workers/app";

export const ORIGIN = "http://localhost:8787";

export interface CallOptions {
  method?: string;
  body?: unknown;
  cookie?: string | null;
  headers?: Record<string, string>;
}

/**
 * Calls the Worker's fetch handler in this isolate, as `SELF.fetch` does through its service
 * binding, with the same request on the wire: a Content-Length for a body of known length,
 * redirects followed unless `redirect: "manual"`, and `ctx.waitUntil` work that the test pool
 * waits for after each test (as it does for SELF). Not SELF itself: every SELF.fetch in
 * @cloudflare/vitest-pool-workers 0.15 costs more than the one before (an /api/health call went
 * from 11 ms to 82 ms over 600 calls in one file, 28 Nov 2026), which made the long files slow
 * and the fuzz files split. worker.test.ts, fuzz.test.ts and strava-sync.test.ts keep a few SELF
 * calls, so the real binding is still exercised (decision 055).
 */
export async function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  let request = new Request(input, init);
  if (request.body && !request.headers.has("Content-Length")) {
    const bytes = await request.arrayBuffer();
    const headers = new Headers(request.headers);
    headers.set("Content-Length", String(bytes.byteLength));
    request = new Request(request.url, { method: request.method, headers, body: bytes, redirect: "manual" });
  }
  const response = await worker.fetch!(request as never, env as never, createExecutionContext());
  const location = response.headers.get("Location");
  if (init?.redirect === "manual" || !location || ![301, 302, 303, 307, 308].includes(response.status))
    return response;
  await response.body?.cancel();
  const keep = response.status === 307 || response.status === 308;
  return appFetch(new URL(location, request.url), {
    method: keep ? request.method : "GET",
    headers: request.headers,
    body: keep && request.body && !request.bodyUsed ? await request.arrayBuffer() : undefined,
  });
}

/** Calls the Worker as a same-origin browser would. */
export function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { Origin: ORIGIN, ...opts.headers };
  if (opts.cookie) headers.Cookie = opts.cookie;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === "string") body = opts.body as BodyInit;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers["Content-Type"] = "application/json";
  }
  return appFetch(`${ORIGIN}${path}`, {
    method: opts.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** `name=value` pairs from Set-Cookie headers, ready for a Cookie header (empty values dropped). */
export function cookiesFrom(res: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((p) => p.split(/=(.*)/s).slice(0, 2) as [string, string]),
  );
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, value] = pair.split(/=(.*)/s);
    if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

let counter = 0;
export function unique(prefix = "user"): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}`;
}

export interface SeedUser {
  username?: string;
  email?: string;
  password?: string;
  isAdmin?: boolean;
  isVerified?: boolean;
  isActive?: boolean;
  profileCompleted?: boolean;
  googleId?: string | null;
}

/** Inserts a user directly (hashed like the app does) and returns its id and credentials. */
export async function createUser(opts: SeedUser = {}) {
  const username = opts.username ?? unique();
  const email = opts.email ?? `${username}@example.com`;
  const password = opts.password ?? "Passw0rd!";
  const hash = await hashPassword(password, env.PASSWORD_PEPPER);
  const row = await env.DB.prepare(
    `INSERT INTO users (username, email, password_hash, is_admin, is_verified, is_active, profile_completed, google_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      username,
      email,
      hash,
      opts.isAdmin ? 1 : 0,
      opts.isVerified === false ? 0 : 1,
      opts.isActive === false ? 0 : 1,
      opts.profileCompleted ? 1 : 0,
      opts.googleId ?? null,
    )
    .first<{ id: number }>();
  return { id: row!.id, username, email, password };
}

let logins = 0;

/**
 * Signs in through POST /api/login and returns the cookie header value. Each sign-in comes from
 * an address of its own, as the members of a test would: a test that signs in thirty members
 * at once must not meet the per-address login limit (tests/integration/login-limits.test.ts
 * tests that limit with its own addresses).
 */
export async function login(username: string, password: string): Promise<string> {
  const n = logins++;
  const res = await call("/api/login", {
    body: { username, password },
    headers: { "CF-Connecting-IP": `10.250.${(n >> 8) & 255}.${n & 255}` },
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return cookiesFrom(res);
}

/** Messages the fake mailbox received for `to`, newest first. */
export async function mailbox(to: string): Promise<{ subject: string; text: string; html: string }[]> {
  const res = await fetch(`${env.FAKES_URL}/email/messages?to=${encodeURIComponent(to)}`);
  return (await res.json()) as { subject: string; text: string; html: string }[];
}

/** Waits for background work (waitUntil) to deliver an e-mail, then returns the first link in it. */
export async function linkFromLatestEmail(to: string, subjectIncludes: string): Promise<URL> {
  for (let i = 0; i < 50; i++) {
    const message = (await mailbox(to)).find((m) => m.subject.includes(subjectIncludes));
    const link = message?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) return new URL(link);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no "${subjectIncludes}" e-mail for ${to}`);
}
