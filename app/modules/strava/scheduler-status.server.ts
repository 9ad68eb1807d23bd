/**
 * What the admin Strava Sync tab (and `GET /api/admin/strava-sync-status?include=scheduler`)
 * shows of the scheduler: the work waiting per class, the reads spent in the
 * 15-minute window and today, and how long a member who connects now waits
 * for their last 200 activities. One aggregate over the running jobs, one
 * read of the budget rows.
 */
import { sql } from "drizzle-orm";
import type { AppContext } from "~workers/load-context";
import { budgetNow, hintTiers, pendingJobs, reservedShare, timeScale } from "./budget.server";
import { expectedFirstPageWait, expectedReadWait, webhookCap, windowsAt } from "./scheduler";
import { quietRefreshSeconds } from "./sync.server";

export interface SchedulerStatus {
  /** Reads waiting, per class (webhook first), and in all. Each waiting job needs at least one read. */
  queue: { webhook: number; firstPage: number; backfill: number; refresh: number; total: number };
  /** Reads spent and allowed in Strava's current windows, and when each resets (ISO). */
  reads: {
    window: { used: number; limit: number; resetsAt: string };
    today: { used: number; limit: number; resetsAt: string };
  };
  /** Seconds a member who connects now waits for their first page of 200 (0: at once). */
  newMemberWaitSeconds: number;
  /** STRAVA_QUIET_REFRESH_HOURS as applied. */
  quietRefreshHours: number;
  /** The pending hints against the reads left today (decision 059). */
  shortfall: Shortfall;
}

export interface Shortfall {
  /** Hint reads waiting: webhook syncs and members' "sync now" not yet read (each at least one read). */
  pendingHints: number;
  /** Of them, those served first: members who opened the app lately or are in a challenge ending within 48 hours. */
  servedFirst: number;
  /** Reads hint reads may still use today (the webhook class's share of the day). */
  readsLeftToday: number;
  /** Pending hints today's reads cannot cover (0: none). */
  short: number;
  /** When the last pending hint is expected to be read (ISO), from the budget window by window; null when none waits. */
  catchUpAt: string | null;
}

export async function schedulerStatus(app: AppContext): Promise<SchedulerStatus> {
  const [budget, pending, tiers, counts] = await Promise.all([
    budgetNow(app),
    pendingJobs(app),
    // No member has id 0: every pending hint counts as someone else's.
    hintTiers(app, 0),
    app.db.get<{ webhook: number; firstPage: number; backfill: number; refresh: number }>(sql`
      SELECT
        coalesce(sum(initiated_by IN ('webhook', 'user')), 0)
          + (SELECT count(*) FROM strava_connections WHERE webhook_sync_pending = 1) AS webhook,
        coalesce(sum(initiated_by = 'admin' OR (initiated_by = 'connect' AND (next_page = 1 OR mode = 'incremental'))), 0) AS firstPage,
        coalesce(sum(initiated_by = 'connect' AND mode = 'backfill' AND next_page > 1), 0) AS backfill,
        coalesce(sum(initiated_by = 'cron'), 0) AS refresh
      FROM sync_jobs WHERE status IN ('queued', 'running', 'deferred')`),
  ]);
  const queue = {
    webhook: counts?.webhook ?? 0,
    firstPage: counts?.firstPage ?? 0,
    backfill: counts?.backfill ?? 0,
    refresh: counts?.refresh ?? 0,
  };
  const scale = timeScale(app);
  const nowMs = app.now().getTime();
  const w = budget.windows;
  // The wait is walked in Strava's time (scaled in the simulation), then told in real seconds.
  const wait = expectedFirstPageWait({
    quarter: budget.quarter,
    day: budget.day,
    w: windowsAt(Math.floor(nowMs / 1000) * scale),
    ahead: queue.webhook + queue.firstPage,
  });
  const at = (seconds: number) => new Date(nowMs + seconds * 1000).toISOString();
  const share = reservedShare(app);
  const quarterCap = webhookCap(budget.quarter.limit, share, pending.newMembers);
  const dayCap = webhookCap(budget.day.limit, share, pending.newMembers);
  const readsLeftToday = Math.max(0, dayCap - budget.day.used);
  const catchUp =
    pending.hints > 0
      ? expectedReadWait({
          quarter: budget.quarter,
          day: budget.day,
          w: windowsAt(Math.floor(nowMs / 1000) * scale),
          ahead: pending.hints - 1,
          quarterCap,
          dayCap,
        })
      : null;
  return {
    queue: { ...queue, total: queue.webhook + queue.firstPage + queue.backfill + queue.refresh },
    reads: {
      window: { ...budget.quarter, resetsAt: at(w.quarterResetIn) },
      today: { ...budget.day, resetsAt: at(w.dayResetIn) },
    },
    newMemberWaitSeconds: Math.ceil(wait / scale),
    quietRefreshHours: (quietRefreshSeconds(app) * scale) / 3600,
    shortfall: {
      pendingHints: pending.hints,
      servedFirst: (tiers.pendingByTier[0] ?? 0) + (tiers.pendingByTier[1] ?? 0),
      readsLeftToday,
      short: Math.max(0, pending.hints - readsLeftToday),
      catchUpAt: catchUp === null ? null : at(catchUp / scale),
    },
  };
}
