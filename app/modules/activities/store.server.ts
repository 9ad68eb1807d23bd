/**
 * The one place activities enter or leave the database: every writer (the
 * Strava sync, its webhooks, uploads, the archive import, manual entries)
 * maps its input to `NewActivity` rows and hands them to `saveActivities` /
 * `deleteActivities` / `deleteUploadActivities` / `deleteManualActivity`.
 *
 * - Every row carries its `source` (strava, file, archive, manual). Strava
 *   rows are keyed by Strava activity id: an upsert updates the owner's own
 *   row and never moves an id to another member; a page that names one id
 *   twice keeps the last.
 * - One activity, one row (issue #14): an activity of the same member that
 *   starts within DUPLICATE_START_SECONDS and whose distance is within
 *   DUPLICATE_DISTANCE_SHARE of another is the same activity. Strava's
 *   version wins: an incoming Strava row replaces a matching upload, archive
 *   or manual row (in the same statement batch); an incoming non-Strava row
 *   that matches any existing row, or an earlier row of the same call, is
 *   skipped.
 * - Plausible rows only (plausibility.ts, decision 032): a row outside the
 *   bounds is never written, whoever sends it. A Strava row outside them
 *   also removes the member's stored copy of that Strava activity (an edit on
 *   Strava that made it implausible), so it counts nowhere. Writers that owe
 *   someone a reason (uploads, the archive, manual entries) ask the rule
 *   first; here it is the last guard.
 * - One statement per page: the rows go in as one JSON array bound as a single
 *   parameter (D1 allows 100 bound parameters per statement).
 * - What derives from the activities is refreshed in the SAME `db.batch`:
 *   the "activities changed" statements of the modules derived from them, in
 *   `app.activitiesChanged` (challenge progress, the stale marks of the
 *   fitness profile and of Wari's training load). The list
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
import { implausibility } from "./plausibility";

/** Two activities of one member starting this close (seconds)… */
export const DUPLICATE_START_SECONDS = 120;
/** …whose distances differ by at most this share of the longer one are the same activity. */
export const DUPLICATE_DISTANCE_SHARE = 0.03;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const flag = (b: boolean | null | undefined) => (b == null ? null : b ? 1 : 0);

/** Whether two (start seconds, metres) pairs are the same activity by the rule above. */
export function isSameActivity(
  a: { start: number; distance: number },
  b: { start: number; distance: number },
) {
  return (
    Math.abs(a.start - b.start) <= DUPLICATE_START_SECONDS &&
    Math.abs(a.distance - b.distance) <= DUPLICATE_DISTANCE_SHARE * Math.max(a.distance, b.distance)
  );
}

/**
 * Strava rows: the last of each Strava id (the newest state a page reported).
 * Other rows: the first of each group of duplicates (by start and distance).
 */
function dedupe(rows: readonly NewActivity[]): NewActivity[] {
  const byId = new Map<number, NewActivity>();
  const others: NewActivity[] = [];
  for (const row of rows) {
    if ((row.source ?? "strava") === "strava" && row.stravaId != null) byId.set(row.stravaId, row);
    else others.push(row);
  }
  const kept: { start: number; distance: number; row: NewActivity }[] = [];
  const sorted = others
    .map((row) => ({ start: seconds(row.startDate), distance: row.distance ?? 0, row }))
    .sort((a, b) => a.start - b.start);
  for (const item of sorted) {
    let duplicate = false;
    for (let i = kept.length - 1; i >= 0 && item.start - kept[i]!.start <= DUPLICATE_START_SECONDS; i--) {
      if (isSameActivity(kept[i]!, item)) duplicate = true;
    }
    if (!duplicate) kept.push(item);
  }
  return [...byId.values(), ...kept.map((k) => k.row)];
}

/** SQL: the activity alias `x` (with start_date, distance) matches JSON row `j` (start at ->>8, distance at ->>4). */
// A range on start_date (not abs()) so SQLite searches activities_user_start_idx instead of
// comparing every row of the member with every incoming row (a 5,000-row archive import).
const MATCHES_JSON_ROW = sql.raw(
  `x.start_date BETWEEN (j.value->>8) - ${DUPLICATE_START_SECONDS} AND (j.value->>8) + ${DUPLICATE_START_SECONDS}
   AND abs(x.distance - (j.value->>4)) <= ${DUPLICATE_DISTANCE_SHARE} * max(x.distance, j.value->>4)`,
);

/** Why a row cannot be true (plausibility.ts), or null. */
export function rowImplausibility(row: NewActivity, now: Date) {
  return implausibility(
    {
      sportType: row.sportType,
      startDate: row.startDate,
      distance: row.distance ?? 0,
      movingTime: row.movingTime ?? 0,
      elapsedTime: row.elapsedTime ?? 0,
      elevationGain: row.totalElevationGain ?? 0,
    },
    now,
  );
}

/**
 * The statements that store `rows` for `userId` (empty for an empty list):
 * Strava rows first remove the member's matching non-Strava rows (Strava
 * wins), then one upsert inserts everything that is not a duplicate.
 */
export function upsertActivitiesStatements(
  app: AppContext,
  userId: number,
  rows: readonly NewActivity[],
  onlyIf?: SQL,
): SQL[] {
  if (rows.length === 0) return [];
  const guard = onlyIf ?? sql`true`;
  const now = seconds(app.now());
  const plausible: NewActivity[] = [];
  const dropped: number[] = [];
  for (const row of rows) {
    const why = rowImplausibility(row, app.now());
    if (!why) plausible.push(row);
    else {
      console.warn(`activity of member ${userId} not stored (${row.source ?? "strava"}): ${why.reason}`);
      if ((row.source ?? "strava") === "strava" && row.stravaId != null)
        dropped.push(Math.trunc(row.stravaId));
    }
  }
  const statements: SQL[] = [];
  if (dropped.length)
    statements.push(sql`DELETE FROM activities WHERE ${guard} AND user_id = ${userId} AND source = 'strava'
      AND strava_id IN (SELECT value FROM json_each(${JSON.stringify(dropped)}))`);
  if (plausible.length === 0) return statements;
  const values = dedupe(plausible).map((r) => [
    r.source === "strava" || r.source == null ? r.stravaId : null,
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
    r.source ?? "strava",
    r.uploadId ?? null,
    r.averageHeartrate ?? null,
    r.maxHeartrate ?? null,
  ]);
  const json = JSON.stringify(values);
  if (values.some((v) => v[18] === "strava")) {
    // Strava wins: its version replaces a matching upload, archive or manual row.
    statements.push(sql`DELETE FROM activities AS x WHERE ${guard} AND x.user_id = ${userId} AND x.source <> 'strava'
      AND EXISTS (SELECT 1 FROM json_each(${json}) AS j WHERE j.value->>18 = 'strava' AND ${MATCHES_JSON_ROW})`);
  }
  // ON CONFLICT only updates the owner's own row: an id never moves between members.
  statements.push(sql`INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time,
      total_elevation_gain, start_date, start_date_local, timezone, commute, trainer, manual, average_speed, max_speed,
      private, visibility, source, upload_id, average_heartrate, max_heartrate, created_at, updated_at)
    SELECT ${userId}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5, j.value->>6,
      j.value->>7, j.value->>8, j.value->>9, j.value->>10, j.value->>11, j.value->>12, j.value->>13, j.value->>14, j.value->>15,
      j.value->>16, j.value->>17, j.value->>18, j.value->>19, j.value->>20, j.value->>21, ${now}, ${now}
    FROM json_each(${json}) AS j
    WHERE ${guard} AND (j.value->>18 = 'strava'
      OR NOT EXISTS (SELECT 1 FROM activities AS x WHERE x.user_id = ${userId} AND ${MATCHES_JSON_ROW}))
    ON CONFLICT (strava_id) DO UPDATE SET
      name = excluded.name, type = excluded.type, sport_type = excluded.sport_type, distance = excluded.distance,
      moving_time = excluded.moving_time, elapsed_time = excluded.elapsed_time,
      total_elevation_gain = excluded.total_elevation_gain, start_date = excluded.start_date,
      start_date_local = excluded.start_date_local, timezone = excluded.timezone, commute = excluded.commute,
      trainer = excluded.trainer, manual = excluded.manual, average_speed = excluded.average_speed,
      max_speed = excluded.max_speed, private = excluded.private, visibility = excluded.visibility,
      average_heartrate = coalesce(excluded.average_heartrate, activities.average_heartrate),
      max_heartrate = coalesce(excluded.max_heartrate, activities.max_heartrate), updated_at = excluded.updated_at
    WHERE activities.user_id = excluded.user_id`);
  return statements;
}

/** The registered "activities changed" statements for one member. */
export function activitiesChangedStatements(app: AppContext, userId: number): SQL[] {
  return app.activitiesChanged.map((statement) => statement(userId));
}

/**
 * Stores the member's rows and refreshes what derives from them, atomically
 * (one db.batch). `extra` joins the same batch (and runs alone for no rows).
 * With `onlyIf`, nothing is written unless that SQL condition holds when the
 * batch runs (the sync's "the member is still connected", so a page fetched
 * just before a disconnect cannot bring deleted activities back).
 */
export async function saveActivities(
  app: AppContext,
  userId: number,
  rows: readonly NewActivity[],
  extra: SQL[] = [],
  onlyIf?: SQL,
): Promise<void> {
  const upserts = upsertActivitiesStatements(app, userId, rows, onlyIf);
  const statements = [
    ...(upserts.length ? [...upserts, ...activitiesChangedStatements(app, userId)] : []),
    ...extra,
  ];
  await batchSql(app.env.DB, statements);
}

/** Removes the member's Strava activities with these Strava ids and refreshes what derives from them (one db.batch). */
export async function deleteActivities(
  app: AppContext,
  userId: number,
  stravaIds: readonly number[],
): Promise<void> {
  if (stravaIds.length === 0) return;
  const ids = JSON.stringify(stravaIds.map((id) => Math.trunc(id)));
  await batchSql(app.env.DB, [
    sql`DELETE FROM activities WHERE user_id = ${userId} AND source = 'strava'
      AND strava_id IN (SELECT value FROM json_each(${ids}))`,
    ...activitiesChangedStatements(app, userId),
  ]);
}

/**
 * Removes the activities read from one of the member's uploads, runs `extra`
 * (the upload's own row) and refreshes what derives from them, in one db.batch.
 */
export async function deleteUploadActivities(
  app: AppContext,
  userId: number,
  uploadId: number,
  extra: SQL[] = [],
): Promise<void> {
  await batchSql(app.env.DB, [
    sql`DELETE FROM activities WHERE user_id = ${userId} AND upload_id = ${uploadId}`,
    ...extra,
    ...activitiesChangedStatements(app, userId),
  ]);
}

/** Removes one of the member's manual entries; false when they have no such manual activity. */
export async function deleteManualActivity(
  app: AppContext,
  userId: number,
  activityId: number,
): Promise<boolean> {
  const [deleted] = await batchSql(app.env.DB, [
    sql`DELETE FROM activities WHERE id = ${activityId} AND user_id = ${userId} AND source = 'manual' RETURNING id`,
    ...activitiesChangedStatements(app, userId),
  ]);
  return (deleted?.results?.length ?? 0) > 0;
}

/**
 * Replaces the numbers of one of the member's manual entries (its id kept)
 * and refreshes what derives from them (one db.batch); false when they have
 * no such manual activity. Only plausible rows: the caller checks first.
 */
export async function updateManualActivity(
  app: AppContext,
  userId: number,
  activityId: number,
  row: NewActivity,
): Promise<boolean> {
  const why = rowImplausibility(row, app.now());
  if (why) throw new Error(`implausible manual entry: ${why.reason}`);
  const [updated] = await batchSql(app.env.DB, [
    sql`UPDATE activities SET name = ${row.name}, type = ${row.type}, sport_type = ${row.sportType},
      distance = ${row.distance ?? 0}, moving_time = ${row.movingTime ?? 0}, elapsed_time = ${row.elapsedTime ?? 0},
      total_elevation_gain = ${row.totalElevationGain ?? 0}, start_date = ${seconds(row.startDate)},
      start_date_local = ${row.startDateLocal}, timezone = ${row.timezone ?? null},
      average_speed = ${row.averageSpeed ?? null}, updated_at = ${seconds(app.now())}
    WHERE id = ${activityId} AND user_id = ${userId} AND source = 'manual' RETURNING id`,
    ...activitiesChangedStatements(app, userId),
  ]);
  return (updated?.results?.length ?? 0) > 0;
}

/**
 * "This member's Strava activities": the one place that says which rows a
 * Strava disconnect deletes (and counts). Uploads, archive imports and manual
 * entries are the member's own and stay (docs/decisions/021, 023).
 */
function memberStravaActivities(userId: number): SQL {
  return sql`user_id = ${Math.trunc(userId)} AND source = 'strava'`;
}

/** How many of the member's activities came from Strava (what a disconnect deletes unless they agreed to keep them). */
export async function countStravaActivities(app: AppContext, userId: number): Promise<number> {
  const [row] = await app.db.all<{ n: number }>(stravaActivityCountSql(userId));
  return row?.n ?? 0;
}

/** That count as SQL: a range of the (user_id, source) index, no row read (decision 047). */
export function stravaActivityCountSql(userId: number): SQL {
  return sql`SELECT count(*) AS n FROM activities WHERE ${memberStravaActivities(userId)}`;
}

/**
 * The statements that delete all of the member's Strava activities and
 * refresh what derives from them, for the caller's own db.batch (a Strava
 * disconnect runs them with the removal of the link). The DELETE comes first
 * and returns the ids it deleted, so its result's `results.length` is the
 * number of activities deleted (its `meta.changes` also counts the rows the
 * foreign keys' cascade removes, such as their tracks).
 */
export function deleteStravaActivitiesStatements(app: AppContext, userId: number): SQL[] {
  return [
    sql`DELETE FROM activities WHERE ${memberStravaActivities(userId)} RETURNING id`,
    ...activitiesChangedStatements(app, userId),
  ];
}
