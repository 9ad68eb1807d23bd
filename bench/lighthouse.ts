/**
 * Lighthouse benchmark (issue #17; part of `npm run bench`; alone:
 * `npm run bench:lighthouse` after `npm run build`, which prints JSON and
 * merges `lighthouse` and `firstLoadJsHome` into bench/results.json).
 *
 * Serves the built Worker under `wrangler dev` with the demo seed (ports 8813
 * app, 8814 fakes, a fresh database), launches the system Chromium
 * (/usr/bin/chromium, as `nobody` when the bench runs as root: `benchChromium`;
 * CHROMIUM_PATH to change it; DevTools port 8815) with the
 * flags of playwright.config.ts, and runs Lighthouse 12.8.2 (npm `lighthouse`;
 * 13 needs Node 22) with its default mobile preset and simulated throttling,
 * three times per page: `/` and `/auth` as a visitor, `/dashboard` and
 * `/wari` signed in as the demo member `athlete`. Each figure is the median
 * of the three runs. It also measures each page's first-load JavaScript
 * (`firstLoadJsByPage`; `firstLoadJsHome` and `firstLoadJsDashboardDemo` in
 * full): the one first-load figure of the dashboard, which replaced the
 * `firstLoadJs` key bench/run.ts once wrote (its run drops a stale one).
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { CHROMIUM_ARGS } from "../playwright.config";
import { startServer, stopServer } from "./sync";

const PORT = Number(process.env.BENCH_LIGHTHOUSE_PORT ?? 8813);
const CHROME_PORT = PORT + 2;
const APP = `http://localhost:${PORT}`;
const RUNS = 3;

export const LIGHTHOUSE_PAGES: { path: string; signedIn: boolean }[] = [
  { path: "/", signedIn: false },
  { path: "/auth", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/wari", signedIn: true },
];

/**
 * The Chromium the Lighthouse runs launch. When the bench runs as root (as here and in CI), it
 * is started as `nobody` through bench/chromium-as-user.sh: as root Chromium raises its browser
 * and GPU threads to nice -8 and runs the page's renderer at nice 5, which no member's browser
 * does (decision 028). `CHROMIUM_PATH` picks another binary; `BENCH_CHROMIUM_AS_ROOT=1` keeps root.
 */
export function benchChromium(): { path: string; user: string } {
  if (process.env.CHROMIUM_PATH) return { path: process.env.CHROMIUM_PATH, user: "CHROMIUM_PATH" };
  if (process.getuid?.() === 0 && !process.env.BENCH_CHROMIUM_AS_ROOT)
    return { path: fileURLToPath(new URL("./chromium-as-user.sh", import.meta.url)), user: "nobody" };
  return { path: "/usr/bin/chromium", user: process.getuid?.() === 0 ? "root" : "the bench's user" };
}

export const LIGHTHOUSE_TARGETS = { performance: 98, accessibility: 100, cls: 0.05, tbtMs: 100 };

export interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const round = (n: number, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

/** Signs in through /api/login and returns the session cookie (`__session=…`). */
export async function signIn(app: string, username = "athlete", password = "Athlete@1234"): Promise<string> {
  const res = await fetch(`${app}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: app },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("__session="));
  if (!cookie) throw new Error("no session cookie");
  return cookie;
}

/**
 * The JavaScript a page loads before it is interactive: its modulepreloads and
 * module scripts (not what it imports later, such as the chart chunk), gzip.
 */
export async function firstLoadJs(app: string, path: string, cookie?: string) {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const html = await (await fetch(`${app}${path}`, { headers })).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+\.js)"/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/<script[^>]*\ssrc="([^"]+\.js)"[^>]*>/g)) urls.add(m[1]!);
  for (const m of html.matchAll(/\bfrom "(\/assets\/[^"]+\.js)"/g)) urls.add(m[1]!);
  const files: { url: string; bytes: number; gzipBytes: number }[] = [];
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(new URL(url, app))).arrayBuffer());
    files.push({ url, bytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return {
    gzipKb: round(files.reduce((s, f) => s + f.gzipBytes, 0) / 1024, 1),
    rawKb: round(files.reduce((s, f) => s + f.bytes, 0) / 1024, 1),
    files: files.length,
    chartInFirstLoad: files.some((f) => f.url.includes("apex")),
    assets: files,
  };
}

async function audit(url: string, port: number, cookie?: string): Promise<PageFigures> {
  const result = await lighthouse(
    url,
    {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: numeric("largest-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
  };
}

export async function runLighthouseBench() {
  const server = await startServer(PORT, "lighthouse");
  const chromium = benchChromium();
  const chrome = await launch({ chromePath: chromium.path, chromeFlags: CHROMIUM_ARGS, port: CHROME_PORT });
  try {
    const cookie = await signIn(APP);
    const lighthouseFigures: Record<string, PageFigures> = {};
    const runs: Record<string, PageFigures[]> = {};
    for (const page of LIGHTHOUSE_PAGES) {
      const url = `${APP}${page.path}`;
      const pageCookie = page.signedIn ? cookie : undefined;
      await audit(url, chrome.port, pageCookie); // warm-up: the isolate compiles the Worker on its first requests
      const list: PageFigures[] = [];
      for (let i = 0; i < RUNS; i++) list.push(await audit(url, chrome.port, pageCookie));
      runs[page.path] = list;
      lighthouseFigures[page.path] = {
        performance: median(list.map((r) => r.performance)),
        accessibility: median(list.map((r) => r.accessibility)),
        lcpMs: round(median(list.map((r) => r.lcpMs))),
        tbtMs: round(median(list.map((r) => r.tbtMs))),
        cls: round(median(list.map((r) => r.cls)), 4),
      };
    }
    const home = await firstLoadJs(APP, "/");
    const dashboard = await firstLoadJs(APP, "/dashboard", cookie);
    const auth = await firstLoadJs(APP, "/auth");
    const wari = await firstLoadJs(APP, "/wari", cookie);
    const checks = Object.fromEntries(
      Object.entries(lighthouseFigures).map(([path, f]) => [
        path,
        f.performance >= LIGHTHOUSE_TARGETS.performance &&
          f.accessibility >= LIGHTHOUSE_TARGETS.accessibility &&
          f.cls < LIGHTHOUSE_TARGETS.cls &&
          f.tbtMs < LIGHTHOUSE_TARGETS.tbtMs,
      ]),
    );
    return {
      lighthouse: lighthouseFigures,
      lighthouseDetail: {
        date: new Date().toISOString(),
        version: "12.8.2 (mobile preset, simulated throttling; median of 3 after 1 warm-up)",
        chromiumUser: chromium.user,
        runs,
        targets: LIGHTHOUSE_TARGETS,
        checks,
        demoSeed: "scripts/start.ts FRESH=1 SEED_MEMBERS=0; /dashboard and /wari as athlete",
        server:
          "wrangler dev 4.86.0 through scripts/start.ts, without its DevTools inspector (since 27 Nov 18:40 UTC)",
      },
      /** First-load JS of `/` for a visitor (gzip), beside the dashboard figure of bench/run.ts. */
      firstLoadJsHome: { ...home, target: 60 },
      /** The demo member's /dashboard, gzip, without the chart chunk (target: under 120 KB). */
      firstLoadJsDashboardDemo: { ...dashboard, target: 120 },
      /** KB gzip of each page's first-load JavaScript. */
      firstLoadJsByPage: {
        "/": home.gzipKb,
        "/auth": auth.gzipKb,
        "/dashboard": dashboard.gzipKb,
        "/wari": wari.gzipKb,
      },
    };
  } finally {
    await chrome.kill();
    stopServer(server);
  }
}

export function printLighthouse(figures: Record<string, PageFigures>) {
  console.log(`\n${"page".padEnd(12)} perf  a11y    LCP ms   TBT ms     CLS`);
  for (const [path, f] of Object.entries(figures))
    console.log(
      `${path.padEnd(12)} ${String(f.performance).padStart(4)}  ${String(f.accessibility).padStart(4)}  ${String(f.lcpMs).padStart(8)}  ${String(f.tbtMs).padStart(7)}  ${String(f.cls).padStart(6)}`,
    );
}

if (process.argv[1]?.endsWith("lighthouse.ts")) {
  runLighthouseBench()
    .then((out) => {
      printLighthouse(out.lighthouse);
      console.log(`first-load JS (KB gzip): ${JSON.stringify(out.firstLoadJsByPage)}`);
      const file = "bench/results.json";
      // `firstLoadJs` (bench/run.ts before issue #17's last round) is replaced by `firstLoadJsDashboardDemo`.
      const { firstLoadJs: _stale, ...results } = JSON.parse(readFileSync(file, "utf8")) as Record<
        string,
        unknown
      >;
      writeFileSync(file, JSON.stringify({ ...results, ...out }, null, 2) + "\n");
    })
    .catch((e) => {
      console.error(e);
      process.exit(1);
    });
}
