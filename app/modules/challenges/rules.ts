/** Pure challenge rules shared by server and UI. */

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
