/**
 * The advice the analysis view gives (spec part 2 §9): guidance per category
 * and tips from the recommendation thresholds.
 */
import { formatKmNumber } from "~/lib/format";
import { DEFAULT_DISTANCE_KM } from "./edition";
import type { Category, ReadinessInput } from "./readiness";

export const RECOMMENDED_WEEKLY_KM = { min: 80, max: 100 } as const;
export const LONGEST_RIDE_MIN_KM = 100;
/** Recommendation thresholds (§9). */
export const THRESHOLDS = { longestRideShareOfGoal: 0.5, consistency: 70, weeklyAverageKm: 80 } as const;

/** Each category's advice around the member's own weekly distance (see `guidanceFor`). */
const CATEGORY_ADVICE: Record<Category, { lead: string; then: string }> = {
  Beginner: {
    lead: "Build a base: ride three or four times a week, mostly at an easy pace.",
    then: "lengthen one ride each week",
  },
  Intermediate: { lead: "Good foundation.", then: "extend your long ride by 10-15% each week" },
  Advanced: {
    lead: "Strong form.",
    then: "add tempo work, and rehearse rides of 150 km or more with your event nutrition",
  },
  Elite: {
    lead: "Event-ready fitness.",
    then: "sharpen with intervals, and taper well in the final two weeks",
  },
};

/**
 * The category's guidance, told against the member's weekly average so it
 * never contradicts the number beside it (issue #37 item 5): under the
 * recommended range it asks to grow toward it, inside it to keep it, above it
 * to hold the volume (never "grow toward 80-100 km" next to a 192 km week).
 */
export function guidanceFor(category: Category, a: Pick<ReadinessInput, "weeklyAverageCyclingKm">): string {
  const { min, max } = RECOMMENDED_WEEKLY_KM;
  const range = `${min}-${max} km`;
  const avg = Number.isFinite(a.weeklyAverageCyclingKm) ? Math.max(0, a.weeklyAverageCyclingKm) : 0;
  const km = formatKmNumber(avg);
  const weekly =
    avg <= 0
      ? `Grow your weekly distance toward the recommended ${range}`
      : avg < min
        ? `Grow your weekly distance from ${km} km toward the recommended ${range}`
        : avg <= max
          ? `Keep your weeks of about ${km} km, within the recommended ${range}`
          : `Hold your ${km} km weeks, already above the recommended ${range}`;
  const { lead, then } = CATEGORY_ADVICE[category];
  return `${lead} ${weekly}, and ${then}.`;
}

/** §9's recommendation thresholds, as advice for the analysis view. */
export function recommendationsFor(
  a: Pick<ReadinessInput, "longestRideKm" | "consistencyScore" | "weeklyAverageCyclingKm">,
  distanceKm: number = DEFAULT_DISTANCE_KM,
): string[] {
  const tips: string[] = [];
  if (a.longestRideKm < distanceKm * THRESHOLDS.longestRideShareOfGoal) {
    tips.push(
      `Lengthen your long ride by 10-15% each week: your longest is under half of the ${distanceKm} km goal.`,
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
