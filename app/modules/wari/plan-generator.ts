/**
 * The training plan generator (spec part 2 §3, decision 024): the weeks'
 * workouts by weekday, the event week, and the whole plan ending on the event day.
 */
import type { Edition } from "./edition";
import { PHASES, type GeneratedPlan, type PlanWeek, type Workout } from "./plan-types";
import {
  assessPlan,
  PLAN_PROFILE,
  PLAN_WEEKS,
  planVolumes,
  startingPoint,
  type PlanBasis,
} from "./plan-volumes";
import { ANALYSIS_WINDOW_WEEKS, readinessOf, type ReadinessInput } from "./readiness";
import { clamp, DAY_MS, WEEK_MS } from "./units";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const minutes = (km: number, speedKmh: number) => Math.max(15, Math.round(((km / speedKmh) * 60) / 5) * 5);
/** A ride shorter than this becomes a rest day (its km go to the week's other rides). */
const MIN_RIDE_KM = 5;

type RideSlot = { type: string; intensity: number; share: number; text: string };
type Slot = RideSlot | "rest" | "long";
const RECOVERY: RideSlot = {
  type: "Recovery Ride",
  intensity: 1,
  share: 0.15,
  text: "Easy spin, legs loose",
};
const ENDURANCE: RideSlot = {
  type: "Endurance",
  intensity: 2,
  share: 0.35,
  text: "Steady endurance ride at a conversational pace",
};
/** The training week by weekday (0 Sunday … 6 Saturday); shares split the km left after the long ride. */
const WEEK_PATTERN: Record<"base" | "build" | "recovery" | "taper", Slot[]> = {
  base: [
    RECOVERY,
    "rest",
    { type: "Cadence Drills", intensity: 2, share: 0.25, text: "High-cadence drills at an easy effort" },
    ENDURANCE,
    { type: "Tempo", intensity: 3, share: 0.25, text: "Tempo blocks at a comfortably hard effort" },
    "rest",
    "long",
  ],
  build: [
    RECOVERY,
    "rest",
    { type: "Intervals", intensity: 4, share: 0.25, text: "5 × 5 minutes hard with 3 minutes easy between" },
    ENDURANCE,
    {
      type: "Tempo",
      intensity: 3,
      share: 0.25,
      text: "Sustained tempo, practise eating and drinking on the bike",
    },
    "rest",
    "long",
  ],
  recovery: [
    { ...RECOVERY, share: 0.3 },
    "rest",
    "rest",
    { ...ENDURANCE, share: 0.4, text: "Easy endurance ride: a lighter week to absorb the training" },
    { type: "Easy Spin", intensity: 1, share: 0.3, text: "Relaxed ride to keep the legs fresh" },
    "rest",
    "long",
  ],
  taper: [
    { ...RECOVERY, share: 0.2 },
    "rest",
    { type: "Intervals", intensity: 3, share: 0.25, text: "Short, sharp efforts: 3 × 3 minutes" },
    { ...ENDURANCE, text: "Steady ride, shorter than usual" },
    { type: "Easy Spin", intensity: 1, share: 0.2, text: "Relaxed ride to keep the legs fresh" },
    "rest",
    "long",
  ],
};

const REST_DAY = (day: string): Workout => ({
  day,
  type: "Rest",
  description: "Rest day: recover, stretch and sleep well",
  duration: 0,
  intensity: 0,
  isEventDay: false,
});

function buildWorkouts(
  startMs: number,
  pattern: Slot[],
  weeklyKm: number,
  longKm: number,
  speedKmh: number,
): Workout[] {
  const restKm = Math.max(0, weeklyKm - longKm);
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(startMs + i * DAY_MS).getUTCDay());
  // Drop the smallest rides while any would be shorter than MIN_RIDE_KM: a low-volume week has fewer, real rides.
  let rides = weekdays.map((d) => pattern[d]!).filter((s): s is RideSlot => typeof s === "object");
  const shareOf = (list: RideSlot[]) => list.reduce((s, r) => s + r.share, 0);
  while (rides.length && rides.some((r) => (restKm * r.share) / shareOf(rides) < MIN_RIDE_KM)) {
    const smallest = rides.reduce((a, b) => (b.share < a.share ? b : a));
    rides = rides.filter((r) => r !== smallest);
  }
  const total = shareOf(rides);
  return weekdays.map((weekday) => {
    const day = DAY_NAMES[weekday]!;
    const slot = pattern[weekday]!;
    if (slot === "long") {
      return {
        day,
        type: "Long Ride",
        description: `Long ride of ${longKm} km at a steady, sustainable pace`,
        duration: minutes(longKm, speedKmh),
        intensity: 3,
        isEventDay: false,
      };
    }
    if (slot === "rest" || !rides.includes(slot)) return REST_DAY(day);
    const km = Math.round((restKm * slot.share) / total);
    return {
      day,
      type: slot.type,
      description: `${slot.text} (${km} km)`,
      duration: minutes(km, speedKmh),
      intensity: slot.intensity,
      isEventDay: false,
    };
  });
}

/** What a plan needs of its edition: the year, the name, the ride day and the distance. */
export type PlanEdition = Pick<Edition, "year" | "name" | "rideDate" | "distanceKm">;

/** The event week: short openers, rest, then the event on its day (the last day of the plan). */
function eventWeekWorkouts(
  startMs: number,
  eventMs: number,
  speedKmh: number,
  edition: PlanEdition,
): Workout[] {
  return Array.from({ length: 7 }, (_, i) => {
    const dayMs = startMs + i * DAY_MS;
    const day = DAY_NAMES[new Date(dayMs).getUTCDay()]!;
    const untilEvent = Math.round((eventMs - dayMs) / DAY_MS);
    if (untilEvent === 0) {
      return {
        day,
        type: "Event",
        description: `${edition.name}: ${edition.distanceKm} km in one day. Start steady, eat and drink early.`,
        duration: minutes(edition.distanceKm, speedKmh),
        intensity: 5,
        isEventDay: true,
      };
    }
    if (untilEvent === 1 || untilEvent === 5) return REST_DAY(day);
    if (untilEvent === 3)
      return {
        day,
        type: "Openers",
        description: "Short ride with 3 × 1 minute brisk efforts (20 km)",
        duration: minutes(20, speedKmh),
        intensity: 3,
        isEventDay: false,
      };
    return {
      day,
      type: "Easy Spin",
      description: "Relaxed ride to keep the legs fresh (15 km)",
      duration: minutes(15, speedKmh),
      intensity: 1,
      isEventDay: false,
    };
  });
}

/**
 * A periodised plan: PLAN_PROFILE[category].weeks weeks (12-16) that end on
 * the event day. It starts from the member's robust recent volume
 * (`startingPoint`), grows at most 10% a week through Base Building,
 * Endurance Building and Peak with every fourth week lighter, then one taper
 * week and the event week. Without a `basis` (older callers), the 12-week
 * average stands in for every week and 80% of the longest ride for the rides.
 */
export function generateTrainingPlan(
  a: ReadinessInput & { category?: string | null; basis?: PlanBasis | null },
  edition: PlanEdition,
): GeneratedPlan {
  const eventDate = edition.rideDate;
  const { category } = readinessOf({ ...a, readiness: null });
  const profile = PLAN_PROFILE[category];
  const weeks = clamp(profile.weeks, PLAN_WEEKS.min, PLAN_WEEKS.max);
  const eventMs = Date.parse(`${eventDate}T00:00:00Z`);
  const planStartMs = eventMs - (weeks * 7 - 1) * DAY_MS;
  const basis = a.basis ?? {
    weeklyKm: Array.from({ length: ANALYSIS_WINDOW_WEEKS }, () => a.weeklyAverageCyclingKm),
    rideKm: a.longestRideKm > 0 ? [a.longestRideKm * 0.8] : [],
  };
  const start = startingPoint(basis);
  const volumes = planVolumes(weeks, start, edition.distanceKm);
  const schedule: PlanWeek[] = volumes.map(({ kind, phase, weeklyKm, longRideKm }, i) => {
    const startMs = planStartMs + i * WEEK_MS;
    const pattern =
      kind === "recovery"
        ? WEEK_PATTERN.recovery
        : kind === "taper"
          ? WEEK_PATTERN.taper
          : phase === PHASES.base
            ? WEEK_PATTERN.base
            : WEEK_PATTERN.build;
    return {
      week: i + 1,
      phase,
      startDate: new Date(startMs).toISOString(),
      endDate: new Date(startMs + 6 * DAY_MS).toISOString(),
      weeklyGoalKm: weeklyKm,
      longRideGoalKm: longRideKm,
      recoveryWeek: kind === "recovery",
      workouts:
        kind === "event"
          ? eventWeekWorkouts(startMs, eventMs, profile.speedKmh, edition)
          : buildWorkouts(startMs, pattern, weeklyKm, longRideKm, profile.speedKmh),
    };
  });
  const peakLong = Math.max(0, ...volumes.filter((v) => v.kind === "load").map((v) => v.longRideKm));
  return {
    category,
    startDate: new Date(planStartMs).toISOString(),
    planDetails: {
      eventYear: edition.year,
      eventDate,
      eventDistanceKm: edition.distanceKm,
      totalWeeks: weeks,
      totalDistanceKm: totalDistanceKm(schedule),
      weeklySchedule: schedule,
      assessment: assessPlan(start, peakLong, edition.distanceKm),
    },
  };
}

export function totalDistanceKm(schedule: readonly Pick<PlanWeek, "weeklyGoalKm">[]): number {
  return schedule.reduce((sum, w) => sum + (Number(w.weeklyGoalKm) || 0), 0);
}
