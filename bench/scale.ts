/**
 * The scale simulation (`npm run bench:scale`; never part of `npm test`).
 * For N athletes and a Strava budget (the default 100 reads / 15 min and
 * 1,000 / day, or Extended Access at 10x), it runs the
 * built Worker under `wrangler dev` with the Strava fake in this process, both
 * clocks scaled the same way (STRAVA_TIME_SCALE for the app, `timeScale` for
 * the fake: SCALE simulated seconds per real second), and plays one simulated
 * Saturday of an IST club, 00:00-24:00 IST. Strava's daily limit resets at
 * midnight UTC, 05:30 IST: the scale is set so that the scaled clocks stand
 * at 18:30 UTC as the day starts (alignedScale), and the UTC day's counters
 * start with what Friday 05:30-24:00 IST spent at a weekday's load (one read
 * per upload of the same habits without the Saturday weight):
 *  - N connected athletes (seeded in D1 and in the fake, one recent activity
 *    each, so a sync is incremental as after a real backfill) with habits:
 *    70 % record 3-7 activities a week, 5 % daily or more, 25 % 1-2; Saturday
 *    rides weigh 1.6x; most start 05:00-09:00 or 17:00-20:00 (IST); one in
 *    five is edited minutes after upload (a second, update, hint);
 *  - every new activity appears at the fake when uploaded and Strava's
 *    webhook (create, then update) is POSTed to the app's callback;
 *  - 1 % of N (at least 3) new members join through the day through the real
 *    register / verify / connect flow; 10 % of them bring 2 years of history;
 *  - the quarter-hourly cron is triggered every 15 simulated minutes.
 * The app's work per athlete is real: each webhook is checked, folded and
 * synced by the queue consumer against the fake with the member's own token.
 * Measured at the fake, in simulated seconds: freshness (webhook sent → the
 * app's read returns the activity; the commit follows in the same message),
 * a new member's first page and whole history, reads per new activity, 429s;
 * and the slowest of the scheduler's SQL on the final database (sqlite3).
 *
 * After the day the run goes on (no new uploads, the cron ticking) until every
 * new activity of the day has been read (`unreadAtEnd`, `drainMaxS`,
 * `drainedAfterDayS`), and counts what the reads were spent on (`readsFor`).
 *
 * Capacity (issue #42): for each budget, the largest N whose Saturday keeps p95
 * freshness under 5 minutes, by bisection from the ideal bound (the day's reads
 * webhooks may use ÷ the reads an athlete needs on the peak day; measureCapacity),
 * then the same day at 1.5x that N, which must be read by the end of the next
 * UTC day.
 *
 * Usage: npm run bench:scale (builds first; BENCH_SKIP_BUILD=1 reuses ./build), or
 *   npx tsx bench/scale.ts [N ...] for some sizes only (printed, not written).
 *   SCALE (default: follows the day's work, EVENTS_PER_SECOND=2), ACTIVE_LIMIT (500),
 *   BUDGETS (default,extended; operator too with STRAVA_READ_LIMIT_DAILY=<reads a day>,
 *   STRAVA_READ_LIMIT_15MIN defaulting to a tenth of it), CAPACITY_STEPS (3), CAPACITY_STEP
 *   (0.05 of the bound), CAPACITY_START (1: the bound; 0.95 starts 5 % below it), OVERLOAD=0 (skip the 1.5x run), BENCH_SCALE_PORT (8809; fakes +1).
 * A run without sizes writes, for the budgets it ran, `scale` (every run), `scaleCapacity`
 * and `scaleRun` (the date and `uptime`) into bench/results.json, regenerates
 * bench/RESULTS.md (bench/results-md.ts) and prints the tables (bench/scale-table.ts).
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, openSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { encryptSecret } from "../app/lib/token-crypto.server";
import { webhookCap } from "../app/modules/strava/scheduler";
import { startFakes, type RunningFakes } from "../tests/fakes/server";
import {
  createAthlete,
  generateActivities,
  mulberry32 as rng,
  toDetailedActivity,
} from "../tests/fakes/strava-data";
import { writeResultsMd } from "./results-md";
import { d1FileIn } from "./sql";
import {
  capacityTable,
  scaleTable,
  type Budget,
  type ScaleCapacity,
  type ScaleRow,
  type ScaleRunInfo,
} from "./scale-table";

export { scaleTable, type Budget, type ScaleRow } from "./scale-table";

const PORT = Number(process.env.BENCH_SCALE_PORT ?? 8809);
const FAKES_PORT = PORT + 1;
const APP = `http://127.0.0.1:${PORT}`;
const FAKES = `http://127.0.0.1:${FAKES_PORT}`;
/**
 * Simulated seconds per real second. By default it follows the day's work: the
 * busy 2-core box handles about EVENTS_PER_SECOND webhooks (with their syncs)
 * per real second, and the day must not outrun the Worker, or the backlog of
 * this machine would count as freshness lag. 2 since issue #42: with other
 * test runs on the box (1-minute load 5-14), 4 a second had 4,206 deliveries
 * retried for 1,099 webhooks; 2 a second still up to 1,133 for 580 while the
 * box was that busy, and 0-3 when it was quieter (`webhookRetries`).
 */
const EVENTS_PER_SECOND = Number(process.env.EVENTS_PER_SECOND ?? 2);
const scaleFor = (events: number) =>
  Number(process.env.SCALE) ||
  Math.max(60, Math.min(1440, Math.round((DAY * EVENTS_PER_SECOND) / Math.max(1, events))));
/**
 * Above this many athletes the day is played by a sample: every athlete is
 * seeded (D1 holds N links, N sync rows, N activities, so every query runs over
 * N), but only ACTIVE_LIMIT of them record activities, and Strava's budget is
 * scaled by the same share. The scheduler spends reads one by one against
 * the budget's share of each window, so freshness, waits and reads per
 * activity carry over; what the sample does not show is queue lengths in
 * absolute numbers (they scale with N). 500 since issue #42 keeps a run near
 * six minutes, so a capacity bisection fits in half an hour per budget.
 */
const ACTIVE_LIMIT = Number(process.env.ACTIVE_LIMIT ?? 500);
const PERSIST = ".wrangler/bench-scale";
/**
 * An operator's own grant: STRAVA_READ_LIMIT_DAILY (and STRAVA_READ_LIMIT_15MIN, a tenth of it
 * unless given) adds the budget "operator" to the run.
 */
const OPERATOR_DAILY = Number(process.env.STRAVA_READ_LIMIT_DAILY) || 0;
/** BUDGETS=default, extended or operator runs some of them only. */
const BUDGETS = (["default", "extended", "operator"] as const).filter(
  (b) =>
    (b !== "operator" || OPERATOR_DAILY > 0) &&
    (!process.env.BUDGETS || process.env.BUDGETS.split(",").includes(b)),
);
const KEY = "ZGV2LXRva2VuLWVuY3J5cHRpb24ta2V5LTMyYnl0ZXM=";
const HOOK_SECRET = "bench-scale-hook";
const DAY = 86_400;
const IST = 5.5 * 3600;
/** Real seconds between planning a run and its simulated day's start (the Worker starts meanwhile). */
const START_MARGIN = Number(process.env.START_MARGIN ?? 40);
/**
 * After the day (24:00 IST) the run goes on, the cron still ticking and no
 * new uploads, until every new activity of the day has been read and every
 * new member's history is in, at most until the end of the UTC day after
 * the peak's (Monday 05:30 IST): what is still unread then is `unreadAtEnd`,
 * a history still missing is reported as a lower bound
 * (`newMemberHistoryLowerBound`).
 */
const RUN_END = 2 * DAY + 5.5 * 3600;
/** Freshness that counts as fresh: the p95 of the day must stay under it for a count to be within capacity. */
const FRESH_S = 300;
/** Strava waits this long for a webhook's 200, then retries (https://developers.strava.com/docs/webhooks/). */
const WEBHOOK_TIMEOUT_MS = 2000;
/** PROBE=1: one webhook, timed in real milliseconds (a check of the pipeline's own latency). */
const PROBE = process.env.PROBE === "1";

const OPERATOR_15 =
  Number(process.env.STRAVA_READ_LIMIT_15MIN) || Math.max(1, Math.round(OPERATOR_DAILY / 10));
const LIMITS: Record<Budget, { read15: number; readDaily: number; overall15: number; overallDaily: number }> =
  {
    default: { read15: 100, readDaily: 1000, overall15: 200, overallDaily: 2000 },
    extended: { read15: 1000, readDaily: 10000, overall15: 2000, overallDaily: 20000 },
    operator: {
      read15: OPERATOR_15,
      readDaily: OPERATOR_DAILY,
      overall15: 2 * OPERATOR_15,
      overallDaily: 2 * OPERATOR_DAILY,
    },
  };

/** Why a fetch failed: "timeout" (our own deadline), or the connection error's code under "fetch failed". */
function why(e: unknown): string {
  const error = e as Error & { cause?: { code?: string; message?: string } };
  if (error.name === "TimeoutError") return "timeout";
  return error.cause?.code ?? error.cause?.message ?? String(e);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const log = (m: string) => console.log(`[bench:scale] ${m}`);

function poisson(mean: number, r: () => number): number {
  const l = Math.exp(-mean);
  let k = 0;
  let p = 1;
  do {
    k++;
    p *= r();
  } while (p > l);
  return k - 1;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : null;

interface Upload {
  /** Simulated seconds since the start of the day. */
  at: number;
  athleteId: number;
  kind: "create" | "update";
  activityId: number;
  sport: string;
  startEpoch: number;
  movingTime: number;
  distance: number;
}

/** Saturday rides weigh this much more than a weekday's. */
const SATURDAY_WEIGHT = 1.6;
/**
 * The simulated day is the club's calendar day, 00:00-24:00 IST; Strava's
 * daily window resets at midnight UTC, 05:30 IST, so the app's scaled clock
 * is set to stand at 18:30 UTC (the day before) when the simulated day
 * starts (see alignedScale).
 */
const DAY_START_UTC = DAY - IST;

/** The day's uploads for `athletes` (ids), in time order: seconds since 00:00 IST of the day (`dayStartEpoch`). */
function planDay(
  athleteIds: number[],
  dayStartEpoch: number,
  r: () => number,
  weight = SATURDAY_WEIGHT,
): Upload[] {
  const uploads: Upload[] = [];
  let nextId = 5_000_000_000;
  for (const athleteId of athleteIds) {
    const kind = r();
    const perWeek = kind < 0.05 ? 8 + r() * 4 : kind < 0.75 ? 3 + r() * 4 : 1 + r();
    const count = poisson((perWeek / 7) * weight, r);
    for (let i = 0; i < count; i++) {
      const slot = r();
      const localHour = slot < 0.6 ? 5 + r() * 4 : slot < 0.9 ? 17 + r() * 3 : r() * 24;
      const ride = r() < 0.65;
      const movingTime = Math.round((ride ? 3600 + r() * 10800 : 1800 + r() * 3600) / 60) * 60;
      const start = dayStartEpoch + Math.round(localHour * 3600);
      const uploadAt = start - dayStartEpoch + movingTime + Math.round(60 + r() * 600);
      if (uploadAt >= DAY || uploadAt < 0) continue;
      const activityId = nextId++;
      const base = {
        athleteId,
        activityId,
        sport: ride ? "Ride" : "Run",
        startEpoch: start,
        movingTime,
        distance: Math.round(movingTime * (ride ? 7.5 : 2.9)),
      };
      uploads.push({ ...base, at: uploadAt, kind: "create" });
      if (r() < 0.2) uploads.push({ ...base, at: uploadAt + 60 + Math.round(r() * 240), kind: "update" });
    }
  }
  return uploads.sort((a, b) => a.at - b.at);
}

/**
 * A time scale close to `scale` at which the app's and the fake's scaled
 * clocks (epoch × scale) stand at 18:30 UTC, the start of the IST day, at the
 * real second `startEpoch`: returns the scale and the scaled UTC day start
 * (a multiple of a day) the simulated day begins in.
 */
export function alignedScale(scale: number, startEpoch: number): { scale: number; utcDayStart: number } {
  const k = Math.ceil((startEpoch * scale - DAY_START_UTC) / DAY);
  return { scale: (k * DAY + DAY_START_UTC) / startEpoch, utcDayStart: k * DAY };
}

function run(command: string, args: string[]) {
  execFileSync(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CI: "1" } });
}

const sqlString = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** Users, Strava links (encrypted tokens), sync status and one recent activity each, as SQL. */
async function seedSql(n: number, nowEpoch: number): Promise<{ sql: string; tokens: string[] }> {
  const lines: string[] = [];
  const tokens: string[] = [];
  for (let i = 1; i <= n; i++) {
    const token = `simtoken${i.toString(36)}x${Math.floor(Math.random() * 1e9).toString(36)}`;
    tokens.push(token);
    const athleteId = 70_000_000 + i;
    lines.push(
      `INSERT INTO users (id, username, email, password_hash, is_verified, profile_completed, strava_id) VALUES (${i}, 'sim${i}', 'sim${i}@bench.test', 'x', 1, 1, ${athleteId});`,
      `INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at, scope, last_webhook_at) VALUES (${i}, ${athleteId}, ${sqlString(await encryptSecret(token, KEY))}, ${sqlString(await encryptSecret(`r${token}`, KEY))}, ${nowEpoch + 30 * DAY}, 'read,activity:read_all,profile:read_all', ${nowEpoch});`,
      `INSERT INTO sync_status (user_id, state, mode, initiated_by, last_sync_at, progress_current, progress_total) VALUES (${i}, 'completed', 'backfill', 'connect', ${nowEpoch}, 1, 1);`,
      `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local, visibility) VALUES (${i}, ${athleteId * 10}, 'Earlier Ride', 'Ride', 'Ride', 30000, 4000, 4200, ${nowEpoch - 2 * DAY}, '${new Date((nowEpoch - 2 * DAY + IST) * 1000).toISOString().slice(0, 19)}Z', 'everyone');`,
    );
  }
  return { sql: lines.join("\n"), tokens };
}

function limitsFor(budget: Budget, sample: number) {
  const l = LIMITS[budget];
  const by = (x: number) => Math.max(1, Math.round(x * sample));
  return {
    read15: by(l.read15),
    readDaily: by(l.readDaily),
    overall15: by(l.overall15),
    overallDaily: by(l.overallDaily),
  };
}

function varsFile(budget: Budget, scale: number, sample: number): string {
  const lines = readFileSync(".dev.vars.example", "utf8")
    .split("\n")
    .filter((l) => l.trim() && !l.startsWith("#"))
    .map((l) => l.replaceAll("http://127.0.0.1:8788", FAKES))
    .filter((l) => !/^(STRAVA_WEBHOOK_PATH_SECRET|STRAVA_WEBHOOK_SUBSCRIPTION_ID|APP_URL)=/.test(l));
  const limits = limitsFor(budget, sample);
  lines.push(
    `APP_URL=${APP}`,
    `STRAVA_WEBHOOK_PATH_SECRET=${HOOK_SECRET}`,
    "STRAVA_WEBHOOK_SUBSCRIPTION_ID=1",
    `STRAVA_READ_LIMIT_15MIN=${limits.read15}`,
    `STRAVA_READ_LIMIT_DAILY=${limits.readDaily}`,
    `STRAVA_TIME_SCALE=${scale}`,
    "REGISTER_LIMIT_PER_HOUR=100000",
  );
  const file = join(PERSIST, "..", "bench-scale.vars");
  writeFileSync(file, lines.join("\n") + "\n");
  return file;
}

function startWorker(vars: string): ChildProcess {
  const out = openSync(join(PERSIST, "..", "bench-scale-server.log"), "w");
  return spawn(
    "node_modules/.bin/wrangler",
    [
      "dev",
      "--port",
      String(PORT),
      "--ip",
      "127.0.0.1",
      "--persist-to",
      PERSIST,
      "--env-file",
      vars,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
    ],
    { stdio: ["ignore", out, out], detached: true },
  );
}

async function stopWorker(child: ChildProcess) {
  if (child.exitCode !== null || !child.pid) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    return;
  }
  await Promise.race([exited, sleep(5000)]);
}

async function waitForHealth() {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${APP}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error("the Worker did not start");
}

/** The D1 file wrangler dev uses under PERSIST. */
const d1File = () => d1FileIn(PERSIST);

/** The slowest of the scheduler's statements on the final database (sqlite3, best of 5 each). */
function largestSchedulerQueryMs(nowEpoch: number): number {
  const quiet = nowEpoch - 24 * 3600;
  const statements = [
    // the cron's quiet-athlete candidates (sync.server.ts refreshConnectedMembers)
    `SELECT c.user_id FROM strava_connections c LEFT JOIN sync_status s ON s.user_id = c.user_id WHERE c.token_expired = 0 AND coalesce(s.state, 'idle') NOT IN ('queued','running','deferred') AND max(coalesce(c.last_webhook_at,0), coalesce(s.last_sync_at,0)) <= ${quiet} ORDER BY max(coalesce(c.last_webhook_at,0), coalesce(s.last_sync_at,0)) LIMIT 25;`,
    // queuedReads / the admin tab's queue
    `SELECT (SELECT count(*) FROM sync_jobs WHERE status IN ('queued','running','deferred')), (SELECT count(*) FROM strava_connections WHERE webhook_sync_pending = 1);`,
    // the webhook's athlete lookup
    `SELECT user_id FROM strava_connections WHERE athlete_id = 70000001;`,
    // the admin Strava Sync tab's member list
    `SELECT u.id, u.username, s.state FROM users u LEFT JOIN sync_status s ON s.user_id = u.id WHERE u.strava_id IS NOT NULL OR s.user_id IS NOT NULL ORDER BY u.username;`,
  ];
  let worst = 0;
  for (const statement of statements) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const out = execFileSync("sqlite3", [d1File()], {
        input: `.timer on\n${statement}\n`,
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
      });
      const m = [...out.matchAll(/Run Time: real ([\d.]+)/g)].map((x) => Number(x[1]));
      times.push(m.reduce((a, b) => a + b, 0) * 1000);
    }
    worst = Math.max(worst, Math.min(...times));
  }
  return Math.round(worst * 100) / 100;
}

/** The real register / verify / connect flow; `connected` is called as Strava sends the member back (the clock starts). */
async function connectNewMember(
  name: string,
  athleteId: number,
  fakes: RunningFakes,
  connected: () => void,
): Promise<boolean> {
  const { registerMember } = await import("./sync");
  const s = await registerMember(name, APP, FAKES);
  fakes.state.strava.nextAthleteId = athleteId;
  const start = await s.call("/api/user/connect-strava");
  const approved = await fetch(`${start.headers.get("Location")}&auto_approve=1`, { redirect: "manual" });
  const callback = new URL(approved.headers.get("Location")!);
  connected();
  const done = await s.call(callback.pathname + callback.search);
  return Boolean(done.headers.get("Location")?.includes("success=strava_connected"));
}

/** A person whose sign-up or connect fails tries again (as a new sign-up) a few seconds later. */
const JOIN_ATTEMPTS = 6;
const JOIN_RETRY_MS = 5000;

/**
 * Joins like a person would: when this busy machine refuses a step (a 503
 * from `wrangler dev`, a page that does not load), they try again a few
 * seconds later, up to JOIN_ATTEMPTS times. `linked` tells whether an earlier
 * attempt's connect went through after all (its sync has started reading).
 */
async function joinLikeAPerson(
  athleteId: number,
  fakes: RunningFakes,
  connected: () => void,
  linked: () => boolean,
): Promise<boolean> {
  for (let attempt = 1; attempt <= JOIN_ATTEMPTS; attempt++) {
    try {
      if (await connectNewMember(`join${athleteId}a${attempt}`, athleteId, fakes, connected)) return true;
    } catch (e) {
      log(`join ${athleteId} attempt ${attempt} failed: ${why(e)}`);
    }
    await sleep(JOIN_RETRY_MS);
    if (linked()) return true;
  }
  return false;
}

export async function simulate(n: number, budget: Budget): Promise<ScaleRow> {
  const r = rng(n * 7 + ["default", "extended", "operator"].indexOf(budget));
  rmSync(PERSIST, { recursive: true, force: true });
  mkdirSync(PERSIST, { recursive: true });
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST]);
  const nowEpoch = Math.floor(Date.now() / 1000);
  log(`${n.toLocaleString("en")} athletes, ${budget} budget: seeding`);
  const { sql, tokens } = await seedSql(n, nowEpoch);
  const seedFile = join(PERSIST, "..", "bench-scale-seed.sql");
  writeFileSync(seedFile, sql);
  execFileSync("sqlite3", [d1File()], { input: `.read ${seedFile}\n`, stdio: ["pipe", "ignore", "inherit"] });
  rmSync(seedFile);

  const fakes = await startFakes({ port: FAKES_PORT });
  const strava = fakes.state.strava;
  const sample = n > ACTIVE_LIMIT ? ACTIVE_LIMIT / n : 1;
  Object.assign(strava.limits, limitsFor(budget, sample));
  strava.subscriptions.set(1, {
    id: 1,
    resource_state: 2,
    application_id: 12345,
    callback_url: `${APP}/api/webhooks/strava/${HOOK_SECRET}`,
    created_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
  });
  const athleteIds: number[] = [];
  for (let i = 1; i <= n; i++) {
    const id = 70_000_000 + i;
    athleteIds.push(id);
    strava.athletes.set(id, createAthlete({ id }));
    const [earlier] = generateActivities(id, 1, {
      seed: id,
      days: 2,
      endDate: new Date((nowEpoch - 2 * DAY) * 1000),
      firstId: id * 10,
    });
    strava.activities.set(id, new Map(earlier ? [[id * 10, toDetailedActivity(earlier)]] : []));
    strava.accessTokens.set(tokens[i - 1]!, {
      athleteId: id,
      scopes: ["read", "activity:read_all", "profile:read_all"],
      expiresAt: nowEpoch + 30 * DAY,
      revoked: false,
    });
  }
  // New members: their athletes exist at the fake with their history.
  const joiners = Math.max(3, Math.round(n * sample * 0.01));
  const joinPlan = Array.from({ length: joiners }, (_, k) => ({
    athleteId: 71_000_000 + n * 100 + k,
    at: Math.round(((k + 0.5) / joiners) * DAY * 0.9),
    history: r() < 0.1 ? 2 * 365 : 90,
  }));

  const istMidnight = nowEpoch - ((nowEpoch + IST) % DAY);
  const active = athleteIds.slice(0, Math.round(n * sample));
  const uploads = planDay(active, istMidnight, r);
  // The simulated day starts at a real second a little ahead (the Worker starts meanwhile), with the
  // scale set so that Strava's daily reset (midnight UTC) falls at 05:30 of the simulated IST day.
  const startEpoch = Math.floor(Date.now() / 1000) + START_MARGIN;
  const { scale: SCALE, utcDayStart } = alignedScale(scaleFor(uploads.length + joiners * 3), startEpoch);
  strava.timeScale = SCALE;
  // What the UTC day had spent before 00:00 IST: Friday 05:30-24:00 IST with a weekday's load (the
  // same habits without the Saturday weight), one read per upload, within the webhooks' share.
  const friday = planDay(active, istMidnight - DAY, rng(n * 7 + 3), 1).filter(
    (u) => u.kind === "create" && u.at >= IST,
  ).length;
  const spentBefore = Math.min(friday, webhookCap(strava.limits.readDaily, 0.3, 0));
  Object.assign(strava.usage, {
    windowStart: utcDayStart + DAY_START_UTC,
    dayStart: utcDayStart,
    read15: 0,
    overall15: 0,
    readDaily: spentBefore,
    overallDaily: spentBefore,
  });
  // The app's daily counter likewise (a window start a half second past the day's, so float rounding never rolls it).
  execFileSync("sqlite3", [d1File()], {
    // Every athlete was last heard from (a webhook, a sync) as the day starts, whenever the Worker came up.
    input: [
      `INSERT INTO provider_budget (provider, "window", window_start, used, "limit", updated_at) VALUES ('strava', 'daily', ${utcDayStart + 0.5}, ${spentBefore}, ${strava.limits.readDaily}, unixepoch());`,
      `UPDATE strava_connections SET last_webhook_at = ${startEpoch};`,
      `UPDATE sync_status SET last_sync_at = ${startEpoch};`,
    ].join("\n"),
    stdio: ["pipe", "ignore", "inherit"],
  });
  log(
    `${uploads.length} webhooks, ${joiners} new members, ${spentBefore} reads spent before 00:00 IST, a simulated day in ${Math.round(DAY / SCALE)} s (x${SCALE.toFixed(3)})`,
  );
  const vars = varsFile(budget, SCALE, sample);
  const worker = startWorker(vars);
  const row: ScaleRow = {
    athletes: n,
    budget,
    freshnessP50S: null,
    freshnessP95S: null,
    freshnessMaxS: null,
    unreadAtEnd: 0,
    drainMaxS: null,
    drainP95S: null,
    drainedAfterDayS: 0,
    readsSpent: 0,
    readsFor: { uploads: 0, edits: 0, other: 0, newMembers: 0, notLists: 0 },
    activities: 0,
    newMembers: joiners,
    newMemberRecentS: null,
    newMemberHistoryS: null,
    newMemberHistoryLowerBound: false,
    joinsRefused: 0,
    readsPerActivity: 0,
    responses429: 0,
    largestQueryMs: 0,
    simulatedSeconds: DAY,
    realSeconds: 0,
    timeScale: SCALE,
    sample,
    webhookRetries: 0,
    loadAverage: { min: loadavg()[0]!, max: loadavg()[0]! },
  };
  const sampleLoad = () => {
    const l = Math.round(loadavg()[0]! * 10) / 10;
    row.loadAverage = { min: Math.min(row.loadAverage.min, l), max: Math.max(row.loadAverage.max, l) };
  };
  sampleLoad();
  try {
    await waitForHealth();
    for (const j of joinPlan) {
      const activities = Math.round((j.history / 7) * 5);
      const generated = generateActivities(j.athleteId, activities, {
        seed: j.athleteId,
        days: j.history,
        endDate: new Date(nowEpoch * 1000),
        firstId: j.athleteId * 1000,
      });
      strava.athletes.set(j.athleteId, createAthlete({ id: j.athleteId }));
      strava.activities.set(j.athleteId, new Map(generated.map((a) => [a.id, toDetailedActivity(a)])));
    }
    if (PROBE) {
      const id = athleteIds[0]!;
      const served = new Promise<number>((resolve) => {
        strava.onListServed = () => resolve(Date.now());
      });
      for (let k = 0; k < 5; k++) {
        const sent = Date.now();
        await fetch(`${APP}/api/webhooks/strava/${HOOK_SECRET}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            object_type: "activity",
            object_id: 1 + k,
            aspect_type: "create",
            owner_id: athleteIds[k]!,
            subscription_id: 1,
          }),
        });
        const answered = Date.now();
        const servedP = new Promise<number>((resolve) => {
          strava.onListServed = () => resolve(Date.now());
        });
        log(`probe ${k}: webhook answered in ${answered - sent} ms, read after ${(await servedP) - sent} ms`);
      }
      void served;
      void id;
      return row;
    }
    if (Date.now() < startEpoch * 1000) await sleep(startEpoch * 1000 - Date.now());
    else
      log(`the Worker started late: the day's clock is ${Math.round(Date.now() / 1000 - startEpoch)} s off`);
    const t0 = startEpoch * 1000;
    const simNow = () => ((Date.now() - t0) / 1000) * SCALE;
    const hinted = new Map<number, number>();
    const lags: number[] = [];
    const joinedAt = new Map<number, number>();
    const firstPageAt = new Map<number, number>();
    const historyAt = new Map<number, number>();
    const newMemberIds = new Set(joinPlan.map((j) => j.athleteId));
    let existingReads = 0;
    /** Why deliveries were retried: an HTTP status, "timeout" (no answer in 2 s) or the connection error. */
    const unanswered = new Map<string, number>();
    /**
     * Simulated times at which the webhook share of a window was spent (sampled
     * every few milliseconds from the fake's counters). A read that met one of
     * them waited for Strava's budget: its lag is simulated time. A read that
     * met none waited only for this machine (queue hops, a busy CPU): that wait
     * is not Strava's and would be multiplied by the scale, so its lag is the
     * real time it took, as a member would see it.
     */
    const fullAt: number[] = [];
    /** The same for the whole window (what a new member's first page may use). */
    const spentAt: number[] = [];
    /**
     * The webhook reads' share of a window now: the app's work-conserving
     * reserve (scheduler.ts webhookCap) holds back for the new members whose
     * history is not all in yet (each counts as one pending sync).
     */
    const webhookLimit = (limit: number) =>
      webhookCap(
        limit,
        0.3,
        [...joinedAt.keys()].filter((id) => !historyAt.has(id) && !refused.has(id)).length,
      );
    const lagIn = (marks: number[], hint: number, read: number) => {
      let lo = 0;
      let hi = marks.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (marks[mid]! < hint) lo = mid + 1;
        else hi = mid;
      }
      const waitedForBudget = lo < marks.length && marks[lo]! <= read;
      return waitedForBudget ? read - hint : (read - hint) / SCALE;
    };
    const lagOf = (hint: number, read: number) => lagIn(fullAt, hint, read);
    /** Athletes with an edit not answered by a read yet. */
    const editPending = new Set<number>();
    let lastReadAt = 0;
    /** Reads at Strava's API so far (GET /strava/api/v3/…; the fake counts every route). */
    const apiReads = () =>
      [...strava.requestsByRoute].reduce((a, [k, v]) => (k.startsWith("GET /strava/api/v3/") ? a + v : a), 0);
    const getsBefore = apiReads();
    let listReads = 0;
    strava.onListServed = (athleteId, page, ids) => {
      const now = simNow();
      listReads++;
      if (newMemberIds.has(athleteId)) {
        row.readsFor.newMembers++;
        const joined = joinedAt.get(athleteId);
        if (joined === undefined) return;
        if (page === 1 && !firstPageAt.has(athleteId))
          firstPageAt.set(athleteId, lagIn(spentAt, joined, now));
        if (ids.length < 200 && !historyAt.has(athleteId))
          historyAt.set(athleteId, lagIn(spentAt, joined, now));
        return;
      }
      existingReads++;
      let answered = 0;
      for (const id of ids) {
        const at = hinted.get(id);
        if (at === undefined) continue;
        lags.push(lagOf(at, now));
        hinted.delete(id);
        answered++;
        lastReadAt = now;
      }
      if (answered) row.readsFor.uploads++;
      else if (editPending.has(athleteId)) row.readsFor.edits++;
      else row.readsFor.other++;
      editPending.delete(athleteId);
    };

    /** Strava retries a delivery that fails or is not answered 200 within 2 s (up to 3 times). */
    const post = async (u: Upload) => {
      for (let attempt = 0; attempt < 4; attempt++) {
        let outcome: string;
        try {
          const res = await fetch(`${APP}/api/webhooks/strava/${HOOK_SECRET}`, {
            signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              object_type: "activity",
              object_id: u.activityId,
              aspect_type: u.kind,
              owner_id: u.athleteId,
              subscription_id: 1,
              event_time: Math.floor(Date.now() / 1000),
              updates: u.kind === "update" ? { title: "Edited" } : {},
            }),
          });
          await res.arrayBuffer();
          if (res.ok) return;
          outcome = String(res.status);
        } catch (e) {
          // not answered: Strava tries again
          outcome = why(e);
        }
        unanswered.set(outcome, (unanswered.get(outcome) ?? 0) + 1);
        row.webhookRetries++;
        await sleep(1000);
      }
    };

    let nextCron = 0;
    let joinIndex = 0;
    let joining: Promise<unknown> = Promise.resolve();
    const inFlight = new Set<Promise<unknown>>();
    const track = (p: Promise<unknown>) => {
      inFlight.add(p);
      void p.finally(() => inFlight.delete(p));
    };
    let i = 0;
    let joinsSettled = 0;
    const refused = new Set<number>();
    /** A new member's history is not all in yet (or a join is still under way). */
    const historyMissing = () =>
      joinsSettled < joinPlan.length ||
      [...joinedAt.keys()].some((id) => !historyAt.has(id) && !refused.has(id));
    let loadSampledAt = 0;
    while ((simNow() < DAY || hinted.size > 0 || historyMissing()) && simNow() < RUN_END) {
      const now = simNow();
      if (Date.now() - loadSampledAt > 2000) {
        loadSampledAt = Date.now();
        sampleLoad();
      }
      if (now >= nextCron) {
        nextCron += 900;
        track(
          fetch(`${APP}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`, {
            signal: AbortSignal.timeout(60_000),
          }).then(
            (res) => res.arrayBuffer(),
            (e: unknown) => log(`a cron trigger was not answered: ${why(e)}`),
          ),
        );
      }
      while (joinIndex < joinPlan.length && joinPlan[joinIndex]!.at <= now) {
        const j = joinPlan[joinIndex++]!;
        // One connect at a time: the fake's approve page signs in as `nextAthleteId`.
        joining = joining.then(async () => {
          const joined = await joinLikeAPerson(
            j.athleteId,
            fakes,
            // The member's wait starts the first time Strava sends them back.
            () => void (joinedAt.has(j.athleteId) || joinedAt.set(j.athleteId, simNow())),
            () => firstPageAt.has(j.athleteId),
          );
          if (!joined) refused.add(j.athleteId);
          joinsSettled++;
        });
        track(joining);
      }
      while (i < uploads.length && uploads[i]!.at <= now) {
        const u = uploads[i++]!;
        if (u.kind === "create") {
          const [template] = generateActivities(u.athleteId, 1, {
            seed: u.activityId % 4_294_967_296,
            endDate: new Date(Date.now()),
            days: 1,
            firstId: u.activityId,
          });
          if (!template) continue;
          const activity = toDetailedActivity(template);
          const startIso = new Date((nowEpoch - 60) * 1000).toISOString().replace(/\.\d+Z$/, "Z");
          strava.activities.get(u.athleteId)?.set(u.activityId, {
            ...activity,
            start_date: startIso,
            start_date_local: startIso,
            moving_time: u.movingTime,
            distance: u.distance,
          });
          hinted.set(u.activityId, simNow());
          row.activities++;
        } else editPending.add(u.athleteId);
        if (inFlight.size > 64) await Promise.race(inFlight);
        track(post(u));
      }
      const u = strava.usage;
      const l = strava.limits;
      if (u.read15 >= webhookLimit(l.read15) || u.readDaily >= webhookLimit(l.readDaily))
        fullAt.push(simNow());
      if (u.read15 >= l.read15 || u.readDaily >= l.readDaily) spentAt.push(simNow());
      await sleep(5);
    }
    // Requests still open (a sign-up this machine left hanging) get half a minute, then the run ends without them.
    const settled = await Promise.race([
      Promise.all(inFlight).then(() => true),
      sleep(30_000).then(() => false),
    ]);
    if (!settled) log(`${inFlight.size} requests still unanswered at the end of the run`);
    row.realSeconds = Math.round((Date.now() - t0) / 1000);
    const nowSim = simNow();
    row.simulatedSeconds = Math.round(nowSim);
    for (const at of hinted.values()) lags.push(nowSim - at); // never read: the whole wait counts
    row.unreadAtEnd = hinted.size;
    const sorted = lags.sort((a, b) => a - b);
    const round = (x: number | null) => (x === null ? null : Math.round(x));
    row.freshnessP50S = round(percentile(sorted, 50));
    row.freshnessP95S = round(percentile(sorted, 95));
    row.freshnessMaxS = round(sorted.at(-1) ?? null);
    row.drainMaxS = row.freshnessMaxS;
    row.drainP95S = round(
      percentile(
        sorted.filter((x) => x > FRESH_S),
        95,
      ),
    );
    row.drainedAfterDayS = Math.max(0, Math.round((hinted.size ? nowSim : lastReadAt) - DAY));
    const gets = apiReads();
    row.readsFor.notLists = Math.max(0, gets - getsBefore - listReads);
    row.readsSpent = gets - getsBefore;
    const firsts = [...firstPageAt.values()].sort((a, b) => a - b);
    row.newMemberRecentS = round(percentile(firsts, 95));
    // Over the members whose connect went through (one refused after every attempt is counted in joinsRefused).
    row.joinsRefused = refused.size;
    row.newMembers = [...joinedAt.keys()].filter((id) => !refused.has(id)).length;
    const stillMissing = [...joinedAt].filter(([id]) => !historyAt.has(id) && !refused.has(id));
    if (stillMissing.length)
      log(
        `${stillMissing.length} new members' history not all in after the drain: reported as a lower bound`,
      );
    const historyWaits = [...historyAt.values(), ...stillMissing.map(([, at]) => nowSim - at)];
    row.newMemberHistoryS = historyWaits.length ? round(Math.max(...historyWaits)) : null;
    row.newMemberHistoryLowerBound = stillMissing.length > 0;
    row.readsPerActivity = row.activities ? Math.round((existingReads / row.activities) * 100) / 100 : 0;
    row.responses429 = strava.rateLimited;
    if (row.webhookRetries)
      log(
        `${row.webhookRetries} webhook deliveries retried (not answered 200 within 2 s): ${JSON.stringify(Object.fromEntries(unanswered))}`,
      );
  } finally {
    await stopWorker(worker);
    await fakes.close();
  }
  row.largestQueryMs = largestSchedulerQueryMs(nowEpoch + DAY);
  return row;
}

/** A run keeps its day fresh: p95 under 5 minutes, every upload read, no 429. */
export const fresh = (r: ScaleRow) =>
  r.freshnessP95S !== null && r.freshnessP95S < FRESH_S && r.unreadAtEnd === 0 && r.responses429 === 0;

/**
 * The reads an athlete needs on the peak UTC day (Saturday 05:30 IST to Sunday 05:30 IST; the
 * simulated day has Saturday's part of it): one per new activity, the least any scheduler can
 * spend (an edit folds into it, nothing else is read). From the upload model itself, over
 * 100,000 athletes so the figure is the model's and not one sample's.
 */
export function readsPerAthleteOnPeakDay(): number {
  const ids = Array.from({ length: 100_000 }, (_, k) => k + 1);
  const creates = planDay(ids, 0, rng(20261129)).filter((u) => u.kind === "create" && u.at >= IST).length;
  return creates / ids.length;
}

/** The ideal bound of a budget: the reads webhooks may use in a day ÷ the reads an athlete needs on the peak day. */
export function idealBound(budget: Budget, perAthlete = readsPerAthleteOnPeakDay()) {
  const dailyReads = LIMITS[budget].readDaily;
  return {
    dailyReads,
    readsPerAthlete: perAthlete,
    idealBound: Math.floor(webhookCap(dailyReads, 0.3, 0) / perAthlete),
  };
}

/** Bisection steps per budget (CAPACITY_STEPS, default 3) and the bracket it stops at (CAPACITY_STEP, 5 % of the bound). */
const CAPACITY_STEPS = Number(process.env.CAPACITY_STEPS ?? 3);
const CAPACITY_STEP = Number(process.env.CAPACITY_STEP ?? 0.05);
/** Where the bisection starts, as a share of the ideal bound (CAPACITY_START, default 1). */
const CAPACITY_START = Number(process.env.CAPACITY_START ?? 1);
const roundCount = (x: number) => (x >= 2000 ? Math.round(x / 50) * 50 : Math.round(x / 10) * 10);

/**
 * The largest athlete count whose Saturday stays fresh (p95 < 5 min), by
 * bisection from the ideal bound: up by CAPACITY_STEP while it passes, down
 * while it fails, then halves the bracket, at most CAPACITY_STEPS runs, stopping
 * when the bracket is one step wide. Then the day at 1.5x that count (OVERLOAD,
 * must be read by the end of the next UTC day). Every run is a `scale` row.
 */
export async function measureCapacity(budget: Budget, rows: ScaleRow[]): Promise<ScaleCapacity> {
  const bound = idealBound(budget);
  const step = Math.max(10, roundCount(bound.idealBound * CAPACITY_STEP));
  const tried: ScaleCapacity["tried"] = [];
  let pass = 0;
  let fail: number | null = null;
  let n = roundCount(bound.idealBound * CAPACITY_START);
  for (let k = 0; k < CAPACITY_STEPS; k++) {
    const row = await simulate(n, budget);
    log(JSON.stringify(row));
    rows.push(row);
    const ok = fresh(row);
    tried.push({ athletes: n, freshnessP95S: row.freshnessP95S, fresh: ok });
    if (ok) pass = Math.max(pass, n);
    else fail = fail === null ? n : Math.min(fail, n);
    if (fail !== null && pass > 0 && fail - pass <= step) break;
    n = fail === null ? n + step : pass === 0 ? Math.max(10, n - step) : roundCount((pass + fail) / 2);
    if (tried.some((t) => t.athletes === n)) break;
  }
  const capacity: ScaleCapacity = {
    budget,
    dailyReads: bound.dailyReads,
    capacityAthletes: pass,
    idealBound: bound.idealBound,
    ratio: Math.round((pass / bound.idealBound) * 100) / 100,
    readsPerAthlete: Math.round(bound.readsPerAthlete * 1000) / 1000,
    tried,
    failedAt: fail,
  };
  log(JSON.stringify(capacity));
  if (pass > 0 && process.env.OVERLOAD !== "0") {
    const over = await simulate(roundCount(pass * 1.5), budget);
    log(JSON.stringify(over));
    rows.push(over);
  }
  return capacity;
}

export async function runScaleBench(
  sizes?: number[],
): Promise<{ rows: ScaleRow[]; capacities: ScaleCapacity[] }> {
  if (!existsSync("build/server/index.js")) throw new Error("run npm run build first");
  const rows: ScaleRow[] = [];
  const capacities: ScaleCapacity[] = [];
  for (const budget of BUDGETS) {
    if (sizes)
      for (const n of sizes) {
        const row = await simulate(n, budget);
        log(JSON.stringify(row));
        rows.push(row);
      }
    else capacities.push(await measureCapacity(budget, rows));
  }
  return { rows, capacities };
}

/** What the results' date and load line states (`scaleRun`): `uptime` now, the date, the cores. */
export function runInfo(): ScaleRunInfo {
  let uptime: string;
  try {
    uptime = execFileSync("uptime", { encoding: "utf8" });
  } catch {
    uptime = `load average: ${loadavg()
      .map((x) => x.toFixed(2))
      .join(", ")}`;
  }
  return { date: new Date().toISOString(), uptime, cores: cpus().length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = process.argv
    .slice(2)
    .map(Number)
    .filter((x) => x > 0);
  const info = runInfo();
  // From a fresh clone: one command builds the Worker it measures (BENCH_SKIP_BUILD=1 reuses ./build).
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    log("building (remix vite:build)");
    run("npx", ["remix", "vite:build"]);
  }
  const { rows, capacities } = await runScaleBench(sizes.length ? sizes : undefined);
  console.log(scaleTable(rows));
  if (capacities.length) console.log(capacityTable(capacities));
  if (sizes.length === 0) {
    // Each budget's rows and capacity replace that budget's; the other budgets' stay as they were.
    const file = "bench/results.json";
    const results = existsSync(file)
      ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>)
      : {};
    const ran = new Set<string>(BUDGETS);
    // Rows of the format before issue #42 (no `unreadAtEnd`: their runs stopped two hours after the day) are dropped.
    const keep = <T extends { budget: string }>(old: unknown, made: T[], field: string) => [
      ...((Array.isArray(old) ? old : []) as T[]).filter((x) => !ran.has(x.budget) && field in x),
      ...made,
    ];
    results.scale = keep(results.scale, rows, "unreadAtEnd");
    results.scaleCapacity = keep(results.scaleCapacity, capacities, "capacityAthletes");
    results.scaleRun = info;
    writeFileSync(file, JSON.stringify(results, null, 2) + "\n");
    writeResultsMd();
    log("wrote `scale` and `scaleCapacity` into bench/results.json and bench/RESULTS.md");
  } else log("a partial run (sizes given): bench/results.json and RESULTS.md left as they were");
}
