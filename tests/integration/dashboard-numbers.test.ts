// Issue #36: the dashboard reads its highlights (personal records, this year against last,
// the weekly strip) from the summaries the activities-changed statements keep, and shows the
// same numbers as before, when they were computed from every row on each view. Members like
// the demo's (the fakes' generator and the Strava mapper, two years and one year of
// activities) are saved through the app's write path; the expected numbers are computed
// here from their raw rows with the rules of the old statements (issue #20 item 8).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { decode } from "turbo-stream";
import type { DashboardData } from "~/modules/dashboard/page.server";
import { highlightDates } from "~/modules/activities/highlights";
import { saveActivities } from "~/modules/activities/store.server";
import { toActivityRow } from "~/modules/strava/activity-mapper";
import { createAppContext } from "~workers/load-context";
import { generateActivities } from "../fakes/strava-data";
import { call, createUser, login } from "./helpers";

// The dashboard's sports and the "fastest" floors, written out (not imported from the module under test).
const GROUPS: [string, string[]][] = [
  ["Ride", ["Ride", "VirtualRide", "MountainBikeRide", "GravelRide"]],
  ["Run", ["Run", "TrailRun", "VirtualRun"]],
  ["Swim", ["Swim"]],
  ["Walk", ["Walk"]],
  ["Hike", ["Hike"]],
];
const ORDER = ["Ride", "Run", "Swim", "Walk", "Hike", "Other"];
const sportOf = (t: string) => GROUPS.find(([, types]) => types.includes(t))?.[0] ?? "Other";
const FLOOR: Record<string, number> = { Ride: 20_000, Run: 5_000, Swim: 400, Walk: 3_000, Hike: 5_000 };
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;

interface Raw {
  id: number;
  name: string;
  sport_type: string;
  distance: number;
  moving_time: number;
  total_elevation_gain: number;
  start_date_local: string;
}

function expectedHighlights(rows: Raw[], now: Date) {
  const dates = highlightDates(now);
  const metrics: [string, (a: Raw) => number | null][] = [
    ["distance", (a) => (a.distance > 0 ? a.distance : null)],
    ["time", (a) => (a.moving_time > 0 ? a.moving_time : null)],
    ["climb", (a) => (a.total_elevation_gain > 0 ? a.total_elevation_gain : null)],
    [
      "fastest",
      (a) => {
        const floor = FLOOR[sportOf(a.sport_type)];
        return floor !== undefined && a.moving_time > 0 && a.distance >= floor
          ? a.distance / a.moving_time
          : null;
      },
    ],
  ];
  const records = ORDER.filter((sport) => rows.some((a) => sportOf(a.sport_type) === sport)).map((sport) => {
    const mine = rows.filter((a) => sportOf(a.sport_type) === sport);
    const out: Record<string, unknown> = {};
    for (const [metric, valueOf] of metrics) {
      const best = mine
        .filter((a) => valueOf(a) !== null)
        .sort(
          (a, b) =>
            valueOf(b)! - valueOf(a)! || a.start_date_local.localeCompare(b.start_date_local) || a.id - b.id,
        )[0];
      if (best)
        out[metric] = {
          activityId: best.id,
          name: best.name,
          startDateLocal: best.start_date_local,
          sportType: best.sport_type,
          value: valueOf(best),
          distance: best.distance,
          movingTime: best.moving_time,
        };
    }
    return { sport, records: out };
  });
  const day = (a: Raw) => a.start_date_local.slice(0, 10);
  const span = (from: string, to: string) => rows.filter((a) => day(a) >= from && day(a) <= to);
  const totals = (list: Raw[]) => ({
    activityCount: list.length,
    distanceKm: round(list.reduce((s, a) => s + a.distance, 0) / 1000, 1),
    movingTimeHours: round(list.reduce((s, a) => s + a.moving_time, 0) / 3600, 2),
  });
  const weeks = Array.from({ length: 16 }, (_, i) => {
    const start = new Date(Date.parse(`${dates.firstWeekStart}T00:00:00Z`) + i * 7 * 86_400_000);
    const from = start.toISOString().slice(0, 10);
    const to = new Date(start.getTime() + 6 * 86_400_000).toISOString().slice(0, 10);
    const inWeek = span(from, to < dates.today ? to : dates.today);
    return {
      weekStart: from,
      activeDays: new Set(inWeek.map(day)).size,
      distanceKm: round(inWeek.reduce((s, a) => s + a.distance, 0) / 1000, 1),
      activityCount: inWeek.length,
    };
  });
  return {
    records,
    years: {
      through: dates.today,
      thisYear: {
        year: Number(dates.thisYearStart.slice(0, 4)),
        ...totals(span(dates.thisYearStart, dates.today)),
      },
      lastYear: {
        year: Number(dates.lastYearStart.slice(0, 4)),
        ...totals(span(dates.lastYearStart, dates.lastYearSameDay)),
      },
    },
    weeks,
  };
}

async function dashboardData(cookie: string): Promise<DashboardData> {
  const res = await call("/dashboard.data", { cookie });
  expect(res.status).toBe(200);
  const decoded = await decode(res.body!);
  await decoded.done;
  return (decoded.value as Record<string, { data: DashboardData }>)["routes/dashboard"]!.data;
}

describe("the dashboard's highlights from the summaries (issue #36)", () => {
  // The demo's athlete (520 activities over two years) and one of its members (a year).
  for (const [athleteId, count, days] of [
    [836_001, 520, 730],
    [836_002, 105, 365],
  ] as const) {
    it(`show the numbers computed from the raw rows (${count} activities over ${days} days)`, async () => {
      const app = createAppContext(env);
      const now = new Date();
      const member = await createUser();
      const rows = generateActivities(athleteId, count, { seed: athleteId, days, endDate: now }).map((a) =>
        toActivityRow(member.id, a, now),
      );
      // As the sync saves them: pages of 200, each with the activities-changed statements.
      for (let i = 0; i < rows.length; i += 200) await saveActivities(app, member.id, rows.slice(i, i + 200));
      const raw = await env.DB.prepare(
        "SELECT id, name, sport_type, distance, moving_time, total_elevation_gain, start_date_local FROM activities WHERE user_id = ?",
      )
        .bind(member.id)
        .all<Raw>();
      expect(raw.results).toHaveLength(count);

      const data = await dashboardData(await login(member.username, member.password));
      const expected = expectedHighlights(raw.results, now);
      expect(data.highlights).toEqual(expected);
      // Something to compare: records in several sports, activity this year and last, active weeks.
      expect(expected.records.length).toBeGreaterThan(2);
      expect(expected.years.thisYear.activityCount + expected.years.lastYear.activityCount).toBeGreaterThan(
        0,
      );
      expect(expected.weeks.some((w) => w.activeDays > 0)).toBe(true);
    });
  }
});
