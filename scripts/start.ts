/**
 * `npm start`: from a fresh clone to the running app on http://localhost:8787.
 * Builds, applies local D1 migrations, seeds when the database is empty,
 * starts the provider fakes when no real credentials are configured, then
 * serves the production build with `wrangler dev` (workerd: D1, KV, R2,
 * Queues and Cron all local). Ctrl-C stops everything it started.
 *
 * Environment: PORT (8787), FAKES_PORT (8788), PERSIST_DIR (.wrangler/state),
 * SKIP_BUILD=1 (reuse ./build), FRESH=1 (wipe PERSIST_DIR first),
 * SEED_MEMBERS (40), DEVTOOLS=1 (wrangler's DevTools inspector, see below),
 * RUNTIME=miniflare (serve with Miniflare directly instead of `wrangler dev`,
 * scripts/serve-miniflare.ts; the end-to-end tests do).
 * The end-to-end tests and the benches start it this way on other ports.
 */
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEMO_ATHLETE_STRAVA_ID, DEMO_STRAVA_TOKENS, readVars } from "./seed";
import { startFakes } from "../tests/fakes/server";
import { devtoolsEnv } from "./devtools-env";

const port = Number(process.env.PORT ?? 8787);
const fakesPort = Number(process.env.FAKES_PORT ?? 8788);
const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";
const appUrl = `http://localhost:${port}`;
const fakesUrl = `http://127.0.0.1:${fakesPort}`;

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  execFileSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
}

function log(message: string) {
  console.log(`\x1b[36m[start]\x1b[0m ${message}`);
}

/** The env file wrangler dev reads: .dev.vars if the operator made one, else the fakes' settings. */
function resolveVarsFile(): { file: string; useFakes: boolean } {
  if (!existsSync(".dev.vars")) copyFileSync(".dev.vars.example", ".dev.vars");
  const vars = readVars(".dev.vars");
  const pointsAtFakes = [
    vars.STRAVA_API_URL,
    vars.GOOGLE_TOKEN_URL,
    vars.RAZORPAY_API_URL,
    vars.EMAIL_API_URL,
  ].some((url) => url?.startsWith("http://127.0.0.1:8788"));
  if (!pointsAtFakes && port === 8787) return { file: ".dev.vars", useFakes: false };
  // Rewrite the fakes' origin and the app origin for the chosen ports.
  mkdirSync(persistDir, { recursive: true });
  const file = join(persistDir, "..", `start-${port}.vars`);
  const lines = Object.entries(vars).map(([key, value]) => {
    const v = value.replaceAll("http://127.0.0.1:8788", fakesUrl);
    return `${key}=${key === "APP_URL" ? appUrl : v}`;
  });
  // Every local client shares one address key: a .dev.vars made before the
  // registration limit existed still lets the demo and e2e register freely.
  if (pointsAtFakes && !vars.REGISTER_LIMIT_PER_HOUR) lines.push("REGISTER_LIMIT_PER_HOUR=1000");
  writeFileSync(file, lines.join("\n") + "\n");
  return { file, useFakes: pointsAtFakes };
}

function databaseIsEmpty(): boolean {
  try {
    const out = execFileSync(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        persistDir,
        "--json",
        "--command",
        "SELECT count(*) AS n FROM users",
      ],
      { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
    );
    return JSON.parse(out)[0].results[0].n === 0;
  } catch {
    return true;
  }
}

async function main() {
  if (process.env.FRESH === "1") rmSync(persistDir, { recursive: true, force: true });
  if (process.env.SKIP_BUILD !== "1" || !existsSync("build/server/index.js")) {
    log("building (remix vite:build)");
    run("npx", ["remix", "vite:build"]);
  }
  log(`applying D1 migrations (${persistDir})`);
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", persistDir], {
    CI: "1",
  });
  const { file: varsFile, useFakes } = resolveVarsFile();
  if (databaseIsEmpty()) {
    log("seeding demo data");
    run("npx", ["tsx", "scripts/seed.ts"], { PERSIST_DIR: persistDir, DEV_VARS: varsFile });
  }

  let fakes: Awaited<ReturnType<typeof startFakes>> | null = null;
  if (useFakes) {
    fakes = await startFakes({ port: fakesPort });
    await registerDemoAthlete(fakes.url);
    log(`provider fakes on ${fakes.url} (mailbox: ${fakes.url}/email)`);
  } else {
    log("real provider credentials configured: fakes not started");
  }

  log(`serving on ${appUrl}`);
  if (process.env.RUNTIME === "miniflare") {
    const { serveWithMiniflare } = await import("./serve-miniflare");
    const server = await serveWithMiniflare({
      port,
      persistDir,
      vars: { ...readVars(varsFile), APP_URL: appUrl },
    });
    const stop = async () => {
      await server.dispose();
      await fakes?.close();
      process.exit(0);
    };
    process.on("SIGINT", () => void stop());
    process.on("SIGTERM", () => void stop());
    return;
  }
  // Its own process group, so stopping it stops wrangler's workerd children too.
  const wrangler = spawn(
    "node_modules/.bin/wrangler",
    [
      "dev",
      "--port",
      String(port),
      "--ip",
      "127.0.0.1",
      // Its own devtools port: two servers starting at once (the end-to-end suite) would both take 9229.
      "--inspector-port",
      String(port + 1000),
      "--persist-to",
      persistDir,
      "--env-file",
      varsFile,
      "--var",
      `APP_URL:${appUrl}`,
      "--test-scheduled",
      "--show-interactive-dev-session=false",
      "--log-level",
      process.env.WRANGLER_LOG ?? "info",
    ],
    { stdio: "inherit", detached: true, env: { ...process.env, ...devtoolsEnv() } },
  );

  let stopping = false;
  const stop = async (code = 0) => {
    if (stopping) return;
    stopping = true;
    try {
      if (wrangler.pid) process.kill(-wrangler.pid, "SIGTERM");
    } catch {
      // already gone
    }
    await fakes?.close();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  wrangler.on("exit", (code) => void stop(code ?? 0));
}

/** The seeded athlete's Strava account exists in the fake with the same activities and tokens. */
async function registerDemoAthlete(url: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("/_control/strava/athletes", {
    id: DEMO_ATHLETE_STRAVA_ID,
    firstname: "Diya",
    lastname: "Deshmukh",
    username: "athlete",
    activities: 520,
    seed: DEMO_ATHLETE_STRAVA_ID,
    days: 730,
  });
  await post("/_control/strava/tokens", {
    athleteId: DEMO_ATHLETE_STRAVA_ID,
    access_token: DEMO_STRAVA_TOKENS.access,
    refresh_token: DEMO_STRAVA_TOKENS.refresh,
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
