/**
 * A plan's days (spec part 2 §3): the intensity scale, workout keys, the
 * current week and a workout's calendar day.
 */
import { clamp, DAY_MS, WEEK_MS } from "./units";

export const INTENSITY_LABELS = ["Rest", "Very Easy", "Easy", "Moderate", "Hard", "Very Hard"] as const;

export function intensityLabel(intensity: number): string {
  return INTENSITY_LABELS[clamp(Math.round(intensity), 0, 5)]!;
}

/** `week{n}_day{index}_{type}` (§3). */
export function workoutKey(week: number, dayIndex: number, type: string): string {
  return `week${week}_day${dayIndex}_${type}`;
}

export function parseWorkoutKey(key: string): { week: number; dayIndex: number; type: string } | null {
  const match = /^week([1-9]\d{0,2})_day([0-6])_(.{1,40})$/.exec(key);
  return match ? { week: Number(match[1]), dayIndex: Number(match[2]), type: match[3]! } : null;
}

/** Whole weeks since the plan's start, clamped to [0, last week]. */
export function currentWeekIndex(planStart: Date | string, weekCount: number, now: Date): number {
  if (weekCount <= 0) return 0;
  const weeks = Math.floor((now.getTime() - new Date(planStart).getTime()) / WEEK_MS);
  return clamp(weeks, 0, weekCount - 1);
}

/** The calendar day (YYYY-MM-DD, UTC) of a week's day. */
export function workoutDate(weekStart: string, dayIndex: number): string {
  return new Date(Date.parse(weekStart) + dayIndex * DAY_MS).toISOString().slice(0, 10);
}
