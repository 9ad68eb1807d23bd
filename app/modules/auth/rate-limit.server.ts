/**
 * Fixed-window counters in D1 (KV would be eventually consistent). Every
 * attempt is counted BEFORE the guarded work runs, by one statement per
 * limit that increments and returns the new count (`INSERT … ON CONFLICT DO
 * UPDATE … RETURNING`), so concurrent requests can never all pass a check
 * that was read before any of them wrote. Used for login (see
 * login-limits.server.ts), forgot-password, resend-verification and feedback.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import { rateLimits } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { MSG } from "./schema";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

/** One limit after an attempt was counted against it. */
export interface Counted {
  limit: Limit;
  /** The count in the current window, this attempt included. */
  count: number;
  windowStart: number;
  /** Seconds until the current window ends. */
  retryAfter: number;
}

function windowOf(app: AppContext, limit: Limit) {
  const now = Math.floor(app.now().getTime() / 1000);
  const start = now - (now % limit.windowSeconds);
  return { start, retryAfter: start + limit.windowSeconds - now };
}

function incrementStatement(app: AppContext, key: string, windowStart: number) {
  return app.db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
}

/**
 * Counts one attempt against each limit (one atomic increment-and-return
 * statement per limit, all in one batch) and returns the new counts. The
 * caller decides; `assertCounted` refuses when any count exceeds its max.
 */
export async function countAttempt(app: AppContext, limits: Limit[]): Promise<Counted[]> {
  if (limits.length === 0) return [];
  const windows = limits.map((limit) => windowOf(app, limit));
  const statements = limits.map((limit, i) => incrementStatement(app, limit.key, windows[i]!.start));
  const results = await app.db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  return limits.map((limit, i) => ({
    limit,
    count: (results[i] as { count: number }[])[0]?.count ?? Number.MAX_SAFE_INTEGER,
    windowStart: windows[i]!.start,
    retryAfter: windows[i]!.retryAfter,
  }));
}

/** Throws 429 with Retry-After when any counted limit went over its max. */
export function assertCounted(counted: Counted[]): void {
  const over = counted.filter((c) => c.count > c.limit.max);
  if (over.length > 0) throw tooMany(Math.max(...over.map((c) => c.retryAfter)));
}

/** Takes back one counted attempt (work that was refused or that should not count). */
export async function refundAttempt(app: AppContext, counted: Counted): Promise<void> {
  await app.db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, counted.limit.key),
        eq(rateLimits.windowStart, counted.windowStart),
        gt(rateLimits.count, 0),
      ),
    );
}

/** Forgets every window of a key (e.g. after a successful login). */
export async function clearLimit(app: AppContext, key: string): Promise<void> {
  await app.db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** The count in the limit's current window (0 when nothing was counted). */
export async function currentCount(app: AppContext, limit: Limit): Promise<number> {
  const row = await app.db.query.rateLimits.findFirst({
    where: and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, windowOf(app, limit).start)),
  });
  return row?.count ?? 0;
}

/**
 * Check and count in one go (for calls where every attempt counts): counts
 * first, atomically, then throws 429 when any limit went over its max, so
 * concurrent calls get at most `max` through per window.
 */
export async function consumeAttempt(app: AppContext, limits: Limit[]): Promise<void> {
  assertCounted(await countAttempt(app, limits));
}

export function tooMany(retryAfter: number) {
  return new AppError(429, MSG.tooMany, {}, { "Retry-After": String(Math.max(1, retryAfter)) });
}

/**
 * The client's address: Cloudflare's CF-Connecting-IP, which the edge sets
 * and clients cannot forge. X-Forwarded-For is deliberately ignored (its
 * first entry is whatever the client sent). Without the header (tests
 * calling the Worker directly) every caller shares the key "local".
 */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "local";
}
