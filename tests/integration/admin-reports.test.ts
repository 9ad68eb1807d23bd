import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { summaryRebuildSql } from "~/modules/activities/summaries.server";
import { call, createUser, json, login } from "./helpers";

const DAY = 86400;
const now = Math.floor(Date.now() / 1000);
let stravaSeq = 70_000_000;

interface Row {
  userId: number;
  sport: string;
  metres: number;
  seconds: number;
  climb: number;
  daysAgo: number;
}
const rows: Row[] = [];

async function insert(row: Row) {
  rows.push(row);
  const start = now - row.daysAgo * DAY;
  await env.DB.prepare(
    "INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      row.userId,
      stravaSeq++,
      `${row.sport} ${row.metres}`,
      row.sport,
      row.sport,
      row.metres,
      row.seconds,
      row.seconds,
      row.climb,
      start,
      new Date(start * 1000).toISOString().slice(0, 19),
    )
    .run();
  // The member's summaries, as the activities-changed statements rebuild them after every write (issue #36).
  await env.DB.batch(summaryRebuildSql(`user_id = ${row.userId}`).map((s) => env.DB.prepare(s)));
}

let admin: { cookie: string };
let member: { cookie: string };
let riders: { id: number; username: string }[];

beforeAll(async () => {
  const a = await createUser({ isAdmin: true });
  admin = { cookie: await login(a.username, a.password) };
  const m = await createUser();
  member = { cookie: await login(m.username, m.password) };
  riders = [await createUser(), await createUser(), await createUser()];
  const plan: [number, string, number, number, number, number][] = [
    [0, "Ride", 42_500, 5400, 320, 2],
    [0, "Ride", 101_300, 14_400, 900, 40],
    [0, "Run", 10_040, 3000, 50, 3],
    [1, "Run", 21_100, 7200, 120, 10],
    [1, "Swim", 1500, 2700, 0, 200],
    [1, "Kayaking", 8000, 3600, 0, 5],
    [2, "Ride", 60_000, 7200, 400, 1],
  ];
  for (const [who, sport, metres, seconds, climb, daysAgo] of plan)
    await insert({ userId: riders[who].id, sport, metres, seconds, climb, daysAgo });
  await env.DB.prepare(
    "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, 1, 'x', 'x', ?)",
  )
    .bind(riders[0].id, now + 3600)
    .run();
});

const round1 = (n: number) => Math.round(n * 10) / 10;

describe("admin reports", () => {
  it("are admin only: 401 for guests, 403 for members", async () => {
    for (const name of ["activities-by-type", "activity-trends", "user-participation", "user-activities"]) {
      expect((await call(`/api/admin/reports/${name}`)).status).toBe(401);
      expect((await call(`/api/admin/reports/${name}`, { cookie: member.cookie })).status).toBe(403);
    }
  });

  it("activities by type equal the sums of the inserted rows, and are never stored by caches (member data)", async () => {
    const res = await call("/api/admin/reports/activities-by-type", { cookie: admin.cookie });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const report = await json<
      {
        sportType: string;
        totalDistanceKm: number;
        totalMovingTimeHours: number;
        totalElevationGain: number;
        activityCount: number;
        uniqueUsers: number;
      }[]
    >(res);
    for (const sport of ["Ride", "Run", "Swim", "Kayaking"]) {
      const mine = rows.filter((r) => r.sport === sport);
      expect(report.find((r) => r.sportType === sport)).toEqual({
        sportType: sport,
        totalDistanceKm: round1(mine.reduce((s, r) => s + r.metres, 0) / 1000),
        totalMovingTimeHours: round1(mine.reduce((s, r) => s + r.seconds, 0) / 3600),
        totalElevationGain: Math.round(mine.reduce((s, r) => s + r.climb, 0)),
        activityCount: mine.length,
        uniqueUsers: new Set(mine.map((r) => r.userId)).size,
      });
    }
    expect(report[0].sportType).toBe("Ride");
  });

  it("activity trends cover 12 months, this month last, with the month's sums", async () => {
    const trends = await json<
      { month: string; activityCount: number; totalDistanceKm: number; activeUsers: number }[]
    >(await call("/api/admin/reports/activity-trends", { cookie: admin.cookie }));
    expect(trends).toHaveLength(12);
    const thisMonth = new Date().toISOString().slice(0, 7);
    expect(trends[11].month).toBe(thisMonth);
    const inMonth = rows.filter(
      (r) => new Date((now - r.daysAgo * DAY) * 1000).toISOString().slice(0, 7) === thisMonth,
    );
    expect(trends[11]).toEqual({
      month: thisMonth,
      activityCount: inMonth.length,
      totalDistanceKm: round1(inMonth.reduce((s, r) => s + r.metres, 0) / 1000),
      activeUsers: new Set(inMonth.map((r) => r.userId)).size,
    });
  });

  it("participation counts users, Strava links, challenge participants and paid registrations", async () => {
    const p = await json<{
      users: { totalUsers: number; stravaConnectedUsers: number };
      challenges: { uniqueParticipants: number; totalChallenges: number };
      events: { totalRegistrations: number; paidRegistrations: number };
    }>(await call("/api/admin/reports/user-participation", { cookie: admin.cookie }));
    const users = await env.DB.prepare("SELECT count(*) AS n FROM users").first<{ n: number }>();
    expect(p.users).toEqual({ totalUsers: users!.n, stravaConnectedUsers: 1 });
    expect(p.events).toEqual({ totalRegistrations: 0, paidRegistrations: 0 });
  });

  it("user activities give each member's totals and a distance per sport column", async () => {
    const report = await json<{
      sportColumns: string[];
      users: {
        userId: number;
        username: string;
        totalActivities: number;
        totalDistanceKm: number;
        distanceBySport: Record<string, number>;
      }[];
    }>(await call("/api/admin/reports/user-activities", { cookie: admin.cookie }));
    expect(report.sportColumns).toEqual(["Run", "Ride", "Swim", "Walk", "Hike", "Kayaking"]);
    for (const rider of riders) {
      const mine = rows.filter((r) => r.userId === rider.id);
      const entry = report.users.find((u) => u.userId === rider.id)!;
      expect(entry.username).toBe(rider.username);
      expect(entry.totalActivities).toBe(mine.length);
      expect(entry.totalDistanceKm).toBeCloseTo(mine.reduce((s, r) => s + r.metres, 0) / 1000, 1);
      expect(entry.distanceBySport.Ride).toBeCloseTo(
        mine.filter((r) => r.sport === "Ride").reduce((s, r) => s + r.metres, 0) / 1000,
        1,
      );
      expect(entry.distanceBySport.Walk).toBe(0);
      // The spec's flat form: a numeric distance per sport type on the row itself.
      for (const column of report.sportColumns)
        expect((entry as unknown as Record<string, number>)[column]).toBe(entry.distanceBySport[column]);
    }
    expect(report.users[0].userId).toBe(riders[0].id);
  });
});
