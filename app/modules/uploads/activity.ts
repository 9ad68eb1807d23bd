/**
 * What every parser of an upload produces (one activity's summary), and how
 * it becomes an activities row. Pure: no I/O, shared by the FIT, GPX, TCX and
 * CSV parsers, the manual entry and the tests.
 */
import type { ActivitySource, NewActivity } from "~db/schema";

export interface ParsedActivity {
  /** Strava sport type (Ride, Run, Swim, Walk, Hike, …). */
  sportType: string;
  name?: string;
  startDate: Date;
  /** IANA zone or Strava's "(GMT+05:30) Asia/Kolkata" when the file says it; null otherwise. */
  timezone: string | null;
  /** Offset of local time from UTC in minutes, when known (FIT's local_timestamp, the archive). */
  utcOffsetMinutes: number | null;
  /** metres */
  distance: number;
  /** seconds, pauses removed */
  movingTime: number;
  /** seconds, start to end */
  elapsedTime: number;
  /** metres, with the hysteresis of elevation.ts */
  elevationGain: number;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  maxSpeed: number | null;
  commute?: boolean;
  trainer?: boolean;
}

/** Strava's legacy `type` for a sport type (the app keeps both). */
const LEGACY_TYPE: Record<string, string> = {
  MountainBikeRide: "Ride",
  GravelRide: "Ride",
  EBikeRide: "EBikeRide",
  TrailRun: "Run",
  VirtualRun: "Run",
};

const DEFAULT_NAMES: Record<string, string> = {
  Ride: "Ride",
  Run: "Run",
  Swim: "Swim",
  Walk: "Walk",
  Hike: "Hike",
};

/** "2025-03-04T06:30:00Z": local wall-clock time written the way Strava writes start_date_local. */
export function localStart(start: Date, utcOffsetMinutes: number | null): string {
  const shifted = new Date(start.getTime() + (utcOffsetMinutes ?? 0) * 60_000);
  return `${shifted.toISOString().slice(0, 19)}Z`;
}

/**
 * The activities row for a parsed activity. Uploaded, imported and manual
 * activities are private to their owner (docs/decisions/023-uploads.md).
 */
export function toActivityRow(
  parsed: ParsedActivity,
  source: Exclude<ActivitySource, "strava">,
  uploadId: number | null,
): Omit<NewActivity, "userId"> {
  const name = parsed.name?.trim() || DEFAULT_NAMES[parsed.sportType] || parsed.sportType;
  return {
    stravaId: null,
    source,
    uploadId,
    name: name.slice(0, 200),
    type: LEGACY_TYPE[parsed.sportType] ?? parsed.sportType,
    sportType: parsed.sportType,
    distance: round(parsed.distance, 1),
    movingTime: Math.round(parsed.movingTime),
    elapsedTime: Math.round(parsed.elapsedTime),
    totalElevationGain: round(parsed.elevationGain, 1),
    startDate: parsed.startDate,
    startDateLocal: localStart(parsed.startDate, parsed.utcOffsetMinutes),
    timezone: parsed.timezone,
    commute: parsed.commute ?? false,
    trainer: parsed.trainer ?? false,
    manual: source === "manual",
    averageSpeed: parsed.movingTime > 0 ? round(parsed.distance / parsed.movingTime, 3) : null,
    maxSpeed: parsed.maxSpeed == null ? null : round(parsed.maxSpeed, 3),
    averageHeartrate: parsed.averageHeartrate == null ? null : round(parsed.averageHeartrate, 1),
    maxHeartrate: parsed.maxHeartrate == null ? null : Math.round(parsed.maxHeartrate),
    private: true,
    visibility: "only_me",
  };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
