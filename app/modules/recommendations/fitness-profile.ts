/**
 * The fitness profile rules (spec part 1 §3 "Fitness profile"): pure functions
 * from per-sport totals over a window to the profile. The SQL that produces
 * the totals lives in fitness-profile.server.ts; nothing here reads a clock
 * or a database, so every rule is unit-tested with plain numbers.
 *
 * Window: the last PROFILE_WINDOW_WEEKS (12) weeks before "now". Weekly
 * averages always divide by 12, so a member who trained for only 3 of those
 * weeks has a quarter of the weekly volume of one who trained all 12.
 *
 * Sports are the dashboard's (app/modules/sports/sports.ts): Ride counts
 * VirtualRide, MountainBikeRide and GravelRide; Run counts TrailRun and
 * VirtualRun; Swim, Walk and Hike are themselves; the rest is Other.
 *
 * - preferredSportTypes: the main sport, then every other sport with at least
 *   PREFERRED_SHARE (20 %) of the window's moving time, by moving time, at
 *   most 3.
 * - mainSportType: the sport with the most moving time (ties: more
 *   activities, then the sport order Ride, Run, Swim, Walk, Hike, Other).
 * - activityFrequency: activities per week, one decimal.
 * - fitnessLevel: the best level any sport reaches by its weekly distance
 *   (LEVEL_THRESHOLDS; Other by weekly hours), capped by how often the member
 *   trains (FREQUENCY_FOR_LEVEL: a 200 km ride once a week is not elite).
 * - strengths and improvementAreas: Consistency (active weeks), Endurance
 *   (longest session of the main sport), Speed (average speed of the main
 *   sport), Climbing (metres per km of the main sport), Variety (two sports
 *   or more done at least every other week; a strength only).
 */
import {
  FITNESS_LEVELS,
  type FitnessInsights,
  type FitnessLevel,
  type FitnessProfile,
  type SportSummary,
} from "./constants";

export const PROFILE_WINDOW_WEEKS = 12;
export const WEEK_SECONDS = 7 * 86_400;
/** A stored profile older than this is recomputed on read (the window slides even without a sync). */
export const PROFILE_MAX_AGE_MS = 24 * 3600_000;

export const PROFILE_SPORTS = ["Ride", "Run", "Swim", "Walk", "Hike", "Other"] as const;
export type ProfileSport = (typeof PROFILE_SPORTS)[number];

/** Minimum share of the window's moving time for a sport to count as preferred. */
export const PREFERRED_SHARE = 0.2;
export const MAX_PREFERRED = 3;

type Thresholds = Record<Exclude<FitnessLevel, "beginner">, number>;

/**
 * Weekly volume a sport needs for each level: kilometres per week, except
 * Other (no comparable distance), which uses hours per week.
 */
export const LEVEL_THRESHOLDS: Record<ProfileSport, { unit: "km" | "h" } & Thresholds> = {
  Ride: { unit: "km", intermediate: 40, advanced: 120, elite: 250 },
  Run: { unit: "km", intermediate: 15, advanced: 35, elite: 65 },
  Swim: { unit: "km", intermediate: 2, advanced: 5, elite: 10 },
  Walk: { unit: "km", intermediate: 20, advanced: 45, elite: 80 },
  Hike: { unit: "km", intermediate: 10, advanced: 25, elite: 50 },
  Other: { unit: "h", intermediate: 2, advanced: 5, elite: 9 },
};

/** Activities per week needed to hold a level (whatever the volume). */
export const FREQUENCY_FOR_LEVEL: Thresholds = { intermediate: 1, advanced: 3, elite: 5 };

/** Consistency: a strength with at least 10 of 12 active weeks, to improve below 6. */
export const CONSISTENCY = { strength: 10, improve: 6 } as const;

/** Endurance: the longest session of the main sport (km; Other in hours). */
export const ENDURANCE: Record<ProfileSport, { strength: number; improve: number }> = {
  Ride: { strength: 100, improve: 40 },
  Run: { strength: 21.1, improve: 8 },
  Swim: { strength: 3, improve: 1 },
  Walk: { strength: 20, improve: 5 },
  Hike: { strength: 20, improve: 8 },
  Other: { strength: 3, improve: 0.75 },
};

/** Speed: average moving speed of the main sport, km/h (no rule for Other). */
export const SPEED: Partial<Record<ProfileSport, { strength: number; improve: number }>> = {
  Ride: { strength: 28, improve: 20 },
  Run: { strength: 12, improve: 9 },
  Swim: { strength: 3, improve: 2 },
  Walk: { strength: 6, improve: 4.5 },
  Hike: { strength: 4.5, improve: 3 },
};

/** Climbing: metres of elevation gain per km of the main sport (rides, runs and hikes only). */
export const CLIMBING: Partial<Record<ProfileSport, { strength: number; improve: number }>> = {
  Ride: { strength: 12, improve: 5 },
  Run: { strength: 20, improve: 8 },
  Hike: { strength: 50, improve: 20 },
};

/** Variety: sports done at least this often in the window (every other week). */
export const VARIETY_MIN_ACTIVITIES = PROFILE_WINDOW_WEEKS / 2;

export const INSIGHT_LABELS = {
  consistency: "Consistency",
  endurance: "Endurance",
  speed: "Speed",
  climbing: "Climbing",
  variety: "Variety",
} as const;

/** One sport's totals in the window, as the SQL answers them (metres, seconds). */
export interface SportAggregate {
  sport: string;
  activityCount: number;
  totalDistance: number;
  totalDuration: number;
  totalElevation: number;
  longestDistance: number;
  longestDuration: number;
}

export interface ProfileAggregates {
  bySport: SportAggregate[];
  /** Weeks of the window (counted from its start) with at least one activity. */
  activeWeeks: number;
}

/** What the rules compute: the profile without id, userId and lastUpdated. */
export type ProfileValues = Pick<
  FitnessProfile,
  | "preferredSportTypes"
  | "avgWeeklyDistance"
  | "avgWeeklyDuration"
  | "avgWeeklyElevation"
  | "fitnessLevel"
  | "insights"
>;

/** The window [since, until] the profile covers. */
export function profileWindow(now: Date): { since: Date; until: Date } {
  return { since: new Date(now.getTime() - PROFILE_WINDOW_WEEKS * WEEK_SECONDS * 1000), until: now };
}

const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;
const sportOrder = (sport: string) => {
  const i = (PROFILE_SPORTS as readonly string[]).indexOf(sport);
  return i === -1 ? PROFILE_SPORTS.length : i;
};
const asProfileSport = (sport: string): ProfileSport =>
  (PROFILE_SPORTS as readonly string[]).includes(sport) ? (sport as ProfileSport) : "Other";

export function emptyInsights(): FitnessInsights {
  return {
    recentActivitiesCount: 0,
    activityFrequency: 0,
    mainSportType: null,
    improvementAreas: [],
    strengths: [],
    windowWeeks: PROFILE_WINDOW_WEEKS,
    activeWeeks: 0,
    bySport: {},
  };
}

/** The empty default profile (spec §3): no sports, zeros, beginner. */
export function emptyProfileValues(): ProfileValues {
  return {
    preferredSportTypes: [],
    avgWeeklyDistance: 0,
    avgWeeklyDuration: 0,
    avgWeeklyElevation: 0,
    fitnessLevel: "beginner",
    insights: emptyInsights(),
  };
}

/** A profile with no activities in the window: the page shows 'No Fitness Profile Available'. */
export function isEmptyProfile(profile: Pick<FitnessProfile, "insights">): boolean {
  return profile.insights.recentActivitiesCount === 0;
}

function summarize(a: SportAggregate): SportSummary {
  return {
    activityCount: a.activityCount,
    totalDistance: round(a.totalDistance, 1),
    totalDuration: Math.round(a.totalDuration),
    totalElevation: round(a.totalElevation, 1),
    longestDistance: round(a.longestDistance, 1),
    longestDuration: Math.round(a.longestDuration),
    averageSpeed: a.totalDuration > 0 ? round(a.totalDistance / a.totalDuration, 3) : 0,
  };
}

/** Sports by moving time, then activity count, then the fixed sport order. */
export function rankSports(bySport: SportAggregate[]): SportAggregate[] {
  return bySport
    .filter((s) => s.activityCount > 0)
    .slice()
    .sort(
      (a, b) =>
        b.totalDuration - a.totalDuration ||
        b.activityCount - a.activityCount ||
        sportOrder(a.sport) - sportOrder(b.sport),
    );
}

export function preferredSports(ranked: SportAggregate[]): string[] {
  const total = ranked.reduce((s, a) => s + a.totalDuration, 0);
  return ranked
    .filter((a, i) => i === 0 || (total > 0 && a.totalDuration / total >= PREFERRED_SHARE))
    .slice(0, MAX_PREFERRED)
    .map((a) => a.sport);
}

/** The level one sport's weekly volume reaches. */
export function volumeLevel(a: SportAggregate, weeks = PROFILE_WINDOW_WEEKS): FitnessLevel {
  const t = LEVEL_THRESHOLDS[asProfileSport(a.sport)];
  const weekly = t.unit === "km" ? a.totalDistance / 1000 / weeks : a.totalDuration / 3600 / weeks;
  if (weekly >= t.elite) return "elite";
  if (weekly >= t.advanced) return "advanced";
  if (weekly >= t.intermediate) return "intermediate";
  return "beginner";
}

/** The highest level the training frequency (activities per week) allows. */
export function frequencyCap(perWeek: number): FitnessLevel {
  if (perWeek >= FREQUENCY_FOR_LEVEL.elite) return "elite";
  if (perWeek >= FREQUENCY_FOR_LEVEL.advanced) return "advanced";
  if (perWeek >= FREQUENCY_FOR_LEVEL.intermediate) return "intermediate";
  return "beginner";
}

const levelRank = (level: FitnessLevel) => FITNESS_LEVELS.indexOf(level);

export function fitnessLevelOf(bySport: SportAggregate[], weeks = PROFILE_WINDOW_WEEKS): FitnessLevel {
  const count = bySport.reduce((s, a) => s + a.activityCount, 0);
  if (count === 0) return "beginner";
  const best = bySport.reduce<FitnessLevel>(
    (lvl, a) => (levelRank(volumeLevel(a, weeks)) > levelRank(lvl) ? volumeLevel(a, weeks) : lvl),
    "beginner",
  );
  const cap = frequencyCap(count / weeks);
  return levelRank(best) <= levelRank(cap) ? best : cap;
}

/** Strengths and improvement areas, from the main sport and the whole window. */
export function assessInsights(
  ranked: SportAggregate[],
  activeWeeks: number,
): { strengths: string[]; improvementAreas: string[] } {
  const strengths: string[] = [];
  const improvementAreas: string[] = [];
  const main = ranked[0];
  if (!main) return { strengths, improvementAreas };
  const sport = asProfileSport(main.sport);
  const judge = (label: string, value: number, rule: { strength: number; improve: number } | undefined) => {
    if (!rule) return;
    if (value >= rule.strength) strengths.push(label);
    else if (value < rule.improve) improvementAreas.push(label);
  };

  judge(INSIGHT_LABELS.consistency, activeWeeks, CONSISTENCY);
  const longest = sport === "Other" ? main.longestDuration / 3600 : main.longestDistance / 1000;
  judge(INSIGHT_LABELS.endurance, longest, ENDURANCE[sport]);
  if (main.totalDuration > 0 && main.totalDistance > 0) {
    judge(INSIGHT_LABELS.speed, main.totalDistance / 1000 / (main.totalDuration / 3600), SPEED[sport]);
  }
  if (main.totalDistance > 0)
    judge(INSIGHT_LABELS.climbing, main.totalElevation / (main.totalDistance / 1000), CLIMBING[sport]);
  if (ranked.filter((a) => a.activityCount >= VARIETY_MIN_ACTIVITIES).length >= 2)
    strengths.push(INSIGHT_LABELS.variety);
  return { strengths, improvementAreas };
}

/** The whole profile from the window's totals. No activities: the empty default profile. */
export function computeFitnessProfile(aggregates: ProfileAggregates): ProfileValues {
  const ranked = rankSports(aggregates.bySport);
  const count = ranked.reduce((s, a) => s + a.activityCount, 0);
  if (count === 0) return emptyProfileValues();
  const weeks = PROFILE_WINDOW_WEEKS;
  const sum = (pick: (a: SportAggregate) => number) => ranked.reduce((s, a) => s + pick(a), 0);
  const { strengths, improvementAreas } = assessInsights(ranked, aggregates.activeWeeks);
  return {
    preferredSportTypes: preferredSports(ranked),
    avgWeeklyDistance: Math.round(sum((a) => a.totalDistance) / weeks),
    avgWeeklyDuration: Math.round(sum((a) => a.totalDuration) / weeks),
    avgWeeklyElevation: round(sum((a) => a.totalElevation) / weeks, 1),
    fitnessLevel: fitnessLevelOf(ranked, weeks),
    insights: {
      recentActivitiesCount: count,
      activityFrequency: round(count / weeks, 1),
      mainSportType: ranked[0]!.sport,
      improvementAreas,
      strengths,
      windowWeeks: weeks,
      activeWeeks: aggregates.activeWeeks,
      bySport: Object.fromEntries(ranked.map((a) => [a.sport, summarize(a)])),
    },
  };
}
