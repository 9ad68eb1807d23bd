/**
 * Planned workouts matched to what the member rode, the way intervals.icu
 * matches: a planned workout is done when an activity of its sport was
 * recorded on its calendar day (issue #37 item 5). Rest days plan no
 * activity and the event day has its own result, so neither is matched or
 * counted. "Workouts done" is the number of matched workouts.
 */
import type { PlanWeek, Workout } from "./plan-types";
import { workoutDate, workoutKey } from "./workouts";

/** The sport a planned workout asks for (the dashboard's sport group), or null when it is not matched. */
export function workoutSport(workout: Pick<Workout, "type" | "isEventDay">): string | null {
  if (workout.type === "Rest" || workout.isEventDay) return null;
  return "Ride";
}

/** The week's workouts that can be matched (the denominator of "Workouts done"). */
export function plannedWorkoutCount(week: Pick<PlanWeek, "workouts">): number {
  return week.workouts.filter((w) => workoutSport(w) !== null).length;
}

/**
 * The keys of the week's workouts matched by an activity of their sport on
 * their day; `sportsOn(day)` names the sport groups recorded on a calendar day
 * (YYYY-MM-DD, the activity's local start day).
 */
export function matchWorkouts(
  week: Pick<PlanWeek, "week" | "startDate" | "workouts">,
  sportsOn: (day: string) => readonly string[],
): string[] {
  return week.workouts.flatMap((workout, dayIndex) => {
    const sport = workoutSport(workout);
    if (sport === null) return [];
    return sportsOn(workoutDate(week.startDate, dayIndex)).includes(sport)
      ? [workoutKey(week.week, dayIndex, workout.type)]
      : [];
  });
}

/** A plan's adherence: matched workouts over the workouts that can be matched, all weeks together. */
export function planAdherence(
  weeks: readonly (Pick<PlanWeek, "workouts"> & { matchedWorkouts: readonly string[] })[],
): { done: number; planned: number } {
  return {
    done: weeks.reduce((n, w) => n + w.matchedWorkouts.length, 0),
    planned: weeks.reduce((n, w) => n + plannedWorkoutCount(w), 0),
  };
}
