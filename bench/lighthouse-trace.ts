/**
 * One Lighthouse page, looked at closely (issue #17, decision 028): `npm run
 * build`, then `PAGES=/auth,/dashboard RUNS=2 npx tsx bench/lighthouse-trace.ts`.
 * Serves the build like bench/lighthouse.ts (ports 8813-8815, demo seed;
 * every page but `/` and `/auth` signed in as `athlete`: mind that a signed-in
 * member asking for `/auth` is sent to `/`), runs one warm-up and RUNS audits
 * per page, prints the simulated FCP/LCP/TBT beside the *observed* first paint,
 * DOMContentLoaded and load, and writes the report and the trace of run i
 * (from 1) to /tmp/lh<path>-<i>.json and /tmp/trace<path>-<i>.json (Chrome's trace format:
 * open it in the DevTools performance panel, or read it with a script).
 */
import { launch } from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import { writeFileSync } from "node:fs";
import { CHROMIUM_ARGS } from "../playwright.config";
import { benchChromium, signIn } from "./lighthouse";
import { startServer, stopServer } from "./sync";

const PORT = 8813;
const APP = `http://localhost:${PORT}`;
const pages = (process.env.PAGES ?? "/auth").split(",");
const runs = Number(process.env.RUNS ?? 1);

const server = await startServer(PORT, "lighthouse");
const chrome = await launch({
  chromePath: benchChromium().path,
  chromeFlags: CHROMIUM_ARGS,
  port: PORT + 2,
});
try {
  const cookie = await signIn(APP);
  for (const path of pages) {
    const signedIn = path !== "/" && !path.startsWith("/auth");
    const flags: Flags = {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      ...(signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
    };
    await lighthouse(`${APP}${path}`, flags);
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(`${APP}${path}`, flags);
      if (!result) throw new Error(`no result for ${path}`);
      const { lhr, artifacts } = result;
      const name = path.replace(/[^a-z0-9]+/gi, "_");
      writeFileSync(`/tmp/lh${name}-${i + 1}.json`, JSON.stringify(lhr));
      writeFileSync(`/tmp/trace${name}-${i + 1}.json`, JSON.stringify(artifacts.Trace));
      const ms = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      const observed = (lhr.audits.metrics?.details as { items?: Record<string, number>[] } | undefined)
        ?.items?.[0];
      console.log(
        `${path} performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`,
        `FCP ${ms("first-contentful-paint")} LCP ${ms("largest-contentful-paint")} TBT ${ms("total-blocking-time")}`,
        `| observed: first paint ${observed?.observedFirstContentfulPaint} DOMContentLoaded ${observed?.observedDomContentLoaded} load ${observed?.observedLoad}`,
      );
    }
  }
} finally {
  await chrome.kill();
  stopServer(server);
}
process.exit(0);
