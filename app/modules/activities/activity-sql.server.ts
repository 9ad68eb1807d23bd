/**
 * SQL building blocks shared by the stats, the list and the timeline, so a
 * total, a band or who may see an activity means the same thing in every
 * query (the sport rules are in ~/modules/sports).
 */
import { sql, type SQL } from "drizzle-orm";
import { activities } from "~db/schema";
import { bandMetres, type AchievementBand } from "./achievements";

/** Activities within an achievement band (inclusive bounds, metres). */
export function inBand(band: AchievementBand): SQL {
  const { min, max } = bandMetres(band);
  return max === null
    ? sql`${activities.distance} >= ${sql.raw(String(min))}`
    : sql`${activities.distance} BETWEEN ${sql.raw(String(min))} AND ${sql.raw(String(max))}`;
}

/** COUNT of rows matching `condition`. */
export function countIf(condition: SQL): SQL<number> {
  return sql<number>`coalesce(sum(CASE WHEN ${condition} THEN 1 ELSE 0 END), 0)`.mapWith(Number);
}

/** The four stat-card numbers, as SQL aggregates with the spec's units (km, hours; metres of climbing). */
export function totalsColumns() {
  return {
    activityCount: sql<number>`count(*)`.mapWith(Number),
    totalDistanceKm: sql<number>`round(coalesce(sum(${activities.distance}), 0) / 1000.0, 2)`.mapWith(Number),
    totalMovingTimeHours: sql<number>`round(coalesce(sum(${activities.movingTime}), 0) / 3600.0, 2)`.mapWith(
      Number,
    ),
    totalElevation: sql<number>`round(coalesce(sum(${activities.totalElevationGain}), 0), 1)`.mapWith(Number),
  };
}

/**
 * An activity other members may see, as raw SQL over the alias `a`: Strava
 * visibility "everyone" and not private. NULLs (unknown, synced before the
 * columns existed) are false, so unknown rows stay hidden until a sync fills
 * them in (docs/decisions/018-activity-privacy.md).
 */
export const ACTIVITY_IS_PUBLIC = "(a.private = 0 AND a.visibility = 'everyone')";

/** Raw-SQL rows over alias `a` that `viewerId` may see: their own, and other members' public ones. */
export function activityVisibleToSql(viewerId: number): SQL {
  return sql`(a.user_id = ${viewerId} OR ${sql.raw(ACTIVITY_IS_PUBLIC)})`;
}

/** The same rule over the drizzle `activities` table. */
export function activityVisibleTo(viewerId: number): SQL {
  return sql`(${activities.userId} = ${viewerId} OR (${activities.private} = 0 AND ${activities.visibility} = 'everyone'))`;
}
