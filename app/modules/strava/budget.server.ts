/**
 * The app-wide Strava read budget (100 reads per 15 minutes and 1,000 per
 * day by default, for the whole app). Every worker reserves a read in D1
 * before calling Strava (a conditional UPDATE, so concurrent workers cannot
 * overspend), and every answer's X-ReadRateLimit-* / X-RateLimit-* headers
 * correct the counters. See docs/decisions/003-strava-sync.md.
 */
import { sql } from "drizzle-orm";
import { batchSql } from "~db/client";
import type { AppContext } from "~workers/load-context";
import {
  ceilingFactor,
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
): Promise<Reservation> {
  const w = currentWindows(app);
  const cls = classOf(priority);
  let factor = ceilingFor(app, priority);
  // Each window's ceiling for this read: a share of its limit, or for webhook reads the work-conserving cap.
  let ceiling = sql`b."limit" * ${factor}`;
  if (cls === "webhook") {
    const share = reservedShare(app);
    const [{ quarter, day }, pending] = await Promise.all([budgetNow(app), pendingNewMemberJobs(app)]);
    const capQuarter = webhookCap(quarter.limit, share, pending);
    const capDay = webhookCap(day.limit, share, pending);
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
  const { quarter, day } = await budgetRows(app);
  return {
    ok: false,
    retryInSeconds: resumeDelaySeconds(cls, quarter, day, w, factor, timeScale(app)),
  };
}

/**
 * New members' syncs still under way (connect and admin jobs): what the
 * work-conserving reserve holds back for (scheduler.ts webhookCap). One
 * count over the small set of unfinished jobs (sync_jobs_status_updated_idx).
 */
export async function pendingNewMemberJobs(app: AppContext): Promise<number> {
  const row = await app.db.get<{ n: number }>(sql`
    SELECT count(*) AS n FROM sync_jobs
    WHERE status IN ('queued', 'running', 'deferred') AND initiated_by IN ('connect', 'admin')`);
  return row?.n ?? 0;
}

/** Both windows' rows as they are (call after rolling them). */
async function budgetRows(app: AppContext) {
  const rows = await app.db.all<{ window: string; used: number; limit: number }>(
    sql`SELECT "window", used, "limit" FROM provider_budget WHERE provider = ${PROVIDER}`,
  );
  const l = limits(app);
  const row = (name: string, limit: number) => {
    const r = rows.find((x) => x.window === name);
    return { used: r?.used ?? 0, limit: r?.limit ?? limit };
  };
  return { quarter: row("15min", l.quarter), day: row("daily", l.day) };
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
  return { ...(await budgetRows(app)), windows: w };
}
