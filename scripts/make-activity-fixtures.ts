/**
 * Writes the activity fixtures of tests/fixtures/activities/ (issue #14):
 * FIT files with Garmin's own Encoder (@garmin/fitsdk), and a truncated one.
 * The GPX, TCX and CSV fixtures are hand-written text files next to them.
 *
 *   npx tsx scripts/make-activity-fixtures.ts
 *
 * Also exports `encodeFit`, which bench/ uses for the 6-hour ride.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Encoder, Profile } from "@garmin/fitsdk";

const DIR = join(import.meta.dirname, "../tests/fixtures/activities");
const FIT_EPOCH_S = 631_065_600;
/** Profile.MesgNum values (typed as optional by the SDK). */
const MESG = {
  FILE_ID: Profile.MesgNum.FILE_ID ?? 0,
  EVENT: Profile.MesgNum.EVENT ?? 21,
  RECORD: Profile.MesgNum.RECORD ?? 20,
  LAP: Profile.MesgNum.LAP ?? 19,
  SESSION: Profile.MesgNum.SESSION ?? 18,
  ACTIVITY: Profile.MesgNum.ACTIVITY ?? 34,
};
const SEMI = 2 ** 31 / 180;

export interface FitSpec {
  sport: string;
  subSport?: string;
  start: Date;
  /** seconds of recording at 1 s */
  seconds: number;
  /** metres per second while moving */
  speed: number;
  /** [from, to) second ranges where the timer is stopped (no records) */
  pauses?: [number, number][];
  /** altitude at second i */
  altitude?: (i: number) => number;
  heartRate?: (i: number) => number;
  /** local offset from UTC, minutes */
  utcOffsetMinutes?: number;
  /** false: write no session message (records only) */
  session?: boolean;
}

export function encodeFit(spec: FitSpec): Uint8Array {
  const encoder = new Encoder();
  // The SDK types each message by its number; the fixtures build them generically.
  const e = { onMesg: (num: number, mesg: Record<string, unknown>) => encoder.onMesg(num, mesg as never) };
  const t0 = spec.start.getTime();
  const at = (s: number) => new Date(t0 + s * 1000);
  e.onMesg(MESG.FILE_ID, {
    type: "activity",
    manufacturer: "development",
    product: 1,
    timeCreated: spec.start,
    serialNumber: 1234,
  });
  e.onMesg(MESG.EVENT, { timestamp: at(0), event: "timer", eventType: "start" });
  const paused = (i: number) => (spec.pauses ?? []).some(([a, b]) => i >= a && i < b);
  let distance = 0;
  let timer = 0;
  let hrSum = 0;
  let hrMax = 0;
  let n = 0;
  let wasPaused = false;
  for (let i = 0; i <= spec.seconds; i++) {
    if (paused(i)) {
      if (!wasPaused) e.onMesg(MESG.EVENT, { timestamp: at(i), event: "timer", eventType: "stop" });
      wasPaused = true;
      continue;
    }
    if (wasPaused) e.onMesg(MESG.EVENT, { timestamp: at(i), event: "timer", eventType: "start" });
    if (i > 0 && !wasPaused) {
      distance += spec.speed;
      timer += 1;
    }
    wasPaused = false;
    const hr = spec.heartRate?.(i);
    if (hr) {
      hrSum += hr;
      hrMax = Math.max(hrMax, hr);
      n += 1;
    }
    e.onMesg(MESG.RECORD, {
      timestamp: at(i),
      positionLat: Math.round((18.52 + distance / 111_000) * SEMI),
      positionLong: Math.round(73.85 * SEMI),
      distance,
      speed: spec.speed,
      ...(spec.altitude ? { enhancedAltitude: spec.altitude(i) } : {}),
      ...(hr ? { heartRate: hr } : {}),
    });
  }
  const end = at(spec.seconds);
  e.onMesg(MESG.EVENT, { timestamp: end, event: "timer", eventType: "stopAll" });
  const summary = {
    timestamp: end,
    startTime: spec.start,
    sport: spec.sport,
    subSport: spec.subSport ?? "generic",
    totalElapsedTime: spec.seconds,
    totalTimerTime: timer,
    totalDistance: distance,
    ...(n ? { avgHeartRate: Math.round(hrSum / n), maxHeartRate: hrMax } : {}),
  };
  e.onMesg(MESG.LAP, { ...summary, messageIndex: 0 });
  if (spec.session !== false)
    e.onMesg(MESG.SESSION, { ...summary, messageIndex: 0, firstLapIndex: 0, numLaps: 1 });
  e.onMesg(MESG.ACTIVITY, {
    timestamp: end,
    totalTimerTime: timer,
    numSessions: 1,
    type: "manual",
    event: "activity",
    eventType: "stop",
    localTimestamp: Math.round(end.getTime() / 1000) - FIT_EPOCH_S + (spec.utcOffsetMinutes ?? 0) * 60,
  });
  return encoder.close();
}

function main() {
  const wave = (i: number) => 560 + 40 * Math.sin(i / 300) + (i % 2 ? 1 : -1); // ±1 m noise on 80 m of hills
  const ride = encodeFit({
    sport: "cycling",
    start: new Date("2026-10-04T00:30:00Z"),
    seconds: 3600,
    speed: 7,
    pauses: [[1800, 2100]],
    altitude: wave,
    heartRate: (i) => 120 + (i % 40),
    utcOffsetMinutes: 330,
  });
  writeFileSync(join(DIR, "ride.fit"), ride);
  writeFileSync(
    join(DIR, "run.fit"),
    encodeFit({
      sport: "running",
      subSport: "trail",
      start: new Date("2026-10-05T01:00:00Z"),
      seconds: 1800,
      speed: 3,
      pauses: [[600, 660]],
      altitude: () => 600,
      heartRate: (i) => 150 + (i % 10),
      utcOffsetMinutes: 330,
    }),
  );
  writeFileSync(
    join(DIR, "swim.fit"),
    encodeFit({
      sport: "swimming",
      start: new Date("2026-10-06T02:00:00Z"),
      seconds: 1200,
      speed: 1,
      session: true,
    }),
  );
  writeFileSync(join(DIR, "truncated.fit"), ride.slice(0, Math.floor(ride.length / 2)));
}

if (process.argv[1]?.endsWith("make-activity-fixtures.ts")) main();
