/**
 * The dashboard's highlights (issue #20 item 8): personal records per sport,
 * this year against last year up to the same day, and a weekly consistency
 * strip. Three aggregate statements over the member's rows, sent to D1 as
 * one batch; each reads the member's rows through (user_id, …) indexes.
 *
 * Calendar days are read from `start_date_local` (Strava's wall-clock time
 * of the activity), like the rest of the app; `start_date` bounds the index
 * range with a day of slack either side for time zones.
 */
import { sql } from "drizzle-orm";
import { activities } from "~db/schema";
import { batchSql } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { sportGroupOf } from "~/modules/sports/sql.server";
import { DASHBOARD_SPORTS, type DashboardSport } from "~/modules/sports/sports";
import {
  RECORD_METRICS,
  STRIP_WEEKS,
  FASTEST_MIN_METRES,
  highlightDates,
  type HighlightDates,
  type RecordMetric,
} from "./highlights";

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

/** The three statements, exported so a test (and the bench) can read their plans. */
export function highlightStatements(userId: number, dates: HighlightDates) {
  const mine = sql`${activities.userId} = ${userId}`;
  const group = sportGroupOf(activities.sportType);
  const localDay = sql`substr(${activities.startDateLocal}, 1, 10)`;
  const fastestFloor = `CASE sport ${Object.entries(FASTEST_MIN_METRES)
    .map(([sport, metres]) => `WHEN '${sport}' THEN ${metres}`)
    .join(" ")} ELSE NULL END`;
  // One ranked pass per metric; the first of each (sport, metric) is the record.
  const ranked = (metric: RecordMetric, value: string, where: string) =>
    sql.raw(`SELECT '${metric}' AS metric, sport, id, name, start_date_local, sport_type, ${value} AS value,
      distance, moving_time,
      row_number() OVER (PARTITION BY sport ORDER BY ${value} DESC, start_date_local) AS rn
      FROM mine WHERE ${where}`);
  const records = sql`WITH mine AS (
      SELECT ${activities.id} AS id, ${activities.name} AS name, ${activities.startDateLocal} AS start_date_local,
        ${activities.sportType} AS sport_type, ${activities.distance} AS distance,
        ${activities.movingTime} AS moving_time, ${activities.totalElevationGain} AS elevation, ${group} AS sport
      FROM ${activities} WHERE ${mine}
    )
    SELECT metric, sport, id, name, start_date_local, sport_type, value, distance, moving_time FROM (
      ${ranked("distance", "distance", "distance > 0")}
      UNION ALL ${ranked("time", "moving_time", "moving_time > 0")}
      UNION ALL ${ranked("climb", "elevation", "elevation > 0")}
      UNION ALL ${ranked("fastest", "distance * 1.0 / moving_time", `moving_time > 0 AND distance >= (${fastestFloor})`)}
    ) WHERE rn = 1`;

  const inYear = (from: string, through: string) => sql`${localDay} >= ${from} AND ${localDay} <= ${through}`;
  const years = sql`SELECT
      coalesce(sum(CASE WHEN ${inYear(dates.thisYearStart, dates.today)} THEN 1 END), 0) AS this_count,
      coalesce(sum(CASE WHEN ${inYear(dates.thisYearStart, dates.today)} THEN ${activities.distance} END), 0) AS this_distance,
      coalesce(sum(CASE WHEN ${inYear(dates.thisYearStart, dates.today)} THEN ${activities.movingTime} END), 0) AS this_time,
      coalesce(sum(CASE WHEN ${inYear(dates.lastYearStart, dates.lastYearSameDay)} THEN 1 END), 0) AS last_count,
      coalesce(sum(CASE WHEN ${inYear(dates.lastYearStart, dates.lastYearSameDay)} THEN ${activities.distance} END), 0) AS last_distance,
      coalesce(sum(CASE WHEN ${inYear(dates.lastYearStart, dates.lastYearSameDay)} THEN ${activities.movingTime} END), 0) AS last_time
    FROM ${activities}
    WHERE ${mine} AND ${activities.startDate} >= ${seconds(dates.lastYearStart) - DAY}
      AND ${activities.startDate} < ${seconds(dates.today) + 2 * DAY}`;

  const weeks = sql`SELECT
      CAST((julianday(${localDay}) - julianday(${dates.firstWeekStart})) / 7 AS INTEGER) AS week,
      count(DISTINCT ${localDay}) AS active_days,
      coalesce(sum(${activities.distance}), 0) AS distance,
      count(*) AS n
    FROM ${activities}
    WHERE ${mine} AND ${activities.startDate} >= ${seconds(dates.firstWeekStart) - DAY}
      AND ${localDay} >= ${dates.firstWeekStart} AND ${localDay} <= ${dates.today}
    GROUP BY week`;

  return [records, years, weeks];
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
  const dates = highlightDates(app.now());
  const [records, years, weeks] = await batchSql(app.env.DB, highlightStatements(userId, dates));
  const recordRows = (records?.results ?? []) as RecordRow[];
  const yearRow = ((years?.results ?? [])[0] ?? {}) as Partial<YearsRow>;
  const weekRows = new Map(((weeks?.results ?? []) as WeekRow[]).map((w) => [w.week, w]));

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

export { RECORD_METRICS };
