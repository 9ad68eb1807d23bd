/**
 * `npm run bench:probe -- /dashboard /wari …`: times a few routes against the
 * database the last `npm run bench` left in .wrangler/bench-state (no build
 * with BENCH_SKIP_BUILD=1, no seeding), as the heavy member, or as the admin
 * for /admin… and /api/admin… routes; each run followed by GET /api/user, as
 * the bench does. For working on one page: change, build, probe. Pending
 * migrations are applied by scripts/start.ts. Writes nothing to
 * bench/results.json.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { BENCH_ADMIN, BENCH_USER } from "./seed";
import { signIn } from "./lighthouse";
import { startBenchServer } from "./server";

const PORT = Number(process.env.BENCH_PORT ?? 8795);
const BASE = `http://localhost:${PORT}`;
const TARGET = `http://127.0.0.1:${PORT}`;
const PERSIST = ".wrangler/bench-state";
const RUNS = Number(process.env.PROBE_RUNS ?? 21);

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;

async function once(path: string, cookie: string) {
  const start = performance.now();
  const res = await fetch(`${TARGET}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

async function main() {
  const paths = process.argv.slice(2);
  if (paths.length === 0) throw new Error("usage: npm run bench:probe -- /path [/path …]");
  if (!existsSync(PERSIST)) throw new Error(`no ${PERSIST}: run npm run bench once first`);
  if (process.env.BENCH_SKIP_BUILD !== "1") execFileSync("npx", ["remix", "vite:build"], { stdio: "ignore" });
  const server = startBenchServer({ port: PORT, persist: PERSIST, logFile: `${PERSIST}/../bench-probe.log` });
  try {
    for (let i = 0; ; i++) {
      if (i > 480) throw new Error("the server did not come up within 240 s");
      const up = await fetch(`${BASE}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const cookies = {
      member: await signIn(BASE, BENCH_USER.username, BENCH_USER.password),
      admin: await signIn(BASE, BENCH_ADMIN.username, BENCH_ADMIN.password),
    };
    const cookieOf = (p: string) => (/^\/(api\/)?admin/.test(p) ? cookies.admin : cookies.member);
    // Warm-up: a fresh isolate compiles the Worker's code during its first requests.
    for (let pass = 0; pass < 3; pass++) for (const p of paths) await once(p, cookieOf(p));
    for (const p of paths) {
      const times: number[] = [];
      const base: number[] = [];
      let status = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await once(p, cookieOf(p));
        times.push(r.ms);
        status = r.status;
        base.push((await once("/api/user", cookieOf(p))).ms);
      }
      const m = median(times);
      const b = median(base);
      console.log(
        `${p}  ${status}  median ${m.toFixed(1)} ms  /api/user ${b.toFixed(1)} ms  ratio ${(m / b).toFixed(2)}x`,
      );
    }
  } finally {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
