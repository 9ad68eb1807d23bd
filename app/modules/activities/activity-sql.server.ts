/**
 * SQL building blocks shared by the stats, the list and the timeline, so a
 * total, a band or who may see an activity means the same thing in every
 * query (the sport rules are in ~/modules/sports).
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { activities } from "~db/schema";
import { bandMetres, type AchievementBand } from "./achievements";
import { ACTIVITY_MATCHES_CHALLENGE } from "~/modules/sports/challenge-match";

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

/**
 * "Does the owner share this activity with `viewerId`" (issue #40's maps and detail page, decision
 * 020's consent): the activity counts in a challenge both joined (its dates, sports and sources),
 * and the owner shares their activities there, so it is one the viewer can already see in that
 * challenge's list. `activityId` is the caller's activity id column. The caller adds decision
 * 018's public rule: Strava-private activities stay the owner's.
 */
export function sharedInAChallengeWith(viewerId: number, activityId: SQLWrapper): SQL {
  return sql`EXISTS (SELECT 1 FROM activities a
    JOIN challenge_participations consent ON consent.user_id = a.user_id AND consent.share_activities = 1
    JOIN challenge_participations viewer ON viewer.challenge_id = consent.challenge_id AND viewer.user_id = ${viewerId}
    JOIN challenges c ON c.id = consent.challenge_id
    WHERE a.id = ${activityId} AND a.start_date BETWEEN c.start_date AND c.end_date
      AND ${sql.raw(ACTIVITY_MATCHES_CHALLENGE)})`;
}
