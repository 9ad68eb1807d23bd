/**
 * The training-load model and the impulse–response curves (issue #16,
 * docs/decisions/024-wari-periodisation.md). Pure: the server feeds it the
 * member's activities once, caches `trainingDays`, and the chart, the /api
 * twin, the plan's progress and the bench all read the same functions.
 *
 * Load of one activity = hours × IF² × 100 (100 = one hour at threshold, the
 * scale of TrainingPeaks' TSS). The intensity factor IF comes from heart rate
 * when the activity has it (average ÷ 90% of the member's highest maximum),
 * else from speed and climbing for rides and runs (climbing adds to the
 * speed: a hilly ride at 20 km/h is harder than a flat one), else a moderate
 * 0.65. Fitness is the 42-day and fatigue the 7-day exponentially weighted
 * daily load (x_t = x_{t-1} + (load_t − x_{t-1}) / N), form their difference.
 */
import { dashboardSportOf } from "~/modules/sports/sports";
import { clamp, DAY_MS } from "./units";

export const LOAD_MODEL = {
  /** Speed at threshold (km/h) on the flat. */
  thresholdKmh: { Ride: 30, Run: 12 } as Record<string, number>,
  /** km/h added per metre climbed per km. */
  climbKmhPerMPerKm: { Ride: 0.5, Run: 0.1 } as Record<string, number>,
  /** Walks, hikes, swims and workouts without a usable speed. */
  defaultIf: 0.65,
  minIf: 0.4,
  maxIf: 1.2,
  /** Threshold heart rate as a share of the member's highest maximum heart rate. */
  thresholdHrShare: 0.9,
  defaultMaxHr: 190,
  fitnessDays: 42,
  fatigueDays: 7,
} as const;

export interface LoadActivity {
  /** The local calendar day, `YYYY-MM-DD…` (Strava's start_date_local). */
  startDateLocal: string;
  sportType: string;
  /** metres */
  distance: number;
  /** seconds */
  movingTime: number;
  /** metres */
  totalElevationGain: number;
  averageHeartrate?: number | null;
  maxHeartrate?: number | null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The member's maximum heart rate: the highest recorded, else the model's default. */
export function athleteMaxHr(rows: readonly Pick<LoadActivity, "maxHeartrate">[]): number {
  let max = 0;
  for (const r of rows) if (r.maxHeartrate && r.maxHeartrate > max) max = r.maxHeartrate;
  return max > 0 ? max : LOAD_MODEL.defaultMaxHr;
}

export function intensityFactor(a: LoadActivity, maxHr: number = LOAD_MODEL.defaultMaxHr): number {
  if (a.averageHeartrate && a.averageHeartrate > 0)
    return clamp(
      a.averageHeartrate / (maxHr * LOAD_MODEL.thresholdHrShare),
      LOAD_MODEL.minIf,
      LOAD_MODEL.maxIf,
    );
  const sport = dashboardSportOf(a.sportType);
  const threshold = LOAD_MODEL.thresholdKmh[sport];
  if (!threshold || a.movingTime <= 0 || a.distance <= 0) return LOAD_MODEL.defaultIf;
  const kmh = a.distance / 1000 / (a.movingTime / 3600);
  const climb = (a.totalElevationGain || 0) / (a.distance / 1000);
  return clamp(
    (kmh + climb * (LOAD_MODEL.climbKmhPerMPerKm[sport] ?? 0)) / threshold,
    LOAD_MODEL.minIf,
    LOAD_MODEL.maxIf,
  );
}

/** One activity's load: hours × IF² × 100. */
export function activityLoad(a: LoadActivity, maxHr?: number): number {
  if (!(a.movingTime > 0)) return 0;
  const f = intensityFactor(a, maxHr);
  return (a.movingTime / 3600) * f * f * 100;
}

/** Per calendar day from the first activity's day: load, ridden km and the day's longest ride (km). */
export interface TrainingDays {
  firstDay: string | null;
  load: number[];
  rideKm: number[];
  longestRideKm: number[];
}

export const dayNumber = (day: string) => Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
export const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** One pass over the member's activities (any order) into daily totals. */
export function trainingDays(rows: readonly LoadActivity[]): TrainingDays {
  let first = Infinity;
  let last = -Infinity;
  const dayOf = new Array<number>(rows.length);
  rows.forEach((r, i) => {
    const d = dayNumber(r.startDateLocal);
    dayOf[i] = d;
    if (d < first) first = d;
    if (d > last) last = d;
  });
  if (!Number.isFinite(first)) return { firstDay: null, load: [], rideKm: [], longestRideKm: [] };
  const length = last - first + 1;
  const load = new Array<number>(length).fill(0);
  const rideKm = new Array<number>(length).fill(0);
  const longestRideKm = new Array<number>(length).fill(0);
  const maxHr = athleteMaxHr(rows);
  rows.forEach((r, i) => {
    const at = dayOf[i]! - first;
    load[at] = load[at]! + activityLoad(r, maxHr);
    if (dashboardSportOf(r.sportType) === "Ride") {
      const km = r.distance / 1000;
      rideKm[at] = rideKm[at]! + km;
      if (km > longestRideKm[at]!) longestRideKm[at] = km;
    }
  });
  return {
    firstDay: dayString(first),
    load: load.map(round1),
    rideKm: rideKm.map(round1),
    longestRideKm: longestRideKm.map(round1),
  };
}

export interface FitnessPoint {
  date: string;
  load: number;
  fitness: number;
  fatigue: number;
  form: number;
}

/**
 * Fitness, fatigue and form per day in [from, to] (inclusive, `YYYY-MM-DD`):
 * the averages start at 0 on the first activity's day and run through `to`.
 */
export function fitnessSeries(days: TrainingDays, from: string, to: string): FitnessPoint[] {
  const start = dayNumber(from);
  const end = dayNumber(to);
  const first = days.firstDay ? dayNumber(days.firstDay) : end + 1;
  const kFit = 1 / LOAD_MODEL.fitnessDays;
  const kFat = 1 / LOAD_MODEL.fatigueDays;
  let fitness = 0;
  let fatigue = 0;
  const points: FitnessPoint[] = [];
  for (let d = Math.min(first, start); d <= end; d++) {
    const load = d >= first ? (days.load[d - first] ?? 0) : 0;
    fitness += (load - fitness) * kFit;
    fatigue += (load - fatigue) * kFat;
    if (d >= start)
      points.push({
        date: dayString(d),
        load: round1(load),
        fitness: round1(fitness),
        fatigue: round1(fatigue),
        form: round1(fitness - fatigue),
      });
  }
  return points;
}

/** Ridden km in [from, to] and the longest single-day ride there, from the daily totals. */
export function ridesBetween(
  days: TrainingDays,
  from: string,
  to: string,
): { km: number; longestKm: number } {
  if (!days.firstDay) return { km: 0, longestKm: 0 };
  const first = dayNumber(days.firstDay);
  let km = 0;
  let longestKm = 0;
  for (let d = Math.max(dayNumber(from), first); d <= dayNumber(to) && d - first < days.rideKm.length; d++) {
    km += days.rideKm[d - first]!;
    longestKm = Math.max(longestKm, days.longestRideKm[d - first]!);
  }
  return { km: round1(km), longestKm };
}

/** The days' longest rides in [from, to] with any riding (for the plan's long-ride percentile). */
export function rideDaysBetween(days: TrainingDays, from: string, to: string): number[] {
  if (!days.firstDay) return [];
  const first = dayNumber(days.firstDay);
  const out: number[] = [];
  for (let d = Math.max(dayNumber(from), first); d <= dayNumber(to) && d - first < days.rideKm.length; d++) {
    const km = days.longestRideKm[d - first]!;
    if (km > 0) out.push(km);
  }
  return out;
}
