/**
 * The app-wide Strava read budget (100 reads per 15 minutes and 1,000 per
 * day by default, for the whole app). Every worker reserves a read in D1
 * before calling Strava (a conditional UPDATE, so concurrent workers cannot
 * overspend), and every answer's X-ReadRateLimit-* / X-RateLimit-* headers
 * correct the counters. See docs/decisions/003-strava-sync.md.
 */
import { type SQL, sql } from "drizzle-orm";
import { batchSql } from "~db/client";
import type { AppContext } from "~workers/load-context";
import {
  CHALLENGE_ENDING_SECONDS,
  ceilingFactor,
  heldForEarlierTiers,
  HINT_TIERS,
  hintsShort,
  type HintTier,
  OPENED_PRIORITY_SECONDS,
  parseTimeScale,
  resumeDelaySeconds,
  windowsAt as scheduledWindowsAt,
  type Windows,
  webhookCap,
  type WorkClass,
} from "./scheduler";

const PROVIDER = "strava";

export type { Windows } from "./scheduler";

/** The windows now, on the scaled clock of the simulation when `STRAVA_TIME_SCALE` is set (reset times in real seconds). */
export function windowsAt(nowSeconds: number, scale = 1): Windows {
  return scheduledWindowsAt(nowSeconds, scale);
}

/**
 * Who a read is for: a class of the scheduler (scheduler.ts). "interactive"
 * (member- and webhook-triggered syncs) is the "webhook" class, which leaves
 * new members a reserve (`STRAVA_RESERVED_SHARE`, 30 % by default) that holds
 * back only what their pending syncs can use (scheduler.ts webhookCap); "reserved" (cron refresh, backfills, admin) is the
 * "first-page" class, which may use the whole window.
 */
export type ReadPriority = "interactive" | "reserved" | WorkClass;

export const DEFAULT_RESERVED_SHARE = 0.3;

/** The reserved share of every window, between 0 and 1 (bad values fall back to the default). */
export function reservedShare(app: AppContext): number {
  const raw = app.env.STRAVA_RESERVED_SHARE;
  const value = raw === undefined || raw === "" ? NaN : Number(raw);
  return Number.isFinite(value) && value >= 0 && value < 1 ? value : DEFAULT_RESERVED_SHARE;
}

export const classOf = (priority: ReadPriority): WorkClass =>
  priority === "interactive" ? "webhook" : priority === "reserved" ? "first-page" : priority;

/** The fraction of a window's limit that reads of this priority may fill. */
function ceilingFor(app: AppContext, priority: ReadPriority): number {
  return ceilingFactor(classOf(priority), reservedShare(app));
}

export function limits(app: AppContext) {
  return {
    quarter: Number(app.env.STRAVA_READ_LIMIT_15MIN || 100),
    day: Number(app.env.STRAVA_READ_LIMIT_DAILY || 1000),
  };
}

/** Simulated seconds per real second (the simulation only; 1 otherwise). */
export const timeScale = (app: AppContext) => parseTimeScale(app.env.STRAVA_TIME_SCALE);

const nowSeconds = (app: AppContext) => Math.floor(app.now().getTime() / 1000);

/** The current windows of the app's clock (scaled in the simulation). */
export const currentWindows = (app: AppContext) => windowsAt(nowSeconds(app), timeScale(app));

/** Starts new windows when the clock has passed the stored ones. */
function rollStatements(app: AppContext, w: Windows) {
  const l = limits(app);
  return [
    sql`INSERT INTO provider_budget (provider, "window", window_start, used, "limit", updated_at)
      VALUES (${PROVIDER}, '15min', ${w.quarterStart}, 0, ${l.quarter}, unixepoch())
      ON CONFLICT (provider, "window") DO UPDATE SET window_start = excluded.window_start, used = 0
      WHERE provider_budget.window_start < excluded.window_start`,
    sql`INSERT INTO provider_budget (provider, "window", window_start, used, "limit", updated_at)
      VALUES (${PROVIDER}, 'daily', ${w.dayStart}, 0, ${l.day}, unixepoch())
      ON CONFLICT (provider, "window") DO UPDATE SET window_start = excluded.window_start, used = 0
      WHERE provider_budget.window_start < excluded.window_start`,
  ];
}

export type Reservation = { ok: true } | { ok: false; retryInSeconds: number };

/**
 * Reserves `count` reads in both windows, or says how long to wait. Both
 * windows are checked in one statement so a refusal spends nothing.
 * Interactive reads stop at the unreserved part of each window.
 */
export async function reserveReads(
  app: AppContext,
  count = 1,
  priority: ReadPriority = "interactive",
  /** The member the read is for: when the day is short their hint's tier decides (decision 059). */
  userId?: number,
): Promise<Reservation> {
  const w = currentWindows(app);
  const cls = classOf(priority);
  let factor = ceilingFor(app, priority);
  // Each window's ceiling for this read: a share of its limit, or for webhook reads the work-conserving cap.
  let ceiling = sql`b."limit" * ${factor}`;
  if (cls === "webhook") {
    const share = reservedShare(app);
    const [{ quarter, day }, pending] = await Promise.all([budgetNow(app), pendingJobs(app)]);
    let capQuarter = webhookCap(quarter.limit, share, pending.newMembers);
    let capDay = webhookCap(day.limit, share, pending.newMembers);
    // The day cannot cover every pending hint: the earlier tiers' hints are read first (decision 059).
    if (userId !== undefined && hintsShort(pending.hints, capDay - day.used)) {
      const tiers = await hintTiers(app, userId);
      const held = heldForEarlierTiers({ mine: tiers.mine, pendingByTier: tiers.pendingByTier, short: true });
      capQuarter = Math.max(0, capQuarter - held);
      capDay = Math.max(0, capDay - held);
    }
    ceiling = sql`CASE b."window" WHEN '15min' THEN ${capQuarter} ELSE ${capDay} END`;
    // For the wait of a refused read: the tighter of the two caps as a share.
    factor = Math.min(capQuarter / Math.max(1, quarter.limit), capDay / Math.max(1, day.limit));
  }
  const results = await batchSql(app.env.DB, [
    ...rollStatements(app, w),
    sql`UPDATE provider_budget SET used = used + ${count}, updated_at = unixepoch()
      WHERE provider = ${PROVIDER}
        AND (SELECT count(*) FROM provider_budget b WHERE b.provider = ${PROVIDER} AND b.used + ${count} <= ${ceiling}) = 2
      RETURNING "window"`,
  ]);
  if (results[2]!.results.length === 2) return { ok: true };
  const { quarter, day } = await budgetRows(app, w);
  return {
    ok: false,
    retryInSeconds: resumeDelaySeconds(cls, quarter, day, w, factor, timeScale(app)),
  };
}

/**
 * The unfinished jobs the webhook reads' ceilings depend on, in one aggregate
 * over the small set of unfinished jobs (sync_jobs_status_updated_idx):
 * new members' syncs (connect and admin jobs), what the work-conserving
 * reserve holds back for (scheduler.ts webhookCap), and hint reads (webhook
 * syncs and members' "sync now"), each at least one read: when they are more
 * than the day has left, the short-day rule applies (decision 059).
 */
export async function pendingJobs(app: AppContext): Promise<{ newMembers: number; hints: number }> {
  const row = await app.db.get<{ newMembers: number; hints: number }>(sql`
    SELECT coalesce(sum(initiated_by IN ('connect', 'admin')), 0) AS newMembers,
      coalesce(sum(initiated_by IN ('webhook', 'user')), 0) AS hints
    FROM sync_jobs WHERE status IN ('queued', 'running', 'deferred')`);
  return { newMembers: row?.newMembers ?? 0, hints: row?.hints ?? 0 };
}

/**
 * The tier (scheduler.ts hintTier) of a member's pending hint, in SQL, over
 * two small sets: `opened` (an "opened" signal within the last hour,
 * sync_status_opened_idx) and `ending` (the participants of running challenges
 * that end within 48 hours, challenges_active_end_idx): the member's own
 * "sync now" (`asked`) or opened, else ending, else the rest.
 */
const hintTierSql = (userId: SQL, asked: SQL) => sql`CASE
  WHEN ${asked} OR ${userId} IN opened THEN 0 WHEN ${userId} IN ending THEN 1 ELSE 2 END`;

export interface HintTiers {
  /** Pending hint reads of other members, per tier rank. */
  pendingByTier: number[];
  /** The member's own tier. */
  mine: HintTier;
  /** Pending hint reads of other members of the same tier that started waiting before the member's. */
  earlierInMyTier: number;
}

/** Where a member's hint stands among the pending ones (one statement over the unfinished hint jobs). */
export async function hintTiers(app: AppContext, userId: number): Promise<HintTiers> {
  const now = nowSeconds(app);
  const row = await app.db.get<{ t0: number; t1: number; t2: number; mine: number; earlier: number }>(sql`
    WITH opened AS (
      SELECT user_id FROM sync_status
      WHERE opened_at > ${now - OPENED_PRIORITY_SECONDS} AND opened_at <= ${now + 60}
    ),
    ending AS (
      SELECT cp.user_id FROM challenges c JOIN challenge_participations cp ON cp.challenge_id = c.id
      WHERE c.is_active = 1 AND c.end_date > ${now} AND c.end_date <= ${now + CHALLENGE_ENDING_SECONDS}
        AND c.start_date <= ${now}
    ),
    pending AS (
      SELECT j.id, j.user_id, ${hintTierSql(sql`j.user_id`, sql`j.initiated_by = 'user'`)} AS tier
      FROM sync_jobs j
      WHERE j.status IN ('queued', 'running', 'deferred') AND j.initiated_by IN ('webhook', 'user')
    ),
    me AS (
      SELECT min(coalesce((SELECT min(tier) FROM pending WHERE user_id = ${userId}), 2),
        ${hintTierSql(sql`${userId}`, sql`0`)}) AS tier,
        coalesce((SELECT min(id) FROM pending WHERE user_id = ${userId}), 9e18) AS job
    )
    SELECT coalesce(sum(p.tier = 0), 0) AS t0, coalesce(sum(p.tier = 1), 0) AS t1,
      coalesce(sum(p.tier = 2), 0) AS t2, (SELECT tier FROM me) AS mine,
      coalesce(sum(p.tier = (SELECT tier FROM me) AND p.id < (SELECT job FROM me)), 0) AS earlier
    FROM pending p WHERE p.user_id <> ${userId}`);
  return {
    pendingByTier: [row?.t0 ?? 0, row?.t1 ?? 0, row?.t2 ?? 0],
    mine: HINT_TIERS[row?.mine ?? 2] ?? "rest",
    earlierInMyTier: row?.earlier ?? 0,
  };
}

/**
 * Both windows' rows as they are; a row of a window that has passed counts as
 * unused (it is rolled by the next read or budgetNow), so this reads and never writes.
 */
async function budgetRows(app: AppContext, w: Windows = currentWindows(app)) {
  const rows = await app.db.all<{ window: string; start: number; used: number; limit: number }>(
    sql`SELECT "window", window_start AS start, used, "limit" FROM provider_budget WHERE provider = ${PROVIDER}`,
  );
  const l = limits(app);
  const row = (name: string, limit: number, start: number) => {
    const r = rows.find((x) => x.window === name);
    return { used: r && r.start >= start ? r.used : 0, limit: r?.limit ?? limit };
  };
  return { quarter: row("15min", l.quarter, w.quarterStart), day: row("daily", l.day, w.dayStart) };
}

/** Both windows now without rolling them (a member's page: reads only). */
export async function budgetSeen(app: AppContext) {
  const w = currentWindows(app);
  return { ...(await budgetRows(app, w)), windows: w };
}

/** Parses Strava's "a,b" header pairs. */
function pair(value: string | null): [number, number] | null {
  if (!value) return null;
  const [a, b] = value.split(",").map((v) => Number(v.trim()));
  return a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

/**
 * Brings the counters in line with what Strava reports: its usage if higher
 * than ours (other clients of the same app, restarts), its limits always. The
 * read limits apply to GETs; the overall limits bound them too.
 */
export async function recordRateLimitHeaders(app: AppContext, headers: Headers): Promise<void> {
  const readLimit = pair(headers.get("X-ReadRateLimit-Limit"));
  const readUsage = pair(headers.get("X-ReadRateLimit-Usage"));
  const allLimit = pair(headers.get("X-RateLimit-Limit"));
  const allUsage = pair(headers.get("X-RateLimit-Usage"));
  const limit = readLimit ?? allLimit;
  const usage = readUsage ?? allUsage;
  if (!limit || !usage) return;
  // The tighter of the read and overall budgets, as remaining headroom.
  const headroom = (i: 0 | 1) =>
    Math.min(limit[i] - usage[i], allLimit && allUsage ? allLimit[i] - allUsage[i] : Infinity);
  const quarterLimit = limit[0];
  const dayLimit = limit[1];
  const w = currentWindows(app);
  await batchSql(app.env.DB, [
    ...rollStatements(app, w),
    sql`UPDATE provider_budget SET "limit" = ${quarterLimit}, used = max(used, ${quarterLimit - headroom(0)}), updated_at = unixepoch()
      WHERE provider = ${PROVIDER} AND "window" = '15min' AND window_start = ${w.quarterStart}`,
    sql`UPDATE provider_budget SET "limit" = ${dayLimit}, used = max(used, ${dayLimit - headroom(1)}), updated_at = unixepoch()
      WHERE provider = ${PROVIDER} AND "window" = 'daily' AND window_start = ${w.dayStart}`,
  ]);
}

/** After a 429: nothing more this window. */
export async function exhaustWindow(app: AppContext, which: "15min" | "daily"): Promise<number> {
  const w = currentWindows(app);
  await batchSql(app.env.DB, [
    ...rollStatements(app, w),
    sql`UPDATE provider_budget SET used = "limit", updated_at = unixepoch() WHERE provider = ${PROVIDER} AND "window" = ${which}`,
  ]);
  return Math.max(1, Math.ceil((which === "daily" ? w.dayResetIn : w.quarterResetIn) + 5 / timeScale(app)));
}

/** Both windows now (rolled when the clock has passed them): what every reader and the admin tab see. */
export async function budgetNow(app: AppContext) {
  const w = currentWindows(app);
  await batchSql(app.env.DB, rollStatements(app, w));
  return { ...(await budgetRows(app, w)), windows: w };
}
