/**
 * The built Worker as the benches serve it: scripts/start.ts on `port` (the fakes on
 * `port + 1`) with the bench's own database (`persist`), nothing built or seeded, and
 * the bundle a deploy makes (NODE_ENV=production: wrangler dev would bundle React's
 * development build, decision 056). Its own process group; its output in `logFile`.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { openSync } from "node:fs";

export function startBenchServer(opts: { port: number; persist: string; logFile: string }): ChildProcess {
  const out = openSync(opts.logFile, "w");
  return spawn("npx", ["tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(opts.port),
      FAKES_PORT: String(opts.port + 1),
      PERSIST_DIR: opts.persist,
      SKIP_BUILD: "1",
      SKIP_SEED: "1",
      WRANGLER_LOG: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", out, out],
    detached: true,
  });
}
