// The dashboard and activity calls against the real Worker and a fresh D1:
// rows are inserted directly, and every number the API answers is checked
// against sums computed here, independently, from the same rows.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createUser, json, login } from "./helpers";
import { decode } from "turbo-stream";
import type { ActivityPage } from "~/modules/activities/list.server";
import type { DashboardData } from "~/modules/dashboard/page.server";
import { getHighlights, highlightStatements } from "~/modules/activities/highlights.server";
import { highlightDates } from "~/modules/activities/highlights";
import { ACTIVITY_SUMMARY_STATEMENTS } from "~/modules/activities/summaries.server";
import { stravaActivityCountSql } from "~/modules/activities/store.server";
import { dashboardStatsQueries } from "~/modules/activities/stats.server";
import { batchSql, createDb } from "~db/client";
import type { User } from "~db/schema";
import { heatmapChangedStatement, heatmapView } from "~/modules/activities/heatmap.server";
import { encodePolyline } from "~/modules/activities/track-geometry";
import { createAppContext } from "~workers/load-context";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const DAY = 86_400_000;
const IST = 5.5 * 3600_000;

interface Row {
  sportType: string;
  km: number;
  minutes?: number;
  elevation?: number;
  daysAgo: number;
  commute?: boolean;
  name?: string;
  /** Strava's visibility; "only_me" also sets `private`. Synced rows always carry it (everyone by default here). */
  visibility?: "everyone" | "followers_only" | "only_me";
}

interface Inserted extends Row {
  id: number;
  stravaId: number;
  start: Date;
  localDay: string;
}

let stravaIds = Date.now() * 100;
const legacyType = (sportType: string) =>
  ({ MountainBikeRide: "Ride", GravelRide: "Ride", TrailRun: "Run" })[sportType] ?? sportType;

/** The member's summaries rebuilt, as the activities-changed statements do after every write (issue #36). */
const summaryStatements = (userId: number) =>
  ACTIVITY_SUMMARY_STATEMENTS.map((s) => env.DB.prepare(new SQLiteAsyncDialect().sqlToQuery(s(userId)).sql));

/** Inserts rows as the sync does (start_date epoch seconds, start_date_local in IST like Strava), then rebuilds the summaries. */
async function insertActivities(userId: number, rows: Row[], now = Date.now()): Promise<Inserted[]> {
  const out: Inserted[] = [];
  const statements = rows.map((row, i) => {
    // Mid-morning IST, so the local day is the UTC day and no row sits on a range boundary.
    const day = new Date(now - row.daysAgo * DAY);
    const start = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 3, i % 50));
    const local = new Date(start.getTime() + IST).toISOString().replace(/\.\d{3}Z$/, "Z");
    const stravaId = stravaIds++;
    out.push({ ...row, id: 0, stravaId, start, localDay: local.slice(0, 10) });
    return env.DB.prepare(
      `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local, timezone, commute, private, visibility)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '(GMT+05:30) Asia/Kolkata', ?, ?, ?) RETURNING id`,
    ).bind(
      userId,
      stravaId,
      row.name ?? `${row.sportType} ${i}`,
      legacyType(row.sportType),
      row.sportType,
      row.km * 1000,
      (row.minutes ?? 30) * 60,
      (row.minutes ?? 30) * 60 + 60,
      row.elevation ?? 0,
      Math.floor(start.getTime() / 1000),
      local,
      row.commute ? 1 : 0,
      row.visibility === "only_me" ? 1 : 0,
      row.visibility ?? "everyone",
    );
  });
  const results = await env.DB.batch<{ id: number }>([...statements, ...summaryStatements(userId)]);
  out.forEach((row, i) => (row.id = results[i]!.results[0]!.id));
  return out;
}

// The spec's sports, written out here on purpose (not imported from the module under test).
const RIDE = ["Ride", "VirtualRide", "MountainBikeRide", "GravelRide"];
const RUN = ["Run", "TrailRun", "VirtualRun"];
const sportOf = (t: string) =>
  RIDE.includes(t) ? "Ride" : RUN.includes(t) ? "Run" : ["Swim", "Walk", "Hike"].includes(t) ? t : "Other";
const round = (n: number, d: number) => Math.round(n * 10 ** d) / 10 ** d;
function totals(rows: Inserted[]) {
  return {
    activityCount: rows.length,
    totalDistanceKm: round(rows.reduce((s, r) => s + r.km * 1000, 0) / 1000, 2),
    totalMovingTimeHours: round(rows.reduce((s, r) => s + (r.minutes ?? 30) * 60, 0) / 3600, 2),
    totalElevation: round(
      rows.reduce((s, r) => s + (r.elevation ?? 0), 0),
      1,
    ),
  };
}

// A member whose rows sit on every achievement boundary, with commutes and other sports.
const MEMBER_ROWS: Row[] = [
  { sportType: "Ride", km: 49.99, elevation: 300, daysAgo: 3 },
  { sportType: "Ride", km: 50, elevation: 410.5, daysAgo: 12 },
  { sportType: "Ride", km: 99.9, elevation: 800, daysAgo: 45 },
  { sportType: "Ride", km: 100, elevation: 900, daysAgo: 70 },
  { sportType: "Ride", km: 199.9, minutes: 480, elevation: 1500, daysAgo: 100 },
  { sportType: "Ride", km: 200, minutes: 500, elevation: 2100.3, daysAgo: 200, name: "BRM 200 Pune" },
  { sportType: "VirtualRide", km: 60, elevation: 700, daysAgo: 5, name: "Zwift - Watopia" },
  { sportType: "GravelRide", km: 120.5, elevation: 1100, daysAgo: 150 },
  { sportType: "MountainBikeRide", km: 20, elevation: 600, daysAgo: 20 },
  { sportType: "Ride", km: 12, elevation: 40, daysAgo: 2, commute: true, name: "Commute to office" },
  { sportType: "Ride", km: 12.5, elevation: 42, daysAgo: 2, commute: true, name: "Commute home" },
  { sportType: "Run", km: 42.2, minutes: 240, elevation: 120, daysAgo: 30 + 15 },
  { sportType: "Run", km: 42.19, minutes: 238, daysAgo: 80 },
  { sportType: "Run", km: 21.1, minutes: 120, daysAgo: 8 },
  { sportType: "Run", km: 21.09, daysAgo: 9 },
  { sportType: "Run", km: 10, daysAgo: 10 },
  { sportType: "Run", km: 9.99, daysAgo: 11 },
  { sportType: "Run", km: 5, daysAgo: 14 },
  { sportType: "Run", km: 4.99, daysAgo: 15 },
  { sportType: "TrailRun", km: 15, elevation: 650, daysAgo: 16 },
  { sportType: "Run", km: 6, daysAgo: 4, commute: true, name: "Run commute" },
  { sportType: "Walk", km: 5, daysAgo: 6 },
  { sportType: "Walk", km: 42.2, minutes: 540, daysAgo: 300 },
  { sportType: "Walk", km: 3, daysAgo: 4, commute: true, name: "Walk to the station" },
  { sportType: "Swim", km: 5, daysAgo: 18 },
  { sportType: "Swim", km: 4.99, daysAgo: 19 },
  { sportType: "Swim", km: 3, daysAgo: 21 },
  { sportType: "Swim", km: 2.99, daysAgo: 22 },
  { sportType: "Swim", km: 1.5, daysAgo: 23 },
  { sportType: "Swim", km: 1.49, daysAgo: 24 },
  { sportType: "Swim", km: 0.75, daysAgo: 25 },
  { sportType: "Swim", km: 0.749, daysAgo: 26 },
  { sportType: "Hike", km: 30, elevation: 1800, daysAgo: 40 },
  { sportType: "Hike", km: 29.99, elevation: 1700, daysAgo: 41 },
  { sportType: "Hike", km: 20, elevation: 900, daysAgo: 42 },
  { sportType: "Hike", km: 19.99, daysAgo: 43 },
  { sportType: "Hike", km: 10, daysAgo: 44 },
  { sportType: "Hike", km: 9.99, daysAgo: 46 },
  { sportType: "Hike", km: 5, daysAgo: 47 },
  { sportType: "Hike", km: 4.99, daysAgo: 48 },
  { sportType: "Yoga", km: 0, minutes: 60, daysAgo: 1 },
  { sportType: "EBikeRide", km: 25, elevation: 100, daysAgo: 7, commute: true, name: "E-bike 100% commute" },
];

let member: Awaited<ReturnType<typeof createUser>>;
let memberCookie: string;
let rows: Inserted[];
let other: Awaited<ReturnType<typeof createUser>>;
let otherCookie: string;
let otherRows: Inserted[];

beforeAll(async () => {
  member = await createUser({ profileCompleted: true });
  other = await createUser({ profileCompleted: true });
  rows = await insertActivities(member.id, MEMBER_ROWS);
  otherRows = await insertActivities(other.id, [
    { sportType: "Ride", km: 300, daysAgo: 1, name: "Someone else's ride" },
    { sportType: "Run", km: 42.5, daysAgo: 2, commute: true },
  ]);
  [memberCookie, otherCookie] = await Promise.all([
    login(member.username, member.password),
    login(other.username, other.password),
  ]);
});

type Stats = {
  overall: ReturnType<typeof totals>;
  bySport: Record<string, ReturnType<typeof totals>>;
  achievements: Record<string, Record<string, number>>;
  commuteStats: Record<string, number>;
  recent: ReturnType<typeof totals> & { days: number };
};

describe("GET /api/dashboard/stats", () => {
  it("answers totals equal to sums over the member's rows", async () => {
    const res = await call("/api/dashboard/stats", { cookie: memberCookie });
    expect(res.status).toBe(200);
    const stats = await json<Stats>(res);
    expect(stats.overall).toEqual(totals(rows));
    for (const sport of ["Ride", "Run", "Swim", "Walk", "Hike", "Other"]) {
      expect(stats.bySport[sport], sport).toEqual(totals(rows.filter((r) => sportOf(r.sportType) === sport)));
    }
    // VirtualRide is part of Ride.
    expect(stats.bySport.Ride.activityCount).toBe(rows.filter((r) => RIDE.includes(r.sportType)).length);
    expect(stats.recent).toMatchObject({ days: 30, ...totals(rows.filter((r) => r.daysAgo < 30)) });
  });

  it("counts each activity in the band of the highest threshold it reaches", async () => {
    const stats = await json<Stats>(await call("/api/dashboard/stats", { cookie: memberCookie }));
    expect(stats.achievements).toEqual({
      // 50, 99.9, virtual 60 | 100, 199.9, gravel 120.5 | 200
      Ride: { above50km: 3, above100km: 3, above200km: 1 },
      // 42.2 | 42.19, 21.1 | 21.09, 10, trail 15 | 9.99, 5, commute 6
      Run: { marathon: 1, halfMarathon: 2, tenK: 3, fiveK: 3 },
      Walk: { marathon: 1, halfMarathon: 0, tenK: 0, fiveK: 1 },
      Swim: { fiveK: 1, threeK: 2, onePointFiveK: 2, sevenFifty: 2 },
      Hike: { thirtyK: 1, twentyK: 2, tenK: 2, fiveK: 2 },
    });
  });

  it("sums commutes: distinct local days, distance, elevation, savings and counts per sport", async () => {
    const stats = await json<Stats>(await call("/api/dashboard/stats", { cookie: memberCookie }));
    const commutes = rows.filter((r) => r.commute);
    const km = round(commutes.reduce((s, r) => s + r.km * 1000, 0) / 1000, 2);
    expect(stats.commuteStats).toMatchObject({
      days: new Set(commutes.map((r) => r.localDay)).size,
      activityCount: commutes.length,
      totalDistanceKm: km,
      totalElevation: round(
        commutes.reduce((s, r) => s + (r.elevation ?? 0), 0),
        1,
      ),
      rideCount: 2,
      runCount: 1,
      walkCount: 1,
      co2Offset: round(km * 0.157, 1),
      fuelSaved: round(km * 0.0667, 1),
      moneySaved: Math.round(km * 0.0667 * 94.72 * 100),
    });
    // Two rides on one day, a run and a walk on another, an e-bike ride on a third.
    expect(stats.commuteStats.days).toBe(3);
  });

  it("is zero everywhere for a member without activities", async () => {
    const fresh = await createUser();
    const stats = await json<Stats>(
      await call("/api/dashboard/stats", { cookie: await login(fresh.username, fresh.password) }),
    );
    const zero = { activityCount: 0, totalDistanceKm: 0, totalMovingTimeHours: 0, totalElevation: 0 };
    expect(stats.overall).toEqual(zero);
    expect(stats.bySport.Ride).toEqual(zero);
    expect(stats.achievements.Ride).toEqual({ above50km: 0, above100km: 0, above200km: 0 });
    expect(stats.commuteStats).toMatchObject({
      days: 0,
      totalDistanceKm: 0,
      co2Offset: 0,
      fuelSaved: 0,
      moneySaved: 0,
      rideCount: 0,
    });
  });

  it("refuses guests (401) and unverified members (403)", async () => {
    expect((await call("/api/dashboard/stats")).status).toBe(401);
    const unverified = await createUser({ isVerified: false });
    const res = await call("/api/dashboard/stats", {
      cookie: await login(unverified.username, unverified.password),
    });
    expect(res.status).toBe(403);
    expect((await json(res)).code).toBe("email_unverified");
  });
});

async function list(query: string, cookie = memberCookie): Promise<ActivityPage> {
  const res = await call(`/api/activities?${query}`, { cookie });
  expect(res.status, `${query}: ${res.status}`).toBe(200);
  return json<ActivityPage>(res);
}
const ids = (page: ActivityPage) => page.activities.map((a) => a.id).sort((a, b) => a - b);
const idsOf = (selected: Inserted[]) => selected.map((r) => r.id).sort((a, b) => a - b);

describe("GET /api/activities", () => {
  it("answers a plain list without page or limit (the 20 newest), the paginated object with either", async () => {
    const plain = await json<{ id: number }[]>(await call("/api/activities", { cookie: memberCookie }));
    expect(Array.isArray(plain)).toBe(true);
    expect(rows.length).toBeGreaterThan(20);
    expect(plain.map((a) => a.id)).toEqual(
      [...rows]
        .sort((a, b) => b.start.getTime() - a.start.getTime())
        .slice(0, 20)
        .map((r) => r.id),
    );
    const paged = await list("limit=3&page=1");
    expect(paged.pagination).toEqual({
      total: rows.length,
      page: 1,
      limit: 3,
      pages: Math.ceil(rows.length / 3),
    });
    expect(paged.activities.map((a) => a.id)).toEqual(
      [...rows]
        .sort((a, b) => b.start.getTime() - a.start.getTime())
        .slice(0, 3)
        .map((r) => r.id),
    );
  });

  it("pages newest first, 20 a page by default, without overlaps", async () => {
    const first = await list("page=1");
    const second = await list("page=2");
    const third = await list("page=3");
    expect(first.pagination).toEqual({ total: rows.length, page: 1, limit: 20, pages: 3 });
    expect(first.activities).toHaveLength(20);
    expect(third.activities).toHaveLength(rows.length - 40);
    const all = [...first.activities, ...second.activities, ...third.activities];
    expect(new Set(all.map((a) => a.id)).size).toBe(rows.length);
    const dates = all.map((a) => a.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
    expect((await list("page=9")).activities).toEqual([]);
  });

  it.each<[string, (r: Inserted) => boolean]>([
    ["type=Ride", (r) => RIDE.includes(r.sportType)],
    ["sportType=Ride", (r) => RIDE.includes(r.sportType)],
    ["type=VirtualRide", (r) => r.sportType === "VirtualRide"],
    ["type=Run", (r) => RUN.includes(r.sportType)],
    ["type=Other", (r) => sportOf(r.sportType) === "Other"],
    [
      "type=Ride&minDistance=50&maxDistance=99.9",
      (r) => RIDE.includes(r.sportType) && r.km >= 50 && r.km <= 99.9,
    ],
    ["type=Ride&minDistance=200", (r) => RIDE.includes(r.sportType) && r.km >= 200],
    ["minDistance=42.2", (r) => r.km >= 42.2],
    ["maxDistance=5", (r) => r.km <= 5],
    ["minElevation=900", (r) => (r.elevation ?? 0) >= 900],
    ["commute=true", (r) => Boolean(r.commute)],
    ["commute=false", (r) => !r.commute],
    ["type=Ride&commute=true", (r) => RIDE.includes(r.sportType) && Boolean(r.commute)],
    ["search=commute", (r) => /commute/i.test(r.name ?? "")],
    ["search=100%25", (r) => (r.name ?? "").includes("100%")],
    ["search=BRM", (r) => (r.name ?? "").includes("BRM")],
  ])("filters %s", async (query, keep) => {
    const page = await list(`${query}&limit=100`);
    expect(ids(page)).toEqual(idsOf(rows.filter(keep)));
    expect(page.pagination.total).toBe(rows.filter(keep).length);
  });

  it("links from each achievement tile land on exactly the activities the tile counted", async () => {
    const stats = await json<Stats>(await call("/api/dashboard/stats", { cookie: memberCookie }));
    const cases: [string, number][] = [
      ["type=Ride&minDistance=50&maxDistance=99.9", stats.achievements.Ride.above50km],
      ["type=Ride&minDistance=100&maxDistance=199.9", stats.achievements.Ride.above100km],
      ["type=Run&minDistance=21.1&maxDistance=42.19", stats.achievements.Run.halfMarathon],
      ["type=Swim&minDistance=0.75&maxDistance=1.49", stats.achievements.Swim.sevenFifty],
      ["type=Hike&minDistance=30", stats.achievements.Hike.thirtyK],
    ];
    for (const [query, count] of cases)
      expect((await list(`${query}&limit=1`)).pagination.total, query).toBe(count);
  });

  it("sorts by distance, elevation, name and date", async () => {
    const byDistance = (await list("sort=-distance&limit=100")).activities.map((a) => a.distance);
    expect(byDistance).toEqual([...byDistance].sort((a, b) => b - a));
    const shortest = (await list("sort=distance&limit=1")).activities[0];
    expect(shortest.distance).toBe(0);
    const oldest = (await list("sort=startDate&limit=1")).activities[0];
    expect(oldest.id).toBe(rows.find((r) => r.daysAgo === 300)!.id);
    const names = (await list("sort=name&limit=100")).activities.map((a) => a.name.toLowerCase());
    expect(names).toEqual([...names].sort());
  });

  it.each([
    ["minDistance=abc", "minDistance must be a number of kilometres, 0 or more"],
    ["maxDistance=-3", "maxDistance must be a number of kilometres, 0 or more"],
    ["minDistance=10&maxDistance=5", "minDistance cannot be greater than maxDistance"],
    ["minElevation=lots", "minElevation must be a number of metres, 0 or more"],
    ["commute=maybe", "commute must be true or false"],
    ["page=0", "page must be a positive whole number"],
    ["limit=500", "limit must be a whole number between 1 and 100"],
    ["userId=abc", "userId must be a positive whole number"],
    ["type=Ride'--", "type must be a sport type such as Ride, Run or VirtualRide"],
  ])("answers %s with 400 and the message", async (query, message) => {
    const res = await call(`/api/activities?${query}`, { cookie: memberCookie });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(message);
  });

  it("refuses guests with 401 JSON", async () => {
    const res = await call("/api/activities?page=1");
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: "Not authenticated" });
  });

  it("never shows another member's activities", async () => {
    const mine = await list("limit=100", otherCookie);
    expect(ids(mine)).toEqual(idsOf(otherRows));
    const res = await call(`/api/activities?userId=${member.id}`, { cookie: otherCookie });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toBe("You can only view your own activities");
    const stats = await json<Stats>(await call("/api/dashboard/stats", { cookie: otherCookie }));
    expect(stats.overall.activityCount).toBe(otherRows.length);
  });

  it("lets an admin see a member's activities", async () => {
    const admin = await createUser({ isAdmin: true });
    const page = await list(`userId=${member.id}&limit=100`, await login(admin.username, admin.password));
    expect(ids(page)).toEqual(idsOf(rows));
    const missing = await call("/api/activities?userId=99999999", {
      cookie: await login(admin.username, admin.password),
    });
    expect(missing.status).toBe(404);
  });

  it("shows a fellow participant's activities inside a shared challenge, narrowed to its dates and sport", async () => {
    const now = Date.now();
    const challenge = await env.DB.prepare(
      `INSERT INTO challenges (title, description, sport_type, start_date, end_date, target_distance) VALUES ('Ride month', 'Ride', 'Ride', ?, ?, 500000) RETURNING id`,
    )
      .bind(Math.floor((now - 60 * DAY) / 1000), Math.floor(now / 1000))
      .first<{ id: number }>();
    const cid = challenge!.id;
    await env.DB.batch([
      // The member shares their matching activities there (docs/decisions/020).
      env.DB.prepare(
        "INSERT INTO challenge_participations (challenge_id, user_id, share_activities) VALUES (?, ?, 1)",
      ).bind(cid, member.id),
      env.DB.prepare("INSERT INTO challenge_participations (challenge_id, user_id) VALUES (?, ?)").bind(
        cid,
        other.id,
      ),
    ]);
    const page = await list(`userId=${member.id}&challengeId=${cid}&limit=100`, otherCookie);
    expect(ids(page)).toEqual(idsOf(rows.filter((r) => RIDE.includes(r.sportType) && r.daysAgo < 60)));

    const outsider = await createUser();
    const refused = await call(`/api/activities?userId=${member.id}&challengeId=${cid}`, {
      cookie: await login(outsider.username, outsider.password),
    });
    expect(refused.status).toBe(403);
    const unknown = await call(`/api/activities?userId=${member.id}&challengeId=99999999`, {
      cookie: otherCookie,
    });
    expect(unknown.status).toBe(404);
    expect((await json(unknown)).message).toBe("Challenge not found");
  });
});

describe("private activities (docs/decisions/018-activity-privacy.md)", () => {
  it("lists another member's only_me and followers_only activities to nobody but their owner, and never another member's Strava ids", async () => {
    const owner = await createUser({ profileCompleted: true });
    const viewer = await createUser({ profileCompleted: true });
    const athleteId = 770_000_000 + Math.floor(Math.random() * 1_000_000);
    await env.DB.prepare("UPDATE users SET strava_id = ? WHERE id = ?").bind(athleteId, owner.id).run();
    const mine = await insertActivities(owner.id, [
      { sportType: "Ride", km: 21, daysAgo: 1, name: "PUBLIC morning ride" },
      { sportType: "Ride", km: 22, daysAgo: 2, name: "PRIVATE followers ride", visibility: "followers_only" },
      {
        sportType: "Ride",
        km: 23,
        daysAgo: 3,
        name: "PRIVATE only-me ride from home",
        visibility: "only_me",
      },
    ]);
    const now = Date.now();
    const challenge = await env.DB.prepare(
      `INSERT INTO challenges (title, description, sport_type, start_date, end_date, target_distance) VALUES ('Private month', 'Ride', 'Ride', ?, ?, 500000) RETURNING id`,
    )
      .bind(Math.floor((now - 30 * DAY) / 1000), Math.floor(now / 1000) + 3600)
      .first<{ id: number }>();
    const cid = challenge!.id;
    // Both share their matching activities (docs/decisions/020): only Strava's privacy hides some.
    await env.DB.batch(
      [owner.id, viewer.id].map((u) =>
        env.DB.prepare(
          "INSERT INTO challenge_participations (challenge_id, user_id, share_activities) VALUES (?, ?, 1)",
        ).bind(cid, u),
      ),
    );
    const [ownerCookie, viewerCookie] = await Promise.all([
      login(owner.username, owner.password),
      login(viewer.username, viewer.password),
    ]);
    const secrets = [...mine.map((r) => String(r.stravaId)), String(athleteId)];

    for (const path of [
      `/api/activities?userId=${owner.id}&challengeId=${cid}`,
      `/api/activities?userId=${owner.id}&challengeId=${cid}&page=1&limit=50`,
      `/activities.data?userId=${owner.id}&challengeId=${cid}`,
      `/activities?userId=${owner.id}&challengeId=${cid}`,
    ]) {
      const res = await call(path, { cookie: viewerCookie });
      expect(res.status, path).toBe(200);
      const text = await res.text();
      expect(text, path).toContain("PUBLIC morning ride");
      expect(text, path).not.toMatch(/PRIVATE/);
      for (const secret of secrets) expect(text.includes(secret), `${path} leaks ${secret}`).toBe(false);
    }
    const page = await list(`userId=${owner.id}&challengeId=${cid}&page=1`, viewerCookie);
    expect(page.pagination.total).toBe(1);
    expect(page.activities[0]).not.toHaveProperty("stravaId");

    // The owner sees every one, with their own Strava ids (links to their Strava activities).
    const own = await list(`challengeId=${cid}&page=1`, ownerCookie);
    expect(ids(own)).toEqual(idsOf(mine));
    expect(own.activities.map((a) => (a as unknown as { stravaId: number }).stravaId).sort()).toEqual(
      mine.map((r) => r.stravaId).sort(),
    );
    const ownPage = await (await call(`/activities.data?challengeId=${cid}`, { cookie: ownerCookie })).text();
    expect(ownPage).toContain("PRIVATE only-me ride from home");
  });
});

type Timeline = {
  range: string;
  bucket: string;
  from: string;
  series: {
    period: string;
    count: number;
    distanceKm: number;
    movingTimeMinutes: number;
    elevation: number;
  }[];
  totals: { count: number; distanceKm: number; movingTimeMinutes: number; elevation: number };
  month: {
    month: string;
    prev: string | null;
    next: string | null;
    totals: { count: number };
    activities: { id: number }[];
  };
};

describe("GET /api/activities/timeline", () => {
  const monthsAgo = (n: number) => {
    const d = new Date();
    return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, d.getUTCDate()))
      .toISOString()
      .slice(0, 10);
  };

  it.each([
    ["1m", 1, "day"],
    ["3m", 3, "week"],
    ["6m", 6, "week"],
    ["1y", 12, "month"],
  ] as const)("range %s sums the rows since then, per %s", async (range, months, bucket) => {
    const res = await call(`/api/activities/timeline?range=${range}`, { cookie: memberCookie });
    expect(res.status).toBe(200);
    const t = await json<Timeline>(res);
    const from = monthsAgo(months);
    const inRange = rows.filter((r) => r.localDay >= from);
    expect(t).toMatchObject({ range, bucket, from });
    expect(t.totals.count).toBe(inRange.length);
    expect(t.totals.distanceKm).toBeCloseTo(
      inRange.reduce((s, r) => s + r.km, 0),
      1,
    );
    expect(t.totals.movingTimeMinutes).toBe(inRange.reduce((s, r) => s + (r.minutes ?? 30), 0));
    // The series adds up to the totals, with a point for every period (no gaps).
    expect(t.series.reduce((s, p) => s + p.count, 0)).toBe(inRange.length);
    if (bucket === "day") expect(t.series.length).toBeGreaterThanOrEqual(28);
    if (bucket === "month") expect(t.series).toHaveLength(13);
  });

  it("range all starts at the first activity; the sport filter keeps its sport", async () => {
    const all = await json<Timeline>(
      await call("/api/activities/timeline?range=all", { cookie: memberCookie }),
    );
    expect(all.totals.count).toBe(rows.length);
    expect(all.from).toBe(rows.find((r) => r.daysAgo === 300)!.localDay);
    const swims = await json<Timeline>(
      await call("/api/activities/timeline?range=all&sportType=Swim", { cookie: memberCookie }),
    );
    expect(swims.totals.count).toBe(rows.filter((r) => r.sportType === "Swim").length);
    const rides = await json<Timeline>(
      await call("/api/activities/timeline?range=all&sportType=Ride", { cookie: memberCookie }),
    );
    expect(rides.totals.count).toBe(rows.filter((r) => RIDE.includes(r.sportType)).length);
  });

  it("also answers the spec's flat activities[]: the range's activities of the sport, newest first", async () => {
    const t = await json<Timeline & { activities: { id: number; startDateLocal: string }[] }>(
      await call("/api/activities/timeline?range=3m&sportType=Ride", { cookie: memberCookie }),
    );
    const from = monthsAgo(3);
    const expected = rows.filter((r) => r.localDay >= from && RIDE.includes(r.sportType));
    expect(t.activities.map((a) => a.id).sort((a, b) => a - b)).toEqual(idsOf(expected));
    const days = t.activities.map((a) => a.startDateLocal);
    expect(days).toEqual([...days].sort().reverse());
    const all = await json<{ activities: unknown[] }>(
      await call("/api/activities/timeline?range=all", { cookie: memberCookie }),
    );
    expect(all.activities).toHaveLength(rows.length);
  });

  it("lists one month's activities with a pager", async () => {
    const day = rows.find((r) => r.daysAgo === 45)!.localDay;
    const month = day.slice(0, 7);
    const t = await json<Timeline>(
      await call(`/api/activities/timeline?range=1y&month=${month}`, { cookie: memberCookie }),
    );
    const inMonth = rows.filter((r) => r.localDay.startsWith(month));
    expect(t.month.month).toBe(month);
    expect(t.month.totals.count).toBe(inMonth.length);
    expect(t.month.activities.map((a) => a.id).sort((a, b) => a - b)).toEqual(idsOf(inMonth));
    expect(t.month.prev).not.toBeNull();
    expect(t.month.next).not.toBeNull();
    const current = await json<Timeline>(await call("/api/activities/timeline", { cookie: memberCookie }));
    expect(current.month.next).toBeNull();
  });

  it("is empty for a member without activities", async () => {
    const fresh = await createUser();
    const t = await json<Timeline>(
      await call("/api/activities/timeline?range=all", {
        cookie: await login(fresh.username, fresh.password),
      }),
    );
    expect(t.totals.count).toBe(0);
    expect(t.series).toEqual([]);
    expect(t.month.activities).toEqual([]);
  });

  it("answers bad values with 400 and guests with 401", async () => {
    const bad = await call("/api/activities/timeline?range=2w", { cookie: memberCookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("range must be one of 1m, 3m, 6m, 1y, all");
    expect((await call("/api/activities/timeline?sportType=Chess", { cookie: memberCookie })).status).toBe(
      400,
    );
    expect((await call("/api/activities/timeline")).status).toBe(401);
  });
});

describe("dashboard highlights (issue #20 item 8)", () => {
  it("personal records per sport, this year against last year, and the weekly strip, from the rows", async () => {
    const app = createAppContext(env);
    const h = await getHighlights(app, member.id);
    const bySport = new Map(h.records.map((r) => [r.sport, r.records]));
    // Computed here from the inserted rows, independently of the SQL.
    for (const sport of ["Ride", "Run", "Swim", "Walk", "Hike", "Other"]) {
      const mine = rows.filter((r) => sportOf(r.sportType) === sport);
      const records = bySport.get(sport as never);
      expect(records, sport).toBeDefined();
      const longest = mine.filter((r) => r.km > 0).sort((a, b) => b.km - a.km)[0];
      if (longest) expect(records!.distance?.activityId, `${sport} longest`).toBe(longest.id);
      const longestTime = Math.max(...mine.map((r) => (r.minutes ?? 30) * 60));
      expect(records!.time?.value, `${sport} time`).toBe(longestTime);
      const climb = Math.max(...mine.map((r) => r.elevation ?? 0));
      if (climb > 0) expect(records!.climb?.value, `${sport} climb`).toBe(climb);
      else expect(records!.climb, `${sport} climb`).toBeUndefined();
    }
    // Fastest: only efforts over the sport's floor count (a 20 km ride, a 5 km run).
    const rideFloor = rows.filter((r) => sportOf(r.sportType) === "Ride" && r.km >= 20);
    const fastestRide = rideFloor.sort((a, b) => b.km / (b.minutes ?? 30) - a.km / (a.minutes ?? 30))[0]!;
    expect(bySport.get("Ride")!.fastest?.activityId).toBe(fastestRide.id);
    expect(bySport.get("Run")!.fastest?.distance).toBeGreaterThanOrEqual(5000);
    expect(bySport.get("Other")!.fastest).toBeUndefined(); // no floor for "Other"

    // Year against year: days from Jan 1 to today (India), and the same span last year.
    const dates = highlightDates(new Date());
    const inSpan = (r: Inserted, from: string, to: string) => r.localDay >= from && r.localDay <= to;
    const thisYear = rows.filter((r) => inSpan(r, dates.thisYearStart, dates.today));
    const lastYear = rows.filter((r) => inSpan(r, dates.lastYearStart, dates.lastYearSameDay));
    expect(h.years.thisYear.activityCount).toBe(thisYear.length);
    expect(h.years.lastYear.activityCount).toBe(lastYear.length);
    expect(h.years.thisYear.distanceKm).toBeCloseTo(
      thisYear.reduce((s, r) => s + r.km, 0),
      1,
    );
    expect(h.years.lastYear.distanceKm).toBeCloseTo(
      lastYear.reduce((s, r) => s + r.km, 0),
      1,
    );

    // The strip: 16 Mondays, oldest first, ending with this week; active days are distinct local days.
    expect(h.weeks).toHaveLength(16);
    expect(h.weeks[0]!.weekStart).toBe(dates.firstWeekStart);
    for (const week of h.weeks) expect(new Date(`${week.weekStart}T00:00:00Z`).getUTCDay()).toBe(1);
    const weekEnd = (start: string) =>
      new Date(Date.parse(`${start}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10);
    for (const week of h.weeks) {
      const inWeek = rows.filter((r) => inSpan(r, week.weekStart, weekEnd(week.weekStart)));
      expect(week.activeDays, week.weekStart).toBe(new Set(inWeek.map((r) => r.localDay)).size);
      expect(week.activityCount, week.weekStart).toBe(inWeek.length);
    }
    // Another member's rows never count.
    expect(h.records.flatMap((r) => Object.values(r.records)).map((r) => r?.activityId)).not.toContain(
      otherRows[0]!.id,
    );
  });

  it("reads the member's summaries by their primary key, and the page shows the three cards", async () => {
    const dates = highlightDates(new Date());
    const dialect = new SQLiteAsyncDialect();
    for (const statement of highlightStatements(member.id, dates)) {
      const q = dialect.sqlToQuery(statement);
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
        .bind(...q.params)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join(" | ");
      // Issue #36: never the member's activities beyond the record holders (by id).
      expect(details).toMatch(/SEARCH (activity_day_totals|r) USING PRIMARY KEY \(user_id=\?/);
      expect(details).not.toMatch(/SCAN (activities|activity_day_totals|activity_records|a|r)\b/);
      expect(details).not.toMatch(/activities_user/);
    }
    const html = (await (await call("/dashboard", { cookie: memberCookie })).text()).replaceAll(
      "<!-- -->",
      "",
    );
    for (const text of ["Personal records", "This year against last year", "Weekly consistency"])
      expect(html).toContain(text);
    expect(html).toContain(`/activities/${rows.find((r) => r.name === "BRM 200 Pune")!.id}`);
  });
});

describe("the dashboard's one batch (issue #36)", () => {
  const dashboardData = async () => {
    const res = await call("/dashboard.data", { cookie: memberCookie });
    expect(res.status).toBe(200);
    const decoded = await decode(res.body!);
    await decoded.done;
    return (decoded.value as Record<string, { data: DashboardData }>)["routes/dashboard"]!.data;
  };

  it("a card whose statement fails is left out and the others are shown: the batch falls back to one read per card", async () => {
    const before = await dashboardData();
    expect(before.highlights?.records.length).toBeGreaterThan(0);
    // The highlights read the day totals: without that table their statements fail, and so does the batch.
    await env.DB.prepare("ALTER TABLE activity_day_totals RENAME TO activity_day_totals_away").run();
    try {
      const after = await dashboardData();
      expect(after.highlights).toBeNull();
      // Every other card is as it was.
      const clockless = (data: DashboardData) => ({
        ...data,
        highlights: null,
        stats: { ...data.stats, recent: { ...data.stats.recent, since: "" } },
      });
      expect(clockless(after)).toEqual(clockless(before));
    } finally {
      await env.DB.prepare("ALTER TABLE activity_day_totals_away RENAME TO activity_day_totals").run();
    }
  });
});

describe("what the pages count, from indexes and summaries (issue #36)", () => {
  it("the dashboard's per-sport totals come from the member's activity_sport_totals rows, not their activities", async () => {
    const q = dashboardStatsQueries(createDb(env.DB), 1, new Date()).bySport.toSQL();
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.params)
      .all<{ detail: string }>();
    const details = plan.results.map((r) => r.detail).join(" | ");
    expect(details).toMatch(/SEARCH activity_sport_totals USING PRIMARY KEY \(user_id=\?\)/);
    expect(details).not.toMatch(/\bactivities\b/);
  });

  it("the Strava page's count of the member's Strava activities comes from the (user_id, source) index, never from their rows", async () => {
    const q = new SQLiteAsyncDialect().sqlToQuery(stravaActivityCountSql(1));
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${q.sql}`)
      .bind(...q.params)
      .all<{ detail: string }>();
    expect(plan.results.map((r) => r.detail).join(" | ")).toMatch(
      /SEARCH activities USING COVERING INDEX activities_user_source_idx \(user_id=\? AND source=\?\)/,
    );
  });
});

describe("pages", () => {
  it("/dashboard and / show the member's dashboard; / shows visitors the landing page", async () => {
    for (const path of ["/dashboard", "/"]) {
      const res = await call(path, { cookie: memberCookie });
      expect(res.status).toBe(200);
      const html = await res.text();
      for (const text of [
        "Activity Timeline",
        "Recent Activities",
        "Workout Recommendations",
        "Wari 2025 Challenge",
        "https://twitter.com/intent/tweet",
        "https://www.facebook.com/sharer/sharer.php",
      ]) {
        expect(html, `${path}: ${text}`).toContain(text);
      }
    }
    const landing = await (await call("/")).text();
    expect(landing).toContain("Track Activities");
    expect(landing).not.toContain("Activity Timeline");
    const guest = await call("/dashboard");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/auth/);
  });

  it("/dashboard's data sends each recent activity as the fields a list row shows, no more (issue #17)", async () => {
    const res = await call("/dashboard.data", { cookie: memberCookie });
    expect(res.status).toBe(200);
    const decoded = await decode(res.body!);
    await decoded.done;
    const data = (decoded.value as Record<string, { data: DashboardData }>)["routes/dashboard"]!.data;
    // The same three as the API's newest, each narrowed to what ActivityRow renders.
    const newest = (await list("limit=3&page=1")).activities;
    const shown =
      "id name sportType startDateLocal distance movingTime totalElevationGain commute source stravaId";
    expect(data.recent).toEqual(
      newest.map((a) => Object.fromEntries(shown.split(" ").map((key) => [key, a[key as keyof typeof a]]))),
    );
    for (const hidden of ["userId", "timezone", "startDate", "elapsedTime", "averageSpeed", "maxSpeed"])
      expect(Object.keys(data.recent![0]!), hidden).not.toContain(hidden);
  });

  it("/activities lists with the filters and shows a bad filter's message with status 400", async () => {
    const ok = await call("/activities?type=Swim", { cookie: memberCookie });
    expect(ok.status).toBe(200);
    const text = (await ok.text()).replaceAll("<!-- -->", "");
    expect(text).toContain(`${rows.filter((r) => r.sportType === "Swim").length} activities`);
    const bad = await call("/activities?minDistance=far", { cookie: memberCookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("minDistance must be a number of kilometres, 0 or more");
    const forbidden = await call(`/activities?userId=${member.id}`, { cookie: otherCookie });
    expect(forbidden.status).toBe(403);
  });

  it("/activities/{id} shows the owner their activity; others get 404 unless it is shared with them (admins a public one); guests sign in", async () => {
    const mine = rows[0]!;
    const own = await call(`/activities/${mine.id}`, { cookie: memberCookie });
    expect(own.status).toBe(200);
    const html = (await own.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(mine.name ?? `${mine.sportType} 0`);
    expect(html).toContain(`https://www.strava.com/activities/${mine.stravaId}`);
    expect(html).toContain("Source: ");

    // Another member sees it only where the owner shares it (issue #40): this ride counts in the
    // "Ride month" challenge both joined, where the member shares activities; a ride of 200 days
    // ago counts in no challenge they share.
    expect((await call(`/activities/${mine.id}`, { cookie: otherCookie })).status).toBe(200);
    const old = rows.find((r) => r.name === "BRM 200 Pune")!;
    const otherMember = await call(`/activities/${old.id}`, { cookie: otherCookie });
    expect(otherMember.status).toBe(404);
    expect(await otherMember.text()).toContain("Activity not found");
    expect((await call(`/activities/999999999`, { cookie: memberCookie })).status).toBe(404);
    expect((await call(`/activities/abc`, { cookie: memberCookie })).status).toBe(404);

    const guest = await call(`/activities/${mine.id}`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/auth/);

    // An admin sees another member's public activity, without its Strava id; a private one stays hidden.
    const admin = await createUser({ isAdmin: true, profileCompleted: true });
    const adminCookie = await login(admin.username, admin.password);
    const seen = await call(`/activities/${mine.id}`, { cookie: adminCookie });
    expect(seen.status).toBe(200);
    expect(await seen.text()).not.toContain(String(mine.stravaId));
    const [secret] = await insertActivities(member.id, [
      { sportType: "Ride", km: 10, daysAgo: 3, name: "PRIVATE detail ride", visibility: "only_me" },
    ]);
    expect((await call(`/activities/${secret!.id}`, { cookie: adminCookie })).status).toBe(404);
    expect((await call(`/activities/${secret!.id}`, { cookie: memberCookie })).status).toBe(200);
  });
});

describe("the heatmap, drawn once per change (issue #36)", () => {
  const kept = async (userId: number) =>
    env.DB.prepare("SELECT generation, maps FROM heatmap_cache WHERE user_id = ?")
      .bind(userId)
      .first<{ generation: number; maps: string }>();
  const routesShown = async (cookie: string) =>
    /data-routes="(\d+)"/.exec(await (await call("/activities/heatmap", { cookie })).text())?.[1];

  it("keeps what it drew until the member's activities change, and never keeps a drawing a change overtook", async () => {
    const user = await createUser();
    const cookie = await login(user.username, user.password);
    const rides = await insertActivities(user.id, [
      { sportType: "Ride", km: 20, daysAgo: 3 },
      { sportType: "Ride", km: 30, daysAgo: 2 },
    ]);
    for (const [i, ride] of rides.entries())
      await env.DB.prepare("INSERT INTO activity_tracks (activity_id, user_id, polyline) VALUES (?, ?, ?)")
        .bind(
          ride.id,
          user.id,
          encodePolyline([
            [18.5 + i / 100, 73.8],
            [18.52 + i / 100, 73.85],
          ]),
        )
        .run();

    // The first view draws both routes and keeps the drawing under the unfiltered key.
    expect(await routesShown(cookie)).toBe("2");
    const first = (await kept(user.id))!;
    expect(Object.keys(JSON.parse(first.maps) as object)).toEqual(["|"]);
    // The next view is that drawing (altered here to tell it apart), not a new one.
    await env.DB.prepare(
      `UPDATE heatmap_cache SET maps = json_set(maps, '$."|".map.routes', 99) WHERE user_id = ?`,
    )
      .bind(user.id)
      .run();
    expect(await routesShown(cookie)).toBe("99");

    // A new activity (the "activities changed" statements): a new generation, nothing kept, drawn again.
    const entry = {
      sportType: "Walk",
      name: "Walk",
      start: "2026-10-20T06:00:00Z",
      distanceKm: 3,
      duration: "0:40",
    };
    expect((await call("/api/activities/manual", { cookie, body: entry })).status).toBe(201);
    const bumped = (await kept(user.id))!;
    expect(bumped).toEqual({ generation: first.generation + 1, maps: "{}" });
    expect(await routesShown(cookie)).toBe("2");

    // A change committed while a view draws: the view shows what it read, but keeps nothing.
    const base = createAppContext(env);
    let reads = 0;
    const racing = new Proxy(base.db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (key !== "all" || typeof value !== "function") return value;
        return async (...args: unknown[]) => {
          const rows = (await (value as (...a: unknown[]) => Promise<unknown>).apply(
            target,
            args,
          )) as unknown;
          if (++reads === 1) await batchSql(env.DB, [heatmapChangedStatement(user.id)]);
          return rows;
        };
      },
    });
    const view = await heatmapView({ ...base, db: racing }, { id: user.id } as User, { sport: "Ride" });
    expect(view.map?.routes).toBe(2);
    expect(await kept(user.id)).toEqual({ generation: bumped.generation + 1, maps: "{}" });
  });
});
