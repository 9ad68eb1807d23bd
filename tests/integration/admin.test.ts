/**
 * The admin's side: reports, user management, and feedback (members' and the
 * admin's). One file, so one workerd start (docs/testing.md: each
 * file costs one); each block keeps its own data, but the storage is shared by
 * the whole file. The reports block stays first: its totals count every row
 * of the tables (activities, Strava links, registrations), so they assume no
 * other block has written any yet.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "~workers/app";
import { createAppContext, type AppContext } from "~workers/load-context";
import { deliverDigestRange, runWeeklyDigest, type DigestMessage } from "~/modules/digest/digest.server";
import { alertFailingKinds } from "~/modules/health/health.server";
import { summaryRebuildSql } from "~/modules/activities/summaries.server";
import { call, createUser, json, linkFromLatestEmail, login, mailbox, unique } from "./helpers";
import { failNextEmails } from "./event-helpers";
import type { AdminFeedbackView, FeedbackView } from "~/modules/feedback/feedback.server";

describe("reports", () => {
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
});

describe("the admin Health panel and the weekly digest (issue #41 items 3 and 4)", () => {
  /** Monday 30 November 2026, 08:00 IST: the digest of the week 23–29 November is due. */
  const MONDAY = new Date("2026-11-30T02:30:00Z");
  const WEEK = "2026-11-23";
  const at = (iso: string) => Math.floor(new Date(iso).getTime() / 1000);
  const digestApp = (): AppContext => ({ ...createAppContext(env), now: () => MONDAY });
  const digestsTo = async (email: string) =>
    (await mailbox(email)).filter((m) => m.subject === `Your week in the club: ${WEEK} to 2026-11-29`);
  let admin: { id: number; cookie: string };
  let member: { cookie: string };

  beforeAll(async () => {
    const a = await createUser({ isAdmin: true });
    admin = { id: a.id, cookie: await login(a.username, a.password) };
    const m = await createUser();
    member = { cookie: await login(m.username, m.password) };
  });

  it("is admin only: the API and the page answer 401/redirect to guests, 403/redirect to members", async () => {
    expect((await call("/api/admin/health")).status).toBe(401);
    expect((await call("/api/admin/health", { cookie: member.cookie })).status).toBe(403);
    const retry = { kind: "dead_letter", id: 1 };
    expect((await call("/api/admin/health/retry", { body: retry })).status).toBe(401);
    const refused = await call("/api/admin/health/retry", { cookie: member.cookie, body: retry });
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ message: "Admin access required" });
    const guestPage = await call("/admin?tab=health");
    expect(guestPage.status).toBe(302);
    expect(guestPage.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const memberPage = await call("/admin?tab=health", { cookie: member.cookie });
    expect(memberPage.status).toBe(302);
    expect(memberPage.headers.get("Location")).toBe("/dashboard");
    const form = new FormData();
    form.set("intent", "health-retry");
    form.set("kind", "dead_letter");
    form.set("id", "1");
    const memberPost = await call("/admin?index&tab=health", { cookie: member.cookie, body: form });
    expect(memberPost.status).toBe(302);
    expect(memberPost.headers.get("Location")).toBe("/dashboard");
  });

  it("says 'Nothing failed in the last 7 days' when nothing did", async () => {
    const report = await json<{ total: number; failures: unknown[] }>(
      await call("/api/admin/health", { cookie: admin.cookie }),
    );
    expect(report).toMatchObject({ total: 0, failures: [] });
    const html = await (await call("/admin?tab=health", { cookie: admin.cookie })).text();
    expect(html).toContain("Nothing failed in the last 7 days");
    expect(html).toMatch(/aria-current="page"[^>]*>Health</);
  });

  it("the cron records each run: which cron, started, finished, ok", async () => {
    const ctx = createExecutionContext();
    await worker.scheduled(
      createScheduledController({ scheduledTime: new Date(), cron: "0 3 * * *" }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    const run = await env.DB.prepare(
      "SELECT cron, finished_at >= started_at AS finished, ok, error FROM cron_runs ORDER BY id DESC LIMIT 1",
    ).first();
    expect(run).toEqual({ cron: "0 3 * * *", finished: 1, ok: 1, error: null });
    const report = await json<{ cronRuns: { cron: string; status: string }[] }>(
      await call("/api/admin/health", { cookie: admin.cookie }),
    );
    expect(report.cronRuns[0]).toMatchObject({ cron: "0 3 * * *", status: "ok" });
  });

  it("one cron run queues every opted-in member's digest in ranges, none to the opted-out, and nothing is sent twice", async () => {
    const a = await createUser();
    const b = await createUser();
    const c = await createUser();
    const d = await createUser();
    // Earlier runs covered every member before these: the cursor stands just before them.
    await env.DB.prepare(
      "INSERT OR REPLACE INTO digest_cursor (id, week, last_user_id, done) VALUES (1, ?, ?, 0)",
    )
      .bind(WEEK, a.id - 1)
      .run();
    await env.DB.prepare(
      "INSERT INTO notification_preferences (user_id, kind, channel, enabled) VALUES (?, 'digest', 'email', 0)",
    )
      .bind(c.id)
      .run();
    // a's week (IST Monday to Sunday); the Monday after is the next week's.
    await env.DB.batch(
      [
        [WEEK, "Ride", 20_000, 3600],
        ["2026-11-29", "Run", 10_000, 3000],
        ["2026-11-30", "Ride", 50_000, 7200],
      ].map(([day, sport, distance, time]) =>
        env.DB.prepare(
          "INSERT INTO activity_day_totals (user_id, day, sport_type, activity_count, distance, moving_time, elevation) VALUES (?, ?, ?, 1, ?, ?, 0)",
        ).bind(a.id, day, sport, distance, time),
      ),
    );
    const challenge = await env.DB.prepare(
      "INSERT INTO challenges (title, description, target, target_distance, sport_type, start_date, end_date, is_active) VALUES ('Digest 10k', 'd', 10000, 10000, 'Ride', ?, ?, 1) RETURNING id",
    )
      .bind(at("2026-11-01T00:00:00Z"), at("2026-12-31T00:00:00Z"))
      .first<{ id: number }>();
    await env.DB.batch(
      [
        [a.id, 5000],
        [b.id, 8000],
      ].map(([user, progress]) =>
        env.DB.prepare(
          "INSERT INTO challenge_participations (challenge_id, user_id, progress) VALUES (?, ?, ?)",
        ).bind(challenge!.id, user, progress),
      ),
    );
    // Highlights: b shares (profile default), c does not; a's own item is a's to see.
    await env.DB.prepare(
      "UPDATE users SET share_activities = CASE WHEN id = ? THEN 1 ELSE 0 END WHERE id IN (?, ?, ?)",
    )
      .bind(b.id, a.id, b.id, c.id)
      .run();
    const item = (user: number, label: string) =>
      env.DB.prepare(
        "INSERT INTO feed_items (kind, user_id, audience, label, milestone_key, created_at) VALUES ('personal_best', ?, 'profile', ?, ?, ?) RETURNING id",
      )
        .bind(user, label, `digest-test:${user}`, at("2026-11-25T06:00:00Z"))
        .first<{ id: number }>();
    const shared = await item(b.id, "b rode her longest ride");
    const hidden = await item(c.id, "c ran his fastest 5k");
    await item(a.id, "a climbed the most");
    await env.DB.batch(
      [
        [shared!.id, d.id],
        [hidden!.id, a.id],
        [hidden!.id, b.id],
        [hidden!.id, d.id],
      ].map(([i, u]) => env.DB.prepare("INSERT INTO feed_kudos (item_id, user_id) VALUES (?, ?)").bind(i, u)),
    );

    // One cron run fans the whole week out: ranges of 2 members (a, b | d; c opted out), one message each.
    expect(await runWeeklyDigest(digestApp(), { rangeSize: 2, maxRanges: 10 })).toEqual({
      week: WEEK,
      ranges: 2,
      members: 3,
      done: true,
    });
    // The queue's consumer builds and sends each range.
    await vi.waitFor(
      async () => {
        for (const u of [a, b, d]) expect(await digestsTo(u.email), u.username).toHaveLength(1);
      },
      { timeout: 10_000 },
    );
    // The next cron run of the week queues nothing: the week is fanned out.
    expect(await runWeeklyDigest(digestApp(), { rangeSize: 2, maxRanges: 10 })).toEqual({
      week: WEEK,
      ranges: 0,
      members: 0,
      done: true,
    });
    expect(await digestsTo(c.email)).toEqual([]);
    const [mail] = (await digestsTo(a.email)) as unknown as {
      text: string;
      headers: Record<string, string>;
    }[];
    expect(mail!.text).toContain("2 activities, 30 km, 1 h 50 min");
    expect(mail!.text).toContain(
      `Digest 10k: rank 2 of 2, 50% (http://localhost:8787/challenges/${challenge!.id})`,
    );
    expect(mail!.text).toContain("b rode her longest ride (1 kudo)");
    expect(mail!.text).toContain("a climbed the most");
    expect(mail!.text).not.toContain("c ran his fastest 5k");
    expect(mail!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect((await digestsTo(d.email))[0]!.text).toContain("No activities this week.");
    const sends = await env.DB.prepare(
      "SELECT user_id, status FROM digest_sends WHERE week = ? AND user_id >= ? ORDER BY user_id",
    )
      .bind(WEEK, a.id)
      .all();
    expect(sends.results).toEqual([
      { user_id: a.id, status: "sent" },
      { user_id: b.id, status: "sent" },
      { user_id: d.id, status: "sent" },
    ]);

    // A rerun from the start of the week queues nobody again (they were sent it), and a redelivered
    // range message sends nothing: acked, no second e-mail.
    await env.DB.prepare("UPDATE digest_cursor SET last_user_id = ?, done = 0 WHERE id = 1")
      .bind(a.id - 1)
      .run();
    expect(await runWeeklyDigest(digestApp(), { rangeSize: 2, maxRanges: 10 })).toEqual({
      week: WEEK,
      ranges: 0,
      members: 0,
      done: true,
    });
    const redelivered = { type: "digest-range", week: WEEK, lo: a.id, hi: d.id };
    const batch = createMessageBatch("digests", [
      { id: `again-${a.id}`, timestamp: new Date(), attempts: 2, body: redelivered },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env, ctx);
    expect(await getQueueResult(batch, ctx)).toMatchObject({
      explicitAcks: [`again-${a.id}`],
      retryMessages: [],
    });
    expect(await deliverDigestRange(digestApp(), redelivered as DigestMessage)).toEqual({
      sent: 0,
      skipped: 3,
      failed: 0,
    });
    for (const u of [a, b, d]) expect(await digestsTo(u.email), u.username).toHaveLength(1);

    // The one-click unsubscribe in the digest turns off the digest only, for that member only.
    const link = mail!.headers["List-Unsubscribe"]!.slice(1, -1);
    expect((await call(new URL(link).pathname + new URL(link).search, { method: "POST" })).status).toBe(200);
    const prefs = await env.DB.prepare(
      "SELECT user_id, kind, enabled FROM notification_preferences WHERE user_id IN (?, ?)",
    )
      .bind(a.id, b.id)
      .all();
    expect(prefs.results).toEqual([{ user_id: a.id, kind: "digest", enabled: 0 }]);
    await vi.waitFor(async () => expect(await digestsTo(b.email)).toHaveLength(1));
  });

  it("a range whose e-mail fails is retried with backoff, and the retry sends only the digests that failed", async () => {
    const e = await createUser();
    const f = await createUser();
    const deliver = async (attempts: number) => {
      const batch = createMessageBatch("digests", [
        {
          id: `range-${e.id}-${attempts}`,
          timestamp: new Date(),
          attempts,
          body: { type: "digest-range", week: WEEK, lo: e.id, hi: f.id },
        },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      return getQueueResult(batch, ctx);
    };
    await failNextEmails(1);
    expect(await deliver(1)).toMatchObject({
      explicitAcks: [],
      retryMessages: [{ msgId: `range-${e.id}-1` }],
    });
    const rows = () =>
      env.DB.prepare("SELECT status, attempts FROM digest_sends WHERE week = ? AND user_id IN (?, ?)")
        .bind(WEEK, e.id, f.id)
        .all();
    expect((await rows()).results).toEqual(
      expect.arrayContaining([
        { status: "sent", attempts: 1 },
        { status: "failed", attempts: 1 },
      ]),
    );
    expect(await deliver(2)).toMatchObject({ explicitAcks: [`range-${e.id}-2`], retryMessages: [] });
    expect((await rows()).results).toEqual(
      expect.arrayContaining([
        { status: "sent", attempts: 1 },
        { status: "sent", attempts: 2 },
      ]),
    );
    for (const u of [e, f]) expect(await digestsTo(u.email), u.username).toHaveLength(1);
  });

  it("lists failures with counts per kind, records dead letters, and retries them once (admin, same origin only)", async () => {
    const u = await createUser();
    const body = { type: "digest-range", week: WEEK, lo: u.id, hi: u.id };
    // A digest that used up its retries reaches the dead-letter queue: recorded once, acked.
    for (let i = 0; i < 2; i++) {
      const batch = createMessageBatch("digests-dlq", [
        { id: `dead-${u.id}`, timestamp: new Date(), attempts: 1, body },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch, env, ctx);
      expect(await getQueueResult(batch, ctx)).toMatchObject({ ackAll: true, retryMessages: [] });
    }
    const letters = await env.DB.prepare("SELECT id, queue FROM dead_letters WHERE message_id = ?")
      .bind(`dead-${u.id}`)
      .all<{ id: number; queue: string }>();
    expect(letters.results).toEqual([{ id: expect.any(Number), queue: "digests-dlq" }]);
    const letterId = letters.results[0]!.id;
    await env.DB.prepare(
      "INSERT INTO cron_runs (cron, started_at, finished_at, ok, error) VALUES ('*/15 * * * *', ?, ?, 0, 'D1 was down')",
    )
      .bind(Math.floor(Date.now() / 1000) - 60, Math.floor(Date.now() / 1000) - 50)
      .run();

    type Report = {
      counts: { kind: string; n: number }[];
      failures: { kind: string; id: number; what: string; retry: boolean; error: string | null }[];
    };
    const report = await json<Report>(await call("/api/admin/health", { cookie: admin.cookie }));
    expect(report.counts.find((c) => c.kind === "dead_letter")!.n).toBe(1);
    expect(report.counts.find((c) => c.kind === "cron")!.n).toBe(1);
    expect(report.failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "dead_letter", id: letterId, retry: true }),
        expect.objectContaining({ kind: "cron", error: "D1 was down", retry: false }),
      ]),
    );
    const html = await (await call("/admin?tab=health", { cookie: admin.cookie })).text();
    expect(html).toContain("<caption");
    expect(html).toContain(`aria-label="Retry: Message dead-${u.id} on digests-dlq"`);
    expect(html).not.toContain("Nothing failed in the last 7 days");

    const retry = (b: unknown, headers?: Record<string, string>) =>
      call("/api/admin/health/retry", { cookie: admin.cookie, body: b, headers });
    expect(
      (await retry({ kind: "dead_letter", id: letterId }, { Origin: "https://evil.example" })).status,
    ).toBe(403);
    expect((await retry({ kind: "cron", id: 1 })).status).toBe(400);
    expect((await retry({ kind: "dead_letter", id: 99_999_999 })).status).toBe(404);
    const sent = await retry({ kind: "dead_letter", id: letterId });
    expect(sent.status).toBe(200);
    expect(await json(sent)).toEqual({ message: "The message is back on digests" });
    await vi.waitFor(async () => expect(await digestsTo(u.email)).toHaveLength(1), { timeout: 10_000 });
    const again = await retry({ kind: "dead_letter", id: letterId });
    expect(again.status).toBe(404);
    const after = await json<Report>(await call("/api/admin/health", { cookie: admin.cookie }));
    expect(after.failures.find((f) => f.kind === "dead_letter" && f.id === letterId)).toMatchObject({
      retry: false,
      error: "Sent again",
    });
  });

  it("a failed digest is retried from the tab's form; admins hear once per hour when a kind keeps failing", async () => {
    const u = await createUser();
    const weeks = ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", WEEK];
    await env.DB.batch(
      weeks.map((w) =>
        env.DB.prepare(
          "INSERT INTO digest_sends (user_id, week, status, attempts, last_error, updated_at) VALUES (?, ?, 'failed', 5, 'e-mail API answered 503', unixepoch())",
        ).bind(u.id, w),
      ),
    );
    const app = createAppContext(env);
    expect(await alertFailingKinds(app)).toContain("digest");
    await alertFailingKinds(app);
    const alerts = () =>
      env.DB.prepare("SELECT kind, title, link FROM notifications WHERE user_id = ? AND kind = 'ops_failing'")
        .bind(admin.id)
        .all();
    await vi.waitFor(async () => expect((await alerts()).results).toHaveLength(1), { timeout: 10_000 });
    expect((await alerts()).results[0]).toMatchObject({ link: "/admin?tab=health" });
    expect(String((await alerts()).results[0]!.title)).toMatch(
      /^Weekly digests keep failing: \d+ in the last hour$/,
    );

    const form = new FormData();
    form.set("intent", "health-retry");
    form.set("kind", "digest");
    form.set("id", String(u.id));
    form.set("_fetcher", "1");
    const res = await call("/admin?index&tab=health", { cookie: admin.cookie, body: form });
    expect(res.status).toBe(200);
    await vi.waitFor(async () => expect(await digestsTo(u.email)).toHaveLength(1), { timeout: 10_000 });
    const row = await env.DB.prepare("SELECT status FROM digest_sends WHERE user_id = ? AND week = ?")
      .bind(u.id, WEEK)
      .first();
    expect(row).toEqual({ status: "sent" });
  });
});

describe("user management", () => {
  let admin: { cookie: string; id: number };
  let member: { cookie: string; id: number };

  beforeAll(async () => {
    const a = await createUser({ isAdmin: true });
    admin = { id: a.id, cookie: await login(a.username, a.password) };
    const m = await createUser();
    member = { id: m.id, cookie: await login(m.username, m.password) };
  });

  interface UserJson {
    id: number;
    username: string;
    email: string;
    isAdmin: boolean;
    isVerified: boolean;
    isActive: boolean;
  }

  describe("admin user calls are guarded", () => {
    it("answer 401 to guests and 403 'Admin access required' to members", async () => {
      const id = member.id;
      const calls: [string, string, unknown?][] = [
        ["GET", "/api/admin/users"],
        [
          "POST",
          "/api/admin/users",
          { username: unique("x"), email: `${unique("x")}@example.com`, password: "Secret@123" },
        ],
        ["GET", `/api/admin/users/${id}`],
        ["DELETE", `/api/admin/users/${id}`],
        ["PATCH", `/api/admin/users/${id}/admin-status`, { isAdmin: true }],
        ["PATCH", `/api/admin/users/${id}/verification-status`, { isVerified: true }],
        ["PATCH", `/api/admin/users/${id}/active-status`, { isActive: false }],
        ["GET", `/api/admin/users/${id}/activities`],
        ["GET", `/api/admin/users/${id}/challenges`],
        ["GET", `/api/admin/users/${id}/events`],
      ];
      for (const [method, path, body] of calls) {
        expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
        const res = await call(path, { method, body, cookie: member.cookie });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect((await json(res)).message).toBe("Admin access required");
      }
      // Nothing changed.
      const row = await env.DB.prepare("SELECT is_admin, is_active FROM users WHERE id = ?")
        .bind(id)
        .first<{ is_admin: number; is_active: number }>();
      expect(row).toEqual({ is_admin: 0, is_active: 1 });
    });
  });

  describe("listing and creating", () => {
    it("pages users 10 at a time, searching username or e-mail", async () => {
      const tag = unique("pg").toLowerCase();
      for (let i = 0; i < 12; i++)
        await createUser({ username: `${tag}${i}`, email: `${tag}.${i}@example.org` });
      const res = await call(`/api/admin/users?search=${tag.toUpperCase()}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("X-Total-Count")).toBe("12");
      expect(res.headers.get("X-Total-Pages")).toBe("2");
      const first = await json<UserJson[]>(res);
      expect(first).toHaveLength(10);
      expect(first[0]).not.toHaveProperty("passwordHash");
      const second = await json<UserJson[]>(
        await call(`/api/admin/users?search=${tag}&page=2`, { cookie: admin.cookie }),
      );
      expect(second).toHaveLength(2);
      const byEmail = await json<UserJson[]>(
        await call(`/api/admin/users?search=${tag}.11@`, { cookie: admin.cookie }),
      );
      expect(byEmail.map((u) => u.username)).toEqual([`${tag}11`]);
      expect((await call("/api/admin/users?page=0", { cookie: admin.cookie })).status).toBe(400);
    });

    it("creates a user with the flags asked for, who can then sign in", async () => {
      const username = unique("made");
      const res = await call("/api/admin/users", {
        body: {
          username,
          email: `${username}@example.com`,
          password: "Secret@123",
          isAdmin: false,
          isVerified: true,
        },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({ username, isVerified: true, isAdmin: false, isActive: true });
      expect((await call("/api/login", { body: { username, password: "Secret@123" } })).status).toBe(200);
    });

    it.each([
      [
        { username: "", email: "a@example.com", password: "Secret@123" },
        "Please fill in all required fields.",
      ],
      [{ email: "a@example.com", password: "Secret@123" }, "Please fill in all required fields."],
      [{ username: "someone", email: "", password: "Secret@123" }, "Please fill in all required fields."],
      [{ username: "someone", email: "a@example.com", password: "" }, "Please fill in all required fields."],
      [
        { username: "someone", email: "not-an-email", password: "Secret@123" },
        "Please enter a valid email address",
      ],
      [
        { username: "someone", email: "a@example.com", password: "short" },
        "Password must be at least 8 characters long",
      ],
    ])("refuses %o with 400 and the message", async (body, message) => {
      const res = await call("/api/admin/users", { body, cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(message);
    });

    it("refuses a taken username with 409", async () => {
      const existing = await createUser();
      const res = await call("/api/admin/users", {
        body: {
          username: existing.username.toUpperCase(),
          email: `${unique("n")}@example.com`,
          password: "Secret@123",
        },
        cookie: admin.cookie,
      });
      expect(res.status).toBe(409);
      expect((await json(res)).message).toBe("Username already exists");
    });
  });

  describe("flags", () => {
    it("toggle admin, verified and active independently; deactivation ends the member's session at once", async () => {
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      for (const [path, field] of [
        ["admin-status", "isAdmin"],
        ["verification-status", "isVerified"],
        ["active-status", "isActive"],
      ] as const) {
        const before = (
          await json<UserJson>(await call(`/api/admin/users/${u.id}`, { cookie: admin.cookie }))
        )[field];
        const res = await call(`/api/admin/users/${u.id}/${path}`, {
          method: "PATCH",
          body: { [field]: !before },
          cookie: admin.cookie,
        });
        expect(res.status).toBe(200);
        expect((await json<{ user: UserJson }>(res)).user[field]).toBe(!before);
      }
      expect((await call("/api/user", { cookie })).status).toBe(401);
      const bad = await call(`/api/admin/users/${u.id}/active-status`, {
        method: "PATCH",
        body: { isActive: "yes" },
        cookie: admin.cookie,
      });
      expect(bad.status).toBe(400);
      expect(
        (
          await call("/api/admin/users/999999999/active-status", {
            method: "PATCH",
            body: { isActive: true },
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);
    });

    it("an admin cannot remove their own admin right, deactivate or delete themselves", async () => {
      for (const [path, body, message] of [
        ["admin-status", { isAdmin: false }, "You cannot remove your own admin rights"],
        ["active-status", { isActive: false }, "You cannot deactivate your own account"],
      ] as const) {
        const res = await call(`/api/admin/users/${admin.id}/${path}`, {
          method: "PATCH",
          body,
          cookie: admin.cookie,
        });
        expect(res.status).toBe(400);
        expect((await json(res)).message).toBe(message);
      }
      const del = await call(`/api/admin/users/${admin.id}`, { method: "DELETE", cookie: admin.cookie });
      expect(del.status).toBe(400);
      expect((await json(del)).message).toBe("You cannot delete your own account");
    });
  });

  describe("deleting", () => {
    it("deletes a user without history", async () => {
      const u = await createUser();
      const res = await call(`/api/admin/users/${u.id}`, { method: "DELETE", cookie: admin.cookie });
      expect(res.status).toBe(200);
      expect((await call(`/api/admin/users/${u.id}`, { cookie: admin.cookie })).status).toBe(404);
    });

    it("refuses a user with activities, challenges or events with the counts and the advice to deactivate", async () => {
      const u = await createUser();
      const now = Math.floor(Date.now() / 1000);
      await env.DB.prepare(
        "INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local, private, visibility) VALUES (?, ?, 'Ride', 'Ride', 'Ride', 10000, 1800, 1800, 10, ?, ?, 0, 'everyone')",
      )
        .bind(u.id, 90_000_000 + u.id, now, new Date(now * 1000).toISOString().slice(0, 19))
        .run();
      const res = await call(`/api/admin/users/${u.id}`, { method: "DELETE", cookie: admin.cookie });
      expect(res.status).toBe(409);
      const body = await json<{
        message: string;
        summary: { activities: number; challenges: number; events: number };
      }>(res);
      expect(body.message).toMatch(/Deactivate the account instead/);
      expect(body.summary).toEqual({ activities: 1, challenges: 0, events: 0 });
      expect((await call(`/api/admin/users/${u.id}`, { cookie: admin.cookie })).status).toBe(200);

      const acts = await json<{ activities: { name: string; distance: number }[]; total: number }>(
        await call(`/api/admin/users/${u.id}/activities?limit=5`, { cookie: admin.cookie }),
      );
      expect(acts.total).toBe(1);
      expect(acts.activities[0]).toMatchObject({ name: "Ride", distance: 10000 });
      expect(await json(await call(`/api/admin/users/${u.id}/challenges`, { cookie: admin.cookie }))).toEqual(
        [],
      );
      expect(await json(await call(`/api/admin/users/${u.id}/events`, { cookie: admin.cookie }))).toEqual([]);
    });
  });

  describe("part 2 §7's 'apparently unused' aliases", () => {
    it("POST …/activate, …/deactivate and …/sync answer 401 to guests and 403 'Admin access required' to members", async () => {
      for (const path of ["activate", "deactivate", "sync"]) {
        const url = `/api/admin/users/${member.id}/${path}`;
        expect((await call(url, { method: "POST" })).status, url).toBe(401);
        const res = await call(url, { method: "POST", cookie: member.cookie });
        expect(res.status, url).toBe(403);
        expect((await json(res)).message).toBe("Admin access required");
      }
      const row = await env.DB.prepare("SELECT is_active FROM users WHERE id = ?")
        .bind(member.id)
        .first<{ is_active: number }>();
      expect(row?.is_active).toBe(1);
    });

    it("deactivate and activate set the active flag like PATCH …/active-status, with its rules", async () => {
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      const off = await call(`/api/admin/users/${u.id}/deactivate`, { method: "POST", cookie: admin.cookie });
      expect(off.status).toBe(200);
      expect((await json<{ user: UserJson }>(off)).user.isActive).toBe(false);
      expect((await call("/api/user", { cookie })).status).toBe(401);
      const on = await call(`/api/admin/users/${u.id}/activate`, { method: "POST", cookie: admin.cookie });
      expect((await json<{ user: UserJson }>(on)).user.isActive).toBe(true);
      expect(
        (await call("/api/login", { body: { username: u.username, password: u.password } })).status,
      ).toBe(200);

      const self = await call(`/api/admin/users/${admin.id}/deactivate`, {
        method: "POST",
        cookie: admin.cookie,
      });
      expect(self.status).toBe(400);
      expect((await json(self)).message).toBe("You cannot deactivate your own account");
      expect(
        (await call("/api/admin/users/999999999/activate", { method: "POST", cookie: admin.cookie })).status,
      ).toBe(404);
    });

    it("…/sync answers exactly what POST …/strava-sync answers", async () => {
      const u = await createUser();
      const viaAlias = await call(`/api/admin/users/${u.id}/sync`, { method: "POST", cookie: admin.cookie });
      const viaSpec = await call(`/api/admin/users/${u.id}/strava-sync`, {
        method: "POST",
        cookie: admin.cookie,
      });
      expect(viaAlias.status).toBe(viaSpec.status);
      expect(viaAlias.status).toBe(400);
      expect(await json(viaAlias)).toEqual(await json(viaSpec));
    });
  });

  describe("admin user objects", () => {
    it("carry stravaTokenExpiry (part 2 §3): the token's expiry for a connected member, null otherwise", async () => {
      const tag = unique("tok").toLowerCase();
      const connected = await createUser({ username: `${tag}c` });
      const plain = await createUser({ username: `${tag}p` });
      const expiry = 1_900_000_000;
      await env.DB.prepare(
        "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'y', ?)",
      )
        .bind(connected.id, 880_000_000 + connected.id, expiry)
        .run();
      const one = await json<UserJson & { stravaTokenExpiry: string | null }>(
        await call(`/api/admin/users/${connected.id}`, { cookie: admin.cookie }),
      );
      expect(one.stravaTokenExpiry).toBe(new Date(expiry * 1000).toISOString());
      const none = await json<{ stravaTokenExpiry: string | null }>(
        await call(`/api/admin/users/${plain.id}`, { cookie: admin.cookie }),
      );
      expect(none.stravaTokenExpiry).toBeNull();
      const list = await json<(UserJson & { stravaTokenExpiry: string | null })[]>(
        await call(`/api/admin/users?search=${tag}`, { cookie: admin.cookie }),
      );
      expect(Object.fromEntries(list.map((u) => [u.username, u.stravaTokenExpiry]))).toEqual({
        [`${tag}c`]: new Date(expiry * 1000).toISOString(),
        [`${tag}p`]: null,
      });
    });
  });

  describe("admin sync toasts (part 2 §8)", () => {
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return body;
    };
    const nextPage = async (res: Response, path: string) => {
      expect(res.status).toBe(302);
      const toast = res.headers.get("Set-Cookie")!.split(";")[0];
      return (await call(path, { cookie: `${admin.cookie}; ${toast}` })).text();
    };

    it("the Strava Sync tab says 'Sync Error' / 'Failed to sync Strava activities: {message}'", async () => {
      const u = await createUser();
      const res = await call("/admin?index&tab=sync", {
        cookie: admin.cookie,
        headers: { Host: "localhost:8787" },
        body: form({ intent: "sync-user", userId: String(u.id) }),
      });
      const html = await nextPage(res, "/admin?tab=sync");
      expect(html).toContain("Sync Error");
      expect(html).toContain("Failed to sync Strava activities: Strava is not connected for this user");
    });

    it("an unknown intent is a 400 'Unknown action', a missing record id a 404 'Not found'", async () => {
      const post = (fields: Record<string, string>) =>
        call("/admin?index&tab=users", {
          cookie: admin.cookie,
          headers: { Host: "localhost:8787" },
          body: form(fields),
        });
      expect((await post({ intent: "bogus", _fetcher: "1" })).status).toBe(400);
      expect((await post({ intent: "user-flag", flag: "isRoot", userId: "1", _fetcher: "1" })).status).toBe(
        400,
      );
      expect((await post({ intent: "delete-user", userId: "abc", _fetcher: "1" })).status).toBe(404);
      expect((await post({ intent: "event-active", value: "true", _fetcher: "1" })).status).toBe(404);
      const unknown = await nextPage(await post({ intent: "bogus" }), "/admin?tab=users");
      expect(unknown).toContain("Unknown action");
      const missing = await nextPage(await post({ intent: "delete-user", userId: "0" }), "/admin?tab=users");
      expect(missing).toContain("Failed to Delete User");
      expect(missing).toContain("Not found");
    });

    it("the per-user panel says 'Error syncing Strava activities: {message}'", async () => {
      const u = await createUser();
      const res = await call(`/admin/users/${u.id}`, {
        cookie: admin.cookie,
        headers: { Host: "localhost:8787" },
        body: form({ intent: "sync-user" }),
      });
      const html = await nextPage(res, `/admin/users/${u.id}`);
      expect(html).toContain("Error syncing Strava activities: Strava is not connected for this user");
    });
  });
});

describe("feedback", () => {
  /** Members get FeedbackView; admins also get the member. */
  type Feedback = FeedbackView & { user?: AdminFeedbackView["user"] };

  const PNG = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2, 3, 4,
  ]);

  function form(
    fields: Record<string, string>,
    file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string },
  ) {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    if (file) body.set("screenshot", new File([file.bytes], file.name, { type: file.type }));
    return body;
  }

  const valid = (subject = `Subject ${unique("s")}`) => ({
    feedbackType: "bug",
    subject,
    message: "The timeline does not load on my phone.",
  });

  let admin: { cookie: string; id: number };
  let member: { cookie: string; id: number; username: string; email: string };
  let other: { cookie: string; id: number };

  beforeAll(async () => {
    const a = await createUser({ isAdmin: true });
    admin = { id: a.id, cookie: await login(a.username, a.password) };
    const m = await createUser();
    member = { id: m.id, username: m.username, email: m.email, cookie: await login(m.username, m.password) };
    const o = await createUser();
    other = { id: o.id, cookie: await login(o.username, o.password) };
  });

  describe("POST /api/feedback", () => {
    it("stores the feedback as pending, with its screenshot in R2, readable by the author and admins only", async () => {
      const res = await call("/api/feedback", {
        body: form(valid("Chart stays empty"), { bytes: PNG, name: "shot.png", type: "image/png" }),
        cookie: member.cookie,
      });
      expect(res.status).toBe(201);
      const { feedback } = await json<{ feedback: Feedback }>(res);
      expect(feedback).toMatchObject({
        feedbackType: "bug",
        subject: "Chart stays empty",
        status: "pending",
        adminResponse: null,
      });
      expect(feedback.screenshotUrl).toBe(`/api/feedback/${feedback.id}/screenshot`);

      const row = await env.DB.prepare("SELECT user_id, screenshot_key FROM feedback WHERE id = ?")
        .bind(feedback.id)
        .first<{ user_id: number; screenshot_key: string }>();
      expect(row?.user_id).toBe(member.id);
      const object = await env.UPLOADS.get(row!.screenshot_key);
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);

      for (const cookie of [member.cookie, admin.cookie]) {
        const shot = await call(feedback.screenshotUrl!, { cookie });
        expect(shot.status).toBe(200);
        expect(shot.headers.get("Content-Type")).toBe("image/png");
        expect(shot.headers.get("X-Content-Type-Options")).toBe("nosniff");
        expect(new Uint8Array(await shot.arrayBuffer())).toEqual(PNG);
      }
      expect((await call(feedback.screenshotUrl!, { cookie: other.cookie })).status).toBe(404);
      expect((await call(feedback.screenshotUrl!)).status).toBe(401);
    });

    it("takes JSON without a screenshot too", async () => {
      const res = await call("/api/feedback", {
        body: { ...valid(), feedbackType: "praise" },
        cookie: member.cookie,
      });
      expect(res.status).toBe(201);
      expect((await json<{ feedback: Feedback }>(res)).feedback).toMatchObject({
        feedbackType: "praise",
        screenshotUrl: null,
      });
    });

    it.each([
      [{ feedbackType: "" }, "Please select a feedback type"],
      [{ feedbackType: "complaint" }, "Please select a feedback type"],
      [{ subject: "" }, "Subject is required"],
      [{ subject: "Hey" }, "Subject must be at least 5 characters"],
      [{ subject: "x".repeat(101) }, "Subject cannot exceed 100 characters"],
      [{ message: "" }, "Message is required"],
      [{ message: "Too short" }, "Message must be at least 10 characters"],
      [{ message: "x".repeat(1001) }, "Message cannot exceed 1000 characters"],
    ])("answers %o with 400 and the spec's message, storing nothing", async (change, message) => {
      const before = await env.DB.prepare("SELECT count(*) AS n FROM feedback").first<{ n: number }>();
      const res = await call("/api/feedback", {
        body: form({ ...valid(), ...change }),
        cookie: member.cookie,
      });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe(message);
      const after = await env.DB.prepare("SELECT count(*) AS n FROM feedback").first<{ n: number }>();
      expect(after?.n).toBe(before?.n);
    });

    it("refuses a screenshot that is not an image, whatever it claims, and one over 5 MB", async () => {
      const fake = await call("/api/feedback", {
        body: form(valid(), {
          bytes: new TextEncoder().encode("<svg onload=alert(1)>"),
          name: "x.png",
          type: "image/png",
        }),
        cookie: member.cookie,
      });
      expect(fake.status).toBe(400);
      expect((await json(fake)).message).toBe("Screenshot must be an image file (PNG, JPEG, GIF or WebP)");

      const big = new Uint8Array(5 * 1024 * 1024 + 1);
      big.set(PNG);
      const tooBig = await call("/api/feedback", {
        body: form(valid(), { bytes: big, name: "big.png", type: "image/png" }),
        cookie: member.cookie,
      });
      expect(tooBig.status).toBe(400);
      expect((await json(tooBig)).message).toBe("Screenshot must be 5 MB or smaller");
      const listed = await env.UPLOADS.list({ prefix: `feedback/${member.id}/` });
      expect(listed.objects.every((o) => o.size < 1024)).toBe(true);
    });

    it("needs a signed-in, verified member", async () => {
      expect((await call("/api/feedback", { body: form(valid()) })).status).toBe(401);
      const u = await createUser({ isVerified: false });
      const res = await call("/api/feedback", {
        body: form(valid()),
        cookie: await login(u.username, u.password),
      });
      expect(res.status).toBe(403);
    });

    it("limits a member to 10 submissions an hour (429 with Retry-After)", async () => {
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      for (let i = 0; i < 10; i++)
        expect((await call("/api/feedback", { body: valid(), cookie })).status).toBe(201);
      const res = await call("/api/feedback", { body: valid(), cookie });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    });
  });

  describe("a member's own feedback", () => {
    it("lists only their own, newest first, and opens only their own", async () => {
      const first = (
        await json<{ feedback: Feedback }>(
          await call("/api/feedback", { body: valid("Older one here"), cookie: other.cookie }),
        )
      ).feedback;
      const second = (
        await json<{ feedback: Feedback }>(
          await call("/api/feedback", { body: valid("Newer one here"), cookie: other.cookie }),
        )
      ).feedback;
      const list = await json<{ feedback: Feedback[] }>(
        await call("/api/feedback/user", { cookie: other.cookie }),
      );
      expect(list.feedback.map((f) => f.id)).toEqual([second.id, first.id]);
      expect(list.feedback[0]).not.toHaveProperty("user");

      expect(await json(await call(`/api/feedback/${first.id}`, { cookie: other.cookie }))).toMatchObject({
        id: first.id,
        subject: "Older one here",
      });
      const foreign = await call(`/api/feedback/${first.id}`, { cookie: member.cookie });
      expect(foreign.status).toBe(404);
      expect((await json(foreign)).message).toBe("Feedback not found. It may have been deleted.");
      expect((await call("/api/feedback/999999999", { cookie: other.cookie })).status).toBe(404);
      expect((await call("/api/feedback/abc", { cookie: other.cookie })).status).toBe(404);
      expect((await call("/api/feedback/user")).status).toBe(401);
    });
  });

  describe("admin feedback calls", () => {
    it("answer 401 to guests and 403 to members", async () => {
      for (const [method, path] of [
        ["GET", "/api/admin/feedback"],
        ["GET", "/api/admin/feedback/1"],
        ["PATCH", "/api/admin/feedback/1"],
      ]) {
        const body = method === "PATCH" ? { status: "resolved", adminResponse: "x" } : undefined;
        expect((await call(path, { method, body })).status).toBe(401);
        const res = await call(path, { method, body, cookie: member.cookie });
        expect(res.status).toBe(403);
        expect((await json(res)).message).toBe("Admin access required");
      }
    });

    it("list with filters, search and pages of 10, with the member attached", async () => {
      const tag = unique("needle");
      const author = await createUser();
      const cookie = await login(author.username, author.password);
      for (let i = 0; i < 12; i++) {
        const res = await call("/api/feedback", {
          body: {
            feedbackType: i % 2 ? "feature" : "bug",
            subject: `${tag} number ${i}`,
            message: "Please add cadence to the list.",
          },
          cookie: i < 9 ? cookie : member.cookie,
        });
        expect(res.status).toBe(201);
      }
      const page1 = await json<{ feedback: Feedback[]; total: number; page: number; totalPages: number }>(
        await call(`/api/admin/feedback?search=${tag}`, { cookie: admin.cookie }),
      );
      expect(page1).toMatchObject({ total: 12, page: 1, totalPages: 2 });
      expect(page1.feedback).toHaveLength(10);
      expect(page1.feedback[0].subject).toBe(`${tag} number 11`);
      expect(page1.feedback[0].user).toMatchObject({
        id: member.id,
        username: member.username,
        email: member.email,
      });
      const page2 = await json<{ feedback: Feedback[] }>(
        await call(`/api/admin/feedback?search=${tag}&page=2&limit=10`, { cookie: admin.cookie }),
      );
      expect(page2.feedback.map((f) => f.subject)).toEqual([`${tag} number 1`, `${tag} number 0`]);

      const features = await json<{ total: number; feedback: Feedback[] }>(
        await call(`/api/admin/feedback?search=${tag}&feedbackType=feature&status=all`, {
          cookie: admin.cookie,
        }),
      );
      expect(features.total).toBe(6);
      expect(features.feedback.every((f) => f.feedbackType === "feature")).toBe(true);
      const resolved = await json<{ total: number }>(
        await call(`/api/admin/feedback?search=${tag}&status=resolved`, { cookie: admin.cookie }),
      );
      expect(resolved.total).toBe(0);
      // LIKE wildcards typed by the admin match literally.
      expect(
        (
          await json<{ total: number }>(
            await call(`/api/admin/feedback?search=${tag}%25`, { cookie: admin.cookie }),
          )
        ).total,
      ).toBe(0);
      // The message is searched as well as the subject.
      expect(
        (
          await json<{ total: number }>(
            await call(`/api/admin/feedback?search=${encodeURIComponent("add cadence")}&feedbackType=bug`, {
              cookie: admin.cookie,
            }),
          )
        ).total,
      ).toBeGreaterThanOrEqual(6);
    });

    it("answer bad filters with 400", async () => {
      for (const q of ["status=open", "feedbackType=complaint", "page=0", "limit=1000", "page=x"]) {
        const res = await call(`/api/admin/feedback?${q}`, { cookie: admin.cookie });
        expect(res.status, q).toBe(400);
        expect((await json(res)).message).toBeTruthy();
      }
    });

    it("read one with its member, set any status with a response, and the member sees it", async () => {
      const created = (
        await json<{ feedback: Feedback }>(
          await call("/api/feedback", { body: valid("Needs an answer"), cookie: member.cookie }),
        )
      ).feedback;
      const one = await json<Feedback>(
        await call(`/api/admin/feedback/${created.id}`, { cookie: admin.cookie }),
      );
      expect(one.user).toMatchObject({ id: member.id, username: member.username });

      for (const status of ["in_progress", "resolved", "closed", "pending"]) {
        const res = await call(`/api/admin/feedback/${created.id}`, {
          method: "PATCH",
          body: { status, adminResponse: `Answer while ${status}` },
          cookie: admin.cookie,
        });
        expect(res.status).toBe(200);
        expect((await json<{ feedback: Feedback }>(res)).feedback).toMatchObject({
          id: created.id,
          status,
          adminResponse: `Answer while ${status}`,
        });
      }
      // The member is told by e-mail, with a link to the feedback.
      const link = await linkFromLatestEmail(member.email, "Re: Needs an answer");
      expect(link.pathname).toBe(`/feedback/history/${created.id}`);
      const seen = await json<Feedback>(await call(`/api/feedback/${created.id}`, { cookie: member.cookie }));
      expect(seen).toMatchObject({ status: "pending", adminResponse: "Answer while pending" });

      const bad = await call(`/api/admin/feedback/${created.id}`, {
        method: "PATCH",
        body: { status: "done", adminResponse: "x" },
        cookie: admin.cookie,
      });
      expect(bad.status).toBe(400);
      expect((await json(bad)).message).toBe("Status must be one of pending, in_progress, resolved, closed");
      const long = await call(`/api/admin/feedback/${created.id}`, {
        method: "PATCH",
        body: { status: "closed", adminResponse: "x".repeat(5001) },
        cookie: admin.cookie,
      });
      expect(long.status).toBe(400);
      expect(
        (
          await call("/api/admin/feedback/999999999", {
            method: "PATCH",
            body: { status: "closed" },
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);
      expect((await call("/api/admin/feedback/999999999", { cookie: admin.cookie })).status).toBe(404);
    });

    it("show 'Unknown user' data (user null) once the member is gone", async () => {
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      const created = (
        await json<{ feedback: Feedback }>(
          await call("/api/feedback", { body: valid("Orphaned feedback"), cookie }),
        )
      ).feedback;
      await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(u.id).run();
      expect(
        (await json<Feedback>(await call(`/api/admin/feedback/${created.id}`, { cookie: admin.cookie })))
          .user,
      ).toBeNull();
    });
  });

  describe("admin list paging past the end", () => {
    it("still reports the total", async () => {
      const all = await json<{ total: number }>(await call("/api/admin/feedback", { cookie: admin.cookie }));
      const far = await json<{ total: number; feedback: unknown[]; page: number }>(
        await call("/api/admin/feedback?page=9999", { cookie: admin.cookie }),
      );
      expect(far).toMatchObject({ total: all.total, page: 9999, feedback: [] });
    });
  });

  describe("/feedback/history/{id} page", () => {
    it("answers 404 with the not-found text for an unknown id, a malformed id and another member's feedback", async () => {
      const theirs = (
        await json<{ feedback: Feedback }>(
          await call("/api/feedback", { body: valid(), cookie: other.cookie }),
        )
      ).feedback;
      for (const id of ["999999999", "abc", String(theirs.id)]) {
        const res = await call(`/feedback/history/${id}`, { cookie: member.cookie });
        expect(res.status, id).toBe(404);
        expect(await res.text()).toContain("Feedback not found. It may have been deleted.");
      }
    });
  });
});
