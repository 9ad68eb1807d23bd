/**
 * The stored fitness profile: two aggregate statements over the member's
 * activities in the window (one D1 batch on the (user_id, start_date) index),
 * the pure rules of fitness-profile.ts, then one upsert into fitness_profiles.
 *
 * `refreshFitnessProfile` runs after each Strava sync; `getFitnessProfile`
 * computes the profile on first read and again when the stored one is older
 * than PROFILE_MAX_AGE_MS (the window slides even when nothing is synced).
 */
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { activities, fitnessProfiles, FITNESS_LEVELS as DB_LEVELS } from "~db/schema";
import type { Db } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { sportGroupOf } from "~/modules/activities/activity-sql.server";
import type { FitnessInsights, FitnessLevel, FitnessProfile } from "./constants";
import {
  computeFitnessProfile,
  emptyInsights,
  PROFILE_MAX_AGE_MS,
  profileWindow,
  WEEK_SECONDS,
  type ProfileAggregates,
} from "./fitness-profile";

// The module's level names are the table's CHECK values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _levelsMatch: Same<FitnessLevel, (typeof DB_LEVELS)[number]> = true;

const num = (text: ReturnType<typeof sql>) => text.mapWith(Number);

/** The window's per-sport totals and its active weeks; exported so tests and the benchmark can time the same SQL. */
export function profileAggregateQueries(db: Db, userId: number, now: Date) {
  const { since, until } = profileWindow(now);
  const inWindow = and(
    eq(activities.userId, userId),
    gte(activities.startDate, since),
    lte(activities.startDate, until),
  );
  const perSport = db
    .select({
      sport: sportGroupOf(activities.sportType),
      activityCount: num(sql`count(*)`),
      totalDistance: num(sql`coalesce(sum(${activities.distance}), 0)`),
      totalDuration: num(sql`coalesce(sum(${activities.movingTime}), 0)`),
      totalElevation: num(sql`coalesce(sum(${activities.totalElevationGain}), 0)`),
      longestDistance: num(sql`coalesce(max(${activities.distance}), 0)`),
      longestDuration: num(sql`coalesce(max(${activities.movingTime}), 0)`),
    })
    .from(activities)
    .where(inWindow)
    .groupBy(sql`1`);
  const sinceSeconds = Math.floor(since.getTime() / 1000);
  const weeks = db
    .select({
      activeWeeks: num(
        sql`count(DISTINCT CAST((${activities.startDate} - ${sinceSeconds}) / ${WEEK_SECONDS} AS INTEGER))`,
      ),
    })
    .from(activities)
    .where(inWindow);
  return [perSport, weeks] as const;
}

export async function loadProfileAggregates(app: AppContext, userId: number): Promise<ProfileAggregates> {
  const [bySport, weeks] = await app.db.batch(profileAggregateQueries(app.db, userId, app.now()));
  return { bySport, activeWeeks: weeks[0]?.activeWeeks ?? 0 };
}

type ProfileRow = typeof fitnessProfiles.$inferSelect;

function toFitnessProfile(row: ProfileRow): FitnessProfile {
  return {
    id: row.id,
    userId: row.userId,
    preferredSportTypes: row.preferredSportTypes ?? [],
    avgWeeklyDistance: row.avgWeeklyDistance,
    avgWeeklyDuration: row.avgWeeklyDuration,
    avgWeeklyElevation: row.avgWeeklyElevation,
    fitnessLevel: row.fitnessLevel,
    lastUpdated: row.lastUpdated.toISOString(),
    insights: { ...emptyInsights(), ...((row.insights ?? {}) as Partial<FitnessInsights>) },
  };
}

/** Recomputes and stores the member's profile (after a sync, or when absent or stale). */
export async function refreshFitnessProfile(app: AppContext, userId: number): Promise<FitnessProfile> {
  const values = computeFitnessProfile(await loadProfileAggregates(app, userId));
  // Whole seconds, as the column stores them.
  const lastUpdated = new Date(Math.floor(app.now().getTime() / 1000) * 1000);
  const [row] = await app.db
    .insert(fitnessProfiles)
    .values({ userId, ...values, lastUpdated })
    .onConflictDoUpdate({ target: fitnessProfiles.userId, set: { ...values, lastUpdated } })
    .returning();
  return toFitnessProfile(row);
}

/** GET /api/fitness-profile and the page's panel: the stored profile, computed when absent or stale. */
export async function getFitnessProfile(app: AppContext, userId: number): Promise<FitnessProfile> {
  const row = await app.db.query.fitnessProfiles.findFirst({ where: eq(fitnessProfiles.userId, userId) });
  if (row && app.now().getTime() - row.lastUpdated.getTime() <= PROFILE_MAX_AGE_MS)
    return toFitnessProfile(row);
  return refreshFitnessProfile(app, userId);
}
