/**
 * Cron Triggers (wrangler.toml [triggers]). The daily run does housekeeping;
 * the quarter-hourly run resumes stalled sync chains and refreshes quiet
 * athletes (webhooks silent and last sync older than
 * STRAVA_QUIET_REFRESH_HOURS), oldest first, with what the budget leaves
 * after the work already waiting (docs/decisions/027-sync-scheduler.md).
 */
import { lt, or, isNotNull } from "drizzle-orm";
import { emailTokens, rateLimits } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { budgetNow, reservedShare } from "./budget.server";
import { refreshSlots } from "./scheduler";
import { queuedReads, refreshConnectedMembers } from "./sync.server";

export const HOUSEKEEPING_CRON = "0 3 * * *";

export interface ScheduledRun {
  cron: string;
  scheduledTime: Date;
}

/** At most this many quiet athletes per run (each costs at least one read). */
export const MAX_REFRESH_PER_RUN = 25;

export async function handleScheduled(app: AppContext, run: ScheduledRun) {
  if (run.cron === HOUSEKEEPING_CRON)
    return { task: "housekeeping", removed: await removeExpiredRecords(app, run.scheduledTime) };
  const readsAvailable = await spareReads(app, MAX_REFRESH_PER_RUN);
  return {
    task: "refresh",
    ...(await refreshConnectedMembers(app, { maxMembers: MAX_REFRESH_PER_RUN, readsAvailable })),
  };
}

/**
 * Reads nothing else wants now (at most `max`): what both windows have left
 * after the work already waiting and a headroom for webhooks still to come
 * (scheduler.ts refreshSlots). The quiet refresh and edits of held activities
 * spend only these.
 */
export async function spareReads(app: AppContext, max: number): Promise<number> {
  const [{ quarter, day }, queued] = await Promise.all([budgetNow(app), queuedReads(app)]);
  return refreshSlots({ quarter, day, queued, reservedShare: reservedShare(app), maxPerRun: max });
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
