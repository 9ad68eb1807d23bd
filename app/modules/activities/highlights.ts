/**
 * The pure parts of the dashboard's highlights (highlights.server.ts): which
 * records there are, the minimum distance a "fastest" counts from, and the
 * calendar days the year comparison and the weekly strip cover.
 */
import type { DashboardSport } from "~/modules/sports/sports";

export const RECORD_METRICS = ["distance", "time", "climb", "fastest"] as const;
export type RecordMetric = (typeof RECORD_METRICS)[number];

/** A "fastest" needs a real effort: a 300 m ride or a 100 m jog is not a record. */
export const FASTEST_MIN_METRES: Partial<Record<DashboardSport, number>> = {
  Ride: 20_000,
  Run: 5_000,
  Swim: 400,
  Walk: 3_000,
  Hike: 5_000,
};

/** Weeks on the consistency strip, this one included. */
export const STRIP_WEEKS = 16;

export interface HighlightDates {
  /** Today on the community's clock (India), YYYY-MM-DD. */
  today: string;
  thisYearStart: string;
  lastYearStart: string;
  /** The same day of the year last year (28 Feb for 29 Feb). */
  lastYearSameDay: string;
  /** The Monday STRIP_WEEKS - 1 weeks before this week's Monday. */
  firstWeekStart: string;
}

const INDIA_OFFSET_MS = 330 * 60_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

export function highlightDates(now: Date): HighlightDates {
  const local = new Date(now.getTime() + INDIA_OFFSET_MS);
  const today = day(local);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  // Date.UTC rolls 29 Feb over to 1 Mar in a common year: take the month's last day instead.
  const lastDayOfMonth = new Date(Date.UTC(year - 1, month + 1, 0)).getUTCDate();
  const sameDay = new Date(Date.UTC(year - 1, month, Math.min(local.getUTCDate(), lastDayOfMonth)));
  const monday = new Date(Date.UTC(year, month, local.getUTCDate() - ((local.getUTCDay() + 6) % 7)));
  const firstWeek = new Date(monday.getTime() - (STRIP_WEEKS - 1) * 7 * 86_400_000);
  return {
    today,
    thisYearStart: `${year}-01-01`,
    lastYearStart: `${year - 1}-01-01`,
    lastYearSameDay: day(sameDay),
    firstWeekStart: day(firstWeek),
  };
}

/** "+12.5 %" / "−3 %" / "new" when last year had nothing; null when both are zero. */
export function yearChange(
  thisYear: number,
  lastYear: number,
): { percent: number | null; direction: "up" | "down" | "same" } | null {
  if (thisYear === 0 && lastYear === 0) return null;
  if (lastYear === 0) return { percent: null, direction: "up" };
  const percent = Math.round(((thisYear - lastYear) / lastYear) * 1000) / 10;
  return { percent, direction: percent > 0 ? "up" : percent < 0 ? "down" : "same" };
}

/** The strip's shade of a week: the number of active days, 4 and more alike. */
export const weekLevel = (activeDays: number) => Math.min(4, activeDays);
