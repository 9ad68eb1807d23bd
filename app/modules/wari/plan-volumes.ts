/**
 * The periodised plan's numbers (decision 024): where the plan starts from the
 * member's recent rides, the weekly shape (load, recovery, taper, event), the
 * weekly volumes and long rides, and whether the plan prepares the event.
 * The rules, their numbers and why: docs/decisions/024-wari-periodisation.md.
 */
import { DEFAULT_DISTANCE_KM } from "./edition";
import { PHASES, type Phase, type PlanAssessment } from "./plan-types";
import type { Category } from "./readiness";
import { clamp } from "./units";

export const PLAN_WEEKS = { min: 12, max: 16 } as const;

/** Per category: plan length (12-16 weeks) and riding speed (km/h) for the workouts' durations. */
export const PLAN_PROFILE: Record<Category, { weeks: number; speedKmh: number }> = {
  Beginner: { weeks: 16, speedKmh: 20 },
  Intermediate: { weeks: 14, speedKmh: 23 },
  Advanced: { weeks: 13, speedKmh: 26 },
  Elite: { weeks: 12, speedKmh: 28 },
};

/** The numbers of the periodised plan (decision 024). */
export const PLAN_RULES = {
  /** A loading week is at most this much above the biggest week before it. */
  weeklyGrowth: 0.1,
  /** The long ride grows by this much a week (the guidance is +10-15%). */
  longGrowth: 0.12,
  /** No week before the taper asks more than this (km); a member above it holds their volume. */
  peakWeeklyKm: 250,
  maxWeeklyKm: 300,
  /** The long ride grows toward this (km) and never past LONG_RIDE_MAX_KM, well under the event. */
  longTargetKm: 180,
  longMaxKm: 200,
  /** In any week the long ride is at most this share of the week. */
  longMaxShare: 0.7,
  /** Every fourth loading week is a recovery week at these shares of the week before. */
  recoveryEvery: 4,
  recoveryVolume: 0.7,
  recoveryLong: 0.75,
  /** The week before the event: this share of the biggest week and long ride. */
  taperShare: 0.6,
  /** The floor of a starting point: two short rides a week. */
  minWeeklyKm: 20,
  minLongKm: 10,
  /** The long ride's starting point: this percentile (nearest rank, lower) of the recent rides. */
  longPercentile: 0.8,
} as const;
/** A longest training ride of at least this prepares a 250 km day (about two thirds of it). */
export const READY_LONG_RIDE_KM = 160;
/** A realistic one-day distance is about 1.5 times the longest training ride. */
export const REALISTIC_TARGET_FACTOR = 1.5;

/** What the plan starts from: the recent weeks' km and the recent rides' km (decision 024). */
export interface PlanBasis {
  /** km per week for the last 8-12 weeks (any order). */
  weeklyKm: readonly number[];
  /** km of each ride in the same weeks. */
  rideKm: readonly number[];
}

const finiteKm = (values: readonly number[]) => values.filter((v) => Number.isFinite(v) && v > 0);

/**
 * The robust weekly volume: the mean of the weeks after dropping the single
 * biggest (one outlier week cannot lift it by more than that week's
 * predecessor in rank ÷ (weeks - 1)).
 */
export function robustWeeklyKm(weeklyKm: readonly number[]): number {
  const weeks = weeklyKm.map((v) => (Number.isFinite(v) && v > 0 ? v : 0)).sort((a, b) => a - b);
  const kept = weeks.length > 1 ? weeks.slice(0, -1) : weeks;
  return kept.length ? kept.reduce((s, v) => s + v, 0) / kept.length : 0;
}

/** The recent long ride: the 80th percentile (nearest lower rank) of the rides, never the maximum of two or more. */
export function robustLongRideKm(rideKm: readonly number[]): number {
  const rides = finiteKm(rideKm).sort((a, b) => a - b);
  if (!rides.length) return 0;
  return rides[Math.floor(PLAN_RULES.longPercentile * (rides.length - 1))]!;
}

/** The plan's first week: the robust volume and long ride, within the floors and caps. */
export function startingPoint(basis: PlanBasis): { weeklyKm: number; longRideKm: number } {
  const weeklyKm = Math.round(
    clamp(robustWeeklyKm(basis.weeklyKm), PLAN_RULES.minWeeklyKm, PLAN_RULES.maxWeeklyKm),
  );
  const longRideKm = Math.round(
    clamp(
      robustLongRideKm(basis.rideKm),
      PLAN_RULES.minLongKm,
      Math.min(PLAN_RULES.longMaxKm, weeklyKm * PLAN_RULES.longMaxShare),
    ),
  );
  return { weeklyKm, longRideKm };
}

/** The weekly structure of the plan: 'load' and 'recovery' weeks, then the taper week and the event week. */
export type WeekKind = "load" | "recovery" | "taper" | "event";

export function planShape(weeks: number): { kind: WeekKind; phase: Phase }[] {
  const loading = weeks - 2;
  const peakFrom = loading - 2; // the last two loading weeks are the peak
  const baseWeeks = Math.ceil(peakFrom * 0.45);
  return Array.from({ length: weeks }, (_, i) => {
    if (i === weeks - 1) return { kind: "event", phase: PHASES.taper };
    if (i === weeks - 2) return { kind: "taper", phase: PHASES.taper };
    if (i >= peakFrom) return { kind: "load", phase: PHASES.peak };
    const phase = i < baseWeeks ? PHASES.base : PHASES.endurance;
    return { kind: (i + 1) % PLAN_RULES.recoveryEvery === 0 ? "recovery" : "load", phase };
  });
}

/** The event week's rides besides the event: the openers (20 km) and three easy spins (15 km). */
const EVENT_WEEK_EXTRA_KM = 20 + 15 * 3;

/** The weekly volumes and long rides of a plan of `weeks` weeks from a starting point (the event week excluded). */
export function planVolumes(
  weeks: number,
  start: { weeklyKm: number; longRideKm: number },
  distanceKm: number = DEFAULT_DISTANCE_KM,
): { kind: WeekKind; phase: Phase; weeklyKm: number; longRideKm: number }[] {
  const shape = planShape(weeks);
  const weeklyCap = Math.max(PLAN_RULES.peakWeeklyKm, Math.min(start.weeklyKm, PLAN_RULES.maxWeeklyKm));
  const longCap = Math.min(PLAN_RULES.longMaxKm, Math.max(PLAN_RULES.longTargetKm, start.longRideKm));
  let loadKm = start.weeklyKm; // the last loading week
  let loadLong = start.longRideKm;
  let biggest = 0;
  let biggestLong = 0;
  return shape.map(({ kind, phase }, i) => {
    let weeklyKm: number;
    let longRideKm: number;
    if (kind === "load") {
      weeklyKm =
        i === 0 ? start.weeklyKm : Math.min(Math.floor(loadKm * (1 + PLAN_RULES.weeklyGrowth)), weeklyCap);
      weeklyKm = Math.max(weeklyKm, Math.min(loadKm, weeklyCap));
      longRideKm =
        i === 0 ? start.longRideKm : Math.min(Math.floor(loadLong * (1 + PLAN_RULES.longGrowth)), longCap);
      longRideKm = Math.min(longRideKm, Math.floor(weeklyKm * PLAN_RULES.longMaxShare));
      loadKm = weeklyKm;
      loadLong = longRideKm;
    } else if (kind === "recovery") {
      weeklyKm = Math.round(loadKm * PLAN_RULES.recoveryVolume);
      longRideKm = Math.min(
        Math.round(loadLong * PLAN_RULES.recoveryLong),
        Math.floor(weeklyKm * PLAN_RULES.longMaxShare),
      );
    } else if (kind === "taper") {
      weeklyKm = Math.round(biggest * PLAN_RULES.taperShare);
      longRideKm = Math.min(
        Math.round(biggestLong * PLAN_RULES.taperShare),
        Math.floor(weeklyKm * PLAN_RULES.longMaxShare),
      );
    } else {
      weeklyKm = distanceKm + EVENT_WEEK_EXTRA_KM;
      longRideKm = distanceKm;
    }
    if (kind !== "event") {
      biggest = Math.max(biggest, weeklyKm);
      biggestLong = Math.max(biggestLong, longRideKm);
    }
    return { kind, phase, weeklyKm, longRideKm };
  });
}

/** Whether the plan prepares the event, and if not, a realistic one-day target said plainly. */
export function assessPlan(
  start: { weeklyKm: number; longRideKm: number },
  peakLongRideKm: number,
  distanceKm: number = DEFAULT_DISTANCE_KM,
): PlanAssessment {
  const eventReady = peakLongRideKm >= READY_LONG_RIDE_KM;
  const realisticTargetKm = eventReady
    ? distanceKm
    : Math.min(distanceKm, Math.max(20, Math.floor((peakLongRideKm * REALISTIC_TARGET_FACTOR) / 10) * 10));
  const from = `Your plan starts from your recent ${start.weeklyKm} km a week and a long ride of ${start.longRideKm} km`;
  const message = eventReady
    ? `${from}, and builds safely to a ${peakLongRideKm} km long ride: enough to prepare the ${distanceKm} km day.`
    : `${from}. Built safely (at most 10% more a week), it reaches a ${peakLongRideKm} km long ride by the event: ` +
      `short of the ${READY_LONG_RIDE_KM} km that prepares a ${distanceKm} km day. ` +
      `A realistic target this year is a ride of about ${realisticTargetKm} km; keep building for the next edition.`;
  return {
    startWeeklyKm: start.weeklyKm,
    startLongRideKm: start.longRideKm,
    peakLongRideKm,
    eventReady,
    realisticTargetKm,
    message,
  };
}
