/**
 * The workout generator (spec part 1 §2 "Recommendations page", issue 7):
 * pure and deterministic. The same profile and the same options always give
 * the same plan: no randomness, no clock.
 *
 * Sports: the requested ones (Run, Ride, Swim), else the member's preferred
 * sports among these, else Run. They are ordered by the member's preference,
 * then Run, Ride, Swim; the first is the plan's main sport.
 *
 * The plan: one improvement-focused session per sport, then a second session
 * and an easy recovery session in the main sport.
 *
 * | target      | per sport                           | main sport       |
 * |-------------|-------------------------------------|------------------|
 * | general     | endurance session                   | tempo, recovery  |
 * | distance    | long session: LONG_FACTOR × longest | endurance, recovery |
 * | speed       | intervals                           | tempo, recovery  |
 * | elevation   | hill repeats (Swim: power set)      | hilly route, recovery |
 *
 * Scaling: from the member's own history in the profile window (typical
 * session = distance / activities, longest session, average speed, climbing
 * per km) when the sport has at least MIN_HISTORY activities, else from
 * DEFAULTS for the member's fitness level. Difficulty scales volume (VOLUME,
 * LONG_FACTOR), repetitions (REP_ADJUST) and intensity (INTENSITY).
 * Distances are rounded (Ride 1 km, Run 0.5 km, Swim 50 m) and kept within
 * LIMITS; durations are rounded to 5 minutes.
 */
import {
  SPORTS,
  type Difficulty,
  type FitnessLevel,
  type FitnessProfile,
  type ImprovementTarget,
  type RecommendationSport,
} from "./constants";
import { PROFILE_WINDOW_WEEKS } from "./fitness-profile";
import { formatElevation, formatKm } from "~/lib/format";

export interface GenerateOptions {
  sportTypes?: readonly RecommendationSport[];
  difficultyPreference?: Difficulty;
  targetImprovement: ImprovementTarget;
}

export interface PlannedWorkout {
  title: string;
  sportType: RecommendationSport;
  difficulty: Difficulty;
  description: string;
  /** seconds */
  targetDuration: number;
  /** metres */
  targetDistance: number;
}

export type GeneratorProfile = Pick<FitnessProfile, "preferredSportTypes" | "fitnessLevel" | "insights">;

export const DEFAULT_DIFFICULTY: Difficulty = "moderate";
/** A sport needs this many activities in the window before the plan trusts its history. */
export const MIN_HISTORY = 2;

/** Volume multiplier of regular sessions. */
export const VOLUME: Record<Difficulty, number> = { easy: 0.8, moderate: 1, hard: 1.2 };
/** Long session (distance target) as a multiple of the longest session in the window. */
export const LONG_FACTOR: Record<Difficulty, number> = { easy: 1.1, moderate: 1.2, hard: 1.3 };
/** Interval repetitions by fitness level, adjusted by difficulty (at least MIN_REPS). */
export const REPS: Record<FitnessLevel, number> = { beginner: 4, intermediate: 5, advanced: 6, elite: 8 };
export const REP_ADJUST: Record<Difficulty, number> = { easy: -1, moderate: 0, hard: 2 };
export const MIN_REPS = 3;
/** Length of tempo blocks by level. */
export const LEVEL_SCALE: Record<FitnessLevel, number> = {
  beginner: 0.75,
  intermediate: 1,
  advanced: 1.25,
  elite: 1.5,
};

export const INTENSITY: Record<Difficulty, { pace: number; effort: string }> = {
  easy: { pace: 1.05, effort: "a comfortably hard effort (RPE 7)" },
  moderate: { pace: 1.1, effort: "a hard but controlled effort (RPE 8)" },
  hard: { pace: 1.15, effort: "a very hard effort (RPE 9)" },
};

interface SportDefaults {
  /** km */
  typical: number;
  /** km */
  longest: number;
  /** km/h */
  speed: number;
}

/** Baselines for a sport without enough history, by fitness level. */
export const DEFAULTS: Record<RecommendationSport, Record<FitnessLevel, SportDefaults>> = {
  Ride: {
    beginner: { typical: 20, longest: 30, speed: 20 },
    intermediate: { typical: 35, longest: 60, speed: 24 },
    advanced: { typical: 55, longest: 100, speed: 27 },
    elite: { typical: 80, longest: 160, speed: 30 },
  },
  Run: {
    beginner: { typical: 4, longest: 6, speed: 8.5 },
    intermediate: { typical: 7, longest: 12, speed: 10 },
    advanced: { typical: 10, longest: 18, speed: 11.5 },
    elite: { typical: 13, longest: 26, speed: 13 },
  },
  Swim: {
    beginner: { typical: 0.8, longest: 1.2, speed: 2 },
    intermediate: { typical: 1.5, longest: 2.5, speed: 2.4 },
    advanced: { typical: 2.5, longest: 3.8, speed: 2.8 },
    elite: { typical: 3.5, longest: 5, speed: 3.2 },
  },
};

/** Metres of climbing per km planned on a hilly route, at least. */
export const MIN_CLIMB_RATE: Record<RecommendationSport, number> = { Ride: 10, Run: 15, Swim: 0 };

/** Distance bounds (metres) and rounding step per sport. */
export const LIMITS: Record<RecommendationSport, { min: number; max: number; step: number }> = {
  Ride: { min: 10_000, max: 300_000, step: 1000 },
  Run: { min: 3000, max: 42_200, step: 500 },
  Swim: { min: 400, max: 6000, step: 50 },
};
export const DURATION_STEP = 300;
export const MIN_DURATION = 900;

export interface Baseline {
  /** metres */
  typical: number;
  /** metres */
  longest: number;
  /** m/s */
  speed: number;
  /** metres of climbing per km */
  climbRate: number;
  fromHistory: boolean;
}

/** The sports of the plan, main sport first. */
export function resolveSports(
  profile: Pick<GeneratorProfile, "preferredSportTypes">,
  requested?: readonly RecommendationSport[],
): RecommendationSport[] {
  const preferred = profile.preferredSportTypes.filter((s): s is RecommendationSport =>
    (SPORTS as readonly string[]).includes(s),
  );
  const wanted = requested?.length
    ? [...new Set(requested)]
    : preferred.length
      ? preferred
      : (["Run"] as RecommendationSport[]);
  const rank = (s: RecommendationSport) => {
    const p = preferred.indexOf(s);
    return p === -1 ? preferred.length + SPORTS.indexOf(s) : p;
  };
  return wanted.slice().sort((a, b) => rank(a) - rank(b));
}

/** What the plan is scaled from: the member's history in the sport, or the level's defaults. */
export function baselineFor(profile: GeneratorProfile, sport: RecommendationSport): Baseline {
  const d = DEFAULTS[sport][profile.fitnessLevel] ?? DEFAULTS[sport].beginner;
  const h = profile.insights.bySport?.[sport];
  if (h && h.activityCount >= MIN_HISTORY && h.totalDistance > 0 && h.averageSpeed > 0) {
    return {
      typical: h.totalDistance / h.activityCount,
      longest: h.longestDistance,
      speed: h.averageSpeed,
      climbRate: h.totalElevation / (h.totalDistance / 1000),
      fromHistory: true,
    };
  }
  return {
    typical: d.typical * 1000,
    longest: d.longest * 1000,
    speed: d.speed / 3.6,
    climbRate: 0,
    fromHistory: false,
  };
}

function distanceFor(sport: RecommendationSport, metres: number): number {
  const { min, max, step } = LIMITS[sport];
  return Math.min(max, Math.max(min, Math.round(metres / step) * step));
}

function durationFor(seconds: number): number {
  return Math.max(MIN_DURATION, Math.round(seconds / DURATION_STEP) * DURATION_STEP);
}

/** "8.5 km", "80 km", "1,200 m" (swims in metres). */
export function describeDistance(sport: RecommendationSport, metres: number): string {
  return sport === "Swim" ? formatElevation(Math.round(metres)) : formatKm(metres / 1000);
}

const NOUN: Record<RecommendationSport, string> = { Ride: "ride", Run: "run", Swim: "swim" };
const minutes = (seconds: number) => Math.round(seconds / 60);

interface Ctx {
  sport: RecommendationSport;
  base: Baseline;
  difficulty: Difficulty;
  level: FitnessLevel;
}

type Template = (ctx: Ctx) => PlannedWorkout;

function workout(
  ctx: Ctx,
  title: string,
  metres: number,
  seconds: number,
  description: string,
  difficulty = ctx.difficulty,
): PlannedWorkout {
  return {
    title,
    sportType: ctx.sport,
    difficulty,
    description,
    targetDistance: metres,
    targetDuration: durationFor(seconds),
  };
}

function scaledFrom(ctx: Ctx): string {
  return ctx.base.fromHistory
    ? `your last ${PROFILE_WINDOW_WEEKS} weeks of ${NOUN[ctx.sport]}s`
    : `a ${ctx.level} ${ctx.sport === "Ride" ? "rider" : ctx.sport === "Run" ? "runner" : "swimmer"}`;
}

const longSession: Template = (ctx) => {
  const factor = LONG_FACTOR[ctx.difficulty];
  const metres = distanceFor(ctx.sport, ctx.base.longest * factor);
  const title = { Ride: "Long Endurance Ride", Run: "Long Run", Swim: "Long Distance Swim" }[ctx.sport];
  const basis = ctx.base.fromHistory
    ? `${factor}× your longest ${NOUN[ctx.sport]} of the last ${PROFILE_WINDOW_WEEKS} weeks (${describeDistance(ctx.sport, ctx.base.longest)})`
    : `a stretch distance for ${scaledFrom(ctx)}`;
  const tip = {
    Ride: "Eat and drink every 30–45 minutes and keep the effort even on the climbs.",
    Run: "Start slower than feels natural and take water every 20–30 minutes.",
    Swim: "Break it into 400 m blocks with 20 seconds' rest if you need to, holding an even stroke rate.",
  }[ctx.sport];
  return workout(
    ctx,
    title,
    metres,
    metres / (ctx.base.speed * 0.9),
    `${describeDistance(ctx.sport, metres)} at a steady, conversational effort: ${basis}. ${tip}`,
  );
};

const endurance: Template = (ctx) => {
  const metres = distanceFor(ctx.sport, ctx.base.typical * VOLUME[ctx.difficulty]);
  const title = `Endurance ${ctx.sport}`;
  return workout(
    ctx,
    title,
    metres,
    metres / (ctx.base.speed * 0.95),
    `A steady ${describeDistance(ctx.sport, metres)} ${NOUN[ctx.sport]} in zone 2: you can talk in full sentences throughout. Sized for ${scaledFrom(ctx)}.`,
  );
};

const recovery: Template = (ctx) => {
  const metres = distanceFor(ctx.sport, ctx.base.typical * 0.6);
  return workout(
    ctx,
    `Recovery ${ctx.sport}`,
    metres,
    metres / (ctx.base.speed * 0.8),
    `An easy ${describeDistance(ctx.sport, metres)} ${NOUN[ctx.sport]} to recover between harder sessions. Keep it relaxed; if you feel tired, shorten it.`,
    "easy",
  );
};

function reps(ctx: Ctx): number {
  return Math.max(MIN_REPS, REPS[ctx.level] + REP_ADJUST[ctx.difficulty]);
}

const intervals: Template = (ctx) => {
  const { speed } = ctx.base;
  const { pace, effort } = INTENSITY[ctx.difficulty];
  const n = reps(ctx);
  if (ctx.sport === "Ride") {
    const work = { easy: 180, moderate: 240, hard: 300 }[ctx.difficulty];
    const rest = 180;
    const seconds = 25 * 60 + n * (work + rest);
    const metres = distanceFor(
      "Ride",
      25 * 60 * speed * 0.8 + n * (work * speed * pace + rest * speed * 0.7),
    );
    return workout(
      ctx,
      "Ride Intervals",
      metres,
      seconds,
      `Warm up 15 min easy, then ${n} × ${minutes(work)} min at ${effort} with ${minutes(rest)} min easy spinning between; cool down 10 min. Builds speed and power at threshold.`,
    );
  }
  if (ctx.sport === "Run") {
    const work = { easy: 600, moderate: 800, hard: 1000 }[ctx.difficulty];
    const rest = 120;
    const seconds = 22 * 60 + n * (work / (speed * pace) + rest);
    const metres = distanceFor("Run", 22 * 60 * speed * 0.8 + n * (work + rest * speed * 0.6));
    return workout(
      ctx,
      "Run Intervals",
      metres,
      seconds,
      `Warm up 12 min jogging, then ${n} × ${work} m at ${effort} with 2 min jog recoveries; cool down 10 min.`,
    );
  }
  const count = n * 2;
  const metres = distanceFor("Swim", 500 + count * 100);
  const seconds = 500 / (speed * 0.85) + count * (100 / (speed * pace) + 20);
  return workout(
    ctx,
    "Swim Speed Set",
    metres,
    seconds,
    `Warm up 300 m easy, then ${count} × 100 m at ${effort} with 20 s rest; cool down 200 m easy.`,
  );
};

const tempo: Template = (ctx) => {
  const { speed } = ctx.base;
  const scale = LEVEL_SCALE[ctx.level];
  if (ctx.sport === "Swim") {
    const n = Math.max(2, Math.round({ easy: 3, moderate: 4, hard: 6 }[ctx.difficulty] * scale));
    const metres = distanceFor("Swim", 500 + n * 200);
    const seconds = 500 / (speed * 0.85) + n * (200 / (speed * 1.05) + 30);
    return workout(
      ctx,
      "Swim Threshold Set",
      metres,
      seconds,
      `Warm up 300 m, then ${n} × 200 m at a strong, even threshold pace with 30 s rest; cool down 200 m.`,
    );
  }
  const block = Math.round(({ easy: 15, moderate: 20, hard: 30 }[ctx.difficulty] * scale) / 5) * 5 * 60;
  const seconds = 20 * 60 + block;
  const metres = distanceFor(ctx.sport, 20 * 60 * speed * 0.85 + block * speed * 1.05);
  return workout(
    ctx,
    `Tempo ${ctx.sport}`,
    metres,
    seconds,
    `Warm up 10 min, then ${minutes(block)} min at tempo (comfortably hard, short sentences only); cool down 10 min.`,
  );
};

const hillRepeats: Template = (ctx) => {
  const { speed } = ctx.base;
  const { effort } = INTENSITY[ctx.difficulty];
  const n = reps(ctx);
  if (ctx.sport === "Ride") {
    const climb = { easy: 240, moderate: 300, hard: 360 }[ctx.difficulty];
    const down = 240;
    const seconds = 25 * 60 + n * (climb + down);
    const metres = distanceFor(
      "Ride",
      25 * 60 * speed * 0.8 + n * (climb * speed * 0.55 + down * speed * 0.8),
    );
    return workout(
      ctx,
      "Ride Hill Repeats",
      metres,
      seconds,
      `Warm up 15 min, then ${n} × ${minutes(climb)} min up a 4–8 % climb at ${effort}, rolling back down to recover; cool down 10 min.`,
    );
  }
  if (ctx.sport === "Run") {
    const count = Math.round(n * 1.5);
    const up = { easy: 60, moderate: 90, hard: 120 }[ctx.difficulty];
    const seconds = 22 * 60 + count * up * 2;
    const metres = distanceFor("Run", 22 * 60 * speed * 0.8 + count * (up * speed * 0.75 + up * speed * 0.6));
    return workout(
      ctx,
      "Run Hill Repeats",
      metres,
      seconds,
      `Warm up 12 min, then ${count} × ${up} s uphill at ${effort}, jogging back down to recover; cool down 10 min.`,
    );
  }
  const count = n;
  const metres = distanceFor("Swim", 500 + count * 200);
  const seconds = 500 / (speed * 0.85) + count * (200 / (speed * 0.95) + 20);
  return workout(
    ctx,
    "Swim Power Set",
    metres,
    seconds,
    `No hills in the pool: build the same strength with ${count} × 200 m pull (paddles and buoy) at ${effort}, 20 s rest; warm up 300 m and cool down 200 m.`,
  );
};

const hillyRoute: Template = (ctx) => {
  if (ctx.sport === "Swim") return endurance(ctx);
  const metres = distanceFor(ctx.sport, ctx.base.typical * VOLUME[ctx.difficulty]);
  const rate = Math.max(MIN_CLIMB_RATE[ctx.sport], ctx.base.climbRate * 1.25);
  const climbing = Math.max(50, Math.round(((metres / 1000) * rate) / 50) * 50);
  return workout(
    ctx,
    ctx.sport === "Ride" ? "Hilly Endurance Ride" : "Hilly Run",
    metres,
    metres / (ctx.base.speed * 0.85),
    `${describeDistance(ctx.sport, metres)} on a rolling route with about ${climbing} m of climbing. Stay steady on the ups and let the heart rate settle on the downs.`,
  );
};

export const PLAN: Record<ImprovementTarget, { primary: Template; secondary: Template }> = {
  general: { primary: endurance, secondary: tempo },
  distance: { primary: longSession, secondary: endurance },
  speed: { primary: intervals, secondary: tempo },
  elevation: { primary: hillRepeats, secondary: hillyRoute },
};

/** The plan: one focused session per sport, then a second session and a recovery session in the main sport. */
export function generateWorkouts(profile: GeneratorProfile, options: GenerateOptions): PlannedWorkout[] {
  const difficulty = options.difficultyPreference ?? DEFAULT_DIFFICULTY;
  const sports = resolveSports(profile, options.sportTypes);
  const plan = PLAN[options.targetImprovement];
  const ctx = (sport: RecommendationSport): Ctx => ({
    sport,
    base: baselineFor(profile, sport),
    difficulty,
    level: profile.fitnessLevel,
  });
  const main = ctx(sports[0]!);
  return [...sports.map((s) => plan.primary(ctx(s))), plan.secondary(main), recovery(main)];
}
