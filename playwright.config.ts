// End-to-end tests: the built app under `wrangler dev` (scripts/start.ts on
// test ports, fresh local state, seeded) plus the provider fakes, driven in
// the system Chromium. `npm run build` must have run (npm test does it).
import { defineConfig, devices } from "@playwright/test";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 8791);
export const E2E_FAKES_PORT = Number(process.env.E2E_FAKES_PORT ?? 8792);
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

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  // Charts come in lazily loaded chunks; on a busy 2-core machine 5 s was not always enough to see them.
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    screenshot: "only-on-failure",
    // The app's service worker (public/sw.js) stays out of the way of page.route() in the other
    // specs; tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: "block",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "npx tsx scripts/start.ts",
    url: `http://localhost:${E2E_PORT}/api/health`,
    // E2E_PORT / E2E_FAKES_PORT let two runs share a machine.
    reuseExistingServer: false,
    // scripts/start.ts stops wrangler (its own process group) and the fakes on SIGTERM.
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(E2E_PORT),
      FAKES_PORT: String(E2E_FAKES_PORT),
      PERSIST_DIR: `.wrangler/e2e-state-${E2E_PORT}`,
      FRESH: "1",
      SKIP_BUILD: "1",
      SEED_MEMBERS: "12",
      WRANGLER_LOG: "warn",
    },
  },
});
