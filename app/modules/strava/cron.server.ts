/**
 * Cron Triggers (wrangler.toml [triggers]). The daily run does housekeeping;
 * the quarter-hourly run refreshes connected members (Strava issue).
 */
import { lt, or, isNotNull } from "drizzle-orm";
import { emailTokens, rateLimits } from "../../../db/schema";
import type { AppContext } from "../../../workers/load-context";

export const HOUSEKEEPING_CRON = "0 3 * * *";
export const REFRESH_CRON = "*/15 * * * *";

export interface ScheduledRun {
  cron: string;
  scheduledTime: Date;
}

export async function handleScheduled(app: AppContext, run: ScheduledRun): Promise<{ task: string; removed?: number }> {
  if (run.cron === HOUSEKEEPING_CRON) return { task: "housekeeping", removed: await removeExpiredRecords(app, run.scheduledTime) };
  return { task: "refresh" };
}

/** Deletes used or expired e-mail tokens and rate-limit windows older than a day. */
export async function removeExpiredRecords(app: AppContext, now: Date): Promise<number> {
  const dayAgoSeconds = Math.floor(now.getTime() / 1000) - 86400;
  const [tokens, limits] = await app.db.batch([
    app.db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt))).returning({ id: emailTokens.id }),
    app.db.delete(rateLimits).where(lt(rateLimits.windowStart, dayAgoSeconds)).returning({ key: rateLimits.key }),
  ]);
  return tokens.length + limits.length;
}
