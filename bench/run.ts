/**
 * `npm run bench`: the dashboard and activity list at 20,000 activities.
 *
 * 1. Builds the app (BENCH_SKIP_BUILD=1 reuses ./build), creates a fresh local
 *    D1 in .wrangler/bench-state, applies the migrations and seeds one member
 *    with 20,000 activities (bench/seed.ts).
 * 2. Starts the built Worker under `wrangler dev` through scripts/start.ts on
 *    ports 8795 (app) and 8796 (fakes); the database is not empty, so no demo
 *    data is added.
 * 3. Signs in and times GET /api/dashboard/stats, GET /api/activities?page=50
 *    and the server-rendered /dashboard (100 warm-up runs, then 50: a freshly
 *    started isolate is still compiling the Worker's code for its first few
 *    hundred requests, and a production isolate serves many), and sums the
 *    gzip size of the JavaScript /dashboard preloads (the lazily loaded chart
 *    chunk is not among them).
 * 4. Stops the server and times the very same SQL (built by the app's own
 *    query functions, bench/sql.ts) with the sqlite3 CLI on the same file.
 *
 * Writes bench/results.json and prints a table.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, openSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readVars } from "../scripts/seed";
import { BENCH_ACTIVITIES, BENCH_USER, benchSeedSql, CHALLENGE_BENCH, challengeBenchSql } from "./seed";
import { fitnessChartCompute, fitnessRowsSql, listPageSql, statsSql } from "./sql";
import { runSyncBench } from "./sync";
import { printLighthouse, runLighthouseBench, signIn } from "./lighthouse";
import { runUploadsBench } from "./uploads";
import { runInfo, runScaleBench, scaleTable } from "./scale";
import { writeResultsMd } from "./results-md";
import { measureMemberYear } from "./member-year";

const PORT = 8795;
const FAKES_PORT = 8796;
const PERSIST = ".wrangler/bench-state";
/** The app's origin (APP_URL: sign-in checks the Origin against it). */
const BASE = `http://localhost:${PORT}`;
/** Where the timed calls go: the address wrangler listens on, so no name lookup or IPv6 attempt adds to the times. */
const TARGET = `http://127.0.0.1:${PORT}`;
const WARMUP = 100;
const RUNS = 50;
const LIST_PAGE = 50;

// First-load JS of /dashboard: 120 KB gzip since issue #17 (was 150); bench/lighthouse.ts measures it
// (`firstLoadJsDashboardDemo`, the demo member) with `/`, `/auth` and `/wari`.
const TARGETS = { statsMedianMs: 40, statsVsSql: 3, dashboardMedianMs: 80, firstLoadJsGzipKb: 120 };

function log(message: string) {
  console.log(`\x1b[35m[bench]\x1b[0m ${message}`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const summary = (values: number[]) => ({
  medianMs: round(percentile(values, 50)),
  p95Ms: round(percentile(values, 95)),
  runs: values.length,
});

async function prepareDatabase(now: Date) {
  rmSync(PERSIST, { recursive: true, force: true });
  mkdirSync(PERSIST, { recursive: true });
  log(`applying migrations to a fresh local D1 (${PERSIST})`);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST], {
    CI: "1",
  });
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const pepper = readVars(".dev.vars").PASSWORD_PEPPER ?? "";
  log(`seeding ${BENCH_ACTIVITIES.toLocaleString("en")} activities for "${BENCH_USER.username}"`);
  const file = join(PERSIST, "..", "bench-seed.sql");
  writeFileSync(file, await benchSeedSql({ pepper, now }));
  run("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    PERSIST,
    "--file",
    file,
    "--yes",
  ]);
  log(
    `seeding a challenge with ${CHALLENGE_BENCH.participants.toLocaleString("en")} participants and ${CHALLENGE_BENCH.activities.toLocaleString("en")} activities`,
  );
  writeFileSync(file, challengeBenchSql(now));
  run("npx", [
    "wrangler",
    "d1",
    "execute",
    "DB",
    "--local",
    "--persist-to",
    PERSIST,
    "--file",
    file,
    "--yes",
  ]);
  rmSync(file);
}

function startServer(): ChildProcess {
  log(`starting the Worker on ${BASE} (scripts/start.ts, log in ${PERSIST}/../bench-server.log)`);
  const out = openSync(join(PERSIST, "..", "bench-server.log"), "w");
  return spawn("npx", ["tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      FAKES_PORT: String(FAKES_PORT),
      PERSIST_DIR: PERSIST,
      SKIP_BUILD: "1",
      WRANGLER_LOG: "warn",
    },
    stdio: ["ignore", out, out],
    detached: true,
  });
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || !server.pid) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("the server did not come up within 120 s");
}

async function time(path: string, cookie: string, method = "GET"): Promise<number[]> {
  const once = async () => {
    const start = performance.now();
    const res = await fetch(`${TARGET}${path}`, { method, headers: { Cookie: cookie, Origin: BASE } });
    await res.arrayBuffer();
    const ms = performance.now() - start;
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  return times;
}

function sqliteFile(): string {
  const dir = join(PERSIST, "v3", "d1", "miniflare-D1DatabaseObject");
  const candidates = readdirSync(dir).filter((f) => f.endsWith(".sqlite"));
  for (const f of candidates) {
    const path = join(dir, f);
    try {
      const n = execFileSync("sqlite3", [path, "SELECT count(*) FROM activities"], {
        encoding: "utf8",
      }).trim();
      if (Number(n) >= BENCH_ACTIVITIES) return path;
    } catch {
      // not the app's database
    }
  }
  throw new Error(`no D1 sqlite file with the activities under ${dir}`);
}

/**
 * Runs `statements` WARMUP + RUNS times in one sqlite3 process with `.timer on`.
 * sqlite3 prints wall time to the millisecond and CPU time to the microsecond;
 * a run's time is the sum over its statements of user + sys CPU (the data is
 * cached, so CPU time is the query time), and the wall time is kept for reference.
 */
function timeSql(file: string, statements: string[]) {
  const script = [".output /dev/null", ".timer on"];
  for (let i = 0; i < WARMUP + RUNS; i++) script.push(...statements.map((s) => `${s};`));
  const out = execFileSync("sqlite3", [file], {
    input: script.join("\n"),
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const lines = [...out.matchAll(/Run Time: real ([\d.]+) user ([\d.]+) sys ([\d.]+)/g)].map((m) => ({
    real: Number(m[1]) * 1000,
    cpu: (Number(m[2]) + Number(m[3])) * 1000,
  }));
  if (lines.length !== (WARMUP + RUNS) * statements.length)
    throw new Error(
      `sqlite3 printed ${lines.length} timings, expected ${(WARMUP + RUNS) * statements.length}`,
    );
  const cpu: number[] = [];
  const real: number[] = [];
  for (let i = WARMUP; i < WARMUP + RUNS; i++) {
    const run = lines.slice(i * statements.length, (i + 1) * statements.length);
    cpu.push(run.reduce((s, l) => s + l.cpu, 0));
    real.push(run.reduce((s, l) => s + l.real, 0));
  }
  return { ...summary(cpu), wallMedianMs: round(percentile(real, 50)), statements: statements.length };
}

async function main() {
  const now = new Date();
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log("building (remix vite:build)");
    run("npx", ["remix", "vite:build"]);
  }
  await prepareDatabase(now);

  const server = startServer();
  const stop = async () => {
    await stopServer(server);
  };
  process.on("SIGINT", () => void stop().then(() => process.exit(130)));
  let http: Record<string, ReturnType<typeof summary>>;
  try {
    await waitForHealth();
    const cookie = await signIn(BASE, BENCH_USER.username, BENCH_USER.password);
    log(`timing ${RUNS} runs of each call after ${WARMUP} warm-up runs`);
    http = {
      "GET /api/dashboard/stats": summary(await time("/api/dashboard/stats", cookie)),
      [`GET /api/activities?page=${LIST_PAGE}`]: summary(
        await time(`/api/activities?page=${LIST_PAGE}`, cookie),
      ),
      "GET /dashboard (HTML)": summary(await time("/dashboard", cookie)),
      // Wari's fitness chart data (decision 024): the member's cached training days, curves computed per call.
      "GET /api/wari/fitness (20,000 activities)": summary(await time("/api/wari/fitness", cookie)),
      // Reference: the same trip through wrangler, Remix and the session check, with no activity query.
      "GET /api/user (baseline: HTTP + session)": summary(await time("/api/user", cookie)),
      [`GET /challenges/{id} (HTML, ${CHALLENGE_BENCH.participants} participants)`]: summary(
        await time(`/challenges/${CHALLENGE_BENCH.id}`, cookie),
      ),
      [`GET /api/challenges/{id}/leaderboard (${CHALLENGE_BENCH.participants} participants)`]: summary(
        await time(`/api/challenges/${CHALLENGE_BENCH.id}/leaderboard`, cookie),
      ),
      // Admin reports across every member's activities (the bench database holds about 220,000).
      "GET /api/admin/reports/activities-by-type (all members)": summary(
        await time("/api/admin/reports/activities-by-type", cookie),
      ),
      "GET /api/admin/reports/activity-trends (all members, 12 months)": summary(
        await time("/api/admin/reports/activity-trends", cookie),
      ),
      "GET /api/admin/reports/user-activities (all members)": summary(
        await time("/api/admin/reports/user-activities", cookie),
      ),
      [`POST /api/admin/challenges/{id}/recalculate-progress (${CHALLENGE_BENCH.activities.toLocaleString("en")} activities)`]:
        summary(
          await time(`/api/admin/challenges/${CHALLENGE_BENCH.id}/recalculate-progress`, cookie, "POST"),
        ),
    };
  } finally {
    log("stopping the server");
    await stop();
  }

  log("timing the same SQL with the sqlite3 CLI");
  const file = sqliteFile();
  const sqlite = {
    "dashboard stats (4 statements)": timeSql(file, statsSql(BENCH_USER.id, now)),
    [`activities page ${LIST_PAGE} (2 statements)`]: timeSql(file, listPageSql(BENCH_USER.id, LIST_PAGE)),
    "wari fitness: the member's activities in one read": timeSql(file, [fitnessRowsSql(BENCH_USER.id)]),
  };
  // A stale cache (right after a sync): that read plus one pass over the rows, timed in Node.
  const fitnessCompute = summary(fitnessChartCompute(file, BENCH_USER.id, now, WARMUP, RUNS));

  const stats = http["GET /api/dashboard/stats"]!;
  const rawStats = sqlite["dashboard stats (4 statements)"]!;
  const checks: Record<string, boolean> = {
    statsMedianUnder40ms: stats.medianMs < TARGETS.statsMedianMs,
    statsWithin3xOfSql: stats.medianMs <= TARGETS.statsVsSql * rawStats.medianMs,
    dashboardHtmlMedianUnder80ms: http["GET /dashboard (HTML)"]!.medianMs < TARGETS.dashboardMedianMs,
    challengeDetailMedianUnder100ms:
      http[`GET /challenges/{id} (HTML, ${CHALLENGE_BENCH.participants} participants)`]!.medianMs < 100,
    fitnessChartUnder50ms: http["GET /api/wari/fitness (20,000 activities)"]!.medianMs < 50,
    leaderboardMedianUnder100ms:
      http[`GET /api/challenges/{id}/leaderboard (${CHALLENGE_BENCH.participants} participants)`]!.medianMs <
      100,
  };
  const baseline = http["GET /api/user (baseline: HTTP + session)"]!;
  log("Strava sync: a 10,000-activity backfill, then 5 members × 2,000 under the default limits");
  const sync = await runSyncBench();
  checks.syncBackfill10kUnder20s =
    sync.backfill.completed && sync.backfill.seconds < sync.backfill.targetSeconds;
  checks.syncFiveMembersNo429 = sync.fiveMembers.allCompleted && sync.fiveMembers.unrecovered429s === 0;
  log("uploads: a 6-hour 1 s FIT ride and a 5,000-row activities.csv, end to end");
  const uploads = await runUploadsBench();
  log("scale: 100, 1,000 and 10,000 athletes over a simulated day, default and Extended Access budgets");
  const scaleInfo = runInfo();
  const scale = await runScaleBench();
  const memberYear = measureMemberYear();
  checks.scaleNo429 = scale.every((r) => r.responses429 === 0);
  checks.scale10kExtendedP95Under5Min = scale.some(
    (r) => r.athletes === 10_000 && r.budget === "extended" && (r.freshnessP95S ?? Infinity) < 300,
  );
  log("Lighthouse (mobile preset, simulated throttling, median of 3): /, /auth, /dashboard, /wari");
  const lh = await runLighthouseBench();
  checks.homeFirstLoadJsUnder60KbGzip = lh.firstLoadJsHome.gzipKb < lh.firstLoadJsHome.target;
  const js = lh.firstLoadJsDashboardDemo;
  checks.firstLoadJsUnder120KbGzip = js.gzipKb < TARGETS.firstLoadJsGzipKb && !js.chartInFirstLoad;
  for (const [path, ok] of Object.entries(lh.lighthouseDetail.checks)) checks[`lighthouse ${path}`] = ok;
  const results = {
    date: now.toISOString(),
    environment: {
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
      server: "wrangler dev (workerd, local D1) serving the production build",
      sqlite3: execFileSync("sqlite3", ["--version"], { encoding: "utf8" }).split(" ")[0],
    },
    member: { activities: BENCH_ACTIVITIES },
    runs: { warmup: WARMUP, measured: RUNS },
    http,
    sqlite,
    /** GET /api/wari/fitness for the 20,000-activity member (median, cached training days). */
    fitnessChartMs: http["GET /api/wari/fitness (20,000 activities)"]!.medianMs,
    /** After a sync marked the cache stale: the SQL read (sqlite3) plus the pass over the rows (Node). */
    fitnessChartStale: {
      sqlReadMedianMs: sqlite["wari fitness: the member's activities in one read"]!.medianMs,
      computeMedianMs: fitnessCompute.medianMs,
      computeP95Ms: fitnessCompute.p95Ms,
    },
    statsVsSqlRatio: round(stats.medianMs / rawStats.medianMs, 1),
    /** What the stats call adds to a signed-in request that runs no activity query. */
    statsAboveBaselineMs: round(stats.medianMs - baseline.medianMs),
    sync,
    /** Median ms from POST /api/uploads until the queue consumer has saved it (bench/uploads.ts). */
    uploads,
    /** The scale simulation (bench/scale.ts): simulated seconds. */
    scale,
    scaleRun: scaleInfo,
    /** One member-year of data in D1 (bench/member-year.ts, docs/decisions/026). */
    memberYear,
    /** Lighthouse per page (bench/lighthouse.ts): median of 3 runs, mobile preset. */
    ...lh,
    targets: TARGETS,
    checks,
  };
  writeFileSync("bench/results.json", JSON.stringify(results, null, 2) + "\n");
  writeResultsMd(); // bench/RESULTS.md from bench/results.json

  const rows: [string, string, string][] = [
    ...Object.entries(http).map(([name, s]): [string, string, string] => [
      name,
      `${s.medianMs} ms`,
      `${s.p95Ms} ms`,
    ]),
    ...Object.entries(sqlite).map(([name, s]): [string, string, string] => [
      `sqlite3: ${name}`,
      `${s.medianMs} ms`,
      `${s.p95Ms} ms`,
    ]),
  ];
  const w = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n${"measure".padEnd(w)}  ${"median".padStart(10)}  ${"p95".padStart(10)}`);
  console.log(`${"-".repeat(w)}  ${"-".repeat(10)}  ${"-".repeat(10)}`);
  for (const [name, median, p95] of rows)
    console.log(`${name.padEnd(w)}  ${median.padStart(10)}  ${p95.padStart(10)}`);
  console.log(
    `\nsync: 10,000-activity backfill ${sync.backfill.seconds} s (${sync.backfill.activitiesPerSecond} activities/s); ` +
      `5 × 2,000 under default limits: ${sync.fiveMembers.activitiesSynced} activities in ${sync.fiveMembers.seconds} s, ` +
      `${sync.fiveMembers.readsThisWindow} reads this window (limit ${sync.fiveMembers.readLimitPer15Min}), unrecovered 429s: ${sync.fiveMembers.unrecovered429s}`,
  );
  console.log(
    `uploads: 6-hour 1 s FIT ride ${uploads.fitParseMs} ms; 5,000-row activities.csv ${uploads.csvImport5000Ms} ms (medians, upload to saved)`,
  );
  console.log(
    `stats / raw SQL: ${results.statsVsSqlRatio}× (stats − baseline: ${results.statsAboveBaselineMs} ms)    first-load JS of /dashboard: ${js.gzipKb} KB gzip (${js.files} files, chart chunk ${js.chartInFirstLoad ? "INCLUDED" : "not included"})`,
  );
  printLighthouse(lh.lighthouse);
  console.log(
    `first-load JS of / (visitor): ${lh.firstLoadJsHome.gzipKb} KB gzip (${lh.firstLoadJsHome.files} files)`,
  );
  for (const [name, ok] of Object.entries(checks))
    console.log(`${ok ? "\x1b[32m✓\x1b[0m" : "\x1b[31m✗\x1b[0m"} ${name}`);
  console.log(`\n${scaleTable(scale)}`);
  console.log("\nwrote bench/results.json and bench/RESULTS.md");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
