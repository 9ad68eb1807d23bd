/** The small arithmetic the Wari rules share: day lengths and clamping. */

export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

export function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
