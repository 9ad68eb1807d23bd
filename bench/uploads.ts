/**
 * Uploads benchmark (part of `npm run bench`; alone: `npm run bench:uploads`
 * after `npm run build`, which prints JSON and merges `uploads` into
 * bench/results.json). Runs the built Worker under `wrangler dev` (ports
 * 8799/8800, a fresh database) and times whole requests, end to end: from the
 * POST /api/uploads of a file until GET /api/uploads reports it read (the
 * request, R2, the local queue, the consumer's parse and its saves through
 * the activities store, polled every 25 ms):
 *  - fitParseMs: a 6-hour ride recorded at 1 s (21,600 records, ~0.5 MB FIT);
 *  - csvImport5000Ms: a Strava archive's activities.csv with 5,000 rows, 6 h
 *    apart (about 3.4 years).
 * One warm-up run, then RUNS measured ones; each upload is deleted before the
 * next, so every run saves into the same database (no duplicates).
 *
 * Then `peakMemoryMb`: the peak memory of parsing a 25 MB GPX, TCX and FIT
 * file, each in a fresh Node process (bench/upload-memory.ts says what is
 * measured and how).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { encodeFit } from "../scripts/make-activity-fixtures";
import { registerMember, startServer, stopServer, type Session } from "./sync";
import { runUploadMemoryBench } from "./upload-memory";

const PORT = Number(process.env.BENCH_UPLOADS_PORT ?? 8799);
const APP = `http://localhost:${PORT}`;
const FAKES = `http://127.0.0.1:${PORT + 1}`;
const RUNS = 5;
const POLL_MS = 25;
/** How long one upload may take before the figure is reported as not measured. */
const WAIT_MS = 60_000;
const RIDE_SECONDS = 6 * 3600;
const CSV_ROWS = 5000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (n: number) => Math.round(n * 10) / 10;

/** A 6-hour 1 s ride with altitude and heart rate, starting `daysAgo` days back. */
export function sixHourRide(daysAgo = 3): Uint8Array {
  return encodeFit({
    sport: "cycling",
    start: new Date(Math.floor((Date.now() - daysAgo * 86_400_000) / 60_000) * 60_000),
    seconds: RIDE_SECONDS,
    speed: 7,
    altitude: (i) => 560 + 40 * Math.sin(i / 300),
    heartRate: (i) => 120 + (i % 40),
    utcOffsetMinutes: 330,
  });
}

/** Strava's activities.csv layout (its duplicated column names included) with `rows` rides, `hoursApart` apart. */
export function archiveCsv(rows: number, hoursApart = 6): string {
  const header =
    "Activity ID,Activity Date,Activity Name,Activity Type,Elapsed Time,Distance,Max Heart Rate,Commute,Elapsed Time,Moving Time,Distance,Elevation Gain,Average Heart Rate,Commute";
  const fmt = new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    second: "2-digit",
    hour12: true,
    timeZone: "UTC",
  });
  const step = hoursApart * 3_600_000;
  const start = Date.now() - 30 * 86_400_000 - rows * step;
  const lines = [header];
  for (let i = 0; i < rows; i++) {
    const date = fmt
      .format(new Date(start + i * 86_400_000))
      .replace(" at ", ", ")
      .replace(/\u202f/g, " ");
    const km = 20 + (i % 30);
    lines.push(
      `${i + 1},"${date}",Ride ${i + 1},Ride,${3900 + i},${km}.0,160,false,${3900 + i},3600.0,${km * 1000}.0,${100 + (i % 50)},140,0.0`,
    );
  }
  return lines.join("\n");
}

interface Listed {
  id: number;
  status: string;
  saved: number;
  message: string | null;
}

/** Uploads one file and waits until the consumer has read it: the elapsed ms and the result. */
async function uploadOnce(s: Session, name: string, bytes: Uint8Array | string) {
  const body = new FormData();
  body.append("files", new File([bytes as BlobPart], name));
  const t0 = performance.now();
  const res = await s.call("/api/uploads", { method: "POST", body });
  if (res.status !== 202) throw new Error(`upload ${name}: ${res.status} ${await res.text()}`);
  const { uploads } = (await res.json()) as { uploads: { id: number }[] };
  const id = uploads[0]!.id;
  for (;;) {
    const list = (await (await s.call("/api/uploads", { signal: AbortSignal.timeout(WAIT_MS) })).json()) as {
      uploads: Listed[];
    };
    const row = list.uploads.find((u) => u.id === id);
    if (row && row.status !== "queued") {
      const ms = performance.now() - t0;
      if (row.status !== "saved") throw new Error(`${name}: ${row.status} ${row.message}`);
      await s.call(`/api/uploads/${id}`, { method: "DELETE" });
      return { ms, saved: row.saved };
    }
    if (performance.now() - t0 > WAIT_MS) throw new Error(`${name}: still queued after ${WAIT_MS / 1000} s`);
    await sleep(POLL_MS);
  }
}

async function timeUpload(s: Session, name: string, bytes: Uint8Array | string, expected: number) {
  await uploadOnce(s, name, bytes);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const { ms, saved } = await uploadOnce(s, name, bytes);
    if (saved !== expected) throw new Error(`${name}: saved ${saved}, expected ${expected}`);
    times.push(ms);
  }
  return times;
}

export async function runUploadsBench() {
  const fit = sixHourRide();
  const csv = archiveCsv(CSV_ROWS);
  const server = await startServer(PORT, "uploads");
  try {
    const s = await registerMember("uploadbench", APP, FAKES);
    const fitTimes = await timeUpload(s, "six-hours.fit", fit, 1);
    // An import that does not finish within WAIT_MS is reported (null), not waited for.
    let csvTimes: number[] = [];
    let csvError: string | null = null;
    try {
      csvTimes = await timeUpload(s, "activities.csv", csv, CSV_ROWS);
    } catch (e) {
      csvError = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
    }
    stopServer(server);
    const memory = runUploadMemoryBench();
    return {
      /** Median ms from POST /api/uploads of the 6-hour 1 s FIT ride until it is read and saved. */
      fitParseMs: round(median(fitTimes)),
      /** Median ms from POST /api/uploads of a 5,000-row activities.csv until all are imported. */
      csvImport5000Ms: csvError ? null : round(median(csvTimes)),
      /** Peak heapUsed + arrayBuffers (MB, the file's own 25 MB included) parsing the worst 25 MB file of each kind. */
      peakMemoryMb: memory.peakMemoryMb,
      detail: {
        fit: { records: RIDE_SECONDS, bytes: fit.length, runsMs: fitTimes.map(round) },
        csv: { rows: CSV_ROWS, bytes: csv.length, runsMs: csvTimes.map(round), error: csvError },
        runs: { warmup: 1, measured: RUNS },
        memory: memory.runs,
      },
    };
  } finally {
    stopServer(server);
  }
}

if (process.argv[1]?.endsWith("uploads.ts")) {
  runUploadsBench()
    .then((uploads) => {
      console.log(JSON.stringify(uploads, null, 2));
      const file = "bench/results.json";
      const results = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
      writeFileSync(file, JSON.stringify({ ...results, uploads }, null, 2) + "\n");
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
