/**
 * `npm start`: from a fresh clone to the running app on http://localhost:8787.
 * Builds, brings the local D1 database up to date (migrations, then the demo
 * seed when it has no users), starts the provider fakes when no real
 * credentials are configured, then serves the production build with
 * `wrangler dev` (workerd: D1, KV, R2, Queues and Cron all local). Ctrl-C
 * stops everything it started.
 *
 * It prints one line per step; the build's and the database tools' full
 * output goes to the log file it names first (`.wrangler/start-<port>.log`
 * by default). Warnings and errors (stderr) are printed as well.
 *
 * Environment: PORT (8787), FAKES_PORT (8788), PERSIST_DIR (.wrangler/state),
 * SKIP_BUILD=1 (reuse ./build), FRESH=1 (wipe PERSIST_DIR first),
 * SEED_MEMBERS (40), SEED_NEXT_WARI=0 (seed no future Wari edition), WRANGLER_LOG (info), DEVTOOLS=1 (wrangler's DevTools
 * inspector, see below), RUNTIME=miniflare (serve with Miniflare directly
 * instead of `wrangler dev`, scripts/serve-miniflare.ts; the end-to-end tests
 * do). The end-to-end tests and the benches start it this way on other ports.
 */
import { spawn } from "node:child_process";
import {
  appendFileSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import {
  buildSeedSql,
  DEMO_ACCOUNTS,
  DEMO_ATHLETE_STRAVA_ID,
  DEMO_STRAVA_TOKENS,
  MEMBER_PASSWORD,
  readVars,
} from "./seed";
import { startFakes } from "../tests/fakes/server";
import { devtoolsEnv } from "./devtools-env";

const port = Number(process.env.PORT ?? 8787);
const fakesPort = Number(process.env.FAKES_PORT ?? 8788);
const persistDir = process.env.PERSIST_DIR ?? ".wrangler/state";
const seedMembers = Number(process.env.SEED_MEMBERS ?? 40);
const appUrl = `http://localhost:${port}`;
const fakesUrl = `http://127.0.0.1:${fakesPort}`;
const logFile = join(persistDir, "..", `start-${port}.log`);
const wranglerBin = "node_modules/.bin/wrangler";

function log(message: string) {
  console.log(`\x1b[36m[start]\x1b[0m ${message}`);
}

const seconds = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

/**
 * Runs a tool with its output kept for the log file (appended as one section when it ends, so
 * the build and the database steps, which run side by side, do not interleave there). Its stderr
 * (warnings, errors) also goes to the terminal at once. Rejects on a non-zero exit.
 */
function runLogged(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      output += chunk;
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk;
      process.stderr.write(chunk);
    });
    child.on("error", reject);
    child.on("exit", (code) => {
      appendFileSync(logFile, `\n$ ${command} ${args.join(" ")}\n${output}`);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args[0]} failed (exit ${code}); its output is in ${logFile}`));
    });
  });
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
  const file = join(persistDir, "..", `start-${port}.vars`);
  const lines = Object.entries(vars).map(([key, value]) => {
    const v = value.replaceAll("http://127.0.0.1:8788", fakesUrl);
    return `${key}=${key === "APP_URL" ? appUrl : v}`;
  });
  // Every local client shares one address key: a .dev.vars made before the
  // registration limit existed still lets the demo and e2e register freely.
  if (pointsAtFakes && !vars.REGISTER_LIMIT_PER_HOUR) lines.push("REGISTER_LIMIT_PER_HOUR=1000");
  // A .dev.vars made before Web Push (decision 053) gets the example's local VAPID pair.
  if (pointsAtFakes && !vars.VAPID_PUBLIC_KEY) {
    const example = readVars(".dev.vars.example");
    lines.push(
      `VAPID_PUBLIC_KEY=${example.VAPID_PUBLIC_KEY}`,
      `VAPID_PRIVATE_KEY=${example.VAPID_PRIVATE_KEY}`,
    );
  }
  // A basemap for this server only (the end-to-end servers use the fakes' tiles, playwright.config.ts).
  for (const key of ["MAP_TILES_URL", "MAP_TILES_ATTRIBUTION"])
    if (process.env[key]) lines.push(`${key}=${process.env[key]}`);
  writeFileSync(file, lines.join("\n") + "\n");
  return { file, useFakes: pointsAtFakes };
}

function d1Execute(input: "--command" | "--file", sql: string, json = false) {
  // WRANGLER_LOG=warn (npm run bench sets it for wrangler dev) would swallow the --json output.
  const env = json ? { WRANGLER_LOG: "log" } : {};
  return runLogged(
    wranglerBin,
    [
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      persistDir,
      "--yes",
      ...(json ? ["--json"] : []),
      input,
      sql,
    ],
    env,
  );
}

/** wrangler's own bookkeeping table (`wrangler d1 migrations apply`; wrangler.toml sets no `migrations_table`). */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  name TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/** db/migrations/*.sql in wrangler's order (by the number before the first "_"). */
function migrationFiles(): string[] {
  return readdirSync("db/migrations")
    .filter((name) => name.endsWith(".sql"))
    .sort((a, b) => parseInt(a) - parseInt(b));
}

/** Applied migrations and the number of users, or null when the database cannot say (new or unknown). */
async function databaseState(): Promise<{ applied: Set<string>; users: number } | null> {
  if (!existsSync(join(persistDir, "v3", "d1"))) return null;
  try {
    const out = await d1Execute(
      "--command",
      "SELECT name FROM d1_migrations; SELECT count(*) AS n FROM users",
      true,
    );
    const [migrations, users] = JSON.parse(out) as { results: Record<string, unknown>[] }[];
    return {
      applied: new Set(migrations!.results.map((row) => String(row.name))),
      users: Number(users!.results[0]!.n),
    };
  } catch {
    return null;
  }
}

/**
 * Brings the local database up to date in one `wrangler d1 execute` (each of its calls starts a
 * local runtime; `wrangler d1 migrations apply` starts one per migration): the pending migrations,
 * each recorded in d1_migrations as wrangler records it (so `npm run db:migrate` agrees), then the
 * demo seed when there are no users. Returns what it did, for the summary line.
 */
async function prepareDatabase(varsFile: string): Promise<string> {
  const started = Date.now();
  const state = await databaseState();
  const pending = migrationFiles().filter((name) => !state?.applied.has(name));
  // SKIP_SEED=1: never the demo data (npm run bench seeds its own members).
  const seed = process.env.SKIP_SEED !== "1" && (!state || state.users === 0);
  if (!pending.length && !seed) return `database up to date (${state?.users} users)`;
  const statements = [MIGRATIONS_TABLE];
  for (const name of pending)
    statements.push(
      readFileSync(join("db/migrations", name), "utf8"),
      `INSERT INTO d1_migrations (name) VALUES ('${name}');`,
    );
  if (seed) {
    const vars = readVars(varsFile);
    statements.push(
      await buildSeedSql({
        pepper: vars.PASSWORD_PEPPER ?? "",
        tokenKey: vars.TOKEN_ENCRYPTION_KEY ?? "",
        members: seedMembers,
        nextWari: process.env.SEED_NEXT_WARI !== "0",
      }),
    );
  }
  const file = join(persistDir, "..", `start-${port}.sql`);
  writeFileSync(file, statements.join("\n"));
  try {
    await d1Execute("--file", file);
  } finally {
    rmSync(file, { force: true });
  }
  const did = [
    pending.length ? `applied ${pending.length} migration${pending.length === 1 ? "" : "s"}` : "",
    seed ? `seeded the demo data (${DEMO_ACCOUNTS.length} accounts, ${seedMembers} members)` : "",
  ].filter(Boolean);
  return `database: ${did.join(", ")} in ${seconds(started)}`;
}

async function build(): Promise<string> {
  if (process.env.SKIP_BUILD === "1" && existsSync("build/server/index.js"))
    return "build: reusing ./build (SKIP_BUILD=1)";
  const started = Date.now();
  await runLogged("node_modules/.bin/remix", ["vite:build"]);
  return `built ./build in ${seconds(started)} (remix vite:build)`;
}

/** Resolves when the Worker answers, or never (wrangler's own errors are on the terminal). */
async function whenServing() {
  for (;;) {
    try {
      if ((await fetch(`${appUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function main() {
  const started = Date.now();
  if (process.env.FRESH === "1") rmSync(persistDir, { recursive: true, force: true });
  mkdirSync(persistDir, { recursive: true });
  writeFileSync(logFile, `npm start, ${new Date().toISOString()}\n`);
  log(`full output of the build and database steps: ${logFile}`);
  const { file: varsFile, useFakes } = resolveVarsFile();

  // The build and the database work are independent: run them side by side.
  const [built, database] = await Promise.all([build(), prepareDatabase(varsFile)]);
  log(built);
  log(`${database} (${persistDir})`);

  let fakes: Awaited<ReturnType<typeof startFakes>> | null = null;
  if (useFakes) {
    fakes = await startFakes({ port: fakesPort });
    await registerDemoAthlete(fakes.url);
    log(`provider fakes on ${fakes.url} (e-mails land in ${fakes.url}/email)`);
  } else {
    log("real provider credentials configured: fakes not started");
  }

  if (process.env.RUNTIME === "miniflare") {
    log(`serving with Miniflare on ${appUrl} (D1, KV, R2, Queues and Cron local)`);
    const { serveWithMiniflare } = await import("./serve-miniflare");
    const server = await serveWithMiniflare({
      port,
      persistDir,
      // TEST_CLOCK (the e2e servers only, playwright.config.ts): a request's X-Test-Now sets the server's clock.
      vars: {
        ...readVars(varsFile),
        APP_URL: appUrl,
        ...(process.env.TEST_CLOCK === "1" ? { TEST_CLOCK: "1" } : {}),
      },
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
  log(`starting wrangler dev on ${appUrl} (D1, KV, R2, Queues and Cron local)`);
  // Its own process group, so stopping it stops wrangler's workerd children too.
  const wrangler = spawn(
    wranglerBin,
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

  await whenServing();
  log(`ready in ${seconds(started)}: open ${appUrl} (Ctrl-C stops everything)`);
  log(
    `demo accounts: ${DEMO_ACCOUNTS.map((a) => `${a.username} / ${a.password}`).join(", ")}; ` +
      `${seedMembers ? `members vihaan01, ananya02, … / ${MEMBER_PASSWORD}` : "no other members"} (README.md)`,
  );
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
