// `npm run screenshots`: the screens Strava's Extended Access review asks for
// (docs/strava-extended-access.md), taken from the built app under
// `wrangler dev` with the demo seed and the provider fakes, as the
// end-to-end tests run it. Output: docs/strava-extended-access/.
import { defineConfig } from "@playwright/test";
import base, { E2E_FAKES_PORT, E2E_PORT, e2eProject, e2eServer } from "./playwright.config";

export default defineConfig({
  ...base,
  testDir: "tests/screenshots",
  outputDir: "test-results/screenshots",
  retries: 0,
  workers: 1,
  projects: [e2eProject("chromium", E2E_PORT, E2E_FAKES_PORT)],
  webServer: e2eServer(E2E_PORT, E2E_FAKES_PORT),
});
