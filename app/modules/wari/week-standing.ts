/** Where the member is against the plan: each week's ridden km against its goal (decision 024). */
import { PLAN_RULES } from "./plan-volumes";
import type { PlanWeek } from "./plan-types";

/** A finished week under this share of its goal lowers the current week's goal (decision 024). */
export const ADAPT_BELOW_SHARE = 0.7;

export type WeekStatus = "done" | "short" | "missed" | "current" | "upcoming";

export interface WeekStanding {
  week: number;
  /** km ridden in the week's dates (synced and uploaded rides). */
  riddenKm: number;
  longestRideKm: number;
  status: WeekStatus;
  /** The current week's lowered goal after a short week; null when the plan's goal stands. */
  adjustedGoalKm: number | null;
}

/**
 * Each week's ridden km against its goal. Goals are never rewritten, so a
 * missed week's km never move onto the next; when the last finished week
 * fell under ADAPT_BELOW_SHARE of its goal, the current week's goal becomes
 * 110% of the best of the last two finished weeks (at least the plan's start,
 * at most its goal). The event week keeps its goal.
 */
export function weekStanding(
  schedule: readonly Pick<PlanWeek, "week" | "weeklyGoalKm">[],
  ridden: readonly { km: number; longestKm: number }[],
  current: number,
  startWeeklyKm: number,
): WeekStanding[] {
  return schedule.map((w, i) => {
    const { km, longestKm } = ridden[i] ?? { km: 0, longestKm: 0 };
    const share = w.weeklyGoalKm > 0 ? km / w.weeklyGoalKm : 1;
    let status: WeekStatus =
      i < current ? (share >= 0.9 ? "done" : share >= 0.5 ? "short" : "missed") : "upcoming";
    let adjustedGoalKm: number | null = null;
    if (i === current) {
      status = "current";
      const last = schedule[i - 1];
      const lastKm = ridden[i - 1]?.km ?? 0;
      if (last && i < schedule.length - 1 && lastKm < ADAPT_BELOW_SHARE * last.weeklyGoalKm) {
        const best = Math.max(lastKm, ridden[i - 2]?.km ?? 0);
        const adjusted = Math.max(
          Math.floor(best * (1 + PLAN_RULES.weeklyGrowth)),
          Math.min(startWeeklyKm, w.weeklyGoalKm),
        );
        if (adjusted < w.weeklyGoalKm) adjustedGoalKm = adjusted;
      }
    }
    return { week: w.week, riddenKm: km, longestRideKm: longestKm, status, adjustedGoalKm };
  });
}
