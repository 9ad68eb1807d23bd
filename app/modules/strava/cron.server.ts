/**
 * Cron Triggers (wrangler.toml [triggers]). The daily run does housekeeping;
 * the quarter-hourly run resumes stalled sync chains and refreshes the
 * connected members synced longest ago, in a slice that fits the budget.
 */
import { lt, or, isNotNull } from "drizzle-orm";
import { emailTokens, rateLimits } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { remainingReads } from "./budget.server";
import { refreshConnectedMembers } from "./sync.server";

export const HOUSEKEEPING_CRON = "0 3 * * *";
export const REFRESH_CRON = "*/15 * * * *";

export interface ScheduledRun {
  cron: string;
  scheduledTime: Date;
}

/** Each refreshed member costs at least one read; keep half the window for sign-ins, webhooks and running syncs. */
export const REFRESH_SHARE_OF_BUDGET = 0.5;
export const MAX_REFRESH_PER_RUN = 25;

export async function handleScheduled(app: AppContext, run: ScheduledRun) {
  if (run.cron === HOUSEKEEPING_CRON)
    return { task: "housekeeping", removed: await removeExpiredRecords(app, run.scheduledTime) };
  const left = await remainingReads(app);
  const readsAvailable = Math.floor(Math.min(left.quarter, left.day) * REFRESH_SHARE_OF_BUDGET);
  return {
    task: "refresh",
    ...(await refreshConnectedMembers(app, { maxMembers: MAX_REFRESH_PER_RUN, readsAvailable })),
  };
}

/** Deletes used or expired e-mail tokens and rate-limit windows older than a day. */
export async function removeExpiredRecords(app: AppContext, now: Date): Promise<number> {
  const dayAgoSeconds = Math.floor(now.getTime() / 1000) - 86400;
  const [tokens, limits] = await app.db.batch([
    app.db
      .delete(emailTokens)
      .where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id }),
    app.db
      .delete(rateLimits)
      .where(lt(rateLimits.windowStart, dayAgoSeconds))
      .returning({ key: rateLimits.key }),
  ]);
  return tokens.length + limits.length;
}
