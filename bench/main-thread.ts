/**
 * Main-thread work of one page load, in CPU time (issue #17, decision 028).
 *
 * Lighthouse's simulated TBT multiplies the wall time of each task by 4, so on
 * a shared, loaded machine it swings by seconds. This tool records a Chromium
 * trace of the page (mobile viewport, no throttling) and reads each task's
 * thread time (`tdur`), which the machine's load barely changes: a task is
 * "long" when 4 × its CPU time exceeds 50 ms, and the blocking estimate is the
 * sum of 4 × CPU − 50 ms over those tasks (Lighthouse's rule, on CPU time). It prints the
 * same figures for the tasks after the first contentful paint, the part Lighthouse's TBT counts.
 *
 * Against a running server (`npm start`, or bench/lighthouse.ts's):
 *   npx tsx bench/main-thread.ts http://localhost:8813 /wari [waitMs]
 * TRACE_OUT=/tmp/t.json keeps the trace. `/` and `/auth` load as a visitor, other pages as the demo member `athlete`.
 */
import { writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import { signIn } from "./lighthouse";

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

const [app = "http://localhost:8813", path = "/wari", wait = "10000"] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
  });
  if (!["/", "/auth"].includes(path)) {
    const cookie = await signIn(app);
    await context.addCookies([{ name: "__session", value: cookie.slice("__session=".length), url: app }]);
  }
  const page = await context.newPage();
  await page.goto(`${app}/favicon.ico`).catch(() => undefined); // the Worker's first requests compile it
  await browser.startTracing(page, {
    categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "loading"],
  });
  await page.goto(app + path, { waitUntil: "load" });
  await page.waitForTimeout(Number(wait));
  const trace = (await browser.stopTracing()).toString();
  if (process.env.TRACE_OUT) writeFileSync(process.env.TRACE_OUT, trace); // to read with DevTools or a script
  const events = (JSON.parse(trace) as { traceEvents: TraceEvent[] }).traceEvents;
  // The renderer's main thread: the one that parsed the HTML.
  const parser = events.find((e) => e.name === "ParseHTML");
  if (!parser) throw new Error("no ParseHTML in the trace");
  const main = events.filter((e) => e.pid === parser.pid && e.tid === parser.tid && e.ph === "X");
  const tasks = main.filter((e) => e.name === "RunTask");
  const start = tasks[0]?.ts ?? 0;
  let blocking = 0;
  const long: string[] = [];
  for (const task of tasks) {
    const cpuMs = (task.tdur ?? task.dur ?? 0) / 1000;
    if (cpuMs * 4 <= 50) continue;
    blocking += cpuMs * 4 - 50;
    const inside = main
      .filter((e) => e.name === "FunctionCall" && e.ts >= task.ts && e.ts < task.ts + (task.dur ?? 0))
      .sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
    const script = inside?.args?.data?.url?.split("/").pop() ?? "";
    long.push(
      `  at ${((task.ts - start) / 1000).toFixed(0).padStart(5)} ms: ${cpuMs.toFixed(0).padStart(4)} ms CPU (×4 ${(cpuMs * 4).toFixed(0)}) ${script}`,
    );
  }
  const totalMs = tasks.reduce((s, t) => s + (t.tdur ?? 0), 0) / 1000;
  console.log(
    `${path}: ${tasks.length} tasks, ${totalMs.toFixed(0)} ms CPU, blocking estimate (×4) ${blocking.toFixed(0)} ms`,
  );
  // Lighthouse's TBT counts only what comes after the first contentful paint (the page's last one:
  // the warm-up request paints too).
  const paints = events.filter((e) => e.name === "firstContentfulPaint" && e.pid === parser.pid);
  const fcp = paints[paints.length - 1]?.ts;
  if (fcp !== undefined) {
    const after = tasks.filter((t) => t.ts >= fcp).map((t) => (t.tdur ?? t.dur ?? 0) / 1000);
    console.log(
      `  after the first contentful paint (${((fcp - start) / 1000).toFixed(0)} ms): ${after
        .reduce((s, c) => s + c, 0)
        .toFixed(0)} ms CPU, blocking estimate (×4) ${after
        .reduce((s, c) => s + Math.max(0, c * 4 - 50), 0)
        .toFixed(0)} ms`,
    );
  }
  for (const line of long) console.log(line);
} finally {
  await browser.close();
}
