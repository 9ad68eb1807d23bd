/**
 * When the day's Strava reads are short (issue #42, decision 059): the
 * member's "opened" signal, written at most once per OPENED_SIGNAL_SECONDS
 * from a read the page makes anyway, and when a member whose hint read is
 * deferred can expect their latest activities (the budget walked window by
 * window behind the hints ahead of theirs).
 */
import { sql } from "drizzle-orm";
import type { AppContext } from "~workers/load-context";
import { budgetSeen, hintTiers, pendingJobs, reservedShare, timeScale } from "./budget.server";
import {
  expectedReadWait,
  hintsAhead,
  hintsShort,
  OPENED_SIGNAL_SECONDS,
  openedSignalDue,
  webhookCap,
  windowsAt,
} from "./scheduler";

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Notes that the member opened the app, when the signal read with the page
 * (`openedAt`) is older than OPENED_SIGNAL_SECONDS: one conditional UPDATE at
 * most once per interval, never a write per request. Members without a sync
 * row (never connected) have no hints to serve first. A hint read of theirs
 * that sleeps until a later window is woken (wakeDeferredHint): it is now of
 * the first tier.
 */
export async function noteOpened(app: AppContext, userId: number, openedAt: Date | null): Promise<void> {
  const now = epoch(app.now());
  if (!openedSignalDue(openedAt ? epoch(openedAt) : null, now)) return;
  const written = await app.db.all<{ user_id: number }>(sql`UPDATE sync_status SET opened_at = ${now}
    WHERE user_id = ${userId} AND (opened_at IS NULL OR opened_at <= ${now - OPENED_SIGNAL_SECONDS} OR opened_at > ${now + 60})
    RETURNING user_id`);
  if (written.length > 0) await wakeDeferredHint(app, userId);
}

/**
 * Sends the member's deferred hint read (a webhook sync or their "sync now"
 * waiting for the budget) again now, so it is weighed with their tier of
 * now rather than when it was refused. The delayed message it replaces finds
 * the page stored, or is refused once more: pages are idempotent.
 */
export async function wakeDeferredHint(app: AppContext, userId: number): Promise<void> {
  const job = await app.db.get<{ id: number; next_page: number }>(sql`
    SELECT id, next_page FROM sync_jobs
    WHERE user_id = ${userId} AND status = 'deferred' AND initiated_by IN ('webhook', 'user')
    ORDER BY id DESC LIMIT 1`);
  if (job) await app.env.SYNC_QUEUE.send({ type: "sync-page", userId, jobId: job.id, page: job.next_page });
}

/**
 * When the member's deferred hint read is expected (ISO, rounded up to the
 * minute): the reads the webhook class may still use now, then each quarter
 * hour's and each day's (scheduler.ts expectedReadWait), behind the hint reads
 * ahead of theirs (every earlier tier's, and their own tier's that waited
 * longer); never before the deferred read wakes (`resumesAt`). Null while the day's reads
 * cover every pending hint (the wait is then Strava's rate limit or a quarter's reads).
 */
export async function expectedHintRead(
  app: AppContext,
  userId: number,
  resumesAt: Date,
): Promise<string | null> {
  const [budget, pending, tiers] = await Promise.all([
    budgetSeen(app),
    pendingJobs(app),
    hintTiers(app, userId),
  ]);
  const share = reservedShare(app);
  const dayCap = webhookCap(budget.day.limit, share, pending.newMembers);
  // Only a day too short for every hint: a wait for Strava's rate limit or the quarter's reads
  // keeps the sync banner's own "Waiting for Strava's rate limit" (spec part 1).
  if (!hintsShort(pending.hints, dayCap - budget.day.used)) return null;
  const scale = timeScale(app);
  const nowMs = app.now().getTime();
  // Walked in Strava's time (scaled in the simulation), told in real seconds.
  const wait = expectedReadWait({
    quarter: budget.quarter,
    day: budget.day,
    w: windowsAt(Math.floor(nowMs / 1000) * scale),
    ahead: hintsAhead(tiers),
    quarterCap: webhookCap(budget.quarter.limit, share, pending.newMembers),
    dayCap,
  });
  const at = Math.max(resumesAt.getTime(), nowMs + (wait / scale) * 1000);
  return new Date(Math.ceil(at / 60_000) * 60_000).toISOString();
}
