// End-to-end tests: the built app under `wrangler dev` (scripts/start.ts on
// test ports, fresh local state, seeded) plus the provider fakes, driven in
// the system Chromium. `npm run build` must have run (npm test does it).
import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8791);
export const E2E_FAKES_PORT = Number(process.env.E2E_FAKES_PORT ?? 8792);
/**
 * The suite runs on two servers at once (each its own wrangler dev, fakes and
 * database, so no test sees another server's state), a Playwright project per
 * server with its own half of the spec files. E2E_SERVERS=1 runs everything
 * on one server (quicker to start when running a single file).
 */
const SERVERS = process.env.E2E_SERVERS === "1" ? 1 : 2;
/** The spec files of the second server: about half of the suite's time (measured, see README). */
const SECOND_SERVER_SPECS = [
  "a11y",
  "wari",
  "strava",
  "admin",
  "events",
  "feedback",
  "disconnect",
  "look",
  "error-texts",
  "recommendations",
];
/** Debian's full Chromium (`apt-get install chromium`): the browser people use, and what the tests fall back to. */
export const FULL_CHROMIUM = "/usr/bin/chromium";
/**
 * Debian's Chromium as a headless shell (`apt-get install chromium-headless-shell`, same version
 * and engine), which Playwright itself prefers for headless runs: no browser UI to start and
 * draw, about 30 % less CPU in the suite (decision 055). It has no Push API, so
 * tests/e2e/club.spec.ts asks for FULL_CHROMIUM. CHROMIUM_PATH overrides both.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const SUITE_CHROMIUM = existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
/** The system Chromium's flags (bench/lighthouse.ts launches it with the same). */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** One wrangler dev + provider fakes with a fresh, seeded database of its own. */
export function e2eServer(port: number, fakesPort: number) {
  return {
    command: "npx tsx scripts/start.ts",
    url: `http://localhost:${port}/api/health`,
    // `npm test` starts the servers early, while the integration suite runs (scripts/e2e-servers.ts).
    reuseExistingServer: process.env.E2E_REUSE_SERVERS === "1",
    // scripts/start.ts stops wrangler (its own process group) and the fakes on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    // Generous: two servers start side by side, and a shared machine can be slow to give them CPU.
    timeout: 300_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      PORT: String(port),
      FAKES_PORT: String(fakesPort),
      PERSIST_DIR: `.wrangler/e2e-state-${port}`,
      FRESH: "1",
      SKIP_BUILD: "1",
      SEED_MEMBERS: "12",
      // The server's clock cannot be moved: journeys of a past edition's results need 2025 to be the
      // current edition, so the suite seeds no future one (tests/e2e/admin.spec.ts creates it in the Wari tab).
      SEED_NEXT_WARI: "0",
      // A request's X-Test-Now header sets the server's clock (decision 048; http only, never deployed).
      TEST_CLOCK: "1",
      WRANGLER_LOG: "warn",
      // Miniflare directly, not `wrangler dev` and its dev proxy (scripts/serve-miniflare.ts, decision 033).
      RUNTIME: "miniflare",
      // A PMTiles basemap from the fakes (tests/fakes/pmtiles.ts), drawn by the Worker: maps are drawn
      // over tiles, and the activity page offers its interactive map (decisions 050, 057).
      MAP_TILES_URL: `http://127.0.0.1:${fakesPort}/basemap.pmtiles`,
      MAP_TILES_ATTRIBUTION: "Test tiles",
    },
  };
}

/** A Chromium project against one server; tests/e2e/fixtures.ts reads the ports from its metadata. */
export function e2eProject(name: string, port: number, fakesPort: number) {
  return {
    name,
    metadata: { appPort: port, fakesPort },
    // One file at a time per server: no two files share a server's state at once.
    workers: 1,
    use: { ...devices["Desktop Chrome"], channel: undefined, baseURL: `http://localhost:${port}` },
  };
}

// E2E_PORT / E2E_FAKES_PORT let two runs share a machine; the second server is 100 above them.
const servers = [
  { port: E2E_PORT, fakesPort: E2E_FAKES_PORT },
  { port: E2E_PORT + 100, fakesPort: E2E_FAKES_PORT + 100 },
].slice(0, SERVERS);
const second = SECOND_SERVER_SPECS.map((name) => `**/${name}.spec.ts`);

/** The servers of this configuration (scripts/e2e-servers.ts starts them ahead of the suite). */
export const e2eServers = () => servers.map((s) => e2eServer(s.port, s.fakesPort));

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // Within a project the files run one after another (the project's own `workers: 1`);
  // the two projects (servers) run side by side.
  fullyParallel: false,
  workers: SERVERS,
  // No retries, in CI either: a test that fails once is a bug to fix, not to hide (decision 033).
  retries: 0,
  timeout: 60_000,
  // Charts come in lazily loaded chunks; on a busy 2-core machine 5 s was not always enough to see them.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    // The members' clock (issue #37): a date the server and the browser write differently
    // fails hydration, which tests/e2e/fixtures.ts turns into a failed test.
    timezoneId: "Asia/Kolkata",
    // A page load on the busy CI machine takes a few seconds; one that has not loaded in 30 s is
    // stuck (an unanswered request): fail it then rather than wait out the whole test.
    navigationTimeout: 30_000,
    screenshot: "only-on-failure",
    // The app's service worker (public/sw.js) stays out of the way of page.route() in the other
    // specs; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: "block",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? SUITE_CHROMIUM,
      args: CHROMIUM_ARGS,
    },
  },
  projects:
    SERVERS === 1
      ? [e2eProject("chromium", E2E_PORT, E2E_FAKES_PORT)]
      : [
          { ...e2eProject("chromium", E2E_PORT, E2E_FAKES_PORT), testIgnore: second },
          { ...e2eProject("chromium-2", E2E_PORT + 100, E2E_FAKES_PORT + 100), testMatch: second },
        ],
  webServer: e2eServers(),
});
