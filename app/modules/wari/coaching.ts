/**
 * The advice the analysis view gives (spec part 2 §9): guidance per category
 * and tips from the recommendation thresholds.
 */
import { EVENT_DISTANCE_KM } from "./edition";
import type { Category, ReadinessInput } from "./readiness";

export const RECOMMENDED_WEEKLY_KM = { min: 80, max: 100 } as const;
export const LONGEST_RIDE_MIN_KM = 100;
/** Recommendation thresholds (§9). */
export const THRESHOLDS = { longestRideShareOfGoal: 0.5, consistency: 70, weeklyAverageKm: 80 } as const;

export const CATEGORY_GUIDANCE: Record<Category, string> = {
  Beginner:
    "Build a base: ride three or four times a week, mostly at an easy pace, and lengthen one ride each week.",
  Intermediate:
    "Good foundation. Grow your weekly distance toward 80-100 km and extend your long ride by 10-15% each week.",
  Advanced:
    "Strong form. Keep 80-100 km weeks, add tempo work, and rehearse rides of 150 km or more with your event nutrition.",
  Elite:
    "Event-ready fitness. Hold your volume, sharpen with intervals, and taper well in the final two weeks.",
};

/** §9's recommendation thresholds, as advice for the analysis view. */
export function recommendationsFor(
  a: Pick<ReadinessInput, "longestRideKm" | "consistencyScore" | "weeklyAverageCyclingKm">,
): string[] {
  const tips: string[] = [];
  if (a.longestRideKm < EVENT_DISTANCE_KM * THRESHOLDS.longestRideShareOfGoal) {
    tips.push(
      `Lengthen your long ride by 10-15% each week: your longest is under half of the ${EVENT_DISTANCE_KM} km goal.`,
    );
  }
  if (a.consistencyScore < THRESHOLDS.consistency)
    tips.push("Ride more regularly: aim for at least three rides every week.");
  if (a.weeklyAverageCyclingKm < THRESHOLDS.weeklyAverageKm) {
    tips.push(
      `Raise your weekly distance toward the recommended ${RECOMMENDED_WEEKLY_KM.min}-${RECOMMENDED_WEEKLY_KM.max} km.`,
    );
  }
  return tips;
}
