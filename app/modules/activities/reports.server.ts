/**
 * The admin reports' aggregates over the activities table (spec part 2:
 * Analysis tab). Each is one GROUP BY over the whole table; the admin module
 * (admin/reports.server.ts) fills empty months and pivots sport columns.
 */
import { count, countDistinct, desc, eq, gte, sql } from "drizzle-orm";
import { activities, users } from "~db/schema";
import type { AppContext } from "~workers/load-context";

const km = (column: unknown) => sql<number>`round(coalesce(sum(${column}), 0) / 1000.0, 1)`.mapWith(Number);

/** Totals per sport type (km, hours, metres of climbing, activities, members), most activities first. */
export async function activitiesByType(app: AppContext) {
  return app.db
    .select({
      sportType: activities.sportType,
      totalDistanceKm: km(activities.distance),
      totalMovingTimeHours:
        sql<number>`round(coalesce(sum(${activities.movingTime}), 0) / 3600.0, 1)`.mapWith(Number),
      totalElevationGain: sql<number>`round(coalesce(sum(${activities.totalElevationGain}), 0))`.mapWith(
        Number,
      ),
      activityCount: count(),
      uniqueUsers: countDistinct(activities.userId),
    })
    .from(activities)
    .groupBy(activities.sportType)
    .orderBy(desc(count()));
}

/** Per calendar month (`YYYY-MM`, UTC) from `first` on: activities, km and active members; months without activities are absent. */
export async function monthlyActivityTotals(app: AppContext, first: Date) {
  const month = sql<string>`strftime('%Y-%m', ${activities.startDate}, 'unixepoch')`;
  return app.db
    .select({
      month,
      activityCount: count(),
      totalDistanceKm: km(activities.distance),
      activeUsers: countDistinct(activities.userId),
    })
    .from(activities)
    .where(gte(activities.startDate, first))
    .groupBy(month)
    .orderBy(month);
}

/** Per member and sport type: the number of activities and metres, with the member's name, email and picture. */
export async function memberSportTotals(app: AppContext) {
  return app.db
    .select({
      userId: activities.userId,
      sportType: activities.sportType,
      n: count(),
      metres: sql<number>`coalesce(sum(${activities.distance}), 0)`.mapWith(Number),
      username: users.username,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
      stravaPhotoUrl: users.stravaPhotoUrl,
      showStravaPhoto: users.showStravaPhoto,
    })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.userId))
    .groupBy(activities.userId, activities.sportType);
}
