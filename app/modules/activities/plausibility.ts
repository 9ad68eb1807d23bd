/**
 * Plausible activities only, whatever the source (issue #34, decision 032):
 * one rule, applied by the store to every row it writes and asked first by
 * each writer that owes someone a reason (a refused file, a skipped archive
 * row, a manual entry's field message). Pure: no I/O, unit-tested per sport.
 *
 * The bounds are generous on purpose: they keep out what no person did (a
 * 1.5e304 km "ride", 1,000 km in a minute, a start next week), not hard
 * efforts. A 1,200 km brevet recorded as one activity fits; a motor-paced
 * record does not.
 */
import { formatInt } from "~/lib/format";

/** Longest distance one activity may cover (metres): a 1,200 km brevet and then some. */
export const MAX_DISTANCE_M = 2_000_000;
/** Longest moving or elapsed time (seconds): a week. */
export const MAX_DURATION_S = 7 * 86_400;
/** Most climbing one activity may gain (metres): about a double Everesting. */
export const MAX_ELEVATION_M = 20_000;
/** How far in the future a start may lie (seconds): device clocks drift a little. */
export const FUTURE_TOLERANCE_S = 15 * 60;

/**
 * Fastest average speed (km/h, distance over moving time) per sport type;
 * sports not named here get DEFAULT_MAX_KMH. Strava's sport types.
 */
export const MAX_SPEED_KMH: Readonly<Record<string, number>> = {
  Ride: 80,
  VirtualRide: 80,
  MountainBikeRide: 80,
  GravelRide: 80,
  EBikeRide: 80,
  EMountainBikeRide: 80,
  Velomobile: 100,
  Handcycle: 60,
  Run: 30,
  TrailRun: 30,
  VirtualRun: 30,
  Walk: 15,
  Hike: 15,
  Swim: 10,
  Rowing: 30,
  VirtualRow: 30,
  Canoeing: 30,
  Kayaking: 30,
  StandUpPaddling: 20,
  InlineSkate: 50,
  Skateboard: 50,
  IceSkate: 60,
  NordicSki: 50,
  BackcountrySki: 80,
  AlpineSki: 150,
  Snowboard: 150,
  Sail: 100,
  Windsurf: 100,
  Kitesurf: 100,
};
export const DEFAULT_MAX_KMH = 150;

export interface PlausibilityInput {
  sportType: string;
  startDate: Date;
  /** metres */
  distance: number;
  /** seconds */
  movingTime: number;
  /** seconds */
  elapsedTime: number;
  /** metres */
  elevationGain: number;
}

/** Which input an implausible value belongs to (a manual entry shows the message on that field). */
export type PlausibilityField = "start" | "distance" | "duration" | "elevation";

export interface Implausible {
  field: PlausibilityField;
  /** Plain language, shown to the member as it is. */
  reason: string;
}

export const maxSpeedKmh = (sportType: string): number => MAX_SPEED_KMH[sportType] ?? DEFAULT_MAX_KMH;

const finite = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n);
const km = (metres: number) => `${formatInt(Math.round(metres / 1000))} km`;

/**
 * Why this activity cannot be true, or null when it is plausible. The speed
 * is checked when a time is known (moving time, else elapsed time).
 */
export function implausibility(a: PlausibilityInput, now: Date): Implausible | null {
  const start = a.startDate instanceof Date ? a.startDate.getTime() : NaN;
  if (!Number.isFinite(start)) return { field: "start", reason: "The start time is not a valid date" };
  if (start > now.getTime() + FUTURE_TOLERANCE_S * 1000)
    return { field: "start", reason: "The start time is in the future" };
  if (!finite(a.distance) || a.distance < 0 || a.distance > MAX_DISTANCE_M)
    return { field: "distance", reason: `The distance is not plausible (at most ${km(MAX_DISTANCE_M)})` };
  for (const time of [a.movingTime, a.elapsedTime])
    if (!finite(time) || time < 0 || time > MAX_DURATION_S)
      return { field: "duration", reason: "The duration is not plausible (at most 7 days)" };
  if (!finite(a.elevationGain) || a.elevationGain < 0 || a.elevationGain > MAX_ELEVATION_M)
    return {
      field: "elevation",
      reason: `The elevation gain is not plausible (at most ${formatInt(MAX_ELEVATION_M)} m)`,
    };
  const time = a.movingTime > 0 ? a.movingTime : a.elapsedTime;
  const limit = maxSpeedKmh(a.sportType);
  if (time > 0 && a.distance * 3.6 > limit * time)
    return {
      field: "distance",
      reason: `The average speed is not plausible for a ${a.sportType} (at most ${limit} km/h): check the distance and duration`,
    };
  return null;
}
