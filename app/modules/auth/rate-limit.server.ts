/**
 * Fixed-window counters in D1 (atomic upsert; KV would be eventually
 * consistent). Used for login, forgot-password and resend-verification.
 */
import { and, eq, sql } from "drizzle-orm";
import { rateLimits } from "../../../db/schema";
import type { AppContext } from "../../../workers/load-context";
import { AppError } from "~/lib/http.server";
import { MSG } from "./schema";

export interface Limit {
  key: string;
  max: number;
  windowSeconds: number;
}

function windowOf(app: AppContext, limit: Limit) {
  const now = Math.floor(app.now().getTime() / 1000);
  const start = now - (now % limit.windowSeconds);
  return { start, retryAfter: start + limit.windowSeconds - now };
}

/** Throws 429 with Retry-After when any limit is already used up. */
export async function assertUnderLimits(app: AppContext, limits: Limit[]): Promise<void> {
  for (const limit of limits) {
    const { start, retryAfter } = windowOf(app, limit);
    const row = await app.db.query.rateLimits.findFirst({
      where: and(eq(rateLimits.key, limit.key), eq(rateLimits.windowStart, start)),
    });
    if (row && row.count >= limit.max) throw tooMany(retryAfter);
  }
}

/** Counts one attempt against each limit. */
export async function recordAttempt(app: AppContext, limits: Limit[]): Promise<void> {
  if (limits.length === 0) return;
  const statements = limits.map((limit) =>
    app.db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: windowOf(app, limit).start, count: 1 })
      .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } }),
  );
  await app.db.batch(statements as [typeof statements[number], ...typeof statements]);
}

/** Check and count in one go (for calls where every attempt counts). */
export async function consumeAttempt(app: AppContext, limits: Limit[]): Promise<void> {
  await assertUnderLimits(app, limits);
  await recordAttempt(app, limits);
}

function tooMany(retryAfter: number) {
  return new AppError(429, MSG.tooMany, {}, { "Retry-After": String(Math.max(1, retryAfter)) });
}

export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim() ?? "local";
}
