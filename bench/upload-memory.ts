/**
 * Peak memory of parsing the largest accepted upload (MAX_UPLOAD_BYTES, 25 MB)
 * of each kind, part of `npm run bench:uploads`.
 *
 * The files are the worst case for the parsers: as many track points as fit
 * in 25 MB (a GPX and a TCX at 1 s, written the way Strava and Garmin write
 * them; a FIT of 1 s records with position, altitude, heart rate and
 * distance), plus a GPX whose 25 MB is mostly one text element.
 *
 * How it is measured: each file is parsed in a fresh Node process
 * (`node --expose-gc --import tsx bench/upload-memory.ts <kind> <file>`). The
 * child loads the parsers, runs gc() and takes its baseline, then reads the
 * file and parses it with the parser's `onPoint` hook sampling
 * `process.memoryUsage()` every 500 points (and before and after the parse).
 * The figure is the largest `heapUsed + arrayBuffers` seen minus the
 * baseline: the V8 heap (garbage not yet collected included) plus the file's
 * own 25 MB buffer and any other ArrayBuffer, which is what a Worker isolate's
 * 128 MB limit counts. The child also reports its peak RSS (`maxRSS`), which
 * includes Node itself (~50 MB) and so is not comparable with the isolate
 * limit.
 *
 * Run alone (`npx tsx bench/upload-memory.ts`, no server needed) it merges
 * `uploads.peakMemoryMb` and `uploads.detail.memory` into bench/results.json.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeFit } from "../scripts/make-activity-fixtures";
import { MAX_UPLOAD_BYTES } from "../app/modules/uploads/schema";

const MB = 1024 * 1024;
const round = (n: number) => Math.round(n * 10) / 10;
const START = Date.parse("2026-01-01T00:00:00Z");

/** Repeats `piece(i)` between `head` and `foot` until the file would pass `limit` bytes. */
function fill(head: string, foot: string, piece: (i: number) => string, limit = MAX_UPLOAD_BYTES): string {
  const parts = [head];
  let size = head.length + foot.length;
  for (let i = 0; ; i++) {
    const p = piece(i);
    if (size + p.length > limit) break;
    parts.push(p);
    size += p.length;
  }
  parts.push(foot);
  return parts.join("");
}

const iso = (i: number) => new Date(START + i * 1000).toISOString().replace(".000Z", "Z");
const lat = (i: number) => (18.5 + i * 0.00006).toFixed(7);

export function largeGpx(): string {
  return fill(
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx creator="StravaGPX" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">\n <metadata>\n  <time>${iso(0)}</time>\n </metadata>\n <trk>\n  <name>Long ride</name>\n  <type>cycling</type>\n  <trkseg>\n`,
    `  </trkseg>\n </trk>\n</gpx>\n`,
    (i) =>
      `   <trkpt lat="${lat(i)}" lon="73.8500000">\n    <ele>${(560 + 40 * Math.sin(i / 300)).toFixed(1)}</ele>\n    <time>${iso(i)}</time>\n    <extensions>\n     <gpxtpx:TrackPointExtension>\n      <gpxtpx:hr>${120 + (i % 40)}</gpxtpx:hr>\n     </gpxtpx:TrackPointExtension>\n    </extensions>\n   </trkpt>\n`,
  );
}

/** 25 MB of GPX that is nearly all one `<desc>`: a text node no parser needs. */
export function textHeavyGpx(): string {
  const points = Array.from(
    { length: 10 },
    (_, i) => `<trkpt lat="${lat(i)}" lon="73.85"><time>${iso(i)}</time></trkpt>`,
  ).join("");
  const head = `<?xml version="1.0"?><gpx version="1.1"><trk><name>Text</name><desc>`;
  const foot = `</desc><trkseg>${points}</trkseg></trk></gpx>`;
  return head + "x".repeat(MAX_UPLOAD_BYTES - head.length - foot.length) + foot;
}

export function largeTcx(): string {
  return fill(
    `<?xml version="1.0" encoding="UTF-8"?>\n<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n <Activities>\n  <Activity Sport="Biking">\n   <Id>${iso(0)}</Id>\n   <Lap StartTime="${iso(0)}">\n    <Track>\n`,
    `    </Track>\n   </Lap>\n  </Activity>\n </Activities>\n</TrainingCenterDatabase>\n`,
    (i) =>
      `     <Trackpoint>\n      <Time>${iso(i)}</Time>\n      <Position>\n       <LatitudeDegrees>${lat(i)}</LatitudeDegrees>\n       <LongitudeDegrees>73.85</LongitudeDegrees>\n      </Position>\n      <AltitudeMeters>${(560 + 40 * Math.sin(i / 300)).toFixed(1)}</AltitudeMeters>\n      <DistanceMeters>${(i * 7).toFixed(1)}</DistanceMeters>\n      <HeartRateBpm xsi:type="HeartRateInBeatsPerMinute_t">\n       <Value>${120 + (i % 40)}</Value>\n      </HeartRateBpm>\n     </Trackpoint>\n`,
  );
}

/** 1 s records with position, altitude, heart rate and distance, as many as fit in 25 MB. */
export function largeFit(): Uint8Array {
  const ride = (seconds: number) =>
    encodeFit({
      sport: "cycling",
      start: new Date(START),
      seconds,
      speed: 7,
      altitude: (i) => 560 + 40 * Math.sin(i / 300),
      heartRate: (i) => 120 + (i % 40),
      utcOffsetMinutes: 330,
    });
  const small = ride(1000).length;
  const perRecord = (ride(2000).length - small) / 1000;
  return ride(1000 + Math.floor((MAX_UPLOAD_BYTES - small) / perRecord) - 10);
}

type Kind = "gpx" | "tcx" | "fit";

export interface MemoryResult {
  kind: Kind;
  file: string;
  bytes: number;
  points: number;
  peakMb: number;
  parseMs: number;
  maxRssMb: number;
  distanceKm: number;
}

/** Runs one parse in a fresh Node process and returns what it measured. */
function measure(kind: Kind, file: string, label: string): MemoryResult {
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", "--import", "tsx", "bench/upload-memory.ts", kind, file],
    { encoding: "utf8", maxBuffer: 1024 * 1024 },
  );
  if (child.status !== 0) throw new Error(`${label}: ${child.stderr || child.stdout}`);
  return { ...(JSON.parse(child.stdout.trim().split("\n").pop()!) as MemoryResult), file: label };
}

export function runUploadMemoryBench() {
  const dir = mkdtempSync(join(tmpdir(), "upload-memory-"));
  try {
    const files: [Kind, string, string | Uint8Array][] = [
      ["gpx", "gpx-points", largeGpx()],
      ["gpx", "gpx-one-text-node", textHeavyGpx()],
      ["tcx", "tcx-points", largeTcx()],
      ["fit", "fit-records", largeFit()],
    ];
    const runs = files.map(([kind, label, content]) => {
      const path = join(dir, `${label}.${kind}`);
      writeFileSync(path, content);
      return measure(kind, path, label);
    });
    const worst = (kind: Kind) => Math.max(...runs.filter((r) => r.kind === kind).map((r) => r.peakMb));
    return {
      /** Largest heapUsed + arrayBuffers above the baseline while parsing a 25 MB file, the file's buffer included. */
      peakMemoryMb: { gpx: worst("gpx"), tcx: worst("tcx"), fit: worst("fit") },
      runs,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The child: parse one file and print what it measured as one JSON line. */
async function child(kind: Kind, file: string) {
  const { parseGpx, parseTcx } = await import("../app/modules/uploads/parse-xml");
  const { parseFit } = await import("../app/modules/uploads/parse-fit");
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error("run with --expose-gc");
  const used = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers;
  };
  gc();
  gc();
  const baseline = used();
  // A Buffer is a Uint8Array over its own ArrayBuffer: no copy.
  const bytes: Uint8Array = readFileSync(file);
  let peak = used();
  let points = 0;
  const onPoint = () => {
    if (++points % 500 === 0) peak = Math.max(peak, used());
  };
  const t0 = performance.now();
  const parse = kind === "gpx" ? parseGpx : kind === "tcx" ? parseTcx : parseFit;
  const activity = parse(bytes, { onPoint });
  const parseMs = performance.now() - t0;
  peak = Math.max(peak, used());
  const result: Omit<MemoryResult, "file"> = {
    kind,
    bytes: bytes.length,
    points,
    peakMb: round((peak - baseline) / MB),
    parseMs: Math.round(parseMs),
    maxRssMb: round(process.resourceUsage().maxRSS / 1024),
    distanceKm: round(activity.distance / 1000),
  };
  console.log(JSON.stringify(result));
}

if (process.argv[1]?.endsWith("upload-memory.ts")) {
  const [kind, file] = process.argv.slice(2);
  if (kind && file)
    child(kind as Kind, file).catch((e) => {
      console.error(e);
      process.exit(1);
    });
  else {
    // Alone (`npx tsx bench/upload-memory.ts`): merges its figures into bench/results.json's uploads.
    const memory = runUploadMemoryBench();
    console.log(JSON.stringify(memory, null, 2));
    const path = "bench/results.json";
    const results = JSON.parse(readFileSync(path, "utf8")) as { uploads?: { detail?: object } };
    const uploads = results.uploads ?? {};
    results.uploads = {
      ...uploads,
      peakMemoryMb: memory.peakMemoryMb,
      detail: { ...uploads.detail, memory: memory.runs },
    } as typeof uploads;
    writeFileSync(path, JSON.stringify(results, null, 2) + "\n");
  }
}
