import { describe, expect, it } from "vitest";
import {
  replaceBetweenMarkers,
  SCALE_END,
  SCALE_START,
  scaleSection,
  scaleTable,
  type ScaleRow,
} from "~bench/scale-readme";

const row = (over: Partial<ScaleRow> = {}): ScaleRow => ({
  athletes: 1000,
  budget: "default",
  freshnessP50S: 41,
  freshnessP95S: 56,
  freshnessMaxS: 21549,
  notFresh: 0,
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

describe("the scale simulation's README table", () => {
  it("writes one line per run, thousands separated, missing figures as a dash", () => {
    const table = scaleTable([row(), row({ athletes: 10000, budget: "extended", freshnessP50S: null })]);
    const lines = table.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^\| athletes \| budget \| freshness p50 \/ p95 \/ max \(s\) \|/);
    expect(lines[2]).toBe(
      "| 1,000 | default | 41 / 56 / 21,549 | 0 of 988 | 55 / 4,210 | 1.02 | 0 | 0 | 3 | 1.2-7.9 |",
    );
    expect(lines[3]).toContain("| 10,000 | extended | — / 56 / 21,549 |");
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

  it("replaces only what lies between the markers, and twice gives the same README", () => {
    const readme = `# App\n\nintro\n${SCALE_START}\nold table\n${SCALE_END}\n\nHonest reading.\n`;
    const section = scaleSection([row()], info);
    const once = replaceBetweenMarkers(readme, section);
    expect(once).toBe(`# App\n\nintro\n${SCALE_START}\n${section}\n${SCALE_END}\n\nHonest reading.\n`);
    expect(replaceBetweenMarkers(once, section)).toBe(once);
  });

  it("refuses a README without its markers instead of losing the table", () => {
    expect(() => replaceBetweenMarkers("# App\n", "x")).toThrow(/bench:scale:start/);
    expect(() => replaceBetweenMarkers(`${SCALE_END}\n${SCALE_START}`, "x")).toThrow();
  });
});
