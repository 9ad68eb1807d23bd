/**
 * bench/RESULTS.md, generated from bench/results.json: `npm run bench` and
 * `npm run bench:scale` write it after their run, `npm run bench:report`
 * regenerates it alone. `resultsMarkdown` is pure (same JSON, same text), so
 * tests/unit/bench-results-md.test.ts checks the committed file against it.
 * A section whose key is missing from the JSON is left out.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import {
  capacityTable,
  scaleSection,
  type ScaleCapacity,
  type ScaleRow,
  type ScaleRunInfo,
} from "./scale-table";

interface Timing {
  medianMs: number;
  p95Ms: number;
  runs?: number;
}
interface PageFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}
interface FirstLoad {
  gzipKb: number;
  files: number;
  chartInFirstLoad?: boolean;
  target?: number;
}

/** bench/d1-footprint.ts: a sample of members × years written by the app's statements, dbstat per table and index, projected. */
export interface D1Footprint {
  date: string;
  sample: { members: number; years: number; activities: number; detailedTracks: number; bytes: number };
  detailShare: number;
  target: { members: number; years: number; activities: number };
  bytesPerMemberYear: number;
  projectedBytes: number;
  shareOf10GB: number;
  memberYearsIn10GB: number;
  trackColumns: { rows: number; polylineAvgChars: number; detailedRows: number; detailAvgChars: number };
  largestIndex: { name: string; table: string; projectedBytes: number };
  parts: {
    name: string;
    table: string;
    kind: "table" | "index";
    rows: number | null;
    bytes: number;
    projectedRows: number | null;
    projectedBytes: number;
  }[];
}

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;

/** The footprint section: the projection against D1's 10 GB and every table or index above 1 % of it. */
function footprint(r: BenchResults): string[] {
  const f = r.d1Footprint;
  if (!f) return [];
  const big = f.parts.filter((p) => p.projectedBytes >= f.projectedBytes / 100);
  return [
    `## D1 footprint: ${fmt(f.target.members)} athletes × ${f.target.years} years`,
    "",
    `\`bench/d1-footprint.ts\` (${f.date.slice(0, 10)}): ${f.sample.members} members × ${f.sample.years} years (${fmt(f.sample.activities)} activities, 5 a week) written by the app's own statements a backfill page at a time (upsert, polylines, every "activities changed" statement), ${Math.round(f.detailShare * 100)} % of them opened by their owner (splits and profile stored); SQLite's \`dbstat\` per table and index, projected linearly to ${fmt(f.target.activities)} activities. ` +
      `Total **${gb(f.projectedBytes)}**, ${Math.round(f.shareOf10GB * 100)} % of D1's 10 GB (${fmt(f.bytesPerMemberYear)} bytes per member-year: 10 GB holds about ${fmt(f.memberYearsIn10GB)} member-years). ` +
      `A track row holds a ${fmt(f.trackColumns.polylineAvgChars)}-character polyline, and ${fmt(f.trackColumns.detailAvgChars)} characters of splits and profile once opened. The largest index: \`${f.largestIndex.name}\` (${gb(f.largestIndex.projectedBytes)}).`,
    "",
    "| table or index | kind | rows (projected) | bytes (projected) |",
    "|---|---|---|---|",
    ...big.map(
      (p) =>
        `| \`${p.name}\` | ${p.kind === "index" ? `index on ${p.table}` : "table"} | ${p.projectedRows === null ? "—" : fmt(p.projectedRows)} | ${gb(p.projectedBytes)} |`,
    ),
  ];
}

/** What bench/results.json holds (bench/run.ts, lighthouse.ts, uploads.ts, scale.ts, member-year.ts). */
export interface BenchResults {
  date?: string;
  environment?: Record<string, string>;
  member?: { activities: number };
  runs?: { warmup: number; measured: number };
  http?: Record<string, Timing>;
  pages?: Record<string, RouteTiming>;
  sqlite?: Record<string, Timing & { statements?: number }>;
  statsVsSqlRatio?: number;
  statsAboveBaselineMs?: number;
  fitnessChart?: {
    note?: string;
    http: Timing;
    referenceApiUserMedianMs?: number;
    stale?: { sqlReadMedianMs: number; computeMedianMs: number };
  };
  sync?: {
    backfill: { activities: number; seconds: number; activitiesPerSecond: number; targetSeconds: number };
    fiveMembers: {
      members: number;
      activitiesEach: number;
      seconds: number;
      readsThisWindow: number;
      readLimitPer15Min: number;
      unrecovered429s: number;
    };
  };
  uploads?: { fitParseMs: number; csvImport5000Ms: number; peakMemoryMb?: Record<string, number> };
  targets?: Record<string, number>;
  checks?: Record<string, boolean>;
  memberYear?: {
    members: number;
    activitiesPerMemberYear: number;
    bytesPerMemberYear: number;
    bytesPerActivity: number;
    memberYearsIn10GB: number;
  };
  d1Footprint?: D1Footprint;
  lighthouse?: Record<string, PageFigures>;
  lighthouseDetail?: {
    date?: string;
    version?: string;
    chromiumUser?: string;
    server?: string;
    demoSeed?: string;
    runs?: Record<string, PageFigures[]>;
    targets?: Record<string, number>;
  };
  activityDetailMs?: number;
  heatmapMs?: number;
  heatmapFirstViewMs?: number;
  feedMs?: number;
  feedSqlMs?: number;
  feed?: { members: number; items: number };
  digest10kMs?: number | null;
  digest?: { runs: number; cronRunMs?: number; members?: number; note?: string };
  firstLoadJsActivityDetail?: FirstLoad;
  firstLoadJsByPage?: Record<string, number>;
  firstLoadJsHome?: FirstLoad;
  firstLoadJsDashboardDemo?: FirstLoad;
  mainThread?: Record<string, unknown> & { tool?: string };
  scale?: ScaleRow[];
  scaleCapacity?: ScaleCapacity[];
  scaleRun?: ScaleRunInfo;
}

const fmt = (n: number) => n.toLocaleString("en");
const day = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const row = (cells: (string | number)[]) => `| ${cells.join(" | ")} |`;
const table = (head: string[], rows: (string | number)[][]) =>
  [row(head), row(head.map(() => "---")), ...rows.map(row)].join("\n");

function requests(r: BenchResults): string[] {
  if (!r.http && !r.sqlite) return [];
  const lines = [
    "## Requests",
    "",
    `\`bench/run.ts\`, run of ${r.date ? day(r.date) : "an unrecorded date"}: one member with ${fmt(r.member?.activities ?? 0)} activities, ` +
      `${r.runs?.warmup ?? "?"} warm-up and ${r.runs?.measured ?? "?"} measured calls each, against ${r.environment?.server ?? "wrangler dev"} ` +
      `(Node ${r.environment?.node ?? "?"}, ${r.environment?.platform ?? "?"}); the same SQL timed with sqlite3 ${r.environment?.sqlite3 ?? ""} on the same file.`,
    "",
    table(
      ["measure", "median", "p95"],
      [
        ...Object.entries(r.http ?? {}).map(([name, t]) => [name, `${t.medianMs} ms`, `${t.p95Ms} ms`]),
        ...Object.entries(r.sqlite ?? {}).map(([name, t]) => [
          `sqlite3: ${name}`,
          `${t.medianMs} ms`,
          `${t.p95Ms} ms`,
        ]),
      ],
    ),
  ];
  if (r.statsVsSqlRatio !== undefined)
    lines.push(
      "",
      `Dashboard stats against the raw SQL: ${r.statsVsSqlRatio}× (${r.statsAboveBaselineMs} ms above the \`/api/user\` reference).`,
    );
  if (r.fitnessChart)
    lines.push(
      "",
      `Wari's fitness chart data (\`GET /api/wari/fitness\`): median ${r.fitnessChart.http.medianMs} ms, p95 ${r.fitnessChart.http.p95Ms} ms` +
        (r.fitnessChart.stale
          ? `; after a sync marks it stale, the read of the member's activities ${r.fitnessChart.stale.sqlReadMedianMs} ms (sqlite3) and the pass over them ${r.fitnessChart.stale.computeMedianMs} ms (Node).`
          : ".") +
        (r.fitnessChart.note ? ` ${r.fitnessChart.note}` : ""),
    );
  return lines;
}

function syncAndUploads(r: BenchResults): string[] {
  const lines: string[] = [];
  if (r.sync) {
    const { backfill: b, fiveMembers: f } = r.sync;
    lines.push(
      "## Strava sync and uploads",
      "",
      `- Backfill of ${fmt(b.activities)} activities (limits raised): ${b.seconds} s, ${fmt(b.activitiesPerSecond)} activities/s (target under ${b.targetSeconds} s).`,
      `- ${f.members} members × ${fmt(f.activitiesEach)} activities under the default limits: ${f.seconds} s, ${f.readsThisWindow} of ${f.readLimitPer15Min} reads of the window, ${f.unrecovered429s} unrecovered 429s.`,
    );
  }
  if (r.uploads) {
    if (!lines.length) lines.push("## Uploads", "");
    lines.push(
      `- Upload to saved (\`bench/uploads.ts\`, medians): a 6-hour 1 s FIT ride ${r.uploads.fitParseMs} ms (target under 500 ms), a 5,000-row activities.csv ${r.uploads.csvImport5000Ms} ms (target under 5 s).`,
    );
    const peak = r.uploads.peakMemoryMb;
    if (peak) {
      lines.push(
        `- Peak parser memory for the worst 25 MB file of each kind (\`bench/upload-memory.ts\`, heap + array buffers, the file included; target under 64 MB): ${Object.entries(
          peak,
        )
          .map(([kind, mb]) => `${kind.toUpperCase()} ${mb} MB`)
          .join(", ")}.`,
      );
    }
  }
  if (r.memberYear) {
    const m = r.memberYear;
    lines.push(
      `- Storage (\`bench/member-year.ts\`, ${m.members} members): ${m.activitiesPerMemberYear} activities and ${fmt(m.bytesPerMemberYear)} bytes per member-year (${m.bytesPerActivity} bytes per activity with its indexes); 10 GB of D1 holds about ${fmt(m.memberYearsIn10GB)} member-years.`,
    );
  }
  return lines;
}

/** One route of `npm run bench` (bench/pages.ts): its median and p95, and its ratio to GET /api/user in the same run. */
interface RouteTiming {
  medianMs: number;
  p95Ms: number;
  ratio: number;
  status: number;
  role: string;
  target: number;
  pass: boolean;
}

function routes(r: BenchResults): string[] {
  if (!r.pages) return [];
  const entries = Object.entries(r.pages);
  const failing = entries.filter(([, t]) => !t.pass).map(([name]) => `\`${name}\``);
  return [
    "## Every route",
    "",
    `\`npm run bench\` (\`bench/pages.ts\`): every page and \`GET /api\` route of the build, member routes as the 20,000-activity member and admin routes as the admin; the ratio is the route's median over \`GET /api/user\`'s in the same run. Targets: member routes ≤ 4×, admin routes ≤ 8×, a download of the member's whole data (role \`download\`) 4× per 1,000 of the member's activities (docs/decisions/037). ${failing.length ? `Over target: ${failing.join(", ")}.` : "Every route within its target."}`,
    "",
    table(
      ["route", "role", "status", "median", "p95", "ratio", "target"],
      entries.map(([name, t]) => [
        `\`${name}\``,
        t.role,
        t.status,
        `${t.medianMs} ms`,
        `${t.p95Ms} ms`,
        `${t.ratio}×${t.pass ? "" : " ✗"}`,
        `${t.target}×`,
      ]),
    ),
    ...(r.heatmapMs !== undefined
      ? [
          "",
          `Activity pages (issue #40): the detail page of a 6-hour 1 s ride ${r.activityDetailMs} ms; the heatmap of 2,000 routes ${r.heatmapMs} ms as kept, ${r.heatmapFirstViewMs ?? "?"} ms on the first view after a change, when it is drawn (decision 056; target under 100 ms)` +
            (r.firstLoadJsActivityDetail
              ? `; the detail page's first-load JavaScript ${r.firstLoadJsActivityDetail.gzipKb} KB gzip in ${r.firstLoadJsActivityDetail.files} files (target under ${r.firstLoadJsActivityDetail.target}).`
              : "."),
        ]
      : []),
    ...(r.feedMs !== undefined || r.digest ? ["", ...clubLines(r)] : []),
  ];
}

/** Issue #41: the club feed page and the weekly digest. */
function clubLines(r: BenchResults): string[] {
  const lines: string[] = [];
  if (r.feedMs !== undefined)
    lines.push(
      `Club feed (issue #41): \`/club\` for a club of ${fmt(r.feed?.members ?? 1000)} members with ${fmt(r.feed?.items ?? 50_000)} feed items ${r.feedMs} ms (target under 100 ms)${r.feedSqlMs !== undefined ? `; its two statements ${r.feedSqlMs} ms in sqlite3` : ""}.`,
    );
  if (r.digest)
    lines.push(
      r.digest10kMs != null
        ? `Weekly digest of ${fmt(r.digest.members ?? 10_000)} members: ${r.digest.runs === 1 ? "one cron run" : `${r.digest.runs} cron runs`} (${r.digest.cronRunMs ?? "?"} ms) queued them, and ${fmt(r.digest10kMs)} ms after it started all were built and sent through the \`digests\` queue (decision 054).`
        : `Weekly digest: not measured (${r.digest.note ?? "no figure"}).`,
    );
  return lines.length > 1 ? [lines.join(" ")] : lines;
}

function pages(r: BenchResults): string[] {
  if (!r.lighthouse) return [];
  const d = r.lighthouseDetail ?? {};
  const runs = d.runs ?? {};
  const lines = [
    "## Pages on a phone",
    "",
    `\`bench/lighthouse.ts\`${d.date ? `, run of ${day(d.date)}` : ""}: Lighthouse ${d.version ?? ""}; Chromium as ${d.chromiumUser ?? "?"}; ${d.server ?? ""}; ${d.demoSeed ?? ""}.`,
    "",
    table(
      ["page", "performance", "accessibility", "LCP", "TBT", "CLS", "runs: performance (TBT ms)"],
      Object.entries(r.lighthouse).map(([path, f]) => [
        `\`${path}\``,
        f.performance,
        f.accessibility,
        `${(f.lcpMs / 1000).toFixed(2)} s`,
        `${f.tbtMs} ms`,
        f.cls,
        (runs[path] ?? []).map((x) => `${x.performance} (${Math.round(x.tbtMs)})`).join(", "),
      ]),
    ),
  ];
  if (d.targets)
    lines.push(
      "",
      `Targets: performance ≥ ${d.targets.performance}, accessibility ${d.targets.accessibility}, CLS < ${d.targets.cls}, TBT < ${d.targets.tbtMs} ms.`,
    );
  if (r.firstLoadJsByPage)
    lines.push(
      "",
      `First-load JavaScript (KB gzip): ${Object.entries(r.firstLoadJsByPage)
        .map(([path, kb]) => `\`${path}\` ${kb}`)
        .join(", ")}` +
        (r.firstLoadJsDashboardDemo
          ? `; \`/dashboard\` for the demo member ${r.firstLoadJsDashboardDemo.gzipKb} KB in ${r.firstLoadJsDashboardDemo.files} files (target under ${r.firstLoadJsDashboardDemo.target}), the chart chunk ${r.firstLoadJsDashboardDemo.chartInFirstLoad ? "included" : "not included"}`
          : "") +
        (r.firstLoadJsHome ? `; \`/\` target under ${r.firstLoadJsHome.target}` : "") +
        ".",
    );
  if (r.mainThread) {
    const perPage = Object.entries(r.mainThread).filter(
      (e): e is [string, { cpuMs: number; blockingEstimateMs: number; longestTask?: string }] =>
        e[0].startsWith("/"),
    );
    lines.push(
      "",
      `Main-thread CPU (${r.mainThread.tool ?? "bench/main-thread.ts"}):`,
      "",
      table(
        ["page", "CPU", "blocking estimate", "longest task"],
        perPage.map(([path, m]) => [
          `\`${path}\``,
          `${m.cpuMs} ms`,
          `${m.blockingEstimateMs} ms`,
          m.longestTask ?? "",
        ]),
      ),
    );
  }
  return lines;
}

function checks(r: BenchResults): string[] {
  if (!r.checks) return [];
  return ["## Targets", "", ...Object.entries(r.checks).map(([name, ok]) => `- ${ok ? "✓" : "✗"} ${name}`)];
}

function scale(r: BenchResults): string[] {
  if (!r.scale?.length) return [];
  const info = r.scaleRun ?? { date: r.date ?? "", uptime: "not recorded", cores: 2 };
  const capacity = r.scaleCapacity?.length
    ? [
        "Capacity: the most athletes whose Saturday keeps p95 freshness under 5 minutes, by bisection from the ideal bound " +
          "(the day's reads webhooks may use after the scheduler's reserve ÷ the reads an athlete needs on the peak UTC day, one per new activity: " +
          `${r.scaleCapacity[0]!.readsPerAthlete} by the upload model). The runs are rows of the table below; the last row of each budget is the same day at 1.5× its capacity.`,
        "",
        capacityTable(r.scaleCapacity),
        "",
      ]
    : [];
  return [
    "## Scale: N athletes inside Strava's budget",
    "",
    "`bench/scale.ts` (its header says how the simulated Saturday is played and measured): freshness is from the webhook to the app's read of the activity; " +
      "the run goes on after the day (no new uploads) until every new activity is read. Above `ACTIVE_LIMIT` athletes the day is played by a sample of them (`sample` in bench/results.json) against the same share of the budget. " +
      "What the figures mean for a launch: docs/operations.md and docs/strava-extended-access.md.",
    "",
    ...capacity,
    scaleSection(r.scale, info),
  ];
}

/** The whole of bench/RESULTS.md for these results. */
export function resultsMarkdown(r: BenchResults): string {
  const sections = [
    requests(r),
    routes(r),
    syncAndUploads(r),
    checks(r),
    pages(r),
    scale(r),
    footprint(r),
  ].filter((s) => s.length);
  return [
    "# Benchmark results",
    "",
    "<!-- Generated by bench/results-md.ts from bench/results.json: `npm run bench:report`. Do not edit by hand. -->",
    "",
    "`npm run bench` measures everything below and writes `bench/results.json` (its parts alone: `npm run bench:lighthouse`, `bench:uploads`, `bench:scale`, each merging its own keys, so a section can be newer than another). " +
      "The machine: 2 shared cores; expect ±30 % between runs. Why the pages are built the way they are: docs/performance.md and docs/decisions/028-charts-and-first-load.md.",
    "",
    ...sections.flatMap((s) => [...s, ""]),
  ].join("\n");
}

export function writeResultsMd(from = "bench/results.json", to = "bench/RESULTS.md") {
  writeFileSync(to, resultsMarkdown(JSON.parse(readFileSync(from, "utf8")) as BenchResults));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  writeResultsMd();
  console.log("wrote bench/RESULTS.md from bench/results.json");
}
