/**
 * FIT, read record by record (fit-reader.ts, with Garmin's Profile from
 * @garmin/fitsdk): the session message holds the device's own summary
 * (sport, start, timer time with pauses removed, elapsed time, distance, heart
 * rate); elevation gain is recomputed from the records' altitudes with the
 * hysteresis of track.ts so every source follows one rule (the session's
 * total_ascent when the records carry no altitude). A file without a session
 * is summarised from its records. No record is kept: each goes to the running
 * summary (and `onPoint`) as it is read.
 */
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";
import type { TrackOptions } from "./parse-xml";
import { fitIntact, FitError, isFit, readFitMessages, type FitValue } from "./fit-reader";
import { sportFromSpeed, TrackSummariser, type TrackPoint } from "./track";

export const FIT_MSG = {
  notFit: "The file is not a FIT file",
  damaged: "The FIT file is damaged or incomplete (its checksum does not match)",
  noActivity: "The FIT file holds no activity (no session or records with times)",
} as const;

/** Seconds between the Unix epoch and the FIT epoch (1989-12-31T00:00:00Z). */
const FIT_EPOCH_S = 631_065_600;
const SEMICIRCLE = 180 / 2 ** 31;

const FIT_SPORTS: Record<string, string> = {
  cycling: "Ride",
  eBiking: "EBikeRide",
  running: "Run",
  swimming: "Swim",
  walking: "Walk",
  hiking: "Hike",
  training: "Workout",
};

function sportOf(sport: unknown, subSport: unknown, distance: number, movingTime: number): string {
  const s = String(sport ?? "");
  const sub = String(subSport ?? "");
  if (s === "cycling") {
    if (sub === "virtualActivity" || sub === "indoorCycling") return "VirtualRide";
    if (sub === "mountain") return "MountainBikeRide";
    if (sub === "gravelCycling") return "GravelRide";
  }
  if (s === "running" && sub === "trail") return "TrailRun";
  if (s === "running" && sub === "virtualActivity") return "VirtualRun";
  return FIT_SPORTS[s] ?? (s && s !== "generic" ? "Workout" : sportFromSpeed(distance, movingTime));
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** Global message numbers and the fields read from each (FIT profile numbers). */
const SPORT = 12;
const SESSION = 18;
const RECORD = 20;
const ACTIVITY = 34;
const WANTED = {
  // timestamp, position_lat, position_long, altitude, heart_rate, distance, enhanced_altitude
  [RECORD]: [253, 0, 1, 2, 3, 5, 78],
  // start_time, sport, sub_sport, total_elapsed_time, total_timer_time, total_distance, max_speed,
  // avg_heart_rate, max_heart_rate, total_ascent, enhanced_max_speed
  [SESSION]: [2, 5, 6, 7, 8, 9, 15, 16, 17, 22, 125],
  // timestamp, local_timestamp
  [ACTIVITY]: [253, 5],
  // sport
  [SPORT]: [0],
} as const;

export function parseFit(bytes: Uint8Array, options: TrackOptions = {}): ParsedActivity {
  if (!isFit(bytes)) throw new UploadRefused(FIT_MSG.notFit);
  if (!fitIntact(bytes)) throw new UploadRefused(FIT_MSG.damaged);

  const summariser = new TrackSummariser();
  const point: TrackPoint = { time: null, lat: null, lon: null, ele: null, hr: null, distance: null };
  let session: FitValue[] | null = null;
  let activity: FitValue[] | null = null;
  let sportMesgSport: FitValue = null;
  try {
    readFitMessages(bytes, WANTED, (mesgNum, v) => {
      if (mesgNum === RECORD) {
        const lat = num(v[1]);
        const lon = num(v[2]);
        point.time = num(v[0]);
        point.lat = lat == null ? null : lat * SEMICIRCLE;
        point.lon = lon == null ? null : lon * SEMICIRCLE;
        // The SDK expands a valid altitude into enhanced_altitude, so altitude wins when both are present.
        point.ele = num(v[3]) ?? num(v[6]);
        point.hr = num(v[4]);
        point.distance = num(v[5]);
        summariser.add(point);
        options.onPoint?.(point);
      } else if (mesgNum === SESSION) session ??= [...v];
      else if (mesgNum === ACTIVITY) activity ??= [...v];
      else if (mesgNum === SPORT && sportMesgSport === null) sportMesgSport = v[0] ?? null;
    });
  } catch (error) {
    if (error instanceof FitError) throw new UploadRefused(FIT_MSG.damaged);
    throw error;
  }
  const s = (i: number) => (session ? session[i] : null) ?? null;
  const track = summariser.summary();

  const start = num(s(0)) ?? track.start;
  if (start === null) throw new UploadRefused(FIT_MSG.noActivity);
  const distance = num(s(5)) ?? track.distance;
  const movingTime = num(s(4)) ?? track.movingTime;
  const elapsedTime =
    num(s(3)) ?? (track.end !== null && track.start !== null ? (track.end - track.start) / 1000 : 0);

  // The activity message's local_timestamp minus its UTC timestamp is the device's offset from UTC.
  const local = num(activity?.[1]);
  const utc = num(activity?.[0]);
  const offset =
    local !== null && utc !== null ? Math.round((local - (utc / 1000 - FIT_EPOCH_S)) / 60 / 15) * 15 : null;
  const subSport = String(s(2) ?? "");

  return {
    sportType: sportOf(s(1) ?? sportMesgSport, s(2), distance, movingTime),
    startDate: new Date(start),
    timezone: null,
    utcOffsetMinutes: offset !== null && Math.abs(offset) <= 14 * 60 ? offset : null,
    distance,
    movingTime,
    elapsedTime,
    elevationGain: summariser.altitudes > 0 ? track.elevationGain : (num(s(9)) ?? 0),
    averageHeartrate: num(s(7)) ?? track.averageHeartrate,
    maxHeartrate: num(s(8)) ?? track.maxHeartrate,
    // The SDK expands a valid max_speed into enhanced_max_speed.
    maxSpeed: num(s(6)) ?? num(s(10)) ?? track.maxSpeed,
    trainer: subSport === "indoorCycling" || subSport === "treadmill",
  };
}
