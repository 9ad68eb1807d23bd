/**
 * The annual 250 km event's pure rules (spec part 2 §3, §4, §9): readiness
 * category, consistency, the training plan generator, the current week, the
 * intensity scale, workout keys and the countdown. No I/O: the server, the
 * page and the unit tests all call these.
 */

export const EVENT_YEAR = 2025;
export const EVENT_NAME = "IAS CycleWari 2025";
/** 7 June 2025; plan dates are calendar days in UTC. */
export const EVENT_DATE = "2025-06-07";
export const EVENT_DATE_LABEL = "June 7, 2025";
export const EVENT_DISTANCE_KM = 250;
export const RECOMMENDED_WEEKLY_KM = { min: 80, max: 100 } as const;
export const LONGEST_RIDE_MIN_KM = 100;
/** Recommendation thresholds (§9). */
export const THRESHOLDS = { longestRideShareOfGoal: 0.5, consistency: 70, weeklyAverageKm: 80 } as const;
export const PLAN_WEEKS = { min: 12, max: 16 } as const;
/** The analysis window for the weekly average, consistency, active days and other sports. */
export const ANALYSIS_WINDOW_WEEKS = 12;
export const COUNTDOWN_TICK_MS = 1000;

export const CATEGORIES = ["Beginner", "Intermediate", "Advanced", "Elite"] as const;
export type Category = (typeof CATEGORIES)[number];
export const READINESS: Record<Category, number> = {
  Beginner: 20,
  Intermediate: 45,
  Advanced: 70,
  Elite: 90,
};

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

// ---- readiness ---------------------------------------------------------------

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

const isCategory = (value: unknown): value is Category => (CATEGORIES as readonly unknown[]).includes(value);

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

export const CATEGORY_GUIDANCE: Record<Category, string> = {
  Beginner:
    "Build a base: ride three or four times a week, mostly at an easy pace, and lengthen one ride each week.",
  Intermediate:
    "Good foundation. Grow your weekly distance toward 80-100 km and extend your long ride by 10-15% each week.",
  Advanced:
    "Strong form. Keep 80-100 km weeks, add tempo work, and rehearse rides of 150 km or more with your event nutrition.",
  Elite:
    "Event-ready fitness. Hold your volume, sharpen with intervals, and taper well in the final two weeks.",
};

/** §9's recommendation thresholds, as advice for the analysis view. */
export function recommendationsFor(
  a: Pick<ReadinessInput, "longestRideKm" | "consistencyScore" | "weeklyAverageCyclingKm">,
): string[] {
  const tips: string[] = [];
  if (a.longestRideKm < EVENT_DISTANCE_KM * THRESHOLDS.longestRideShareOfGoal) {
    tips.push(
      `Lengthen your long ride by 10-15% each week: your longest is under half of the ${EVENT_DISTANCE_KM} km goal.`,
    );
  }
  if (a.consistencyScore < THRESHOLDS.consistency)
    tips.push("Ride more regularly: aim for at least three rides every week.");
  if (a.weeklyAverageCyclingKm < THRESHOLDS.weeklyAverageKm) {
    tips.push(
      `Raise your weekly distance toward the recommended ${RECOMMENDED_WEEKLY_KM.min}-${RECOMMENDED_WEEKLY_KM.max} km.`,
    );
  }
  return tips;
}

// ---- intensity, keys, weeks ------------------------------------------------------

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

// ---- countdown ---------------------------------------------------------------

export const EVENT_START_MS = Date.parse(`${EVENT_DATE}T00:00:00Z`);

export interface Countdown {
  passed: boolean;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  message: string;
}

export const COUNTDOWN_MESSAGES = {
  far: "Plenty of time to build your base. Follow the plan week by week.",
  near: "The event is getting close. Keep your long rides steady and consistent.",
  final: "Final week! Taper, rest well and prepare your bike and nutrition.",
  passed: "Thank you for riding with us: see you at the next edition!",
} as const;

/** Time left until the event; the message changes at more than 30 and more than 7 days (§3). */
export function countdown(now: Date | number, eventStartMs = EVENT_START_MS): Countdown {
  const left = eventStartMs - new Date(now).getTime();
  if (left <= 0)
    return { passed: true, days: 0, hours: 0, minutes: 0, seconds: 0, message: COUNTDOWN_MESSAGES.passed };
  const totalSeconds = Math.floor(left / 1000);
  const days = Math.floor(totalSeconds / 86_400);
  return {
    passed: false,
    days,
    hours: Math.floor((totalSeconds % 86_400) / 3600),
    minutes: Math.floor((totalSeconds % 3600) / 60),
    seconds: totalSeconds % 60,
    message:
      days > 30 ? COUNTDOWN_MESSAGES.far : days > 7 ? COUNTDOWN_MESSAGES.near : COUNTDOWN_MESSAGES.final,
  };
}

// ---- plan generation ----------------------------------------------------------
// The rules, their numbers and why: docs/decisions/024-wari-periodisation.md.

export const PHASES = {
  base: "Base Building",
  endurance: "Endurance Building",
  peak: "Peak",
  taper: "Taper",
} as const;
export type Phase = (typeof PHASES)[keyof typeof PHASES];

export interface Workout {
  day: string;
  type: string;
  description: string;
  /** minutes */
  duration: number;
  /** 0-5 */
  intensity: number;
  isEventDay: boolean;
}

export interface PlanWeek {
  week: number;
  phase: Phase | string;
  startDate: string;
  endDate: string;
  weeklyGoalKm: number;
  longRideGoalKm: number;
  /** A lighter week (every fourth loading week); absent in plans made before periodisation. */
  recoveryWeek?: boolean;
  workouts: Workout[];
}

/** Where the plan starts and whether it reaches what a 250 km day needs (stored with the plan). */
export interface PlanAssessment {
  /** The robust weekly volume the plan starts from (km). */
  startWeeklyKm: number;
  /** The robust long ride the plan starts from (km). */
  startLongRideKm: number;
  /** The longest training ride the plan reaches before the taper (km). */
  peakLongRideKm: number;
  /** True when that long ride prepares the event (at least READY_LONG_RIDE_KM). */
  eventReady: boolean;
  /** The one-day distance this plan prepares: the event's, or a realistic shorter ride. */
  realisticTargetKm: number;
  message: string;
}

export interface PlanDetails {
  eventYear: number;
  eventDate: string;
  eventDistanceKm: number;
  totalWeeks: number;
  /** The sum of the weekly goals. */
  totalDistanceKm: number;
  weeklySchedule: PlanWeek[];
  /** Absent in plans made before periodisation. */
  assessment?: PlanAssessment;
}

export interface GeneratedPlan {
  category: Category;
  startDate: string;
  planDetails: PlanDetails;
}

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

/** The event week: short openers, rest, then the event on its day (the last day of the plan). */
function eventWeekWorkouts(startMs: number, eventMs: number, speedKmh: number): Workout[] {
  return Array.from({ length: 7 }, (_, i) => {
    const dayMs = startMs + i * DAY_MS;
    const day = DAY_NAMES[new Date(dayMs).getUTCDay()]!;
    const untilEvent = Math.round((eventMs - dayMs) / DAY_MS);
    if (untilEvent === 0) {
      return {
        day,
        type: "Event",
        description: `${EVENT_NAME}: ${EVENT_DISTANCE_KM} km in one day. Start steady, eat and drink early.`,
        duration: minutes(EVENT_DISTANCE_KM, speedKmh),
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

const EVENT_WEEK_EXTRA_KM = 20 + 15 * 3;

/** The weekly volumes and long rides of a plan of `weeks` weeks from a starting point (the event week excluded). */
export function planVolumes(
  weeks: number,
  start: { weeklyKm: number; longRideKm: number },
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
      weeklyKm = EVENT_DISTANCE_KM + EVENT_WEEK_EXTRA_KM;
      longRideKm = EVENT_DISTANCE_KM;
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
): PlanAssessment {
  const eventReady = peakLongRideKm >= READY_LONG_RIDE_KM;
  const realisticTargetKm = eventReady
    ? EVENT_DISTANCE_KM
    : Math.min(
        EVENT_DISTANCE_KM,
        Math.max(20, Math.floor((peakLongRideKm * REALISTIC_TARGET_FACTOR) / 10) * 10),
      );
  const from = `Your plan starts from your recent ${start.weeklyKm} km a week and a long ride of ${start.longRideKm} km`;
  const message = eventReady
    ? `${from}, and builds safely to a ${peakLongRideKm} km long ride: enough to prepare the ${EVENT_DISTANCE_KM} km day.`
    : `${from}. Built safely (at most 10% more a week), it reaches a ${peakLongRideKm} km long ride by the event: ` +
      `short of the ${READY_LONG_RIDE_KM} km that prepares a ${EVENT_DISTANCE_KM} km day. ` +
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
  eventDate = EVENT_DATE,
): GeneratedPlan {
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
  const volumes = planVolumes(weeks, start);
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
          ? eventWeekWorkouts(startMs, eventMs, profile.speedKmh)
          : buildWorkouts(startMs, pattern, weeklyKm, longRideKm, profile.speedKmh),
    };
  });
  const peakLong = Math.max(0, ...volumes.filter((v) => v.kind === "load").map((v) => v.longRideKm));
  return {
    category,
    startDate: new Date(planStartMs).toISOString(),
    planDetails: {
      eventYear: EVENT_YEAR,
      eventDate,
      eventDistanceKm: EVENT_DISTANCE_KM,
      totalWeeks: weeks,
      totalDistanceKm: totalDistanceKm(schedule),
      weeklySchedule: schedule,
      assessment: assessPlan(start, peakLong),
    },
  };
}

export function totalDistanceKm(schedule: readonly Pick<PlanWeek, "weeklyGoalKm">[]): number {
  return schedule.reduce((sum, w) => sum + (Number(w.weeklyGoalKm) || 0), 0);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}

// ---- where the member is against the plan ---------------------------------------

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

// ---- after the event: results mode -------------------------------------------

/** Days either side of the event day whose rides count for the member's result. */
export const RESULT_WINDOW_DAYS = 1;

export type WariMode = "training" | "results";

/**
 * "training" until the event day is over (countdown, current week, ticks),
 * "results" from the day after it (00:00 UTC): the event is history.
 */
export function wariMode(now: Date | number, eventDate: string = EVENT_DATE): WariMode {
  return new Date(now).getTime() >= Date.parse(`${eventDate}T00:00:00Z`) + DAY_MS ? "results" : "training";
}

/** The local calendar days (YYYY-MM-DD) whose rides count: the event day ± RESULT_WINDOW_DAYS. */
export function resultWindow(eventDate: string = EVENT_DATE): { from: string; to: string } {
  const day = Date.parse(`${eventDate}T00:00:00Z`);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(day - RESULT_WINDOW_DAYS * DAY_MS), to: iso(day + RESULT_WINDOW_DAYS * DAY_MS) };
}

export interface EventRide {
  id: number;
  name: string;
  /** km, rounded to 0.1 */
  distanceKm: number;
  movingTimeSeconds: number;
  /** local calendar day YYYY-MM-DD */
  day: string;
}

export interface EventResult {
  /** The longest ride of the window reached the event distance. */
  finished: boolean;
  /** The longest ride of the window, or null when there was none. */
  ride: EventRide | null;
  window: { from: string; to: string };
  /** The next edition's day (YYYY-MM-DD) when it is known. */
  nextEventDate: string | null;
}

/**
 * The next edition's day from configuration: a real YYYY-MM-DD after this
 * edition's day, else null ("date to be announced"): a typo never shows a
 * wrong date.
 */
export function nextEditionDate(
  value: string | null | undefined,
  eventDate: string = EVENT_DATE,
): string | null {
  const text = value?.trim() ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return ms > Date.parse(`${eventDate}T00:00:00Z`) ? text : null;
}

/** The member's result: their longest ride of the window, a finish when it covers the event distance. */
export function eventResult(
  ride: EventRide | null,
  nextEventDate: string | null,
  eventDate: string = EVENT_DATE,
  eventDistanceKm: number = EVENT_DISTANCE_KM,
): EventResult {
  return {
    finished: ride !== null && ride.distanceKm >= eventDistanceKm,
    ride,
    window: resultWindow(eventDate),
    nextEventDate,
  };
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

/**
 * The weekly-distance bars' km axis: it starts at zero and ends at a round
 * top (1, 2, 2.5 or 5 × a power of ten, times the tick count) at or above the
 * biggest value; `ticks` are the labelled values, zero first.
 */
export function kmAxis(maxKm: number, tickCount = 4): { top: number; ticks: number[] } {
  const max = Number.isFinite(maxKm) && maxKm > 0 ? maxKm : 1;
  const raw = max / tickCount;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * tickCount >= max) ?? 10 * power;
  const ticks = Array.from({ length: tickCount + 1 }, (_, i) => Math.round(i * step * 1e6) / 1e6);
  return { top: ticks[tickCount]!, ticks };
}
