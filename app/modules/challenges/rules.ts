/** Pure challenge rules shared by server and UI. */

/**
 * A challenge's target in its goal's unit (decision 043): distance keeps the
 * spec's targetDistance (metres); the other goals their own `target`.
 */
export function goalTarget(c: { goalType: string; targetDistance: number | null; target: number | null }) {
  return c.goalType === "distance" ? c.targetDistance : c.target;
}

/** The goals' names and the unit the admin form takes each target in (issue #39 item 1). */
export const GOAL_FORM: Record<string, { name: string; unit: string; factor: number }> = {
  distance: { name: "Distance", unit: "km", factor: 1000 },
  elevation: { name: "Elevation", unit: "metres climbed", factor: 1 },
  time: { name: "Moving time", unit: "hours", factor: 3600 },
  days: { name: "Active days", unit: "days", factor: 1 },
  count: { name: "Activities", unit: "activities", factor: 1 },
  longest: { name: "Longest single activity", unit: "km", factor: 1000 },
  group: { name: "Club total, together", unit: "km", factor: 1000 },
};

/** The measures a group goal adds up (decision 049), with the form's names. */
export const GROUP_FORM: Record<string, string> = {
  distance: "Distance",
  elevation: "Elevation",
  time: "Moving time",
};

/** The form's unit key of a goal: a group goal's measure (distance by default), else the goal itself. */
export const formGoal = (goalType: string, groupOf: string | null | undefined) =>
  goalType === "group" ? groupOf || "distance" : goalType;

/** A target as typed on the form (km, metres, hours, days, activities) → the API's unit; blank → null. */
export function targetFromForm(goalType: string, text: string): number | string | null {
  const raw = text.trim();
  if (raw === "") return null;
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw;
  const factor = GOAL_FORM[goalType]?.factor ?? 1;
  return factor === 1 ? value : Math.round(value * factor);
}

/** A stored target (API unit) as the form shows it: 18000 s → 5 (hours); null → "". */
export function targetToForm(goalType: string, target: number | null | undefined): number | "" {
  if (target === null || target === undefined) return "";
  return target / (GOAL_FORM[goalType]?.factor ?? 1);
}

/** progress / targetDistance as a percentage, clamped to 0..100; 0 without a target. */
export function progressPercent(
  progressMetres: number,
  targetDistanceMetres: number | null | undefined,
): number {
  if (!targetDistanceMetres || targetDistanceMetres <= 0) return 0;
  const percent = (progressMetres / targetDistanceMetres) * 100;
  return Math.min(100, Math.max(0, Math.round(percent * 10) / 10));
}

/** 'X days left', 'X hours left', 'Ended' (relative to endDate). */
export function timeRemaining(endDate: string | Date, now: Date = new Date()): string {
  const ms = new Date(endDate).getTime() - now.getTime();
  if (ms <= 0) return "Ended";
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 24) return hours <= 1 ? "Less than an hour left" : `${hours} hours left`;
  const days = Math.floor(hours / 24);
  return days === 1 ? "1 day left" : `${days} days left`;
}

/** Metres as km with one decimal. */
export const km1 = (metres: number | null | undefined) => ((metres ?? 0) / 1000).toFixed(1);

/** Seconds as 'H h M min'. */
export function hoursMinutes(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.round((seconds % 3600) / 60);
  return h ? `${h} h ${m} min` : `${m} min`;
}
