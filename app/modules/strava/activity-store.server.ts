/**
 * The one place activities enter or leave the database. Upserts go by Strava
 * activity id, a whole page in one statement (a JSON array bound as a single
 * parameter: D1 allows 100 bound parameters per statement), and every change
 * refreshes the member's challenge progress in the same batch.
 */
import { sql, type SQL } from "drizzle-orm";
import { batchSql } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { refreshMemberProgress } from "../challenges/progress.server";
import type { StravaActivityJson } from "./activity-mapper";
import { toActivityRow } from "./activity-mapper";

/** Statements that upsert `activities` for `userId` (no-op for an empty list). */
export function upsertActivitiesStatement(
  app: AppContext,
  userId: number,
  activities: StravaActivityJson[],
): SQL | null {
  if (activities.length === 0) return null;
  const now = Math.floor(app.now().getTime() / 1000);
  const rows = activities.map((a) => {
    const r = toActivityRow(userId, a, app.now());
    return [
      r.stravaId,
      r.name,
      r.type,
      r.sportType,
      r.distance,
      r.movingTime,
      r.elapsedTime,
      r.totalElevationGain,
      Math.floor((r.startDate as Date).getTime() / 1000),
      r.startDateLocal,
      r.timezone,
      r.commute ? 1 : 0,
      r.trainer ? 1 : 0,
      r.manual ? 1 : 0,
      r.averageSpeed,
      r.maxSpeed,
      r.private == null ? null : r.private ? 1 : 0,
      r.visibility,
    ];
  });
  // ON CONFLICT only updates the owner's own row: an id never moves between members.
  return sql`INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time,
      total_elevation_gain, start_date, start_date_local, timezone, commute, trainer, manual, average_speed, max_speed,
      private, visibility, created_at, updated_at)
    SELECT ${userId}, j.value->>0, j.value->>1, j.value->>2, j.value->>3, j.value->>4, j.value->>5, j.value->>6,
      j.value->>7, j.value->>8, j.value->>9, j.value->>10, j.value->>11, j.value->>12, j.value->>13, j.value->>14, j.value->>15,
      j.value->>16, j.value->>17, ${now}, ${now}
    FROM json_each(${JSON.stringify(rows)}) AS j
    WHERE true
    ON CONFLICT (strava_id) DO UPDATE SET
      name = excluded.name, type = excluded.type, sport_type = excluded.sport_type, distance = excluded.distance,
      moving_time = excluded.moving_time, elapsed_time = excluded.elapsed_time,
      total_elevation_gain = excluded.total_elevation_gain, start_date = excluded.start_date,
      start_date_local = excluded.start_date_local, timezone = excluded.timezone, commute = excluded.commute,
      trainer = excluded.trainer, manual = excluded.manual, average_speed = excluded.average_speed,
      max_speed = excluded.max_speed, private = excluded.private, visibility = excluded.visibility, updated_at = excluded.updated_at
    WHERE activities.user_id = excluded.user_id`;
}

/** Upserts and refreshes challenge progress atomically (one db.batch). `extra` joins the same batch. */
export async function saveActivities(
  app: AppContext,
  userId: number,
  activities: StravaActivityJson[],
  extra: SQL[] = [],
) {
  const upsert = upsertActivitiesStatement(app, userId, activities);
  const statements = [...(upsert ? [upsert, refreshMemberProgress(userId)] : []), ...extra];
  await batchSql(app.env.DB, statements);
}

/** Removes one activity (webhook delete) and refreshes the owner's challenge progress. */
export async function deleteActivity(app: AppContext, userId: number, stravaId: number): Promise<void> {
  await batchSql(app.env.DB, [
    sql`DELETE FROM activities WHERE strava_id = ${stravaId} AND user_id = ${userId}`,
    refreshMemberProgress(userId),
  ]);
}
