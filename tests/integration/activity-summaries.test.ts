// Issue #36: the member's activity summaries (day totals per sport type, records per sport
// type and metric, totals per sport type and per UTC month) are kept by the "activities changed" statements. After any sequence of
// writes through the app's own paths (Strava upserts and their updates, Strava deletions,
// uploads and their deletion, manual entries and their deletion, a Strava disconnect, the
// account's deletion) they equal a recomputation from scratch, done here in TypeScript from
// the member's rows, independently of the SQL.
import { env } from "cloudflare:test";
import fc from "fast-check";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { NewActivity } from "~db/schema";
import { createAppContext } from "~workers/load-context";
import { deleteActivities, deleteUploadActivities, saveActivities } from "~/modules/activities/store.server";
import { addManualActivity, removeManualActivity } from "~/modules/uploads/manual.server";
import { disconnectStrava } from "~/modules/strava/sync.server";
import { deleteAccount } from "~/modules/account/deletion.server";
import { createUser } from "./helpers";

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
            valueOf(b)! - valueOf(a)! || a.start_date_local.localeCompare(b.start_date_local) || a.id - b.id,
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
    .all<{ day: string; sport: string; count: number; distance: number; time: number; elevation: number }>();
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
