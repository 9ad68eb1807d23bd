/**
 * Workout recommendations (spec part 1 §3, §4, §7): list, generate, complete
 * and skip. The /api routes and the /recommendations page call these same
 * functions. A member only ever sees and changes their own recommendations
 * (another member's id answers 404, as an unknown one does); complete and
 * skip are conditional updates from pending, so two concurrent clicks cannot
 * both succeed and a final state never changes again (409).
 */
import { and, asc, count, desc, eq } from "drizzle-orm";
import {
  DIFFICULTIES as DB_DIFFICULTIES,
  RECOMMENDATION_SPORTS as DB_SPORTS,
  RECOMMENDATION_STATUSES as DB_STATUSES,
  recommendations,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import type { Difficulty, Recommendation, RecommendationSport, RecommendationStatus } from "./constants";
import { getFitnessProfile } from "./fitness-profile.server";
import { generateWorkouts } from "./generator";
import { MSG, type GenerateInput } from "./schema";

// The module's names are the table's CHECK values.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _sportsMatch: Same<RecommendationSport, (typeof DB_SPORTS)[number]> = true;
const _difficultiesMatch: Same<Difficulty, (typeof DB_DIFFICULTIES)[number]> = true;
const _statusesMatch: Same<RecommendationStatus, (typeof DB_STATUSES)[number]> = true;

type Row = typeof recommendations.$inferSelect;

export function toRecommendation(row: Row): Recommendation {
  return {
    id: row.id,
    title: row.title,
    sportType: row.sportType,
    difficulty: row.difficulty,
    description: row.description,
    targetDuration: row.targetDuration,
    targetDistance: row.targetDistance,
    status: row.status,
    recommendationDate: row.recommendationDate.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** The member's recommendations, newest generation first (a generation keeps its plan order). */
export async function listRecommendations(
  app: AppContext,
  userId: number,
  status?: RecommendationStatus,
): Promise<Recommendation[]> {
  const rows = await app.db
    .select()
    .from(recommendations)
    .where(
      status
        ? and(eq(recommendations.userId, userId), eq(recommendations.status, status))
        : eq(recommendations.userId, userId),
    )
    .orderBy(desc(recommendations.recommendationDate), asc(recommendations.id));
  return rows.map(toRecommendation);
}

/** How many recommendations the member has in each status (the page's tab counts). */
export async function countRecommendations(
  app: AppContext,
  userId: number,
): Promise<Record<RecommendationStatus, number>> {
  const rows = await app.db
    .select({ status: recommendations.status, n: count() })
    .from(recommendations)
    .where(eq(recommendations.userId, userId))
    .groupBy(recommendations.status);
  const counts: Record<RecommendationStatus, number> = { pending: 0, completed: 0, skipped: 0 };
  for (const row of rows) counts[row.status] = row.n;
  return counts;
}

/**
 * Generates a plan from the member's fitness profile and stores it as new
 * pending recommendations (earlier pending ones stay). Returns the new ones.
 */
export async function generateRecommendations(
  app: AppContext,
  userId: number,
  input: GenerateInput,
): Promise<Recommendation[]> {
  const profile = await getFitnessProfile(app, userId);
  const plan = generateWorkouts(profile, input);
  const recommendationDate = new Date(Math.floor(app.now().getTime() / 1000) * 1000);
  const rows = await app.db
    .insert(recommendations)
    .values(plan.map((w) => ({ userId, ...w, status: "pending" as const, recommendationDate })))
    .returning();
  return rows.sort((a, b) => a.id - b.id).map(toRecommendation);
}

async function finish(
  app: AppContext,
  userId: number,
  id: number,
  to: "completed" | "skipped",
): Promise<Recommendation> {
  const [updated] = await app.db
    .update(recommendations)
    .set({
      status: to,
      completedAt: to === "completed" ? new Date(Math.floor(app.now().getTime() / 1000) * 1000) : null,
    })
    .where(
      and(
        eq(recommendations.id, id),
        eq(recommendations.userId, userId),
        eq(recommendations.status, "pending"),
      ),
    )
    .returning();
  if (updated) return toRecommendation(updated);
  const existing = await app.db
    .select({ status: recommendations.status })
    .from(recommendations)
    .where(and(eq(recommendations.id, id), eq(recommendations.userId, userId)))
    .get();
  if (!existing) throw new AppError(404, MSG.notFound);
  throw new AppError(409, to === "completed" ? MSG.notPendingComplete : MSG.notPendingSkip, {
    currentStatus: existing.status,
  });
}

/** Mark as Complete: pending → completed, with completedAt. */
export function completeRecommendation(app: AppContext, userId: number, id: number): Promise<Recommendation> {
  return finish(app, userId, id, "completed");
}

/** Skip: pending → skipped. */
export function skipRecommendation(app: AppContext, userId: number, id: number): Promise<Recommendation> {
  return finish(app, userId, id, "skipped");
}
