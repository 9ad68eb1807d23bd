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
 *
 * It also prints where each run's total blocking time comes from (`blockingTasks`): Lantern's
 * TBT is the mean of an optimistic and a pessimistic simulation, each counting the simulated
 * tasks over 50 ms between an FCP and a TTI of other simulations. For both it prints that
 * window and every long simulated task: its simulated span, what it counts, when it started
 * in the observed trace and its observed wall time (Lantern multiplies it by 4, or by 2 for a
 * task that did layout), and its largest trace events (`TASKS=0` leaves this out).
 * `APP=http://localhost:8821` audits a server that is already running instead of starting one.
 */
import { launch } from "chrome-launcher";
import lighthouse, { type Flags } from "lighthouse";
import * as Lantern from "lighthouse/core/lib/lantern/lantern.js";
import { writeFileSync } from "node:fs";
import { CHROMIUM_ARGS } from "../playwright.config";
import { benchChromium, signIn } from "./lighthouse";
import { startServer, stopServer } from "./sync";

const PORT = 8813;
const APP = process.env.APP ?? `http://localhost:${PORT}`;
const pages = (process.env.PAGES ?? "/auth").split(",");
const runs = Number(process.env.RUNS ?? 1);

type Timings = Map<Lantern.Graph.Node, { startTime: number; endTime: number }>;

/**
 * Where a run's TBT comes from, from the simulations Lantern just ran (the simulator keeps each
 * one's node timings by label). Mirrors Lantern's TotalBlockingTime: the optimistic estimate
 * counts tasks between the pessimistic FCP and the optimistic TTI, the pessimistic one between
 * the optimistic FCP and the pessimistic TTI; a TTI is the later of LCP and the end of the last
 * simulated task over 50 ms.
 */
function blockingTasks(all: Map<string, Timings>): string[] {
  const timings = (label: string): Timings => all.get(label) ?? new Map();
  const end = (label: string) => Math.max(0, ...[...timings(label).values()].map((t) => t.endTime));
  const long = (label: string) =>
    [...timings(label)].filter(
      (entry): entry is [Lantern.Graph.CPUNode, { startTime: number; endTime: number }] =>
        entry[0].type === "cpu" && entry[1].endTime - entry[1].startTime > 50,
    );
  const tti = (kind: string) =>
    Math.max(end(`${kind}LargestContentfulPaint`), ...long(`${kind}Interactive`).map(([, t]) => t.endTime));
  const observedStart = Math.min(
    ...[...timings("pessimisticTotalBlockingTime").keys()].map((n) => n.startTime),
  );
  const lines: string[] = [];
  for (const [kind, fcpKind, ttiKind] of [
    ["optimistic", "pessimistic", "optimistic"],
    ["pessimistic", "optimistic", "pessimistic"],
  ] as const) {
    const [from, to] = [end(`${fcpKind}FirstContentfulPaint`), tti(ttiKind)];
    let sum = 0;
    const tasks = long(`${kind}TotalBlockingTime`).map(([node, t]) => {
      const clipped = Math.min(t.endTime, to) - Math.max(t.startTime, from);
      const counts = clipped > 50 ? clipped - 50 : 0;
      sum += counts;
      const events = [
        ...new Set(
          node.childEvents
            .filter((e) => (e.dur ?? 0) > 1000)
            .map((e) => {
              const url = (e.args as { data?: { url?: string } } | undefined)?.data?.url;
              return url ? `${e.name}@${url.replace(APP, "").slice(0, 40)}` : e.name;
            }),
        ),
      ].slice(0, 3);
      return (
        `    ${t.startTime.toFixed(0)}-${t.endTime.toFixed(0)} ms counts ${counts.toFixed(0)}` +
        ` | observed at ${((node.startTime - observedStart) / 1000).toFixed(0)} ms,` +
        ` ${(node.duration / 1000).toFixed(1)} ms wall${node.didPerformLayout() ? ", layout" : ""}` +
        ` | ${events.join(", ")}`
      );
    });
    lines.push(`  ${kind}: ${sum.toFixed(0)} ms, window ${from.toFixed(0)}-${to.toFixed(0)} ms`, ...tasks);
  }
  return lines;
}

const server = process.env.APP ? undefined : await startServer(PORT, "lighthouse");
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
    const simulations = Lantern.Simulation.Simulator.allNodeTimings as Map<string, Timings>;
    for (let i = 0; i < runs; i++) {
      simulations.clear();
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
      if (process.env.TASKS !== "0") console.log(blockingTasks(simulations).join("\n"));
    }
  }
} finally {
  await chrome.kill();
  if (server) stopServer(server);
}
process.exit(0);
