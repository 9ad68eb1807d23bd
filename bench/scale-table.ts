/**
 * The scale simulation's rows (bench/scale.ts) as a markdown table with the
 * date and load line, for bench/RESULTS.md (bench/results-md.ts). Pure
 * functions, pinned by tests/unit/bench-results-md.test.ts.
 */

export type Budget = "default" | "extended";

export interface ScaleRow {
  athletes: number;
  budget: Budget;
  freshnessP50S: number | null;
  freshnessP95S: number | null;
  freshnessMaxS: number | null;
  /** New activities whose read had not come when the run ended (their lag counts as "until the end"). */
  notFresh: number;
  activities: number;
  newMembers: number;
  newMemberRecentS: number | null;
  /** The slowest new member's whole history; a lower bound when `newMemberHistoryLowerBound`. */
  newMemberHistoryS: number | null;
  /** Some new member's history was not all in when the (bounded) drain ended: the figure is "at least". */
  newMemberHistoryLowerBound: boolean;
  /** New members whose sign-up or connect this machine refused at every attempt (not in the figures). */
  joinsRefused: number;
  readsPerActivity: number;
  responses429: number;
  largestQueryMs: number;
  simulatedSeconds: number;
  realSeconds: number;
  timeScale: number;
  /** Share of the athletes that played the day (1 unless N > ACTIVE_LIMIT; the budget is scaled by it). */
  sample: number;
  /** Webhook deliveries this machine did not answer 200 within Strava's 2 s (retried like Strava). */
  webhookRetries: number;
  /** The 1-minute load average of the machine (os.loadavg) at its lowest and highest during the run. */
  loadAverage: { min: number; max: number };
}

/** Everything the section states besides the rows. */
export interface ScaleRunInfo {
  /** ISO date of the run. */
  date: string;
  /** `uptime` as the run started. */
  uptime: string;
  cores: number;
}

const num = (x: number | null) => (x === null ? "—" : x.toLocaleString("en"));

export function scaleTable(rows: ScaleRow[]): string {
  return [
    "| athletes | budget | freshness p50 / p95 / max (s) | not fresh at end | new member: recent / whole history (s) | reads per activity | 429s | webhook retries | largest scheduler query (ms) | load (1 min) |",
    "|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => {
      const history =
        r.newMemberHistoryLowerBound && r.newMemberHistoryS !== null
          ? `≥ ${num(r.newMemberHistoryS)}`
          : num(r.newMemberHistoryS);
      return `| ${num(r.athletes)} | ${r.budget} | ${num(r.freshnessP50S)} / ${num(r.freshnessP95S)} / ${num(r.freshnessMaxS)} | ${r.notFresh} of ${r.activities} | ${num(r.newMemberRecentS)} / ${history} | ${r.readsPerActivity} | ${r.responses429} | ${r.webhookRetries} | ${r.largestQueryMs} | ${r.loadAverage.min}-${r.loadAverage.max} |`;
    }),
  ].join("\n");
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });

/** The scale section of bench/RESULTS.md: the date and load line, the table, the flags it needs. */
export function scaleSection(rows: ScaleRow[], info: ScaleRunInfo): string {
  const lines = [
    `Figures from ${longDate(info.date)}, written by \`npm run bench:scale\` (\`uptime\` as it started: ${info.uptime.trim()}; ${info.cores} cores shared with other engineers' test runs; the last column is the 1-minute load average during each run):`,
    "",
    scaleTable(rows),
  ];
  const bounded = rows.filter((r) => r.newMemberHistoryLowerBound && r.newMemberHistoryS !== null);
  if (bounded.length)
    lines.push(
      "",
      `"≥" (${bounded.map((r) => `${num(r.athletes)} ${r.budget}`).join(", ")}): a new member's history was not all in when the bounded drain ended; the figure is the time until then, a lower bound (\`newMemberHistoryLowerBound\` in bench/results.json).`,
    );
  return lines.join("\n");
}
