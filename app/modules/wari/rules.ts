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

export const PHASES = { base: "Base Building", endurance: "Endurance Building", taper: "Taper" } as const;
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
  workouts: Workout[];
}

export interface PlanDetails {
  eventYear: number;
  eventDate: string;
  eventDistanceKm: number;
  totalWeeks: number;
  /** The sum of the weekly goals. */
  totalDistanceKm: number;
  weeklySchedule: PlanWeek[];
}

export interface GeneratedPlan {
  category: Category;
  startDate: string;
  planDetails: PlanDetails;
}

/** Per category: plan length, starting and peak weekly km, starting long ride, riding speed (km/h). */
export const PLAN_PROFILE: Record<
  Category,
  { weeks: number; startWeeklyKm: number; peakWeeklyKm: number; startLongKm: number; speedKmh: number }
> = {
  Beginner: { weeks: 16, startWeeklyKm: 40, peakWeeklyKm: 120, startLongKm: 30, speedKmh: 20 },
  Intermediate: { weeks: 14, startWeeklyKm: 60, peakWeeklyKm: 140, startLongKm: 50, speedKmh: 23 },
  Advanced: { weeks: 13, startWeeklyKm: 80, peakWeeklyKm: 160, startLongKm: 70, speedKmh: 26 },
  Elite: { weeks: 12, startWeeklyKm: 100, peakWeeklyKm: 180, startLongKm: 90, speedKmh: 28 },
};
/** The long ride grows 12% a week (the guidance is +10-15%), up to 160 km (about two thirds of the event). */
export const LONG_RIDE_GROWTH = 0.12;
export const LONG_RIDE_CAP_KM = 160;
/** In a build week the long ride is at most this share of the week's km. */
export const LONG_RIDE_MAX_SHARE = 0.7;

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
const round5 = (n: number) => Math.max(5, Math.round(n / 5) * 5);
const minutes = (km: number, speedKmh: number) => Math.max(15, Math.round(((km / speedKmh) * 60) / 5) * 5);

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
const WEEK_PATTERN: Record<"base" | "build" | "taper", Slot[]> = {
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

function buildWorkouts(
  startMs: number,
  pattern: Slot[],
  weeklyKm: number,
  longKm: number,
  speedKmh: number,
): Workout[] {
  const restKm = Math.max(0, weeklyKm - longKm);
  return Array.from({ length: 7 }, (_, i) => {
    const weekday = new Date(startMs + i * DAY_MS).getUTCDay();
    const day = DAY_NAMES[weekday]!;
    const slot = pattern[weekday]!;
    if (slot === "rest")
      return {
        day,
        type: "Rest",
        description: "Rest day: recover, stretch and sleep well",
        duration: 0,
        intensity: 0,
        isEventDay: false,
      };
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
    const km = Math.round(restKm * slot.share);
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
    if (untilEvent === 1 || untilEvent === 5)
      return {
        day,
        type: "Rest",
        description: "Rest day: recover, stretch and sleep well",
        duration: 0,
        intensity: 0,
        isEventDay: false,
      };
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

/**
 * A deterministic plan from the analysis: PLAN_PROFILE[category].weeks weeks
 * (12-16) that end on the event day. Base Building for the first 40% of the
 * build, Endurance Building up to two weeks before, then two Taper weeks, the
 * last of which holds the event. Weekly km ramp from the member's weekly
 * average (at least the category's start) to the category's peak (more when
 * the long ride needs it); the long ride starts near 80% of the member's
 * longest and grows 12% a week up to LONG_RIDE_CAP_KM.
 */
export function generateTrainingPlan(
  a: ReadinessInput & { category?: string | null },
  eventDate = EVENT_DATE,
): GeneratedPlan {
  const { category } = readinessOf({ ...a, readiness: null });
  const profile = PLAN_PROFILE[category];
  const weeks = clamp(profile.weeks, PLAN_WEEKS.min, PLAN_WEEKS.max);
  const eventMs = Date.parse(`${eventDate}T00:00:00Z`);
  const planStartMs = eventMs - (weeks * 7 - 1) * DAY_MS;
  const buildWeeks = weeks - 2;
  const baseWeeks = Math.ceil(buildWeeks * 0.4);

  const startWeekly = round5(
    clamp(
      Math.max(a.weeklyAverageCyclingKm, profile.startWeeklyKm),
      profile.startWeeklyKm,
      profile.peakWeeklyKm,
    ),
  );
  const startLong = round5(
    clamp(Math.max(a.longestRideKm * 0.8, profile.startLongKm), profile.startLongKm, LONG_RIDE_CAP_KM),
  );

  const schedule: PlanWeek[] = [];
  let peakLong = startLong;
  for (let i = 0; i < weeks; i++) {
    const startMs = planStartMs + i * WEEK_MS;
    const base = {
      week: i + 1,
      startDate: new Date(startMs).toISOString(),
      endDate: new Date(startMs + 6 * DAY_MS).toISOString(),
    };
    if (i < buildWeeks) {
      // Whole km, compounding on the rounded value: each step stays within +10-15%.
      const longKm =
        i === 0 ? startLong : Math.min(Math.round(peakLong * (1 + LONG_RIDE_GROWTH)), LONG_RIDE_CAP_KM);
      peakLong = longKm;
      const ramp = buildWeeks > 1 ? i / (buildWeeks - 1) : 1;
      const weeklyKm = Math.max(
        round5(startWeekly + (profile.peakWeeklyKm - startWeekly) * ramp),
        round5(longKm / LONG_RIDE_MAX_SHARE),
      );
      const phase = i < baseWeeks ? PHASES.base : PHASES.endurance;
      const workouts = buildWorkouts(
        startMs,
        WEEK_PATTERN[phase === PHASES.base ? "base" : "build"],
        weeklyKm,
        longKm,
        profile.speedKmh,
      );
      schedule.push({ ...base, phase, weeklyGoalKm: weeklyKm, longRideGoalKm: longKm, workouts });
    } else if (i === weeks - 2) {
      const longKm = round5(peakLong * 0.6);
      const weeklyKm = Math.max(round5(profile.peakWeeklyKm * 0.6), round5(longKm / LONG_RIDE_MAX_SHARE));
      schedule.push({
        ...base,
        phase: PHASES.taper,
        weeklyGoalKm: weeklyKm,
        longRideGoalKm: longKm,
        workouts: buildWorkouts(startMs, WEEK_PATTERN.taper, weeklyKm, longKm, profile.speedKmh),
      });
    } else {
      schedule.push({
        ...base,
        phase: PHASES.taper,
        weeklyGoalKm: EVENT_DISTANCE_KM + EVENT_WEEK_EXTRA_KM,
        longRideGoalKm: EVENT_DISTANCE_KM,
        workouts: eventWeekWorkouts(startMs, eventMs, profile.speedKmh),
      });
    }
  }
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
    },
  };
}

export function totalDistanceKm(schedule: readonly Pick<PlanWeek, "weeklyGoalKm">[]): number {
  return schedule.reduce((sum, w) => sum + (Number(w.weeklyGoalKm) || 0), 0);
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, n));
}
