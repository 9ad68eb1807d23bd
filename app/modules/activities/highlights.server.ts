/**
 * The dashboard's highlights (issue #20 item 8): personal records per sport,
 * this year against last year up to the same day, and a weekly consistency
 * strip. Three statements over the member's summaries (summaries.server.ts:
 * records per sport type, totals per day and sport type), sent to D1 as one
 * batch; none reads the member's activities beyond the record holders.
 *
 * Calendar days are read from `start_date_local` (Strava's wall-clock time
 * of the activity), like the rest of the app.
 */
import { sql, type SQL } from "drizzle-orm";
import { activities } from "~db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import type { BatchPart } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { DASHBOARD_SPORTS, type DashboardSport } from "~/modules/sports/sports";
import { sportGroupSql } from "./summaries.server";
import { STRIP_WEEKS, highlightDates, type HighlightDates, type RecordMetric } from "./highlights";

export interface PersonalRecord {
  activityId: number;
  name: string;
  startDateLocal: string;
  sportType: string;
  /** metres, seconds, metres, or metres per second (fastest). */
  value: number;
  /** The activity's distance and moving time, for a pace. */
  distance: number;
  movingTime: number;
}

export type SportRecords = Partial<Record<RecordMetric, PersonalRecord>>;

export interface YearTotals {
  activityCount: number;
  distanceKm: number;
  movingTimeHours: number;
}

export interface Highlights {
  /** Only sports with at least one activity, in the dashboard's order. */
  records: { sport: DashboardSport; records: SportRecords }[];
  years: {
    through: string;
    thisYear: YearTotals & { year: number };
    lastYear: YearTotals & { year: number };
  };
  /** Oldest week first; `weekStart` is a Monday (YYYY-MM-DD). */
  weeks: { weekStart: string; activeDays: number; distanceKm: number; activityCount: number }[];
}

const DAY = 86_400;
const seconds = (isoDay: string) => Date.parse(`${isoDay}T00:00:00Z`) / 1000;

/**
 * The three statements, exported so a test (and the bench) can read their
 * plans. They read the member's summaries (summaries.server.ts), kept up to
 * date in the same batch as every write of their activities: the records per
 * sport type folded into the dashboard's sports, and the day totals of the
 * last two years and of the strip's weeks.
 */
export function highlightStatements(userId: number, dates: HighlightDates) {
  const id = Math.trunc(userId);
  const records = sql`SELECT metric, sport, id, name, start_date_local, sport_type, value, distance, moving_time FROM (
      SELECT r.metric, ${sql.raw(sportGroupSql("r.sport_type"))} AS sport, a.id, a.name, a.start_date_local,
        a.sport_type, r.value, a.distance, a.moving_time,
        row_number() OVER (PARTITION BY ${sql.raw(sportGroupSql("r.sport_type"))}, r.metric
          ORDER BY r.value DESC, a.start_date_local, a.id) AS rn
      FROM activity_records AS r JOIN ${activities} AS a ON a.id = r.activity_id
      WHERE r.user_id = ${id}
    ) WHERE rn = 1`;

  const inYear = (from: string, through: string) => sql`day >= ${from} AND day <= ${through}`;
  const years = sql`SELECT
      coalesce(sum(CASE WHEN ${inYear(dates.thisYearStart, dates.today)} THEN activity_count END), 0) AS this_count,
      coalesce(sum(CASE WHEN ${inYear(dates.thisYearStart, dates.today)} THEN distance END), 0) AS this_distance,
      coalesce(sum(CASE WHEN ${inYear(dates.thisYearStart, dates.today)} THEN moving_time END), 0) AS this_time,
      coalesce(sum(CASE WHEN ${inYear(dates.lastYearStart, dates.lastYearSameDay)} THEN activity_count END), 0) AS last_count,
      coalesce(sum(CASE WHEN ${inYear(dates.lastYearStart, dates.lastYearSameDay)} THEN distance END), 0) AS last_distance,
      coalesce(sum(CASE WHEN ${inYear(dates.lastYearStart, dates.lastYearSameDay)} THEN moving_time END), 0) AS last_time
    FROM activity_day_totals
    WHERE user_id = ${id} AND day >= ${dates.lastYearStart} AND day <= ${dates.today}`;

  const weeks = sql`SELECT
      CAST((julianday(day) - julianday(${dates.firstWeekStart})) / 7 AS INTEGER) AS week,
      count(DISTINCT day) AS active_days,
      coalesce(sum(distance), 0) AS distance,
      coalesce(sum(activity_count), 0) AS n
    FROM activity_day_totals
    WHERE user_id = ${id} AND day >= ${dates.firstWeekStart} AND day <= ${dates.today}
    GROUP BY week`;

  return [records, years, weeks] as const;
}

type RecordRow = {
  metric: RecordMetric;
  sport: DashboardSport;
  id: number;
  name: string;
  start_date_local: string;
  sport_type: string;
  value: number;
  distance: number;
  moving_time: number;
};
type YearsRow = Record<
  "this_count" | "this_distance" | "this_time" | "last_count" | "last_distance" | "last_time",
  number
>;
type WeekRow = { week: number; active_days: number; distance: number; n: number };

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function getHighlights(app: AppContext, userId: number): Promise<Highlights> {
  const part = highlightsPart(app, userId);
  return part.assemble(await app.db.batch(part.statements as [BatchItem<"sqlite">]));
}

/** The three statements and the highlights they make, as a part of a page's one batch (the dashboard). */
export function highlightsPart(app: AppContext, userId: number): BatchPart<Highlights> {
  const dates = highlightDates(app.now());
  const [records, years, weeks] = highlightStatements(userId, dates);
  return {
    statements: [
      rowsOf(app, records, RECORD_COLUMNS),
      rowsOf(app, years, YEARS_COLUMNS),
      rowsOf(app, weeks, WEEK_COLUMNS),
    ],
    assemble: ([records, years, weeks]) => assembleHighlights(dates, records, years, weeks),
  };
}

const RECORD_COLUMNS = [
  "metric",
  "sport",
  "id",
  "name",
  "start_date_local",
  "sport_type",
  "value",
  "distance",
  "moving_time",
] as const satisfies readonly (keyof RecordRow)[];
const YEARS_COLUMNS = [
  "this_count",
  "this_distance",
  "this_time",
  "last_count",
  "last_distance",
  "last_time",
] as const satisfies readonly (keyof YearsRow)[];
const WEEK_COLUMNS = ["week", "active_days", "distance", "n"] as const satisfies readonly (keyof WeekRow)[];

/**
 * A hand-written statement as a drizzle query over it (`SELECT <columns> FROM (<statement>)`), so
 * it can join a drizzle batch: drizzle 0.45's raw `db.all(sql)` fails in a D1 batch when the
 * statement has parameters (its batch looks for a prepared statement a raw query does not have).
 */
function rowsOf(app: AppContext, statement: SQL, columns: readonly string[]) {
  return app.db
    .select(Object.fromEntries(columns.map((column) => [column, sql.raw(`"${column}"`)])))
    .from(sql`(${statement})`);
}

function assembleHighlights(
  dates: HighlightDates,
  records: unknown,
  years: unknown,
  weeks: unknown,
): Highlights {
  const recordRows = (records ?? []) as RecordRow[];
  const yearRow = (((years ?? []) as YearsRow[])[0] ?? {}) as Partial<YearsRow>;
  const weekRows = new Map(((weeks ?? []) as WeekRow[]).map((w) => [w.week, w]));

  const bySport = new Map<DashboardSport, SportRecords>();
  for (const row of recordRows) {
    const records = bySport.get(row.sport) ?? {};
    records[row.metric] = {
      activityId: row.id,
      name: row.name,
      startDateLocal: row.start_date_local,
      sportType: row.sport_type,
      value: row.value,
      distance: row.distance,
      movingTime: row.moving_time,
    };
    bySport.set(row.sport, records);
  }
  const totals = (count = 0, metres = 0, secs = 0): YearTotals => ({
    activityCount: count,
    distanceKm: round(metres / 1000, 1),
    movingTimeHours: round(secs / 3600, 2),
  });
  return {
    records: DASHBOARD_SPORTS.filter((s) => bySport.has(s)).map((sport) => ({
      sport,
      records: bySport.get(sport)!,
    })),
    years: {
      through: dates.today,
      thisYear: {
        year: Number(dates.thisYearStart.slice(0, 4)),
        ...totals(yearRow.this_count, yearRow.this_distance, yearRow.this_time),
      },
      lastYear: {
        year: Number(dates.lastYearStart.slice(0, 4)),
        ...totals(yearRow.last_count, yearRow.last_distance, yearRow.last_time),
      },
    },
    weeks: Array.from({ length: STRIP_WEEKS }, (_, week) => {
      const row = weekRows.get(week);
      return {
        weekStart: new Date((seconds(dates.firstWeekStart) + week * 7 * DAY) * 1000)
          .toISOString()
          .slice(0, 10),
        activeDays: row?.active_days ?? 0,
        distanceKm: round((row?.distance ?? 0) / 1000, 1),
        activityCount: row?.n ?? 0,
      };
    }),
  };
}
