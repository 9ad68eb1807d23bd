/**
 * The member's activity summaries (issue #36): what the dashboard used to
 * compute from all of a member's rows on every view, kept in two tables and
 * rebuilt for the member in the same db.batch as every write of their
 * activities (the "activities changed" statements, workers/load-context.ts):
 *
 * - `activity_day_totals`: count, distance, moving time and climb per member,
 *   local calendar day (start_date_local) and sport type. The year comparison
 *   and the weekly strip read a few hundred of these instead of every row.
 * - `activity_records`: per member, sport type and metric (RECORD_METRICS),
 *   the activity holding the record: the highest value, then the earliest
 *   start_date_local, then the lowest id. The dashboard folds sport types
 *   into its sports on read (a few dozen rows).
 * - `activity_sport_totals` (per member and sport type) and
 *   `activity_month_totals` (per member and UTC calendar month): the admin
 *   reports read these instead of every member's every activity.
 *
 * A rebuild reads the member's rows through the covering index
 * activities_user_sport_distance_idx and (for the day totals) one pass in
 * (user_id, start_date_local) order; it costs a few milliseconds for 20,000
 * activities, against a window-function ranking on every dashboard view.
 * Relative imports only: workers/load-context.ts composes these statements
 * and vite.config.ts loads it without the path aliases.
 */
import { sql, type SQL } from "drizzle-orm";
import { DASHBOARD_SPORTS, SPORT_GROUPS } from "../sports/sports";
import { FASTEST_MIN_METRES } from "./highlights";

/** `CASE <column> WHEN … THEN '<dashboard sport>' … ELSE 'Other' END` (the groups of sports.ts). */
export function sportGroupSql(column: string): string {
  const whens = DASHBOARD_SPORTS.filter((s) => s !== "Other").map(
    (s) =>
      `WHEN ${column} IN (${SPORT_GROUPS[s as keyof typeof SPORT_GROUPS].map((t) => `'${t}'`).join(", ")}) THEN '${s}'`,
  );
  return `CASE ${whens.join(" ")} ELSE 'Other' END`;
}

/** The least distance (metres) a "fastest" counts from for a sport type; NULL: that sport has no fastest. */
function fastestFloorSql(column: string): string {
  return `CASE ${sportGroupSql(column)} ${Object.entries(FASTEST_MIN_METRES)
    .map(([sport, metres]) => `WHEN '${sport}' THEN ${metres}`)
    .join(" ")} ELSE NULL END`;
}

/**
 * Day totals of the members `where` selects (SQL on `activities`), as an
 * INSERT … SELECT: the migration's backfill uses it for everyone, the
 * rebuild for one member.
 */
export function dayTotalsInsertSql(where: string): string {
  return `INSERT INTO activity_day_totals (user_id, day, sport_type, activity_count, distance, moving_time, elevation)
  SELECT user_id, substr(start_date_local, 1, 10), sport_type, count(*), sum(distance), sum(moving_time), sum(total_elevation_gain)
  FROM activities WHERE ${where}
  GROUP BY user_id, substr(start_date_local, 1, 10), sport_type`;
}

/**
 * The records of the members `where` selects: the best value per member,
 * sport type and metric from the covering index, then the activities that
 * hold it (index seeks), the earliest (then lowest id) of each.
 */
export function recordsInsertSql(where: string): string {
  const fastest = (a: string) =>
    `${a}moving_time > 0 AND ${a}distance >= (${fastestFloorSql(`${a}sport_type`)})`;
  const candidates = (metric: string, best: string, match: string) =>
    `SELECT a.user_id, a.sport_type, '${metric}' AS metric, a.id, a.start_date_local, b.${best} AS value
      FROM best AS b JOIN activities AS a ON a.user_id = b.user_id AND a.sport_type = b.sport_type AND ${match}
      WHERE b.${best} IS NOT NULL`;
  return `INSERT INTO activity_records (user_id, sport_type, metric, activity_id, value)
  WITH best AS (
    SELECT user_id, sport_type,
      max(CASE WHEN distance > 0 THEN distance END) AS d,
      max(CASE WHEN moving_time > 0 THEN moving_time END) AS t,
      max(CASE WHEN total_elevation_gain > 0 THEN total_elevation_gain END) AS e,
      max(CASE WHEN ${fastest("")} THEN distance * 1.0 / moving_time END) AS f
    FROM activities WHERE ${where}
    GROUP BY user_id, sport_type
  ), candidates AS (
    ${candidates("distance", "d", "a.distance = b.d")}
    UNION ALL ${candidates("time", "t", "a.moving_time = b.t")}
    UNION ALL ${candidates("climb", "e", "a.total_elevation_gain = b.e")}
    UNION ALL ${candidates("fastest", "f", `${fastest("a.")} AND a.distance * 1.0 / a.moving_time = b.f`)}
  )
  SELECT user_id, sport_type, metric, id, value FROM (
    SELECT *, row_number() OVER (PARTITION BY user_id, sport_type, metric ORDER BY start_date_local, id) AS rn
    FROM candidates
  ) WHERE rn = 1`;
}

/** Totals per member and sport type (the admin's activities-by-type and per-member reports). */
export function sportTotalsInsertSql(where: string): string {
  return `INSERT INTO activity_sport_totals (user_id, sport_type, activity_count, distance, moving_time, elevation)
  SELECT user_id, sport_type, count(*), sum(distance), sum(moving_time), sum(total_elevation_gain)
  FROM activities WHERE ${where}
  GROUP BY user_id, sport_type`;
}

/** Totals per member and calendar month in UTC (the admin's activity trends). */
export function monthTotalsInsertSql(where: string): string {
  return `INSERT INTO activity_month_totals (user_id, month, activity_count, distance)
  SELECT user_id, strftime('%Y-%m', start_date, 'unixepoch'), count(*), sum(distance)
  FROM activities WHERE ${where}
  GROUP BY user_id, strftime('%Y-%m', start_date, 'unixepoch')`;
}

const SUMMARIES: [table: string, insert: (where: string) => string][] = [
  ["activity_day_totals", dayTotalsInsertSql],
  ["activity_records", recordsInsertSql],
  ["activity_sport_totals", sportTotalsInsertSql],
  ["activity_month_totals", monthTotalsInsertSql],
];

/**
 * The summaries of the members `where` selects (SQL on `user_id`), rebuilt:
 * each table's DELETE, then its INSERT … SELECT. The seeds that write
 * activities with plain SQL run them with `1 = 1` (everyone).
 */
export function summaryRebuildSql(where: string): string[] {
  return SUMMARIES.flatMap(([table, insert]) => [`DELETE FROM ${table} WHERE ${where}`, insert(where)]);
}

const member = (userId: number) => `user_id = ${Math.trunc(userId)}`;

/**
 * The "activities changed" statements of the summaries, in order (each
 * DELETE before its INSERT), for workers/load-context.ts's list.
 */
export const ACTIVITY_SUMMARY_STATEMENTS: readonly ((userId: number) => SQL)[] = SUMMARIES.flatMap(
  ([table, insert]) => [
    (userId: number) => sql.raw(`DELETE FROM ${table} WHERE ${member(userId)}`),
    (userId: number) => sql.raw(insert(member(userId))),
  ],
);
