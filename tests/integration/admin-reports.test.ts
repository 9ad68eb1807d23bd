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
    for (const name of [
      "activities-by-type",
      "activity-trends",
      "user-participation",
      "user-activities",
      "participation-over-time",
    ]) {
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

/** The Monday (YYYY-MM-DD) of the India-time week holding a Unix second: the wall clock in India, back to Monday. */
function istMonday(seconds: number): string {
  const wall = new Date((seconds + 19_800) * 1000);
  wall.setUTCDate(wall.getUTCDate() - ((wall.getUTCDay() + 6) % 7));
  return wall.toISOString().slice(0, 10);
}

interface Week {
  week: string;
  members: number;
  newMembers: number;
  activeMembers: number;
  challengeJoins: number;
  eventRegistrations: number;
}

describe("participation over time (issue #37 item 9)", () => {
  const joins: { userId: number; at: number }[] = [];
  const registrations: { userId: number; at: number; released: boolean }[] = [];

  beforeAll(async () => {
    // Two riders joined three weeks ago; challenge joins and registrations spread over past weeks.
    await env.DB.prepare("UPDATE users SET created_at = ? WHERE id IN (?, ?)")
      .bind(now - 17 * DAY, riders[1].id, riders[2].id)
      .run();
    const challenge = await env.DB.prepare(
      "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date) VALUES ('Ride 100', 'd', 100000, 'Ride', ?, ?) RETURNING id",
    )
      .bind(now - 60 * DAY, now + 10 * DAY)
      .first<{ id: number }>();
    const event = await env.DB.prepare(
      "INSERT INTO events (title, description, date, location, fee) VALUES ('Club ride', 'd', ?, 'Pune', 0) RETURNING id",
    )
      .bind(now + 20 * DAY)
      .first<{ id: number }>();
    joins.push(
      { userId: riders[0].id, at: now - 17 * DAY },
      { userId: riders[1].id, at: now - 17 * DAY },
      { userId: riders[2].id, at: now - 30 * DAY },
    );
    for (const j of joins)
      await env.DB.prepare(
        "INSERT INTO challenge_participations (challenge_id, user_id, created_at) VALUES (?, ?, ?)",
      )
        .bind(challenge!.id, j.userId, j.at)
        .run();
    registrations.push(
      { userId: riders[0].id, at: now - 17 * DAY, released: false },
      // A released registration (an expired hold) is history, not a registration.
      { userId: riders[1].id, at: now - 17 * DAY, released: true },
      { userId: riders[2].id, at: now - 30 * DAY, released: false },
    );
    for (const r of registrations)
      await env.DB.prepare(
        "INSERT INTO event_registrations (event_id, user_id, name, email, phone, emergency_contact, registration_date, released_at, release_reason) VALUES (?, ?, 'n', 'e@example.com', '9999999999', 'c', ?, ?, ?)",
      )
        .bind(event!.id, r.userId, r.at, r.released ? r.at + 900 : null, r.released ? "expired" : null)
        .run();
  });

  it("gives each of the last 26 India-time weeks its members, active members, challenge joins and registrations", async () => {
    const res = await call("/api/admin/reports/participation-over-time", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { weeks } = await json<{ weeks: Week[] }>(res);
    expect(weeks).toHaveLength(26);
    expect(weeks.at(-1)!.week).toBe(istMonday(now));
    const created = (
      await env.DB.prepare("SELECT created_at AS at FROM users").all<{ at: number }>()
    ).results.map((u) => u.at);
    const starts = weeks.map((w) => w.week);
    const expected = starts.map((week, i) => {
      const inWeek = (at: number) => istMonday(at) === week;
      const ended = (at: number) => i === starts.length - 1 || istMonday(at) < starts[i + 1]!;
      return {
        week,
        members: created.filter(ended).length,
        newMembers: created.filter(inWeek).length,
        activeMembers: new Set(rows.filter((r) => inWeek(now - r.daysAgo * DAY)).map((r) => r.userId)).size,
        challengeJoins: joins.filter((j) => inWeek(j.at)).length,
        eventRegistrations: registrations.filter((r) => !r.released && inWeek(r.at)).length,
      };
    });
    expect(weeks).toEqual(expected);
    // The seeded weeks really hold something (the comparison above is not of zeros only).
    const threeWeeksAgo = weeks.find((w) => w.week === istMonday(now - 17 * DAY))!;
    expect(threeWeeksAgo).toMatchObject({ newMembers: 2, challengeJoins: 2, eventRegistrations: 1 });
    expect(weeks.find((w) => w.week === istMonday(now - 30 * DAY))).toMatchObject({
      challengeJoins: 1,
      eventRegistrations: 1,
    });
    expect(weeks.at(-1)!.members).toBe(created.length);
    expect(weeks.reduce((n, w) => n + w.activeMembers, 0)).toBeGreaterThan(0);
  });

  it("answers the weeks asked for, and refuses a bad number with a 400 that says why", async () => {
    const eight = await json<{ weeks: Week[] }>(
      await call("/api/admin/reports/participation-over-time?weeks=8", { cookie: admin.cookie }),
    );
    expect(eight.weeks).toHaveLength(8);
    expect(eight.weeks.at(-1)!.week).toBe(istMonday(now));
    for (const bad of ["abc", "1000", "2.5", "0"]) {
      const res = await call(`/api/admin/reports/participation-over-time?weeks=${bad}`, {
        cookie: admin.cookie,
      });
      expect(res.status).toBe(400);
      expect((await json<{ message: string }>(res)).message).toMatch(/weeks must be/);
    }
  });

  it("uses indexes, not table scans, for the per-week counts", async () => {
    for (const [table, column] of [
      ["challenge_participations", "created_at"],
      ["event_registrations", "registration_date"],
      ["users", "created_at"],
    ]) {
      const plan = await env.DB.prepare(
        `EXPLAIN QUERY PLAN SELECT count(*) FROM ${table} WHERE ${column} >= ? GROUP BY ${column} / 604800`,
      )
        .bind(now - 26 * 7 * DAY)
        .all<{ detail: string }>();
      expect(plan.results.map((r) => r.detail).join(" ")).toMatch(/USING (COVERING )?INDEX/);
    }
  });
});

describe("the admin user page counts sports as the member's dashboard does", () => {
  it("groups every activity by dashboard sport and says what the list leaves out", async () => {
    // A trail run is a run on the member's dashboard.
    await insert({
      userId: riders[1].id,
      sport: "TrailRun",
      metres: 12_000,
      seconds: 4000,
      climb: 300,
      daysAgo: 4,
    });
    const html = await (await call(`/admin/users/${riders[1].id}`, { cookie: admin.cookie })).text();
    const text = html
      .replace(/<!-- -->/g, "")
      .replace(/&#x27;/g, "'")
      .replace(/<[^>]+>/g, " ")
      .replace(/\s+/g, " ");
    expect(text).toContain("All sports: 4 activities · Run 2 · Swim 1 · Other 1");
    expect(text).toContain("Run, trail run and virtual run, as on the member's dashboard");
    // None of the inserted activities is shared with everyone, so the admin's list shows none of them.
    expect(text).toContain(
      "4 activities, none shared with everyone (private on Strava), so none are listed.",
    );
  });
});
