/**
 * GET /api/wari/analysis/user: SQL aggregates (activities' rideAnalysisQueries)
 * over the member's cycling activities (the dashboard's Ride group: Ride, VirtualRide, MountainBikeRide,
 * GravelRide), two statements in one D1 batch on the (user_id, …) indexes.
 *
 * Windows (decision 012):
 * - currentYearCyclingKm: 1 January of the current year in India (IST, the club's and the ride's
 *   clock: 31 December 18:30 UTC) until now;
 * - weeklyAverageCyclingKm, activeCyclingDays, consistencyScore,
 *   otherSportsActive and weeklyDistances: the last 12 weeks (84 days) until now;
 *   the weekly average is that window's km divided by 12;
 * - longestRideKm: the longest single ride of the last 365 days;
 * - totalLifetimeCyclingKm: every ride.
 */
import type { AppContext } from "~workers/load-context";
import { CLUB_TIME_ZONE, fromLocalInput, toLocalInput } from "~/lib/format";
import { rideAnalysisQueries } from "~/modules/activities/queries.server";
import { recommendationsFor } from "./coaching";
import { ANALYSIS_WINDOW_WEEKS, type Category, consistencyScore, readinessOf } from "./readiness";

const DAY_MS = 86_400_000;
const WEEK_SECONDS = 7 * 86_400;

export interface ActivityAnalysis {
  currentYearCyclingKm: number;
  weeklyAverageCyclingKm: number;
  longestRideKm: number;
  totalLifetimeCyclingKm: number;
  activeCyclingDays: number;
  consistencyScore: number;
  otherSportsActive: boolean;
  category: Category;
  readiness: number;
  cyclingActivityCount: number;
  /** Every activity of the member, any sport (0: the first-run card instead of the analysis). */
  activityCount: number;
  /** The 12-week window's km per week, oldest first. */
  weeklyDistances: { weekStart: string; km: number }[];
  recommendations: string[];
  window: { weeks: number; since: string; until: string };
}

/** Midnight of 1 January, in India, of the year it is in India at `now` (issue #38). */
function yearStartInIndia(now: Date): Date {
  const year = toLocalInput(now, CLUB_TIME_ZONE).slice(0, 4);
  return fromLocalInput(`${year}-01-01T00:00`, CLUB_TIME_ZONE) ?? now;
}

export function analysisWindow(now: Date) {
  return {
    since: new Date(now.getTime() - ANALYSIS_WINDOW_WEEKS * 7 * DAY_MS),
    yearStart: yearStartInIndia(now),
    longestSince: new Date(now.getTime() - 365 * DAY_MS),
  };
}

const km = (metres: number, digits = 1) => Math.round((metres / 1000) * 10 ** digits) / 10 ** digits;

export async function getActivityAnalysis(app: AppContext, userId: number): Promise<ActivityAnalysis> {
  const now = app.now();
  const windows = analysisWindow(now);
  const { since } = windows;
  const [[lifetime], [recent], weekly] = await app.db.batch(
    rideAnalysisQueries(app.db, userId, {
      now,
      ...windows,
      weeks: ANALYSIS_WINDOW_WEEKS,
      weekSeconds: WEEK_SECONDS,
    }),
  );
  const t = lifetime && recent ? { ...lifetime, ...recent } : undefined;
  const metrics = {
    currentYearCyclingKm: km(t?.year ?? 0),
    weeklyAverageCyclingKm: km((t?.window ?? 0) / ANALYSIS_WINDOW_WEEKS),
    longestRideKm: km(t?.longest ?? 0),
    totalLifetimeCyclingKm: km(t?.lifetime ?? 0),
    activeCyclingDays: t?.activeDays ?? 0,
    consistencyScore: consistencyScore(t?.activeWeeks ?? 0),
    otherSportsActive: (t?.otherSports ?? 0) > 0,
  };
  const perBucket = new Map(weekly.map((w) => [w.bucket, w.metres]));
  return {
    ...metrics,
    ...readinessOf(metrics),
    cyclingActivityCount: t?.rides ?? 0,
    activityCount: t?.all ?? 0,
    weeklyDistances: Array.from({ length: ANALYSIS_WINDOW_WEEKS }, (_, i) => ({
      weekStart: new Date(since.getTime() + i * 7 * DAY_MS).toISOString(),
      km: km(perBucket.get(i) ?? 0),
    })),
    recommendations: recommendationsFor(metrics),
    window: { weeks: ANALYSIS_WINDOW_WEEKS, since: since.toISOString(), until: now.toISOString() },
  };
}
