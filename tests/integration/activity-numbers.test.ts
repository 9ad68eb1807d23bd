/**
 * The numbers computed from a member's activities: the summaries the
 * activity writes keep, the dashboard's highlights read from them, and the
 * fitness profile behind the recommendations. One file, so one workerd start
 * (docs/testing.md); the blocks share its storage, and every number here is
 * one member's own, so each block makes its own members.
 */
import { env } from "cloudflare:test";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { NewActivity } from "~db/schema";
import { createAppContext } from "~workers/load-context";
import { deleteActivities, deleteUploadActivities, saveActivities } from "~/modules/activities/store.server";
import { addManualActivity, removeManualActivity } from "~/modules/uploads/manual.server";
import { disconnectStrava } from "~/modules/strava/sync.server";
import { deleteAccount } from "~/modules/account/deletion.server";
import { call, cookiesFrom, createUser, json, login } from "./helpers";
import { decode } from "turbo-stream";
import type { DashboardData } from "~/modules/dashboard/page.server";
import { highlightDates } from "~/modules/activities/highlights";
import { toActivityRow } from "~/modules/strava/activity-mapper";
import { generateActivities } from "../fakes/strava-data";
import { getFitnessProfile, refreshFitnessProfile } from "~/modules/recommendations/fitness-profile.server";
import type { FitnessProfile, Recommendation } from "~/modules/recommendations/constants";

describe("summaries", () => {
  // Issue #36: the member's activity summaries (day totals per sport type, records per sport
  // type and metric, totals per sport type and per UTC month) are kept by the "activities changed" statements. After any sequence of
  // writes through the app's own paths (Strava upserts and their updates, Strava deletions,
  // uploads and their deletion, manual entries and their deletion, a Strava disconnect, the
  // account's deletion) they equal a recomputation from scratch, done here in TypeScript from
  // the member's rows, independently of the SQL.
  const DAY = 86_400_000;
  // Fixed clock: every generated activity lies in the 60 days before it.
  const NOW = new Date("2026-06-15T12:00:00Z");

  // The sport groups and "fastest" floors, written out here (not imported from the module under test).
  const GROUP: Record<string, string> = {
    Ride: "Ride",
    VirtualRide: "Ride",
    MountainBikeRide: "Ride",
    GravelRide: "Ride",
    Run: "Run",
    TrailRun: "Run",
    VirtualRun: "Run",
    Swim: "Swim",
    Walk: "Walk",
    Hike: "Hike",
  };
  const FLOOR: Record<string, number> = { Ride: 20_000, Run: 5_000, Swim: 400, Walk: 3_000, Hike: 5_000 };
  const SPORTS = ["Ride", "VirtualRide", "GravelRide", "Run", "TrailRun", "Swim", "Walk", "Hike", "Workout"];

  interface Stored {
    id: number;
    start_date: number;
    sport_type: string;
    distance: number;
    moving_time: number;
    total_elevation_gain: number;
    start_date_local: string;
  }

  const r6 = (n: number) => Math.round(n * 1e6) / 1e6;

  /** The summaries as the member's rows say they must be. */
  function recompute(rows: Stored[]) {
    const days = new Map<string, { count: number; distance: number; time: number; elevation: number }>();
    for (const a of rows) {
      const key = `${a.start_date_local.slice(0, 10)}|${a.sport_type}`;
      const d = days.get(key) ?? { count: 0, distance: 0, time: 0, elevation: 0 };
      d.count += 1;
      d.distance += a.distance;
      d.time += a.moving_time;
      d.elevation += a.total_elevation_gain;
      days.set(key, d);
    }
    const sports = new Map<string, { count: number; distance: number; time: number; elevation: number }>();
    const months = new Map<string, { count: number; distance: number }>();
    for (const a of rows) {
      const s = sports.get(a.sport_type) ?? { count: 0, distance: 0, time: 0, elevation: 0 };
      s.count += 1;
      s.distance += a.distance;
      s.time += a.moving_time;
      s.elevation += a.total_elevation_gain;
      sports.set(a.sport_type, s);
      // The admin's trends count calendar months in UTC, by the start instant.
      const month = new Date(a.start_date * 1000).toISOString().slice(0, 7);
      const m = months.get(month) ?? { count: 0, distance: 0 };
      m.count += 1;
      m.distance += a.distance;
      months.set(month, m);
    }
    const records: { sport: string; metric: string; id: number; value: number }[] = [];
    const metrics: [string, (a: Stored) => number | null][] = [
      ["distance", (a) => (a.distance > 0 ? a.distance : null)],
      ["time", (a) => (a.moving_time > 0 ? a.moving_time : null)],
      ["climb", (a) => (a.total_elevation_gain > 0 ? a.total_elevation_gain : null)],
      [
        "fastest",
        (a) => {
          const floor = FLOOR[GROUP[a.sport_type] ?? "Other"];
          return floor !== undefined && a.moving_time > 0 && a.distance >= floor
            ? (a.distance * 1.0) / a.moving_time
            : null;
        },
      ],
    ];
    for (const sport of new Set(rows.map((a) => a.sport_type))) {
      for (const [metric, valueOf] of metrics) {
        // Highest value, then the earliest start, then the lowest id.
        const best = rows
          .filter((a) => a.sport_type === sport && valueOf(a) !== null)
          .sort(
            (a, b) =>
              valueOf(b)! - valueOf(a)! ||
              a.start_date_local.localeCompare(b.start_date_local) ||
              a.id - b.id,
          )[0];
        if (best) records.push({ sport, metric, id: best.id, value: valueOf(best)! });
      }
    }
    return {
      days: [...days.entries()]
        .map(([key, d]) => {
          const [day, sport] = key.split("|");
          return {
            day,
            sport,
            count: d.count,
            distance: r6(d.distance),
            time: d.time,
            elevation: r6(d.elevation),
          };
        })
        .sort((a, b) => `${a.day}|${a.sport}`.localeCompare(`${b.day}|${b.sport}`)),
      records: records.sort((a, b) => `${a.sport}|${a.metric}`.localeCompare(`${b.sport}|${b.metric}`)),
      sports: [...sports.entries()]
        .map(([sport, t]) => ({
          sport,
          count: t.count,
          distance: r6(t.distance),
          time: t.time,
          elevation: r6(t.elevation),
        }))
        .sort((a, b) => a.sport.localeCompare(b.sport)),
      months: [...months.entries()]
        .map(([month, t]) => ({ month, count: t.count, distance: r6(t.distance) }))
        .sort((a, b) => a.month.localeCompare(b.month)),
    };
  }

  async function maintained(userId: number) {
    const days = await env.DB.prepare(
      "SELECT day, sport_type AS sport, activity_count AS count, distance, moving_time AS time, elevation FROM activity_day_totals WHERE user_id = ? ORDER BY day || '|' || sport_type",
    )
      .bind(userId)
      .all<{
        day: string;
        sport: string;
        count: number;
        distance: number;
        time: number;
        elevation: number;
      }>();
    const records = await env.DB.prepare(
      "SELECT sport_type AS sport, metric, activity_id AS id, value FROM activity_records WHERE user_id = ? ORDER BY sport_type || '|' || metric",
    )
      .bind(userId)
      .all<{ sport: string; metric: string; id: number; value: number }>();
    const sports = await env.DB.prepare(
      "SELECT sport_type AS sport, activity_count AS count, distance, moving_time AS time, elevation FROM activity_sport_totals WHERE user_id = ? ORDER BY sport_type",
    )
      .bind(userId)
      .all<{ sport: string; count: number; distance: number; time: number; elevation: number }>();
    const months = await env.DB.prepare(
      "SELECT month, activity_count AS count, distance FROM activity_month_totals WHERE user_id = ? ORDER BY month",
    )
      .bind(userId)
      .all<{ month: string; count: number; distance: number }>();
    return {
      days: days.results.map((d) => ({ ...d, distance: r6(d.distance), elevation: r6(d.elevation) })),
      records: records.results,
      sports: sports.results.map((t) => ({ ...t, distance: r6(t.distance), elevation: r6(t.elevation) })),
      months: months.results.map((t) => ({ ...t, distance: r6(t.distance) })),
    };
  }

  async function expectConsistent(userId: number, what: string) {
    const rows = await env.DB.prepare(
      "SELECT id, start_date, sport_type, distance, moving_time, total_elevation_gain, start_date_local FROM activities WHERE user_id = ?",
    )
      .bind(userId)
      .all<Stored>();
    expect(await maintained(userId), what).toEqual(recompute(rows.results));
  }

  const activity = fc
    .record({
      sport: fc.constantFrom(...SPORTS),
      // Whole metres and seconds, on a coarse grid so values, days and starts tie often.
      km: fc.integer({ min: 0, max: 30 }),
      minutes: fc.integer({ min: 5, max: 300 }).map((m) => m - (m % 5)),
      elevation: fc.constantFrom(0, 0, 50, 100, 250.5),
      daysAgo: fc.integer({ min: 0, max: 20 }),
      hour: fc.constantFrom(1, 6, 20),
    })
    // At most ~8.6 km/h: plausible for every sport (activities/plausibility.ts refuses a faster swim).
    .map((g) => ({ ...g, minutes: Math.max(g.minutes, Math.ceil((g.km * 7) / 5) * 5) }));
  type Gen = typeof activity extends fc.Arbitrary<infer T> ? T : never;

  const op = fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant("strava" as const),
        rows: fc.array(fc.tuple(fc.integer({ min: 0, max: 7 }), activity), { minLength: 1, maxLength: 6 }),
      }),
      weight: 4,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("upload" as const),
        rows: fc.array(activity, { minLength: 1, maxLength: 5 }),
      }),
      weight: 2,
    },
    { arbitrary: fc.record({ kind: fc.constant("deleteUpload" as const), pick: fc.nat() }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant("manual" as const), row: activity }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant("deleteManual" as const), pick: fc.nat() }), weight: 1 },
    {
      arbitrary: fc.record({
        kind: fc.constant("deleteStrava" as const),
        ids: fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }),
      }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant("disconnect" as const) }), weight: 1 },
  );

  let stravaBase = Date.now() * 1000;

  function start(g: Gen): Date {
    const day = new Date(NOW.getTime() - (g.daysAgo + 1) * DAY);
    return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), g.hour));
  }

  function row(
    userId: number,
    g: Gen,
    source: NewActivity["source"],
    extra: Partial<NewActivity> = {},
  ): NewActivity {
    const startDate = start(g);
    return {
      userId,
      source,
      name: `${g.sport} ${g.km} km`,
      type: g.sport,
      sportType: g.sport,
      distance: g.km * 1000,
      movingTime: g.minutes * 60,
      elapsedTime: g.minutes * 60,
      totalElevationGain: g.elevation,
      startDate,
      startDateLocal: new Date(startDate.getTime() + 330 * 60_000).toISOString().replace(/\.\d{3}Z$/, "Z"),
      timezone: "(GMT+05:30) Asia/Kolkata",
      ...extra,
    };
  }

  describe("activity summaries (issue #36)", () => {
    it("equal a recomputation from the rows after any sequence of saves and deletions", async () => {
      const app = { ...createAppContext(env), now: () => NOW };
      await fc.assert(
        fc.asyncProperty(
          fc.array(op, { minLength: 1, maxLength: 8 }),
          fc.boolean(),
          async (ops, deleteAtEnd) => {
            const seed = await createUser();
            const userId = seed.id;
            const base = (stravaBase += 100);
            for (const o of ops) {
              switch (o.kind) {
                case "strava":
                  // A Strava id seen before is an upsert-update of that activity.
                  await saveActivities(
                    app,
                    userId,
                    o.rows.map(([id, g]) => row(userId, g, "strava", { stravaId: base + id })),
                  );
                  break;
                case "upload": {
                  const upload = await env.DB.prepare(
                    "INSERT INTO uploads (user_id, filename, kind, size, r2_key, status) VALUES (?, 'a.gpx', 'gpx', 10, ?, 'saved') RETURNING id",
                  )
                    .bind(userId, `summaries/${base}/${Math.random()}`)
                    .first<{ id: number }>();
                  await saveActivities(
                    app,
                    userId,
                    o.rows.map((g) => row(userId, g, "file", { uploadId: upload!.id })),
                  );
                  break;
                }
                case "deleteUpload": {
                  const ids = await env.DB.prepare("SELECT id FROM uploads WHERE user_id = ? ORDER BY id")
                    .bind(userId)
                    .all<{ id: number }>();
                  const id = ids.results[o.pick % Math.max(1, ids.results.length)]?.id;
                  if (id)
                    await deleteUploadActivities(app, userId, id, [
                      sql`DELETE FROM uploads WHERE id = ${id} AND user_id = ${userId}`,
                    ]);
                  break;
                }
                case "manual": {
                  const user = (await app.db.query.users.findFirst({
                    where: (u, { eq }) => eq(u.id, userId),
                  }))!;
                  const g = o.row;
                  await addManualActivity(app, user, {
                    sportType: (["Ride", "Run", "Swim", "Walk", "Hike", "VirtualRide"].includes(g.sport)
                      ? g.sport
                      : "Workout") as "Ride",
                    name: undefined,
                    start: start(g),
                    distanceKm: g.km,
                    duration: g.minutes * 60,
                    elevation: g.elevation,
                  }).catch((error: { status?: number }) => {
                    // 409: the same activity is already there (the store's duplicate rule).
                    if (error.status !== 409) throw error;
                  });
                  break;
                }
                case "deleteManual": {
                  const ids = await env.DB.prepare(
                    "SELECT id FROM activities WHERE user_id = ? AND source = 'manual' ORDER BY id",
                  )
                    .bind(userId)
                    .all<{ id: number }>();
                  const id = ids.results[o.pick % Math.max(1, ids.results.length)]?.id;
                  const user = (await app.db.query.users.findFirst({
                    where: (u, { eq }) => eq(u.id, userId),
                  }))!;
                  if (id) await removeManualActivity(app, user, id);
                  break;
                }
                case "deleteStrava":
                  await deleteActivities(
                    app,
                    userId,
                    o.ids.map((id) => base + id),
                  );
                  break;
                case "disconnect":
                  await disconnectStrava(app, userId);
                  break;
              }
              await expectConsistent(userId, o.kind);
            }
            if (deleteAtEnd) {
              const user = (await app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!;
              await deleteAccount(app, user, { password: seed.password, sessionAgeSeconds: null });
              expect(await maintained(userId)).toEqual({ days: [], records: [], sports: [], months: [] });
            }
          },
        ),
        { numRuns: 25 },
      );
      // Each run is a few dozen D1 batches; a machine busy with other work makes that minutes.
    }, 600_000);
  });
});

describe("dashboard", () => {
  // Issue #36: the dashboard reads its highlights (personal records, this year against last,
  // the weekly strip) from the summaries the activities-changed statements keep, and shows the
  // same numbers as before, when they were computed from every row on each view. Members like
  // the demo's (the fakes' generator and the Strava mapper, two years and one year of
  // activities) are saved through the app's write path; the expected numbers are computed
  // here from their raw rows with the rules of the old statements (issue #20 item 8).
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
    const records = ORDER.filter((sport) => rows.some((a) => sportOf(a.sport_type) === sport)).map(
      (sport) => {
        const mine = rows.filter((a) => sportOf(a.sport_type) === sport);
        const out: Record<string, unknown> = {};
        for (const [metric, valueOf] of metrics) {
          const best = mine
            .filter((a) => valueOf(a) !== null)
            .sort(
              (a, b) =>
                valueOf(b)! - valueOf(a)! ||
                a.start_date_local.localeCompare(b.start_date_local) ||
                a.id - b.id,
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
      },
    );
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
        for (let i = 0; i < rows.length; i += 200)
          await saveActivities(app, member.id, rows.slice(i, i + 200));
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
});

describe("recommendations", () => {
  // Recommendations and the fitness profile against the real Worker and a fresh
  // D1: activities are inserted directly, and every profile number is checked
  // against sums computed here, independently, from the same rows.
  const DAY = 86_400_000;
  const WEEK = 7 * DAY;
  const WINDOW_WEEKS = 12;

  interface Row {
    sportType: string;
    km: number;
    minutes: number;
    elevation?: number;
    daysAgo: number;
  }

  let stravaIds = Date.now() * 100 + 7_000_000;

  /** Inserts rows as the sync does; each starts half a day off the day mark, so no row sits on a week boundary. */
  async function insertActivities(userId: number, rows: Row[], now = Date.now()) {
    await env.DB.batch(
      rows.map((row, i) => {
        const start = new Date(now - (row.daysAgo + 0.5) * DAY);
        return env.DB.prepare(
          `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(
          userId,
          stravaIds++,
          `${row.sportType} ${i}`,
          row.sportType === "VirtualRide" ? "VirtualRide" : row.sportType,
          row.sportType,
          row.km * 1000,
          row.minutes * 60,
          row.minutes * 60 + 60,
          row.elevation ?? 0,
          Math.floor(start.getTime() / 1000),
          start.toISOString().replace(/\.\d{3}Z$/, "Z"),
        );
      }),
    );
  }

  // The spec's sport folding, written out here (not imported from the module under test).
  const groupOf = (t: string) =>
    ["Ride", "VirtualRide", "MountainBikeRide", "GravelRide"].includes(t)
      ? "Ride"
      : ["Run", "TrailRun", "VirtualRun"].includes(t)
        ? "Run"
        : ["Swim", "Walk", "Hike"].includes(t)
          ? t
          : "Other";
  const round1 = (n: number) => Math.round(n * 10) / 10;

  // In the window: rides (one virtual), runs, a swim, a yoga session; outside it (90+ days): a huge ride that must not count.
  const MEMBER_ROWS: Row[] = [
    { sportType: "Ride", km: 52.3, minutes: 130, elevation: 410, daysAgo: 1 },
    { sportType: "Ride", km: 81.7, minutes: 200, elevation: 720.5, daysAgo: 9 },
    { sportType: "VirtualRide", km: 30, minutes: 60, elevation: 150, daysAgo: 3 },
    { sportType: "GravelRide", km: 45, minutes: 140, elevation: 600, daysAgo: 20 },
    { sportType: "Ride", km: 60, minutes: 150, elevation: 300, daysAgo: 33 },
    { sportType: "Ride", km: 40, minutes: 100, elevation: 200, daysAgo: 60 },
    { sportType: "Run", km: 10, minutes: 65, elevation: 40, daysAgo: 2 },
    { sportType: "TrailRun", km: 12.5, minutes: 120, elevation: 380, daysAgo: 16 },
    { sportType: "Run", km: 8, minutes: 50, daysAgo: 47 },
    { sportType: "Swim", km: 1.5, minutes: 40, daysAgo: 5 },
    { sportType: "Yoga", km: 0, minutes: 60, daysAgo: 4 },
    { sportType: "Ride", km: 250, minutes: 600, elevation: 3000, daysAgo: 90 },
    { sportType: "Run", km: 42.2, minutes: 240, daysAgo: 120 },
  ];
  const inWindow = (rows: Row[]) => rows.filter((r) => r.daysAgo + 0.5 < WINDOW_WEEKS * 7);

  let member: Awaited<ReturnType<typeof createUser>>;
  let memberCookie: string;
  let other: Awaited<ReturnType<typeof createUser>>;
  let otherCookie: string;

  beforeAll(async () => {
    [member, other] = await Promise.all([
      createUser({ profileCompleted: true }),
      createUser({ profileCompleted: true }),
    ]);
    await insertActivities(member.id, MEMBER_ROWS);
    await insertActivities(other.id, [{ sportType: "Swim", km: 3, minutes: 70, daysAgo: 2 }]);
    [memberCookie, otherCookie] = await Promise.all([
      login(member.username, member.password),
      login(other.username, other.password),
    ]);
  });

  const generate = (cookie: string, body: unknown) =>
    call("/api/recommendations/generate", { method: "POST", cookie, body });
  const list = async (cookie: string, status?: string) =>
    json<Recommendation[]>(
      await call(`/api/recommendations${status ? `?status=${status}` : ""}`, { cookie }),
    );

  describe("guards", () => {
    it("refuses guests with 401 on every call", async () => {
      for (const [path, method] of [
        ["/api/fitness-profile", "GET"],
        ["/api/recommendations", "GET"],
        ["/api/recommendations?status=pending", "GET"],
        ["/api/recommendations/generate", "POST"],
        ["/api/recommendations/1/complete", "POST"],
        ["/api/recommendations/1/skip", "POST"],
      ]) {
        const res = await call(path, {
          method,
          body: method === "POST" ? { targetImprovement: "general" } : undefined,
        });
        expect(res.status, `${method} ${path}`).toBe(401);
        expect((await json(res)).message).toBe("Not authenticated");
      }
    });

    it("refuses unverified members with 403", async () => {
      const unverified = await createUser({ isVerified: false });
      const cookie = await login(unverified.username, unverified.password);
      expect((await call("/api/fitness-profile", { cookie })).status).toBe(403);
      expect((await generate(cookie, { targetImprovement: "general" })).status).toBe(403);
    });

    it("sends guests of the page to /auth", async () => {
      const res = await call("/recommendations");
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toMatch(/^\/auth/);
    });
  });

  describe("GET /api/fitness-profile", () => {
    it("answers the empty default profile for a member with no activities", async () => {
      const fresh = await createUser();
      const res = await call("/api/fitness-profile", { cookie: await login(fresh.username, fresh.password) });
      expect(res.status).toBe(200);
      const profile = await json<FitnessProfile>(res);
      expect(profile).toMatchObject({
        userId: fresh.id,
        preferredSportTypes: [],
        avgWeeklyDistance: 0,
        avgWeeklyDuration: 0,
        avgWeeklyElevation: 0,
        fitnessLevel: "beginner",
        insights: {
          recentActivitiesCount: 0,
          activityFrequency: 0,
          mainSportType: null,
          improvementAreas: [],
          strengths: [],
          bySport: {},
        },
      });
      expect(new Date(profile.lastUpdated).toISOString()).toBe(profile.lastUpdated);
    });

    it("answers numbers equal to sums over the member's activities of the last 12 weeks", async () => {
      const res = await call("/api/fitness-profile", { cookie: memberCookie });
      expect(res.status).toBe(200);
      const profile = await json<FitnessProfile>(res);
      const rows = inWindow(MEMBER_ROWS);
      const sum = (pick: (r: Row) => number, rs = rows) => rs.reduce((s, r) => s + pick(r), 0);

      expect(profile.userId).toBe(member.id);
      expect(profile.avgWeeklyDistance).toBe(Math.round(sum((r) => r.km * 1000) / WINDOW_WEEKS));
      expect(profile.avgWeeklyDuration).toBe(Math.round(sum((r) => r.minutes * 60) / WINDOW_WEEKS));
      expect(profile.avgWeeklyElevation).toBe(round1(sum((r) => r.elevation ?? 0) / WINDOW_WEEKS));
      expect(profile.insights.recentActivitiesCount).toBe(rows.length);
      expect(profile.insights.activityFrequency).toBe(round1(rows.length / WINDOW_WEEKS));
      // Week index from the window's start (84 days ago), counted independently.
      const weeks = new Set(
        rows.map((r) => Math.floor((WINDOW_WEEKS * WEEK - (r.daysAgo + 0.5) * DAY) / WEEK)),
      );
      expect(profile.insights.activeWeeks).toBe(weeks.size);

      for (const sport of ["Ride", "Run", "Swim", "Other"]) {
        const rs = rows.filter((r) => groupOf(r.sportType) === sport);
        expect(profile.insights.bySport[sport], sport).toMatchObject({
          activityCount: rs.length,
          totalDistance: round1(sum((r) => r.km * 1000, rs)),
          totalDuration: sum((r) => r.minutes * 60, rs),
          totalElevation: round1(sum((r) => r.elevation ?? 0, rs)),
          longestDistance: Math.max(...rs.map((r) => r.km * 1000)),
        });
      }
      // Ride has the most moving time (780 min); Run has 235 of 1115 min (21 %), Swim and Yoga under 20 %.
      expect(profile.insights.mainSportType).toBe("Ride");
      expect(profile.preferredSportTypes).toEqual(["Ride", "Run"]);
      // 6 rides + 3 runs + swim + yoga = 11 in 12 weeks: under one a week, so beginner whatever the volume.
      expect(profile.fitnessLevel).toBe("beginner");
    });

    it("is stored once and recomputed by refreshFitnessProfile (after a sync) and when stale", async () => {
      const app = createAppContext(env);
      const before = await getFitnessProfile(app, member.id);
      expect(before.id).toBeGreaterThan(0);
      await insertActivities(member.id, [{ sportType: "Swim", km: 2, minutes: 50, daysAgo: 0 }]);
      // Still the stored profile until a refresh.
      expect(
        (await json<FitnessProfile>(await call("/api/fitness-profile", { cookie: memberCookie }))).insights
          .recentActivitiesCount,
      ).toBe(before.insights.recentActivitiesCount);
      const refreshed = await refreshFitnessProfile(app, member.id);
      expect(refreshed.id).toBe(before.id);
      expect(refreshed.insights.recentActivitiesCount).toBe(before.insights.recentActivitiesCount + 1);
      expect(refreshed.insights.bySport.Swim?.activityCount).toBe(2);
      const row = await env.DB.prepare("SELECT count(*) AS n FROM fitness_profiles WHERE user_id = ?")
        .bind(member.id)
        .first<{ n: number }>();
      expect(row?.n).toBe(1);

      // A profile older than a day is recomputed on read.
      await env.DB.prepare(
        "DELETE FROM activities WHERE user_id = ? AND sport_type = 'Swim' AND distance = 2000",
      )
        .bind(member.id)
        .run();
      await env.DB.prepare(
        "UPDATE fitness_profiles SET last_updated = unixepoch() - 2 * 86400 WHERE user_id = ?",
      )
        .bind(member.id)
        .run();
      const reread = await json<FitnessProfile>(await call("/api/fitness-profile", { cookie: memberCookie }));
      expect(reread.insights.recentActivitiesCount).toBe(before.insights.recentActivitiesCount);
      expect(Date.now() - new Date(reread.lastUpdated).getTime()).toBeLessThan(60_000);
    });

    it("slides with the clock: a member whose activities are all older than 12 weeks has the empty profile", async () => {
      const lapsed = await createUser();
      await insertActivities(lapsed.id, [{ sportType: "Ride", km: 100, minutes: 240, daysAgo: 85 }]);
      const app = createAppContext(env);
      expect((await refreshFitnessProfile(app, lapsed.id)).insights.recentActivitiesCount).toBe(0);
      // Ten days earlier the same ride was in the window.
      const earlier = { ...app, now: () => new Date(Date.now() - 10 * DAY) };
      const then = await refreshFitnessProfile(earlier, lapsed.id);
      expect(then.insights.recentActivitiesCount).toBe(1);
      expect(then.avgWeeklyDistance).toBe(Math.round(100_000 / WINDOW_WEEKS));
    });
  });

  describe("POST /api/recommendations/generate", () => {
    it("refuses invalid input with 400 and the schema's message", async () => {
      const cases: [unknown, string][] = [
        [{}, "Please choose a target improvement: general, distance, speed or elevation"],
        [
          { targetImprovement: "strength" },
          "Target improvement must be general, distance, speed or elevation",
        ],
        [
          { targetImprovement: "general", difficultyPreference: "extreme" },
          "Difficulty preference must be easy, moderate or hard",
        ],
        [
          { targetImprovement: "general", sportTypes: ["Bike"] },
          "Sport types must be a list of Run, Ride or Swim",
        ],
        [
          { targetImprovement: "general", sportTypes: "Run" },
          "Sport types must be a list of Run, Ride or Swim",
        ],
      ];
      for (const [body, message] of cases) {
        const res = await generate(memberCookie, body);
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect((await json(res)).message).toBe(message);
      }
      const bad = await call("/api/recommendations/generate", {
        method: "POST",
        cookie: memberCookie,
        body: "{not json",
        headers: { "Content-Type": "application/json" },
      });
      expect(bad.status).toBe(400);
      expect((await json(bad)).message).toBe("Invalid JSON body");
      expect(await list(memberCookie)).toEqual([]);
    });

    it("stores several pending workouts scaled to the member, the same plan for the same inputs", async () => {
      const res = await generate(memberCookie, {
        sportTypes: ["Ride"],
        difficultyPreference: "moderate",
        targetImprovement: "distance",
      });
      expect(res.status).toBe(201);
      const plan = await json<Recommendation[]>(res);
      expect(plan.map((r) => r.title)).toEqual(["Long Endurance Ride", "Endurance Ride", "Recovery Ride"]);
      for (const r of plan) {
        expect(r).toMatchObject({ sportType: "Ride", status: "pending", completedAt: null });
        expect(r.targetDuration).toBeGreaterThan(0);
        expect(r.targetDistance).toBeGreaterThan(0);
        expect(Date.now() - new Date(r.recommendationDate).getTime()).toBeLessThan(60_000);
      }
      // The long ride is 1.2 × the longest ride of the window (81.7 km → 98.04 km, to the km).
      const longest = Math.max(
        ...inWindow(MEMBER_ROWS)
          .filter((r) => groupOf(r.sportType) === "Ride")
          .map((r) => r.km),
      );
      expect(plan[0].targetDistance).toBe(Math.round(longest * 1.2) * 1000);
      expect(plan[0].difficulty).toBe("moderate");
      expect(plan[2].difficulty).toBe("easy");

      const again = await json<Recommendation[]>(
        await generate(memberCookie, {
          sportTypes: ["Ride"],
          difficultyPreference: "moderate",
          targetImprovement: "distance",
        }),
      );
      const strip = (rs: Recommendation[]) =>
        rs.map(({ title, sportType, difficulty, description, targetDuration, targetDistance }) => ({
          title,
          sportType,
          difficulty,
          description,
          targetDuration,
          targetDistance,
        }));
      expect(strip(again)).toEqual(strip(plan));
      // The earlier pending ones stay.
      expect((await list(memberCookie, "pending")).map((r) => r.id).sort()).toEqual(
        [...plan, ...again].map((r) => r.id).sort(),
      );
    });

    it("defaults to the member's preferred sports among Run, Ride and Swim, and to Run without any", async () => {
      const plan = await json<Recommendation[]>(await generate(memberCookie, { targetImprovement: "speed" }));
      expect(plan.map((r) => r.sportType)).toEqual(["Ride", "Run", "Ride", "Ride"]);
      const fresh = await createUser();
      const freshPlan = await json<Recommendation[]>(
        await generate(await login(fresh.username, fresh.password), { targetImprovement: "general" }),
      );
      expect(freshPlan.map((r) => r.sportType)).toEqual(["Run", "Run", "Run"]);
      expect(freshPlan.map((r) => r.title)).toEqual(["Endurance Run", "Tempo Run", "Recovery Run"]);
    });
  });

  describe("GET /api/recommendations", () => {
    it("lists only the member's own, newest generation first, filtered by status", async () => {
      const all = await list(memberCookie);
      expect(all.length).toBe(10);
      const dates = all.map((r) => r.recommendationDate);
      expect([...dates].sort().reverse()).toEqual(dates);
      expect(await list(memberCookie, "completed")).toEqual([]);
      expect((await list(memberCookie, "")).length).toBe(10);
      expect(await list(otherCookie)).toEqual([]);
    });

    it("refuses an unknown status with 400", async () => {
      const res = await call("/api/recommendations?status=done", { cookie: memberCookie });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe("Status must be pending, completed or skipped");
    });
  });

  describe("complete and skip", () => {
    it("completes a pending one (with completedAt), then refuses to skip or complete it again (409)", async () => {
      const [first] = await list(memberCookie, "pending");
      const res = await call(`/api/recommendations/${first.id}/complete`, {
        method: "POST",
        cookie: memberCookie,
      });
      expect(res.status).toBe(200);
      const done = await json<Recommendation>(res);
      expect(done).toMatchObject({ id: first.id, status: "completed" });
      expect(Date.now() - new Date(done.completedAt!).getTime()).toBeLessThan(60_000);
      expect((await list(memberCookie, "completed")).map((r) => r.id)).toEqual([first.id]);

      const skip = await call(`/api/recommendations/${first.id}/skip`, {
        method: "POST",
        cookie: memberCookie,
      });
      expect(skip.status).toBe(409);
      expect((await json(skip)).message).toBe("Only a pending recommendation can be skipped");
      const again = await call(`/api/recommendations/${first.id}/complete`, {
        method: "POST",
        cookie: memberCookie,
      });
      expect(again.status).toBe(409);
      expect((await json(again)).message).toBe("Only a pending recommendation can be marked as completed");
    });

    it("skips a pending one (no completedAt), then refuses to complete it (409)", async () => {
      const [first] = await list(memberCookie, "pending");
      const res = await call(`/api/recommendations/${first.id}/skip`, {
        method: "POST",
        cookie: memberCookie,
      });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ id: first.id, status: "skipped", completedAt: null });
      expect((await list(memberCookie, "skipped")).map((r) => r.id)).toEqual([first.id]);
      expect(
        (await call(`/api/recommendations/${first.id}/complete`, { method: "POST", cookie: memberCookie }))
          .status,
      ).toBe(409);
    });

    it("refuses another member's recommendation and unknown ids with 404, changing nothing", async () => {
      const [mine] = await list(memberCookie, "pending");
      for (const action of ["complete", "skip"]) {
        const res = await call(`/api/recommendations/${mine.id}/${action}`, {
          method: "POST",
          cookie: otherCookie,
        });
        expect(res.status).toBe(404);
        expect((await json(res)).message).toBe("Recommendation not found");
        expect(
          (await call(`/api/recommendations/99999999/${action}`, { method: "POST", cookie: memberCookie }))
            .status,
        ).toBe(404);
        expect(
          (await call(`/api/recommendations/abc/${action}`, { method: "POST", cookie: memberCookie })).status,
        ).toBe(404);
      }
      expect((await list(memberCookie, "pending")).find((r) => r.id === mine.id)?.status).toBe("pending");
    });

    it("lets only one of two concurrent clicks win", async () => {
      const [target] = await list(memberCookie, "pending");
      const answers = await Promise.all([
        call(`/api/recommendations/${target.id}/complete`, { method: "POST", cookie: memberCookie }),
        call(`/api/recommendations/${target.id}/skip`, { method: "POST", cookie: memberCookie }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    });
  });

  describe("the /recommendations page", () => {
    it("shows the tabs, the pending items with their actions and the profile panel", async () => {
      const res = await call("/recommendations", { cookie: memberCookie });
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const text of [
        "Pending",
        "Completed",
        "Skipped",
        "Generate Recommendations",
        "Mark as Complete",
        "Skip",
        "Your Fitness Profile",
      ])
        expect(html).toContain(text);
      expect(html).not.toContain("No Fitness Profile Available");
      const completed = await (
        await call("/recommendations?status=completed", { cookie: memberCookie })
      ).text();
      expect(completed).not.toContain("Mark as Complete");
    });

    it("warns 'No Fitness Profile Available' for a member without activities", async () => {
      const fresh = await createUser();
      const html = await (
        await call("/recommendations", { cookie: await login(fresh.username, fresh.password) })
      ).text();
      expect(html).toContain("No Fitness Profile Available");
      expect(html).toContain("No pending workouts");
    });

    it("works without JavaScript: the form posts generate, complete and skip to the page action", async () => {
      const fresh = await createUser();
      const cookie = await login(fresh.username, fresh.password);
      // A browser's form post carries Host (Remix compares it with Origin).
      const headers = { Host: "localhost:8787" };
      const form = (fields: [string, string][]) => {
        const data = new FormData();
        for (const [k, v] of fields) data.append(k, v);
        return data;
      };

      const gen = await call("/recommendations?status=pending", {
        method: "POST",
        cookie,
        headers,
        body: form([
          ["intent", "generate"],
          ["sportTypes", "Swim"],
          ["sportTypes", "Run"],
          ["difficultyPreference", "hard"],
          ["targetImprovement", "elevation"],
        ]),
      });
      expect(gen.status).toBe(302);
      expect(gen.headers.get("Location")).toBe("/recommendations?status=pending");
      const plan = await list(cookie, "pending");
      expect(plan.map((r) => r.title)).toEqual([
        "Run Hill Repeats",
        "Swim Power Set",
        "Hilly Run",
        "Recovery Run",
      ]);
      expect(plan[0].difficulty).toBe("hard");

      // The toast travels in a cookie to the next page.
      const toastCookie = cookiesFrom(gen, cookie);
      const next = await (await call("/recommendations?status=pending", { cookie: toastCookie })).text();
      expect(next).toContain("Recommendations Generated");
      expect(next).toContain("New workout recommendations are ready.");

      const done = await call("/recommendations?status=pending", {
        method: "POST",
        cookie,
        headers,
        body: form([
          ["intent", "complete"],
          ["id", String(plan[0].id)],
        ]),
      });
      expect(done.status).toBe(302);
      expect(
        await (await call("/recommendations?status=pending", { cookie: cookiesFrom(done, cookie) })).text(),
      ).toContain("Great job on completing your workout!");
      const skipped = await call("/recommendations?status=pending", {
        method: "POST",
        cookie,
        headers,
        body: form([
          ["intent", "skip"],
          ["id", String(plan[1].id)],
        ]),
      });
      expect(skipped.status).toBe(302);
      expect(
        await (
          await call("/recommendations?status=pending", { cookie: cookiesFrom(skipped, cookie) })
        ).text(),
      ).toContain("The workout has been skipped.");
      expect((await list(cookie, "completed")).map((r) => r.id)).toEqual([plan[0].id]);
      expect((await list(cookie, "skipped")).map((r) => r.id)).toEqual([plan[1].id]);

      // Failures answer the form with the spec's failure title.
      const again = await call("/recommendations?status=pending", {
        method: "POST",
        cookie,
        headers,
        body: form([
          ["intent", "skip"],
          ["id", String(plan[0].id)],
        ]),
      });
      expect(again.status).toBe(409);
      expect(await again.text()).toContain("Failed to skip workout");
      const invalid = await call("/recommendations", {
        method: "POST",
        cookie,
        headers,
        body: form([
          ["intent", "generate"],
          ["targetImprovement", "strength"],
        ]),
      });
      expect(invalid.status).toBe(400);
      expect(await invalid.text()).toContain(
        "Target improvement must be general, distance, speed or elevation",
      );
    });
  });
});
