/**
 * The scale simulation's rows (bench/scale.ts) as a markdown table with the
 * date and load line, for bench/RESULTS.md (bench/results-md.ts). Pure
 * functions, pinned by tests/unit/bench-results-md.test.ts.
 */

/** Strava's default budget, Extended Access (10x), or the operator's STRAVA_READ_LIMIT_DAILY. */
export type Budget = "default" | "extended" | "operator";

export interface ScaleRow {
  athletes: number;
  budget: Budget;
  freshnessP50S: number | null;
  freshnessP95S: number | null;
  freshnessMaxS: number | null;
  /**
   * New activities of the day whose read had not come when the run ended (their lag counts as
   * "until the end"). The run goes on after the day until every one is read, at most until the
   * end of the UTC day after the peak's, so this is 0 unless that bound was hit.
   */
  unreadAtEnd: number;
  /** The longest wait of any of the day's new activities, webhook to read (every one read: it is the drain's end). */
  drainMaxS: number | null;
  /** The p95 wait of the new activities that waited for Strava's budget (read after more than 5 minutes); null: none did. */
  drainP95S: number | null;
  /** Simulated seconds after 24:00 IST until the day's last new activity was read (0: all read by then). */
  drainedAfterDayS: number;
  /** Reads (GETs at Strava) the run spent, from 00:00 IST until the end of the run. */
  readsSpent: number;
  /**
   * What those reads were spent on: list reads that returned one of the day's new activities
   * (`uploads`), that answered only an edit (`edits`), that returned nothing new (`other`: the
   * quiet refresh, a read whose activity another read had already brought), a new member's
   * pages (`newMembers`), and reads that are not activity lists (`notLists`).
   */
  readsFor: { uploads: number; edits: number; other: number; newMembers: number; notLists: number };
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
/** Simulated seconds as hours and minutes ("0" when nothing was left). */
const hours = (s: number) =>
  s <= 0 ? "0" : `${Math.floor(s / 3600)} h ${String(Math.round((s % 3600) / 60)).padStart(2, "0")} min`;

export function scaleTable(rows: ScaleRow[]): string {
  return [
    "| athletes | budget | freshness p50 / p95 / max (s) | unread at end | waited for budget: p95 (s) / read by (after 24:00 IST) | reads: uploads / edits / other / new members / not lists | new member: recent / whole history (s) | reads per activity | 429s | webhook retries | largest scheduler query (ms) | load (1 min) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map((r) => {
      const history =
        r.newMemberHistoryLowerBound && r.newMemberHistoryS !== null
          ? `≥ ${num(r.newMemberHistoryS)}`
          : num(r.newMemberHistoryS);
      const f = r.readsFor;
      return `| ${num(r.athletes)} | ${r.budget} | ${num(r.freshnessP50S)} / ${num(r.freshnessP95S)} / ${num(r.freshnessMaxS)} | ${r.unreadAtEnd} of ${r.activities} | ${num(r.drainP95S)} / ${hours(r.drainedAfterDayS)} | ${[f.uploads, f.edits, f.other, f.newMembers, f.notLists].map(num).join(" / ")} | ${num(r.newMemberRecentS)} / ${history} | ${r.readsPerActivity} | ${r.responses429} | ${r.webhookRetries} | ${r.largestQueryMs} | ${r.loadAverage.min}-${r.loadAverage.max} |`;
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

/** One budget's capacity (`npm run bench:scale`, bench/results.json `scaleCapacity`). */
export interface ScaleCapacity {
  budget: Budget;
  /** Strava's daily read limit of the budget. */
  dailyReads: number;
  /** The most athletes whose Saturday kept p95 freshness under 5 minutes (0: no run did). */
  capacityAthletes: number;
  /**
   * The most athletes any scheduler could serve: the day's reads webhooks may use (the daily
   * limit less the scheduler's reserve, `webhookCap` with nobody joining) ÷ the reads an
   * athlete needs on the peak UTC day (one per new activity of the upload model).
   */
  idealBound: number;
  /** capacityAthletes ÷ idealBound. */
  ratio: number;
  /** The reads an athlete needs on the peak UTC day (new activities per athlete, Saturday 05:30-24:00 IST). */
  readsPerAthlete: number;
  /** The runs of the bisection, in order: athletes and p95 freshness (s). */
  tried: { athletes: number; freshnessP95S: number | null; fresh: boolean }[];
  /** The smallest count that failed (null: none was tried). */
  failedAt: number | null;
}

/** The capacities as a markdown table. */
export function capacityTable(rows: ScaleCapacity[]): string {
  return [
    "| budget | daily reads | capacity (athletes, p95 < 5 min) | ideal bound | ratio | first count that failed | runs (athletes: p95 s) |",
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (c) =>
        `| ${c.budget} | ${num(c.dailyReads)} | ${num(c.capacityAthletes)} | ${num(c.idealBound)} | ${c.ratio.toFixed(2)} | ${num(c.failedAt)} | ${c.tried.map((t) => `${num(t.athletes)}: ${num(t.freshnessP95S)}`).join(", ")} |`,
    ),
  ].join("\n");
}
