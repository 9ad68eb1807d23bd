/**
 * The Activity Timeline card and GET /api/activities/timeline: totals per day
 * (1m), week (3m, 6m) or month (1y, all) for a range and a sport, the totals
 * of the range, and one month's activities for the Monthly tab. Dates are the
 * activity's local calendar day (Strava's start_date_local); the range itself
 * is cut on the indexed start_date.
 */
import { and, asc, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { activities, type User } from "~db/schema";
import type { BatchPart, Db } from "~db/client";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { AppContext } from "~workers/load-context";
import { sportMatches } from "~/modules/sports/sql.server";
import type { TimelineRange, TimelineSport } from "./constants";
import type { TimelineQuery } from "./schema";

export type TimelineBucket = "day" | "week" | "month";

export interface TimelinePoint {
  /** Day or week start (YYYY-MM-DD) or month (YYYY-MM). */
  period: string;
  count: number;
  /** km, 1 decimal */
  distanceKm: number;
  /** minutes */
  movingTimeMinutes: number;
  /** metres */
  elevation: number;
}

export type TimelineTotals = Omit<TimelinePoint, "period">;

export interface TimelineActivity {
  id: number;
  name: string;
  sportType: string;
  startDateLocal: string;
  distance: number;
  movingTime: number;
  totalElevationGain: number;
}

export interface Timeline {
  range: TimelineRange;
  sportType: TimelineSport;
  bucket: TimelineBucket;
  /** First day of the range (YYYY-MM-DD), null for "all" without activities. */
  from: string | null;
  to: string;
  series: TimelinePoint[];
  totals: TimelineTotals;
  month: {
    month: string;
    prev: string | null;
    next: string | null;
    totals: TimelineTotals;
    activities: TimelineActivity[];
  };
}

/** The Monthly tab lists at most this many activities of a month (its totals count them all). */
export const MONTH_LIST_LIMIT = 100;
/** GET /api/activities/timeline's flat `activities[]` (part 1 §7): the range's newest, at most this many. */
export const TIMELINE_LIST_LIMIT = 1000;
const RANGE_MONTHS: Record<Exclude<TimelineRange, "all">, number> = { "1m": 1, "3m": 3, "6m": 6, "1y": 12 };
const BUCKET: Record<TimelineRange, TimelineBucket> = {
  "1m": "day",
  "3m": "week",
  "6m": "week",
  "1y": "month",
  all: "month",
};

const localDay = sql`substr(${activities.startDateLocal}, 1, 10)`;
const localMonth = sql`substr(${activities.startDateLocal}, 1, 7)`;
const PERIOD: Record<TimelineBucket, SQL<string>> = {
  day: sql<string>`${localDay}`,
  // Monday of the activity's week.
  week: sql<string>`date(${localDay}, '-6 days', 'weekday 1')`,
  month: sql<string>`${localMonth}`,
};

const pointColumns = {
  count: sql<number>`count(*)`.mapWith(Number),
  distanceKm: sql<number>`round(coalesce(sum(${activities.distance}), 0) / 1000.0, 1)`.mapWith(Number),
  movingTimeMinutes:
    sql<number>`cast(round(coalesce(sum(${activities.movingTime}), 0) / 60.0) AS integer)`.mapWith(Number),
  elevation: sql<number>`cast(round(coalesce(sum(${activities.totalElevationGain}), 0)) AS integer)`.mapWith(
    Number,
  ),
};

// --- calendar helpers (UTC dates as YYYY-MM-DD strings) ---
const iso = (d: Date) => d.toISOString().slice(0, 10);
const parseDay = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => iso(new Date(parseDay(day).getTime() + n * 86_400_000));
export function addMonths(month: string, n: number): string {
  const [y = 1970, m = 1] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}
function mondayOf(day: string): string {
  const dow = (parseDay(day).getUTCDay() + 6) % 7; // Monday = 0
  return addDays(day, -dow);
}
function periodOf(bucket: TimelineBucket, day: string): string {
  return bucket === "day" ? day : bucket === "week" ? mondayOf(day) : day.slice(0, 7);
}
function nextPeriod(bucket: TimelineBucket, period: string): string {
  return bucket === "day"
    ? addDays(period, 1)
    : bucket === "week"
      ? addDays(period, 7)
      : addMonths(period, 1);
}

/** First day of a range ending today; null for "all". */
export function rangeStart(range: TimelineRange, now: Date): string | null {
  if (range === "all") return null;
  const d = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - RANGE_MONTHS[range], now.getUTCDate()),
  );
  return iso(d);
}

const EMPTY: TimelineTotals = { count: 0, distanceKm: 0, movingTimeMinutes: 0, elevation: 0 };

/** The statements of one timeline, exported for the benchmark. */
function rangeWhere(userId: number, query: TimelineQuery, from: string | null) {
  return and(
    eq(activities.userId, userId),
    // A day of slack before the cut: a local date can be a day behind UTC.
    from ? gte(activities.startDate, new Date(parseDay(from).getTime() - 86_400_000)) : undefined,
    from ? sql`${localDay} >= ${from}` : undefined,
    query.sportType === "All" ? undefined : sportMatches(query.sportType),
  );
}

const listColumns = {
  id: activities.id,
  name: activities.name,
  sportType: activities.sportType,
  startDateLocal: activities.startDateLocal,
  distance: activities.distance,
  movingTime: activities.movingTime,
  totalElevationGain: activities.totalElevationGain,
};

export function timelineQueries(db: Db, userId: number, query: TimelineQuery, now: Date, month: string) {
  const bucket = BUCKET[query.range];
  const from = rangeStart(query.range, now);
  const where = rangeWhere(userId, query, from);
  const monthStart = parseDay(`${month}-01`);
  const monthWhere = and(
    eq(activities.userId, userId),
    gte(activities.startDate, new Date(monthStart.getTime() - 86_400_000)),
    lt(activities.startDate, new Date(parseDay(`${addMonths(month, 1)}-01`).getTime() + 86_400_000)),
    sql`${localMonth} = ${month}`,
    query.sportType === "All" ? undefined : sportMatches(query.sportType),
  );
  return {
    bucket,
    from,
    series: db
      .select({ period: PERIOD[bucket], ...pointColumns })
      .from(activities)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    totals: db.select(pointColumns).from(activities).where(where),
    // The first activity (for "all"): one step along (user_id, start_date), not a scan.
    first: db
      .select({ day: sql<string>`${localDay}` })
      .from(activities)
      .where(
        and(
          eq(activities.userId, userId),
          query.sportType === "All" ? undefined : sportMatches(query.sportType),
        ),
      )
      .orderBy(asc(activities.startDate))
      .limit(1),
    monthTotals: db.select(pointColumns).from(activities).where(monthWhere),
    monthList: db
      .select(listColumns)
      .from(activities)
      .where(monthWhere)
      .orderBy(desc(activities.startDate))
      .limit(MONTH_LIST_LIMIT),
  };
}

export async function getTimeline(
  app: AppContext,
  user: Pick<User, "id">,
  query: TimelineQuery,
): Promise<Timeline> {
  const part = timelinePart(app, user.id, query);
  return part.assemble(await app.db.batch(part.statements as [BatchItem<"sqlite">]));
}

/** The timeline card's five statements and their assembly, as a part of a page's one batch. */
export function timelinePart(app: AppContext, userId: number, query: TimelineQuery): BatchPart<Timeline> {
  const now = app.now();
  const today = iso(now);
  const thisMonth = today.slice(0, 7);
  const from = rangeStart(query.range, now);
  // The pager stays between the range's first month and this month.
  const lowest = from?.slice(0, 7) ?? "0000-01";
  const month =
    !query.month || query.month > thisMonth ? thisMonth : query.month < lowest ? lowest : query.month;
  const q = timelineQueries(app.db, userId, query, now, month);
  const statements = [q.series, q.totals, q.first, q.monthTotals, q.monthList] as const;
  type Rows = BatchResponse<typeof statements>;
  return {
    statements: [...statements],
    assemble: (results) => {
      const [seriesRows, [totals], [first], [monthTotals], monthList] = results as unknown as Rows;

      // The first period shown: the range's start, or the first activity for "all".
      const firstDay = from ?? first?.day ?? null;
      const firstMonth = (firstDay ?? today).slice(0, 7);

      // A continuous axis: periods without activities are zeros (filled from the calendar, not from rows).
      const series: TimelinePoint[] = [];
      if (firstDay) {
        const byPeriod = new Map(seriesRows.map((row) => [row.period, row]));
        const lastRow = seriesRows.at(-1)?.period;
        const todayPeriod = periodOf(q.bucket, today);
        // A local date can run a day ahead of UTC.
        const end = lastRow && lastRow > todayPeriod ? lastRow : todayPeriod;
        for (let p = periodOf(q.bucket, firstDay); p <= end; p = nextPeriod(q.bucket, p)) {
          series.push(byPeriod.get(p) ?? { period: p, ...EMPTY });
        }
      }

      return {
        range: query.range,
        sportType: query.sportType,
        bucket: q.bucket,
        from: firstDay,
        to: today,
        series,
        totals: totals ?? EMPTY,
        month: {
          month,
          prev: month > firstMonth ? addMonths(month, -1) : null,
          next: month < thisMonth ? addMonths(month, 1) : null,
          totals: monthTotals ?? EMPTY,
          activities: monthList,
        },
      };
    },
  };
}

/**
 * GET /api/activities/timeline: the card's aggregates plus the spec's flat
 * `activities[]` (part 1 §7) — the range's activities for the sport, newest
 * first, at most TIMELINE_LIST_LIMIT. The page's loader uses getTimeline
 * alone and never pays for the list.
 */
export async function getTimelineForApi(app: AppContext, user: Pick<User, "id">, query: TimelineQuery) {
  const from = rangeStart(query.range, app.now());
  const [timeline, list] = await Promise.all([
    getTimeline(app, user, query),
    app.db
      .select(listColumns)
      .from(activities)
      .where(rangeWhere(user.id, query, from))
      .orderBy(desc(activities.startDate))
      .limit(TIMELINE_LIST_LIMIT),
  ]);
  return { ...timeline, activities: list };
}
