/**
 * The stored fitness profile: two aggregate statements over the member's
 * activities in the window (activities' windowAggregateQueries, one D1 batch
 * on the (user_id, start_date) index),
 * the pure rules of fitness-profile.ts, then one upsert into fitness_profiles.
 *
 * `getFitnessProfile` computes the profile on first read, again when the
 * stored one is older than PROFILE_MAX_AGE_MS (the window slides even when
 * nothing is synced), and after the member's activities changed (the
 * activities module marks it stale in the same batch as the change:
 * profile-stale.server.ts). The aggregates are activities' queries.
 */
import { eq } from "drizzle-orm";
import { fitnessProfiles, FITNESS_LEVELS as DB_LEVELS } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { windowAggregateQueries } from "~/modules/activities/queries.server";
import type { FitnessInsights, FitnessLevel, FitnessProfile } from "./constants";
import {
  computeFitnessProfile,
  emptyInsights,
  PROFILE_MAX_AGE_MS,
  profileWindow,
  WEEK_SECONDS,
  type ProfileAggregates,
} from "./fitness-profile";
import { oneRow } from "~db/client";

// The module's level names are the table's CHECK values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _levelsMatch: Same<FitnessLevel, (typeof DB_LEVELS)[number]> = true;

export async function loadProfileAggregates(app: AppContext, userId: number): Promise<ProfileAggregates> {
  const window = { ...profileWindow(app.now()), weekSeconds: WEEK_SECONDS };
  const [bySport, weeks] = await app.db.batch(windowAggregateQueries(app.db, userId, window));
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
  const row = oneRow(
    await app.db
      .insert(fitnessProfiles)
      .values({ userId, ...values, lastUpdated })
      .onConflictDoUpdate({ target: fitnessProfiles.userId, set: { ...values, lastUpdated } })
      .returning(),
  );
  return toFitnessProfile(row);
}

/** GET /api/fitness-profile and the page's panel: the stored profile, computed when absent or stale. */
export async function getFitnessProfile(app: AppContext, userId: number): Promise<FitnessProfile> {
  const row = await app.db.query.fitnessProfiles.findFirst({ where: eq(fitnessProfiles.userId, userId) });
  if (row && app.now().getTime() - row.lastUpdated.getTime() <= PROFILE_MAX_AGE_MS)
    return toFitnessProfile(row);
  return refreshFitnessProfile(app, userId);
}
