/**
 * Strava sync benchmark (part of `npm run bench`). Runs the built Worker under
 * `wrangler dev` with the provider fakes and measures:
 *  B. five members' 2,000-activity backfills under the default limits
 *     (100 reads / 15 min, 1,000 / day): completion, 429s, reads per window;
 *  A. then one member's 10,000-activity backfill with Strava's limits raised
 *     (wall time, activities per second).
 * Usage: npx tsx bench/sync.ts (after npm run build). Prints JSON.
 */
import { spawn, type ChildProcess } from "node:child_process";

// After `npm run bench` has stopped its server, the sync bench may take the same port (BENCH_PORT).
const PORT = Number(process.env.BENCH_SYNC_PORT ?? process.env.BENCH_PORT ?? 8797);
const FAKES_PORT = PORT + 1;
const APP = `http://localhost:${PORT}`;
const FAKES = `http://127.0.0.1:${FAKES_PORT}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the built Worker and the fakes on `port` and `port + 1` with a fresh, member-less database. */
export async function startServer(port = PORT, name = "sync"): Promise<ChildProcess> {
  const child = spawn("npx", ["tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      FAKES_PORT: String(port + 1),
      PERSIST_DIR: `.wrangler/bench-${name}-${port}`,
      FRESH: "1",
      SKIP_BUILD: "1",
      SEED_MEMBERS: "0",
      WRANGLER_LOG: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error("server did not start");
}

export function stopServer(child: ChildProcess) {
  try {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  } catch {
    // gone
  }
}

async function control(path: string, body: unknown) {
  const res = await fetch(`${FAKES}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return res.json() as Promise<Record<string, unknown>>;
}

/** A browser-like member session against the app at `app` (JSON bodies unless given FormData). */
export class Session {
  cookie = "";
  constructor(readonly app = APP) {}
  async call(path: string, init: RequestInit = {}) {
    const res = await fetch(`${this.app}${path}`, {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers ?? {}),
        Cookie: this.cookie,
        Origin: this.app,
        ...(init.body instanceof FormData ? {} : { "content-type": "application/json" }),
      },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const [name] = pair.split("=");
      this.cookie = [...this.cookie.split("; ").filter((c) => c && !c.startsWith(`${name}=`)), pair].join(
        "; ",
      );
    }
    return res;
  }
}

/** Registers a member and verifies their e-mail through the fake mailbox at `fakes`. */
export async function registerMember(name: string, app = APP, fakes = FAKES): Promise<Session> {
  const s = new Session(app);
  const email = `${name}@bench.test`;
  const reg = await s.call("/api/register", {
    method: "POST",
    body: JSON.stringify({ username: name, email, password: "Bench@12345" }),
  });
  if (reg.status !== 201) throw new Error(`register ${name}: ${reg.status}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && !link; i++) {
    const messages = (await (
      await fetch(`${fakes}/email/messages?to=${encodeURIComponent(email)}`)
    ).json()) as { text: string }[];
    link = messages[0]?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) await sleep(100);
  }
  await s.call(`/api/verify-email?token=${new URL(link!).searchParams.get("token")}`);
  return s;
}

/** Registers, verifies and connects a member to `athleteId`. */
async function connectMember(name: string, athleteId: number): Promise<Session> {
  const s = await registerMember(name);
  await control("/_control/strava/next-athlete", { athleteId });
  const start = await s.call("/api/user/connect-strava");
  const approved = await fetch(`${start.headers.get("Location")}&auto_approve=1`, { redirect: "manual" });
  const callback = new URL(approved.headers.get("Location")!);
  const done = await s.call(callback.pathname + callback.search);
  if (!done.headers.get("Location")?.includes("success=strava_connected"))
    throw new Error(`connect ${name}: ${done.headers.get("Location")}`);
  return s;
}

interface SyncState {
  completed: boolean;
  error: string | null;
  progress: { current: number; total: number };
}

async function waitForSync(s: Session, timeoutMs: number): Promise<SyncState> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const state = (await (await s.call("/api/user/sync-status")).json()) as SyncState;
    if (state.completed || state.error || Date.now() > until) return state;
    await sleep(200);
  }
}

export async function runSyncBench() {
  const server = await startServer();
  try {
    // B. five members × 2,000 under the default limits.
    // Runs first, in a fresh budget window: the app-wide budget also counts the reads of A.
    await control("/_control/strava/limits", {
      read15: 100,
      readDaily: 1000,
      overall15: 200,
      overallDaily: 2000,
    });
    await control("/_control/strava/reset-usage", {});
    const ids = [92_001, 92_002, 92_003, 92_004, 92_005];
    for (const id of ids)
      await control("/_control/strava/athletes", {
        id,
        firstname: "Member",
        lastname: String(id),
        activities: 2000,
        seed: id,
        days: 1500,
      });
    const t1 = Date.now();
    const sessions = [];
    for (const id of ids) sessions.push(await connectMember(`member${id}`, id));
    const results = await Promise.all(sessions.map((s) => waitForSync(s, 180_000)));
    const usage = (await (await fetch(`${FAKES}/_control/strava/usage`)).json()) as {
      usage: { read15: number; readDaily: number };
      byRoute: Record<string, number>;
    };
    const fiveMembers = {
      members: ids.length,
      activitiesEach: 2000,
      allCompleted: results.every((r) => r.completed && !r.error),
      activitiesSynced: results.reduce((sum, r) => sum + r.progress.current, 0),
      seconds: Number(((Date.now() - t1) / 1000).toFixed(2)),
      readsThisWindow: usage.usage.read15,
      readLimitPer15Min: 100,
      unrecovered429s: results.filter((r) => r.error).length,
    };
    // A. 10,000 activities, limits raised.
    await control("/_control/strava/limits", {
      read15: 100_000,
      readDaily: 1_000_000,
      overall15: 100_000,
      overallDaily: 1_000_000,
    });
    await control("/_control/strava/athletes", {
      id: 91_001,
      firstname: "Big",
      lastname: "History",
      activities: 10_000,
      seed: 91_001,
      days: 3650,
    });
    const t0 = Date.now();
    const big = await connectMember("bigbackfill", 91_001);
    const a = await waitForSync(big, 120_000);
    const seconds = (Date.now() - t0) / 1000;
    const backfill = {
      activities: a.progress.current,
      completed: a.completed && !a.error,
      seconds: Number(seconds.toFixed(2)),
      activitiesPerSecond: Math.round(a.progress.current / seconds),
      targetSeconds: 20,
    };

    return { backfill, fiveMembers };
  } finally {
    stopServer(server);
  }
}

if (process.argv[1]?.endsWith("sync.ts")) {
  runSyncBench()
    .then((r) => console.log(JSON.stringify(r, null, 2)))
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
