/**
 * The admin reports' aggregates over every member's activities (spec part 2:
 * Analysis tab). Each reads the summaries that every write of a member's
 * activities keeps (summaries.server.ts, issue #36): per member and sport
 * type, per member and month. The admin module (admin/reports.server.ts)
 * fills empty months and pivots sport columns.
 */
import { desc, eq, gte, sql, type SQL } from "drizzle-orm";
import { activities, activityMonthTotals, activitySportTotals, users } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { sportGroupOf } from "~/modules/sports/sql.server";

const km = (column: unknown) => sql<number>`round(coalesce(sum(${column}), 0) / 1000.0, 1)`.mapWith(Number);
const total = (column: unknown) => sql<number>`coalesce(sum(${column}), 0)`.mapWith(Number);
/** One summary row per member: counting rows counts members. */
const members = sql<number>`count(*)`.mapWith(Number);

/** Totals per sport type (km, hours, metres of climbing, activities, members), most activities first. */
export async function activitiesByType(app: AppContext) {
  const t = activitySportTotals;
  return app.db
    .select({
      sportType: t.sportType,
      totalDistanceKm: km(t.distance),
      totalMovingTimeHours: sql<number>`round(coalesce(sum(${t.movingTime}), 0) / 3600.0, 1)`.mapWith(Number),
      totalElevationGain: sql<number>`round(coalesce(sum(${t.elevation}), 0))`.mapWith(Number),
      activityCount: total(t.activityCount),
      uniqueUsers: members,
    })
    .from(t)
    .groupBy(t.sportType)
    .orderBy(desc(total(t.activityCount)));
}

/** Per calendar month (`YYYY-MM`, UTC) from `first` (a month's first day) on: activities, km and active members; months without activities are absent. */
export async function monthlyActivityTotals(app: AppContext, first: Date) {
  const t = activityMonthTotals;
  return app.db
    .select({
      month: t.month,
      activityCount: total(t.activityCount),
      totalDistanceKm: km(t.distance),
      activeUsers: members,
    })
    .from(t)
    .where(gte(t.month, first.toISOString().slice(0, 7)))
    .groupBy(t.month)
    .orderBy(t.month);
}

/** Per member and sport type: the number of activities and metres, with the member's name, email and picture. */
export async function memberSportTotals(app: AppContext) {
  const t = activitySportTotals;
  return app.db
    .select({
      userId: t.userId,
      sportType: t.sportType,
      n: t.activityCount,
      metres: t.distance,
      username: users.username,
      email: users.email,
      profileImageUrl: users.profileImageUrl,
      stravaPhotoUrl: users.stravaPhotoUrl,
      showStravaPhoto: users.showStravaPhoto,
    })
    .from(t)
    .innerJoin(users, eq(users.id, t.userId));
}

/**
 * One member's totals per dashboard sport (Ride with virtual, mountain-bike and gravel rides, Run with
 * trail and virtual runs, …, Other), every activity counted as on the member's own dashboard: the admin
 * user page's counts (issue #37 item 9). Reads the member's sport-type summary rows.
 */
export async function memberSportGroupTotals(app: AppContext, userId: number) {
  const t = activitySportTotals;
  return app.db
    .select({
      sport: sportGroupOf(t.sportType),
      count: total(t.activityCount),
      distanceKm: km(t.distance),
      timeMinutes: sql<number>`round(coalesce(sum(${t.movingTime}), 0) / 60.0)`.mapWith(Number),
    })
    .from(t)
    .where(eq(t.userId, userId))
    .groupBy(sql`1`);
}

/**
 * Members with an activity starting in each week from `from` on, the week of a start given by
 * `weekOf` (the admin's India-time weeks): a statement for the caller's batch, over the
 * (start_date, user_id, distance) index.
 */
export function activeMembersPerWeek(app: AppContext, from: Date, weekOf: (column: unknown) => SQL<number>) {
  return app.db
    .select({
      week: weekOf(activities.startDate),
      n: sql<number>`count(DISTINCT ${activities.userId})`.mapWith(Number),
    })
    .from(activities)
    .where(gte(activities.startDate, from))
    .groupBy(weekOf(activities.startDate));
}
