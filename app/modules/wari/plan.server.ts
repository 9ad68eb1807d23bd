/**
 * The member's training plan for the current edition: read it with its progress, generate it from
 * the activity analysis, tick workouts off (the server rules of §4), and check
 * a day for a matching ride. One plan per member and event year (unique index).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { trainingPlans, trainingProgress, wariRegistrations } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { longestRideOn } from "~/modules/activities/queries.server";
import { getActivityAnalysis } from "./analysis.server";
import { editionMode, type Edition } from "./edition";
import { getCurrentEdition } from "./editions.server";
import { generateTrainingPlan, totalDistanceKm } from "./plan-generator";
import type { PlanDetails, PlanWeek } from "./plan-types";
import { weekStanding, type WeekStanding } from "./week-standing";
import { matchWorkouts } from "./workout-matching";
import { currentWeekIndex, parseWorkoutKey, workoutDate } from "./workouts";
import { WARI_MSG } from "./schema";
import { rideDaysBetween, ridesBetween } from "./training-load";
import { getTrainingDays } from "./training-load.server";

export interface WeekProgress {
  completedWorkouts: string[];
}

export interface TrainingPlanView {
  id: number;
  eventYear: number;
  category: string;
  startDate: string;
  createdAt: string;
  planDetails: Omit<PlanDetails, "weeklySchedule"> & {
    weeklySchedule: (PlanWeek & {
      progress: WeekProgress;
      standing: WeekStanding;
      /** Keys of the workouts matched by a ride on their day (`matchWorkouts`): "Workouts done". */
      matchedWorkouts: string[];
    })[];
  };
  /** Keyed by `week{n}`. */
  progress: Record<string, WeekProgress>;
  currentWeekIndex: number;
}

/** The stored JSON, read defensively (older plans may lack the summary fields). */
function readDetails(raw: unknown, edition: Pick<Edition, "year" | "rideDate" | "distanceKm">): PlanDetails {
  const value = (typeof raw === "string" ? JSON.parse(raw) : raw) as Partial<PlanDetails> | null;
  const weeklySchedule = Array.isArray(value?.weeklySchedule) ? value.weeklySchedule : [];
  return {
    eventYear: value?.eventYear ?? edition.year,
    eventDate: value?.eventDate ?? edition.rideDate,
    eventDistanceKm: value?.eventDistanceKm ?? edition.distanceKm,
    totalWeeks: value?.totalWeeks ?? weeklySchedule.length,
    totalDistanceKm: value?.totalDistanceKm ?? totalDistanceKm(weeklySchedule),
    weeklySchedule,
    ...(value?.assessment ? { assessment: value.assessment } : {}),
  };
}

/** A past edition's plan is a record: nothing is generated or ticked for it (409). */
function refuseIfPast(app: AppContext, edition: Pick<Edition, "rideDate">) {
  if (editionMode(edition, app.now()) === "results")
    throw new AppError(409, WARI_MSG.editionPast, { code: "edition_past" });
}

/** The plan's edition: the one given, else the current one (null when there is none). */
async function editionOf(app: AppContext, edition?: Edition | null): Promise<Edition | null> {
  return edition === undefined ? ((await getCurrentEdition(app))?.edition ?? null) : edition;
}

async function loadPlan(app: AppContext, userId: number, edition: Edition) {
  const year = edition.year;
  const [plans, progress] = await app.db.batch([
    app.db
      .select()
      .from(trainingPlans)
      .where(and(eq(trainingPlans.userId, userId), eq(trainingPlans.eventYear, year)))
      .limit(1),
    app.db
      .select({ week: trainingProgress.week, completedWorkouts: trainingProgress.completedWorkouts })
      .from(trainingProgress)
      .innerJoin(trainingPlans, eq(trainingPlans.id, trainingProgress.planId))
      .where(and(eq(trainingPlans.userId, userId), eq(trainingPlans.eventYear, year)))
      .orderBy(asc(trainingProgress.week)),
  ]);
  const plan = plans[0];
  return plan ? { plan, details: readDetails(plan.planDetails, edition), progress } : null;
}

/** GET /api/training-plan/current: the plan of the current (or given) edition with progress, or null. */
export async function getCurrentPlan(
  app: AppContext,
  userId: number,
  given?: Edition | null,
): Promise<TrainingPlanView | null> {
  const edition = await editionOf(app, given);
  if (!edition) return null;
  const loaded = await loadPlan(app, userId, edition);
  if (!loaded) return null;
  const { plan, details, progress } = loaded;
  const days = await getTrainingDays(app, userId);
  const current = currentWeekIndex(plan.startDate, details.weeklySchedule.length, app.now());
  const standing = weekStanding(
    details.weeklySchedule,
    details.weeklySchedule.map((w) => ridesBetween(days, w.startDate, w.endDate)),
    current,
    details.assessment?.startWeeklyKm ?? details.weeklySchedule[0]?.weeklyGoalKm ?? 0,
  );
  const byWeek: Record<string, WeekProgress> = {};
  for (const row of progress)
    byWeek[`week${row.week}`] = {
      completedWorkouts: Array.isArray(row.completedWorkouts) ? row.completedWorkouts : [],
    };
  return {
    id: plan.id,
    eventYear: plan.eventYear,
    category: plan.category,
    startDate: plan.startDate.toISOString(),
    createdAt: plan.createdAt.toISOString(),
    planDetails: {
      ...details,
      weeklySchedule: details.weeklySchedule.map((week, i) => ({
        ...week,
        progress: byWeek[`week${week.week}`] ?? { completedWorkouts: [] },
        standing: standing[i]!,
        matchedWorkouts: matchWorkouts(week, (day) => (ridesBetween(days, day, day).km > 0 ? ["Ride"] : [])),
      })),
    },
    progress: byWeek,
    currentWeekIndex: current,
  };
}

/**
 * POST /api/training-plan/generate: a plan from the member's analysis, once
 * (409 when one exists), for an edition whose ride is today or later (409 for a past one). The registration, if any, takes the plan's category.
 */
export async function generatePlanFor(
  app: AppContext,
  userId: number,
  given?: Edition | null,
): Promise<TrainingPlanView> {
  const edition = await editionOf(app, given);
  if (!edition) throw new AppError(400, WARI_MSG.noCurrentEdition, { code: "no_edition" });
  refuseIfPast(app, edition);
  if (await loadPlan(app, userId, edition))
    throw new AppError(409, WARI_MSG.planExists, { code: "plan_exists" });
  const [analysis, days] = await Promise.all([
    getActivityAnalysis(app, userId),
    getTrainingDays(app, userId),
  ]);
  // The robust starting point (decision 024): the 12 weeks' km and the days' longest rides in them.
  const generated = generateTrainingPlan(
    {
      ...analysis,
      basis: {
        weeklyKm: analysis.weeklyDistances.map((w) => w.km),
        rideKm: rideDaysBetween(days, analysis.window.since, analysis.window.until),
      },
    },
    edition,
  );
  const mine = and(eq(trainingPlans.userId, userId), eq(trainingPlans.eventYear, edition.year));
  const [inserted] = await app.db.batch([
    app.db
      .insert(trainingPlans)
      .values({
        userId,
        eventYear: edition.year,
        category: generated.category,
        startDate: new Date(generated.startDate),
        planDetails: generated.planDetails,
      })
      .onConflictDoNothing()
      .returning({ id: trainingPlans.id }),
    app.db
      .update(wariRegistrations)
      .set({ category: sql`(SELECT ${trainingPlans.category} FROM ${trainingPlans} WHERE ${mine})` })
      .where(and(eq(wariRegistrations.userId, userId), eq(wariRegistrations.eventYear, edition.year))),
  ]);
  if (!inserted.length) throw new AppError(409, WARI_MSG.planExists, { code: "plan_exists" });
  const plan = await getCurrentPlan(app, userId, edition);
  if (!plan) throw new AppError(500, WARI_MSG.generateFailed);
  return plan;
}

/** The member's ride on a calendar day (its local start date), longest first. */
export function findMatchingRide(app: AppContext, userId: number, day: string) {
  return longestRideOn(app, userId, day);
}

async function planWeek(app: AppContext, userId: number, week: number) {
  const edition = await editionOf(app);
  const loaded = edition ? await loadPlan(app, userId, edition) : null;
  if (!loaded) throw new AppError(404, WARI_MSG.noPlan);
  const found = loaded.details.weeklySchedule.find((w) => w.week === week);
  if (!found) throw new AppError(404, WARI_MSG.weekNotFound);
  const stored = loaded.progress.find((p) => p.week === week)?.completedWorkouts ?? [];
  return { planId: loaded.plan.id, week: found, stored, edition: edition! };
}

/** GET /api/training-plan/check-activity/{week}/{dayIndex}. */
export async function checkWorkoutActivity(app: AppContext, userId: number, week: number, dayIndex: number) {
  const { week: found } = await planWeek(app, userId, week);
  const workout = found.workouts[dayIndex];
  if (!workout) throw new AppError(404, WARI_MSG.dayNotFound);
  const date = workoutDate(found.startDate, dayIndex);
  const ride = await findMatchingRide(app, userId, date);
  return {
    hasMatchingActivity: ride !== null,
    message: ride
      ? `Found ${ride.name} (${(ride.distance / 1000).toFixed(1)} km) on ${date}`
      : WARI_MSG.noMatchingActivity,
    date,
    workout: { day: workout.day, type: workout.type, isEventDay: Boolean(workout.isEventDay) },
    activity: ride
      ? { id: ride.id, name: ride.name, distanceKm: Math.round(ride.distance / 100) / 10 }
      : null,
  };
}

/**
 * PUT /api/training-plan/week/{week}/progress: replaces the week's completed
 * workouts (409 once the edition is over: its plan is read-only history). Keys must name this week's workouts. Removing is always allowed;
 * a newly added key is allowed for a rest day, refused for the event day, and
 * for any other day only when a ride exists on that day's date.
 */
export async function updateWeekProgress(
  app: AppContext,
  userId: number,
  week: number,
  completedWorkouts: string[],
) {
  const { planId, week: found, stored, edition } = await planWeek(app, userId, week);
  refuseIfPast(app, edition);
  const keys = [...new Set(completedWorkouts)];
  for (const key of keys) {
    const parsed = parseWorkoutKey(key);
    const workout = parsed ? found.workouts[parsed.dayIndex] : undefined;
    if (!parsed || parsed.week !== week || !workout || workout.type !== parsed.type)
      throw new AppError(400, WARI_MSG.wrongWeekKey, {
        errors: { completedWorkouts: [WARI_MSG.wrongWeekKey] },
      });
  }
  for (const key of keys.filter((k) => !stored.includes(k))) {
    const { dayIndex } = parseWorkoutKey(key)!;
    const workout = found.workouts[dayIndex];
    if (!workout)
      throw new AppError(400, WARI_MSG.wrongWeekKey, {
        errors: { completedWorkouts: [WARI_MSG.wrongWeekKey] },
      });
    if (workout.isEventDay) throw new AppError(400, WARI_MSG.eventDay, { code: "event_day" });
    if (workout.type === "Rest") continue;
    if (!(await findMatchingRide(app, userId, workoutDate(found.startDate, dayIndex)))) {
      throw new AppError(400, WARI_MSG.noMatchingActivity, { code: "no_matching_activity" });
    }
  }
  await app.db
    .insert(trainingProgress)
    .values({ planId, week, completedWorkouts: keys })
    .onConflictDoUpdate({
      target: [trainingProgress.planId, trainingProgress.week],
      set: { completedWorkouts: keys, updatedAt: app.now() },
    });
  return { message: "Progress updated", week, progress: { completedWorkouts: keys } };
}
