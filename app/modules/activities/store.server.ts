/**
 * The one place activities enter or leave the database: every writer (the
 * Strava sync, its webhooks, uploads later) maps its input to `NewActivity`
 * rows and hands them to `saveActivities` / `deleteActivities`.
 *
 * - Deduplication: rows are keyed by Strava activity id. An upsert updates
 *   the owner's own row and never moves an id to another member; a page that
 *   names one id twice keeps the last.
 * - One statement per page: the rows go in as one JSON array bound as a single
 *   parameter (D1 allows 100 bound parameters per statement).
 * - What derives from the activities is refreshed in the SAME `db.batch`:
 *   the "activities changed" statements that other modules register in
 *   `app.activitiesChanged` (challenge progress, the stale mark of the
 *   fitness profile; Wari computes on read and registers nothing). The list
 *   is composed once, in workers/load-context.ts, and travels with the
 *   AppContext: this module never imports the modules that derive from it,
 *   so they can read activities through it without a cycle.
 * - `extra` statements (the sync job's own bookkeeping) join the same batch,
 *   so a page is stored, derived and acknowledged atomically (the
 *   idempotency contract of strava/sync.server.ts).
 */
import { sql, type SQL } from "drizzle-orm";
import { batchSql } from "~db/client";
import type { NewActivity } from "~db/schema";
import type { AppContext } from "~workers/load-context";

/** A statement builder another module registers to run whenever a member's activities change. */
export type ActivitiesChangedStatement = (userId: number) => SQL;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const flag = (b: boolean | null | undefined) => (b == null ? null : b ? 1 : 0);

/** Keeps the last row of each Strava id (the newest state a page reported). */
function dedupe(rows: readonly NewActivity[]): NewActivity[] {
  const byId = new Map<number, NewActivity>();
  for (const row of rows) byId.set(row.stravaId, row);
  return [...byId.values()];
}

/**
 * The upsert of `rows` for `userId` (null for an empty list). With `onlyIf`,
 * nothing is written unless that SQL condition holds when the batch runs (the
 * sync's "the member is still connected", so a page fetched just before a
 * disconnect cannot bring deleted activities back).
 */
export function upsertActivitiesStatement(
  app: AppContext,
  userId: number,
  rows: readonly NewActivity[],
  onlyIf?: SQL,
): SQL | null {
  if (rows.length === 0) return null;
  const now = seconds(app.now());
  const values = dedupe(rows).map((r) => [
    r.stravaId,
    r.name,
    r.type,
    r.sportType,
    r.distance ?? 0,
    r.movingTime ?? 0,
    r.elapsedTime ?? 0,
    r.totalElevationGain ?? 0,
    seconds(r.startDate),
    r.startDateLocal,
    r.timezone ?? null,
    flag(r.commute) ?? 0,
    flag(r.trainer) ?? 0,
    flag(r.manual) ?? 0,
    r.averageSpeed ?? null,
    r.maxSpeed ?? null,
    flag(r.private),
    r.visibility ?? null,
  ]);
  // ON CONFLICT only updates the owner's own row: an id never moves between members.
  return sql`INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time,
      total_elevation_gain, start_date, start_date_local, timezone, commute, trainer, manual, average_speed, max_speed,
      private, visibility, created_at, updated_at)
    SELECT ${userId}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5, j.value->>6,
      j.value->>7, j.value->>8, j.value->>9, j.value->>10, j.value->>11, j.value->>12, j.value->>13, j.value->>14, j.value->>15,
      j.value->>16, j.value->>17, ${now}, ${now}
    FROM json_each(${JSON.stringify(values)}) AS j
    WHERE ${onlyIf ?? sql`true`}
    ON CONFLICT (strava_id) DO UPDATE SET
      name = excluded.name, type = excluded.type, sport_type = excluded.sport_type, distance = excluded.distance,
      moving_time = excluded.moving_time, elapsed_time = excluded.elapsed_time,
      total_elevation_gain = excluded.total_elevation_gain, start_date = excluded.start_date,
      start_date_local = excluded.start_date_local, timezone = excluded.timezone, commute = excluded.commute,
      trainer = excluded.trainer, manual = excluded.manual, average_speed = excluded.average_speed,
      max_speed = excluded.max_speed, private = excluded.private, visibility = excluded.visibility, updated_at = excluded.updated_at
    WHERE activities.user_id = excluded.user_id`;
}

/** The registered "activities changed" statements for one member. */
export function activitiesChangedStatements(app: AppContext, userId: number): SQL[] {
  return app.activitiesChanged.map((statement) => statement(userId));
}

/**
 * Upserts the member's rows and refreshes what derives from them, atomically
 * (one db.batch). `extra` joins the same batch (and runs alone for no rows);
 * `onlyIf` guards the upsert (see upsertActivitiesStatement).
 */
export async function saveActivities(
  app: AppContext,
  userId: number,
  rows: readonly NewActivity[],
  extra: SQL[] = [],
  onlyIf?: SQL,
): Promise<void> {
  const upsert = upsertActivitiesStatement(app, userId, rows, onlyIf);
  const statements = [...(upsert ? [upsert, ...activitiesChangedStatements(app, userId)] : []), ...extra];
  await batchSql(app.env.DB, statements);
}

/** Removes the member's activities with these Strava ids and refreshes what derives from them (one db.batch). */
export async function deleteActivities(
  app: AppContext,
  userId: number,
  stravaIds: readonly number[],
): Promise<void> {
  if (stravaIds.length === 0) return;
  const ids = JSON.stringify(stravaIds.map((id) => Math.trunc(id)));
  await batchSql(app.env.DB, [
    sql`DELETE FROM activities WHERE user_id = ${userId} AND strava_id IN (SELECT value FROM json_each(${ids}))`,
    ...activitiesChangedStatements(app, userId),
  ]);
}

/**
 * "This member's Strava activities": the one place that says which rows a
 * Strava disconnect deletes (and counts). Every row comes from Strava today;
 * when activities gain other sources, narrow it here (e.g. `source = 'strava'`).
 */
function memberStravaActivities(userId: number): SQL {
  return sql`user_id = ${Math.trunc(userId)}`;
}

/** How many of the member's activities came from Strava (what a disconnect deletes unless they agreed to keep them). */
export async function countStravaActivities(app: AppContext, userId: number): Promise<number> {
  const [row] = await app.db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM activities WHERE ${memberStravaActivities(userId)}`,
  );
  return row?.n ?? 0;
}

/**
 * The statements that delete all of the member's Strava activities and
 * refresh what derives from them, for the caller's own db.batch (a Strava
 * disconnect runs them with the removal of the link). The DELETE comes first,
 * so its result's `meta.changes` is the number of activities deleted.
 */
export function deleteStravaActivitiesStatements(app: AppContext, userId: number): SQL[] {
  return [
    sql`DELETE FROM activities WHERE ${memberStravaActivities(userId)}`,
    ...activitiesChangedStatements(app, userId),
  ];
}
