import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { resultsMarkdown, type BenchResults } from "~bench/results-md";
import {
  capacityTable,
  scaleSection,
  scaleTable,
  type ScaleCapacity,
  type ScaleRow,
} from "~bench/scale-table";

const row = (over: Partial<ScaleRow> = {}): ScaleRow => ({
  athletes: 1000,
  budget: "default",
  freshnessP50S: 41,
  freshnessP95S: 56,
  freshnessMaxS: 21549,
  unreadAtEnd: 0,
  drainMaxS: 21549,
  drainP95S: 20000,
  drainedAfterDayS: 0,
  readsSpent: 1200,
  readsFor: { uploads: 950, edits: 100, other: 50, newMembers: 30, notLists: 70 },
  activities: 988,
  newMembers: 10,
  newMemberRecentS: 55,
  newMemberHistoryS: 4210,
  newMemberHistoryLowerBound: false,
  joinsRefused: 0,
  readsPerActivity: 1.02,
  responses429: 0,
  largestQueryMs: 3,
  simulatedSeconds: 93600,
  realSeconds: 163,
  timeScale: 576,
  sample: 1,
  webhookRetries: 0,
  loadAverage: { min: 1.2, max: 7.9 },
  ...over,
});

const info = {
  date: "2026-11-23T20:00:00.000Z",
  uptime: " 20:00:00 up 1 day, load average: 0.80, 2.57, 3.15\n",
  cores: 2,
};

describe("the scale simulation's table in bench/RESULTS.md", () => {
  it("writes one line per run, thousands separated, missing figures as a dash", () => {
    const table = scaleTable([row(), row({ athletes: 10000, budget: "extended", freshnessP50S: null })]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| athletes \| budget \| freshness p50 \/ p95 \/ max \(s\) \|/);
    expect(lines[2]).toBe(
      "| 1,000 | default | 41 / 56 / 21,549 | 0 of 988 | 20,000 / 0 | 950 / 100 / 50 / 30 / 70 | 55 / 4,210 | 1.02 | 0 | 0 | 3 | 1.2-7.9 |",
    );
    expect(lines[3]).toContain("| 10,000 | extended | — / 56 / 21,549 |");
  });

  it("states how long after the day the last upload was read, in hours and minutes", () => {
    expect(scaleTable([row({ drainedAfterDayS: 5 * 3600 + 17 * 60 + 20, unreadAtEnd: 3 })])).toContain(
      "| 3 of 988 | 20,000 / 5 h 17 min |",
    );
  });

  it("writes one line per budget's capacity with its ratio to the ideal bound and the runs it took", () => {
    const capacity: ScaleCapacity = {
      budget: "extended",
      dailyReads: 10000,
      capacityAthletes: 8550,
      idealBound: 8980,
      ratio: 0.95,
      readsPerAthlete: 0.98,
      tried: [
        { athletes: 9000, freshnessP95S: 12000, fresh: false },
        { athletes: 8550, freshnessP95S: 40, fresh: true },
      ],
      failedAt: 9000,
    };
    const lines = capacityTable([capacity]).split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("| extended | 10,000 | 8,550 | 8,980 | 0.95 | 9,000 | 9,000: 12,000, 8,550: 40 |");
    const md = resultsMarkdown({ scale: [row()], scaleRun: info, scaleCapacity: [capacity] });
    expect(md).toContain(lines[2]);
    expect(md).toContain("0.98 by the upload model");
  });

  it("flags a new member's history that was not all in as a lower bound", () => {
    const section = scaleSection([row({ newMemberHistoryLowerBound: true })], info);
    expect(section).toContain("| 55 / ≥ 4,210 |");
    expect(section).toMatch(/"≥" \(1,000 default\): .*a lower bound/);
    expect(scaleSection([row()], info)).not.toContain("≥");
  });

  it("states the date and the uptime the run started with", () => {
    const section = scaleSection([row()], info);
    expect(section.split("\n")[0]).toMatch(
      /^Figures from 23 Nov 2026, written by `npm run bench:scale` \(`uptime` as it started: 20:00:00 up 1 day, load average: 0\.80, 2\.57, 3\.15; 2 cores/,
    );
  });
});

describe("the D1 footprint section", () => {
  it("states the projection against D1's 10 GB, the largest index and every part above 1 % of the total", () => {
    const part = (
      name: string,
      kind: "table" | "index",
      projectedBytes: number,
      projectedRows: number | null,
    ) => ({
      name,
      table: "activities",
      kind,
      rows: null,
      bytes: 0,
      projectedRows,
      projectedBytes,
    });
    const md = resultsMarkdown({
      d1Footprint: {
        date: "2026-11-29T03:12:50.566Z",
        sample: { members: 20, years: 5, activities: 26000, detailedTracks: 6000, bytes: 41893888 },
        detailShare: 0.2,
        target: { members: 10000, years: 5, activities: 13000000 },
        bytesPerMemberYear: 418939,
        projectedBytes: 20946944000,
        shareOf10GB: 2.095,
        memberYearsIn10GB: 23869,
        trackColumns: { rows: 20482, polylineAvgChars: 219, detailedRows: 6245, detailAvgChars: 3778 },
        largestIndex: {
          name: "activities_user_sport_distance_idx",
          table: "activities",
          projectedBytes: 432128000,
        },
        parts: [
          part("activities", "table", 2290000000, 13000000),
          part("activities_user_sport_distance_idx", "index", 432128000, null),
          part("users", "table", 100, 10000),
        ],
      },
    });
    expect(md).toContain("## D1 footprint: 10,000 athletes × 5 years");
    expect(md).toContain("Total **20.95 GB**, 210 % of D1's 10 GB");
    expect(md).toContain("The largest index: `activities_user_sport_distance_idx` (0.43 GB)");
    expect(md).toContain("| `activities` | table | 13,000,000 | 2.29 GB |");
    expect(md).toContain("| `activities_user_sport_distance_idx` | index on activities | — | 0.43 GB |");
    expect(md).not.toContain("| `users` |");
  });
});

describe("bench/RESULTS.md", () => {
  const results = JSON.parse(readFileSync("bench/results.json", "utf8")) as BenchResults;

  it("is what bench/results-md.ts makes of bench/results.json (run `npm run bench:report` after a bench)", () => {
    expect(readFileSync("bench/RESULTS.md", "utf8")).toBe(resultsMarkdown(results));
  });

  it("states the figures of the JSON: requests, Lighthouse, first-load JS and the scale run", () => {
    const md = resultsMarkdown({
      date: "2026-11-22T04:13:22.817Z",
      http: { "GET /api/dashboard/stats": { medianMs: 14.46, p95Ms: 18.74 } },
      lighthouse: {
        "/dashboard": { performance: 98, accessibility: 100, lcpMs: 994, tbtMs: 85, cls: 0 },
      },
      firstLoadJsByPage: { "/dashboard": 112.7 },
      scale: [row()],
      scaleRun: info,
    });
    expect(md).toContain("| GET /api/dashboard/stats | 14.46 ms | 18.74 ms |");
    expect(md).toContain("run of 2026-11-22 04:13 UTC");
    expect(md).toContain("| `/dashboard` | 98 | 100 | 0.99 s | 85 ms | 0 |");
    expect(md).toContain("`/dashboard` 112.7");
    expect(md).toContain(scaleSection([row()], info));
    expect(resultsMarkdown({})).not.toContain("## ");
  });

  it("states the club feed's time and the weekly digest's from one cron run (issue #41)", () => {
    const md = resultsMarkdown({
      pages: {},
      feedMs: 21.5,
      feed: { members: 1000, items: 50_000 },
      digest10kMs: 23_456,
      digest: { runs: 1, cronRunMs: 612, members: 10_000 },
    });
    expect(md).toContain(
      "Club feed (issue #41): `/club` for a club of 1,000 members with 50,000 feed items 21.5 ms (target under 100 ms).",
    );
    expect(md).toContain(
      "Weekly digest of 10,000 members: one cron run (612 ms) queued them, and 23,456 ms after it started all were built and sent",
    );
    expect(resultsMarkdown({ pages: {}, digest10kMs: null, digest: { runs: 1, note: "not due" } })).toContain(
      "Weekly digest: not measured (not due).",
    );
  });
});
