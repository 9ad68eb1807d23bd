/**
 * Readiness (spec part 2 §4): the member's category from their rides, its
 * default readiness, the consistency score, and the one category a page shows.
 */
import { clamp } from "./units";

/** The analysis window for the weekly average, consistency, active days and other sports. */
export const ANALYSIS_WINDOW_WEEKS = 12;

export const CATEGORIES = ["Beginner", "Intermediate", "Advanced", "Elite"] as const;
export type Category = (typeof CATEGORIES)[number];
export const READINESS: Record<Category, number> = {
  Beginner: 20,
  Intermediate: 45,
  Advanced: 70,
  Elite: 90,
};

export interface ReadinessInput {
  currentYearCyclingKm: number;
  weeklyAverageCyclingKm: number;
  longestRideKm: number;
  consistencyScore: number;
  otherSportsActive: boolean;
}

/** §4: Elite, else Advanced, else Intermediate, else Beginner. */
export function categorize(a: ReadinessInput): Category {
  if (
    a.currentYearCyclingKm > 1000 &&
    a.weeklyAverageCyclingKm > 100 &&
    a.longestRideKm > 120 &&
    a.consistencyScore > 80
  )
    return "Elite";
  if (
    a.currentYearCyclingKm >= 500 &&
    a.weeklyAverageCyclingKm > 60 &&
    a.longestRideKm > 80 &&
    a.consistencyScore > 60
  )
    return "Advanced";
  if (
    a.currentYearCyclingKm >= 200 ||
    (a.otherSportsActive && a.currentYearCyclingKm > 100) ||
    a.longestRideKm > 50
  )
    return "Intermediate";
  return "Beginner";
}

export const isCategory = (value: unknown): value is Category =>
  (CATEGORIES as readonly unknown[]).includes(value);

/** A server-supplied category and readiness take precedence; otherwise the rule and its default readiness. */
export function readinessOf(a: ReadinessInput & { category?: string | null; readiness?: number | null }): {
  category: Category;
  readiness: number;
} {
  const category = isCategory(a.category) ? a.category : categorize(a);
  const readiness =
    typeof a.readiness === "number" && Number.isFinite(a.readiness)
      ? clamp(Math.round(a.readiness), 0, 100)
      : READINESS[category];
  return { category, readiness };
}

/**
 * Consistency 0-100: the share of the last ANALYSIS_WINDOW_WEEKS weeks with at
 * least one cycling activity (11 of 12 weeks → 92).
 */
export function consistencyScore(activeWeeks: number, windowWeeks = ANALYSIS_WINDOW_WEEKS): number {
  if (windowWeeks <= 0) return 0;
  return clamp(Math.round((100 * activeWeeks) / windowWeeks), 0, 100);
}

/**
 * The one category a page shows (issue #20): the stored one (the plan's, or
 * the registration's) wins, as spec §4 lets a supplied category win, with its
 * default readiness; without one, the rule applied to the member's rides.
 */
export function pageCategory(
  analysis: ReadinessInput,
  stored: string | null | undefined,
): { category: Category; readiness: number; source: "plan" | "rides" } {
  if (isCategory(stored)) return { category: stored, readiness: READINESS[stored], source: "plan" };
  return { ...readinessOf({ ...analysis, category: null, readiness: null }), source: "rides" };
}
