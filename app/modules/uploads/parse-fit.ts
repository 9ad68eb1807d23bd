/**
 * FIT with Garmin's official SDK (@garmin/fitsdk). The session message holds
 * the device's own summary (sport, start, timer time with pauses removed,
 * elapsed time, distance, heart rate); elevation gain is recomputed from the
 * records' altitudes with the hysteresis of track.ts so every source follows
 * one rule (the session's total_ascent when the records carry no altitude).
 * A file without a session is summarised from its records.
 */
import { Decoder, Stream } from "@garmin/fitsdk";
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";
import { elevationGain, sportFromSpeed, summarise, type TrackPoint } from "./track";

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
const ms = (v: unknown): number | null =>
  v instanceof Date && !Number.isNaN(v.getTime()) ? v.getTime() : null;

export function parseFit(bytes: Uint8Array): ParsedActivity {
  const stream = Stream.fromByteArray(bytes);
  if (!Decoder.isFIT(stream)) throw new UploadRefused(FIT_MSG.notFit);
  const decoder = new Decoder(stream);
  if (!decoder.checkIntegrity()) throw new UploadRefused(FIT_MSG.damaged);
  const { messages, errors } = decoder.read({ mergeHeartRates: false });
  if (errors.length > 0) throw new UploadRefused(FIT_MSG.damaged);

  const records = messages.recordMesgs ?? [];
  const session = messages.sessionMesgs?.[0];
  const points: TrackPoint[] = records.map((r) => ({
    time: ms(r.timestamp),
    lat: num(r.positionLat) == null ? null : num(r.positionLat)! * SEMICIRCLE,
    lon: num(r.positionLong) == null ? null : num(r.positionLong)! * SEMICIRCLE,
    ele: num(r.enhancedAltitude) ?? num(r.altitude),
    hr: num(r.heartRate),
    distance: num(r.distance),
  }));
  const track = summarise([points]);
  const hasAltitude = points.some((p) => p.ele != null);

  const start = ms(session?.startTime) ?? track.start;
  if (start === null) throw new UploadRefused(FIT_MSG.noActivity);
  const distance = num(session?.totalDistance) ?? track.distance;
  const movingTime = num(session?.totalTimerTime) ?? track.movingTime;
  const elapsedTime =
    num(session?.totalElapsedTime) ??
    (track.end !== null && track.start !== null ? (track.end - track.start) / 1000 : 0);

  // The activity message's local_timestamp minus its UTC timestamp is the device's offset from UTC.
  const activity = messages.activityMesgs?.[0];
  const local = num(activity?.localTimestamp);
  const utc = ms(activity?.timestamp);
  const offset =
    local !== null && utc !== null ? Math.round((local - (utc / 1000 - FIT_EPOCH_S)) / 60 / 15) * 15 : null;

  return {
    sportType: sportOf(
      session?.sport ?? messages.sportMesgs?.[0]?.sport,
      session?.subSport,
      distance,
      movingTime,
    ),
    startDate: new Date(start),
    timezone: null,
    utcOffsetMinutes: offset !== null && Math.abs(offset) <= 14 * 60 ? offset : null,
    distance,
    movingTime,
    elapsedTime,
    elevationGain: hasAltitude ? elevationGain(points.map((p) => p.ele)) : (num(session?.totalAscent) ?? 0),
    averageHeartrate: num(session?.avgHeartRate) ?? track.averageHeartrate,
    maxHeartrate: num(session?.maxHeartRate) ?? track.maxHeartrate,
    maxSpeed: num(session?.enhancedMaxSpeed) ?? num(session?.maxSpeed) ?? track.maxSpeed,
    trainer:
      String(session?.subSport ?? "") === "indoorCycling" || String(session?.subSport ?? "") === "treadmill",
  };
}
