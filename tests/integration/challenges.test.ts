import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "~workers/app";
import { createAppContext } from "~workers/load-context";
import type { AppContext } from "~workers/load-context";
import { deleteActivities, saveActivities } from "~/modules/activities/store.server";
import { toActivityRow, type StravaActivityJson } from "~/modules/strava/activity-mapper";
import { call, createUser, json, login, mailbox } from "./helpers";
import { queueLeadChanges } from "~/modules/club/leads.server";
import {
  queueChallengeCompletions,
  queuePlanWeeks,
  queueReminders,
  unsubscribeToken,
} from "~/modules/notifications/notifications.server";
import { formatDateTime } from "~/lib/format";
import { decryptPush, makeDeviceKeys, type DeviceKeys } from "../push-crypto";

/** Stores Strava JSON the way the sync does: mapped to rows, handed to the activities module. */
const saveStrava = (app: AppContext, userId: number, page: StravaActivityJson[]) =>
  saveActivities(
    app,
    userId,
    page.map((a) => toActivityRow(userId, a)),
  );
const deleteActivity = (app: AppContext, userId: number, stravaId: number) =>
  deleteActivities(app, userId, [stravaId]);

const DAY = 86400;
const now = Math.floor(Date.now() / 1000);

async function connectStrava(userId: number, athleteId: number) {
  await env.DB.prepare("UPDATE users SET strava_id = ? WHERE id = ?").bind(athleteId, userId).run();
  await env.DB.prepare(
    "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'x', ?)",
  )
    .bind(userId, athleteId, now + 3600)
    .run();
}

async function insertChallenge(
  opts: {
    sport?: string;
    target?: number | null;
    active?: boolean;
    start?: number;
    end?: number;
    title?: string;
    sources?: string;
  } = {},
) {
  const row = await env.DB.prepare(
    "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date, is_active, sources) VALUES (?, 'A test challenge', ?, ?, ?, ?, ?, ?) RETURNING id",
  )
    .bind(
      opts.title ?? "Test",
      opts.target === undefined ? 100000 : opts.target,
      opts.sport ?? "Ride",
      opts.start ?? now - 10 * DAY,
      opts.end ?? now + 20 * DAY,
      opts.active === false ? 0 : 1,
      opts.sources ?? "strava,file,archive",
    )
    .first<{ id: number }>();
  return row!.id;
}

let stravaSeq = 5_000_000;
const activity = (
  sport: string,
  km: number,
  daysAgo: number,
  type = sport,
  visibility: "everyone" | "followers_only" | "only_me" = "everyone",
) => ({
  id: stravaSeq++,
  private: visibility === "only_me",
  visibility,
  name: `${sport} ${km}`,
  type,
  sport_type: sport,
  distance: km * 1000,
  moving_time: 3600,
  total_elevation_gain: 100,
  start_date: new Date((now - daysAgo * DAY) * 1000).toISOString(),
});

let admin: { cookie: string; id: number };
let member: { cookie: string; id: number; username: string };
let outsider: { cookie: string; id: number };

beforeAll(async () => {
  const a = await createUser({ isAdmin: true });
  admin = { id: a.id, cookie: await login(a.username, a.password) };
  const m = await createUser({ username: `Rider${Date.now()}` });
  await connectStrava(m.id, 600001);
  member = { id: m.id, username: m.username, cookie: await login(m.username, m.password) };
  const o = await createUser();
  outsider = { id: o.id, cookie: await login(o.username, o.password) };
});

describe("joining", () => {
  it("needs Strava only where only Strava counts (403 strava_required), an active challenge, and only once (409)", async () => {
    const id = await insertChallenge();
    const stravaOnly = await insertChallenge({ sources: "strava" });
    const noStrava = await call(`/api/challenges/${stravaOnly}/join`, {
      method: "POST",
      cookie: outsider.cookie,
    });
    expect(noStrava.status).toBe(403);
    expect((await json(noStrava)).code).toBe("strava_required");
    // Issue #39 item 3: where uploads (or manual entries) count, a member without Strava joins.
    for (const open of [id, await insertChallenge({ sources: "manual" })]) {
      const joinedWithout = await call(`/api/challenges/${open}/join`, {
        method: "POST",
        cookie: outsider.cookie,
      });
      expect(joinedWithout.status).toBe(201);
    }
    expect(
      (await call(`/api/challenges/${stravaOnly}/join`, { method: "POST", cookie: member.cookie })).status,
    ).toBe(201);

    const joined = await call(`/api/challenges/${id}/join`, { method: "POST", cookie: member.cookie });
    expect(joined.status).toBe(201);
    const twice = await call(`/api/challenges/${id}/join`, { method: "POST", cookie: member.cookie });
    expect(twice.status).toBe(409);

    const inactive = await insertChallenge({ active: false });
    expect(
      (await call(`/api/challenges/${inactive}/join`, { method: "POST", cookie: member.cookie })).status,
    ).toBe(400);
    expect(
      (await call("/api/challenges/999999/join", { method: "POST", cookie: member.cookie })).status,
    ).toBe(404);
    expect((await call(`/api/challenges/${id}/join`, { method: "POST" })).status).toBe(401);

    const mine = await json<{ challengeId: number; progress: number }[]>(
      await call("/api/challenges/participations", { cookie: member.cookie }),
    );
    expect(mine.map((p) => p.challengeId)).toContain(id);
  });
});

describe("progress", () => {
  it("sums matching activities in the window (Ride includes VirtualRide) and follows upserts and deletes", async () => {
    const id = await insertChallenge({ sport: "Ride", target: 100000 });
    await call(`/api/challenges/${id}/join`, { method: "POST", cookie: member.cookie });
    const app = createAppContext(env);
    const ride = activity("Ride", 30, 2);
    const gravel = activity("GravelRide", 10, 3, "Ride");
    await saveStrava(app, member.id, [
      ride,
      gravel,
      activity("VirtualRide", 20, 1),
      activity("Run", 12, 1),
      activity("Ride", 50, 40),
    ]);
    const progress = async () =>
      (
        await json<{ progress: number; percent: number }[]>(
          await call("/api/challenges/participations", { cookie: member.cookie }),
        )
      ).find((p) => (p as unknown as { challengeId: number }).challengeId === id)!;
    expect(await progress()).toMatchObject({ progress: 60000, percent: 60 });
    await deleteActivity(app, member.id, ride.id);
    expect((await progress()).progress).toBe(30000);
    // Over target: percent clamps to 100 (80 km in the hour: the fastest plausible ride, decision 032).
    await saveStrava(app, member.id, [activity("Ride", 80, 1)]);
    expect((await progress()).percent).toBe(100);
  });

  it("AllSports counts everything; no target means 0 percent", async () => {
    const id = await insertChallenge({ sport: "AllSports", target: null });
    await call(`/api/challenges/${id}/join`, { method: "POST", cookie: member.cookie });
    const rows = await json<{ userId: number; progress: number; percent: number }[]>(
      await call(`/api/challenges/${id}/participations`, { cookie: member.cookie }),
    );
    const mine = rows.find((r) => r.userId === member.id)!;
    const expected = await env.DB.prepare(
      "SELECT SUM(distance) s FROM activities WHERE user_id = ? AND start_date BETWEEN ? AND ?",
    )
      .bind(member.id, now - 10 * DAY, now + 20 * DAY)
      .first<{ s: number }>();
    expect(mine.progress).toBe(expected!.s);
    expect(mine.percent).toBe(0);
  });
});

describe("participants and leaderboard", () => {
  it("searches case-insensitively, filters by gender, sorts, and shows at most 3 activities to participants", async () => {
    const id = await insertChallenge({ sport: "Run", target: 50000 });
    const app = createAppContext(env);
    const names = ["alice", "Bob", "carol"];
    for (const [i, name] of names.entries()) {
      const u = await createUser({ username: `${name}${Date.now()}` });
      await env.DB.prepare("UPDATE users SET gender = ? WHERE id = ?")
        .bind(i === 1 ? "male" : "female", u.id)
        .run();
      await connectStrava(u.id, 610000 + i + Math.floor(Math.random() * 1000) * 10);
      // They share their matching activities with the other participants (docs/decisions/020).
      await call(`/api/challenges/${id}/join`, {
        method: "POST",
        cookie: await login(u.username, u.password),
        body: { shareActivities: true },
      });
      await saveStrava(
        app,
        u.id,
        Array.from({ length: 4 + i }, (_, k) => activity("Run", 5 + i, k + 1)),
      );
    }
    await call(`/api/challenges/${id}/join`, { method: "POST", cookie: member.cookie });
    type P = {
      user: { username: string; gender: string };
      rank: number;
      activities: unknown[];
      activityCount: number | null;
      progress: number;
    };
    const all = await json<P[]>(
      await call(`/api/challenges/${id}/participations`, { cookie: member.cookie }),
    );
    expect(all).toHaveLength(4);
    expect(all[0].user.username).toMatch(/^carol/); // 6 runs of 7 km
    expect(all[0].rank).toBe(1);
    expect(all[0].activities).toHaveLength(3);
    expect(all[0].activityCount).toBe(6);
    const search = await json<P[]>(
      await call(`/api/challenges/${id}/participations?q=BO`, { cookie: member.cookie }),
    );
    expect(search.map((p) => p.user.username)).toEqual([expect.stringMatching(/^Bob/)]);
    const women = await json<P[]>(
      await call(`/api/challenges/${id}/participations?gender=female`, { cookie: member.cookie }),
    );
    expect(women.every((p) => p.user.gender === "female")).toBe(true);
    const byName = await json<P[]>(
      await call(`/api/challenges/${id}/participations?sort=name`, { cookie: member.cookie }),
    );
    expect(byName.map((p) => p.user.username.toLowerCase())).toEqual(
      [...byName.map((p) => p.user.username.toLowerCase())].sort(),
    );
    expect(
      (await call(`/api/challenges/${id}/participations?sort=bogus`, { cookie: member.cookie })).status,
    ).toBe(400);
    const paged = await call(`/api/challenges/${id}/participations?limit=2&page=2`, {
      cookie: member.cookie,
    });
    expect(paged.headers.get("X-Total-Count")).toBe("4");
    expect((await json<P[]>(paged)).map((p) => p.rank)).toEqual([3, 4]);
    // The total rides on the page's rows (count(*) OVER ()): past the last page it is still counted, and it
    // counts the filtered participants only.
    const pastEnd = await call(`/api/challenges/${id}/participations?limit=2&page=3`, {
      cookie: member.cookie,
    });
    expect(pastEnd.headers.get("X-Total-Count")).toBe("4");
    expect(await json<P[]>(pastEnd)).toEqual([]);
    const searched = await call(`/api/challenges/${id}/participations?q=BO&limit=2`, {
      cookie: member.cookie,
    });
    expect(searched.headers.get("X-Total-Count")).toBe("1");
    expect(
      (await call(`/api/challenges/${id}/participations?limit=500`, { cookie: member.cookie })).status,
    ).toBe(400);

    // A non-participant sees the standings but not others' activities.
    const outside = await json<P[]>(
      await call(`/api/challenges/${id}/participations`, { cookie: outsider.cookie }),
    );
    expect(outside[0].activities).toEqual([]);
    expect(outside[0].activityCount).toBeNull();
    expect((await call(`/api/challenges/${id}/activities`, { cookie: outsider.cookie })).status).toBe(403);
    expect((await call(`/api/challenges/${id}/activities`, { cookie: member.cookie })).status).toBe(200);

    const board = await json<{ entries: { rank: number; progress: number }[] }>(
      await call(`/api/challenges/${id}/leaderboard`, { cookie: member.cookie }),
    );
    expect(board.entries.map((e) => e.progress)).toEqual(
      [...board.entries.map((e) => e.progress)].sort((a, b) => b - a),
    );
    expect((await call("/api/challenges/424242", { cookie: member.cookie })).status).toBe(404);
    expect(await json(await call("/api/challenges/424242", { cookie: member.cookie }))).toEqual({
      message: "Challenge not found",
    });
  });
});

describe("admin calls", () => {
  const valid = {
    title: "Winter 300",
    description: "Ride 300 km",
    // An hour ago: the rides below start at the file's \`now\` (whole seconds, taken before this),
    // which a start of "this instant" could put a second outside the window.
    startDate: new Date(Date.now() - 3600_000).toISOString(),
    endDate: new Date(Date.now() + 7 * DAY * 1000).toISOString(),
    sportType: "Ride",
    targetDistance: 300000,
    targetTime: null,
    isActive: true,
  };

  it("guard every admin call: guest 401, member 403", async () => {
    const id = await insertChallenge();
    const calls: [string, string, unknown?][] = [
      ["/api/challenges", "POST", valid],
      [`/api/challenges/${id}`, "PUT", valid],
      [`/api/challenges/${id}`, "DELETE"],
      [`/api/admin/challenges/${id}`, "PATCH", { isActive: false }],
      [`/api/admin/challenges/${id}/users/${member.id}/progress`, "POST", { progress: 5 }],
      [`/api/admin/challenges/${id}/recalculate-progress`, "POST"],
    ];
    for (const [path, method, body] of calls) {
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      const denied = await call(path, { method, body, cookie: member.cookie });
      expect(denied.status, `${method} ${path}`).toBe(403);
      expect((await json(denied)).message).toBe("Admin access required");
    }
  });

  it("validates with the spec's messages", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "" }, "Title is required"],
      [{ description: "" }, "Description is required"],
      [{ startDate: "" }, "Start date is required"],
      [{ endDate: undefined }, "End date is required"],
      [{ sportType: "" }, "Sport type is required"],
      [{ endDate: new Date(Date.now() - DAY * 1000).toISOString() }, "End date must be after start date"],
      [{ targetDistance: 2_000_000_001 }, "Target distance must be between 0 and 2000000000 metres"],
    ];
    for (const [override, message] of cases) {
      const res = await call("/api/challenges", {
        method: "POST",
        body: { ...valid, ...override },
        cookie: admin.cookie,
      });
      expect(res.status, message).toBe(400);
      const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
      expect(body.message).toBe(message);
    }
    const endErr = await json<{ errors: Record<string, string[]> }>(
      await call("/api/challenges", {
        method: "POST",
        body: { ...valid, endDate: valid.startDate },
        cookie: admin.cookie,
      }),
    );
    expect(endErr.errors.endDate).toEqual(["End date must be after start date"]);
  });

  it("creates, edits, toggles, corrects with an audit record, recalculates in one statement, and deletes", async () => {
    const created = await json<{ id: number; targetDistance: number }>(
      await call("/api/challenges", { method: "POST", body: valid, cookie: admin.cookie }),
    );
    expect(created.targetDistance).toBe(300000);
    const edited = await call(`/api/challenges/${created.id}`, {
      method: "PUT",
      body: { ...valid, title: "Winter 400", targetDistance: 400000 },
      cookie: admin.cookie,
    });
    expect(await json(edited)).toMatchObject({ title: "Winter 400", targetDistance: 400000 });
    expect(
      await json(
        await call(`/api/admin/challenges/${created.id}`, {
          method: "PATCH",
          body: { isActive: false },
          cookie: admin.cookie,
        }),
      ),
    ).toMatchObject({ isActive: false });
    expect(
      (
        await call(`/api/admin/challenges/${created.id}`, {
          method: "PATCH",
          body: { isActive: "yes" },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400);
    await call(`/api/admin/challenges/${created.id}`, {
      method: "PATCH",
      body: { isActive: true },
      cookie: admin.cookie,
    });
    await call(`/api/challenges/${created.id}/join`, { method: "POST", cookie: member.cookie });

    const corrected = await call(`/api/admin/challenges/${created.id}/users/${member.id}/progress`, {
      method: "POST",
      body: { progress: 12.5 },
      cookie: admin.cookie,
    });
    expect(corrected.status).toBe(200);
    expect((await json<{ participation: { progress: number } }>(corrected)).participation.progress).toBe(
      12500,
    );
    const audit = await env.DB.prepare(
      "SELECT admin_id, new_progress FROM challenge_progress_audit WHERE challenge_id = ?",
    )
      .bind(created.id)
      .first();
    expect(audit).toMatchObject({ admin_id: admin.id, new_progress: 12500 });
    expect(
      (
        await call(`/api/admin/challenges/${created.id}/users/${member.id}/progress`, {
          method: "POST",
          body: { progress: -1 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/admin/challenges/${created.id}/users/${outsider.id}/progress`, {
          method: "POST",
          body: { progress: 1 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);

    // A sync refresh keeps the correction; a recalculation replaces it with the activity sum.
    const app = createAppContext(env);
    await saveStrava(app, member.id, [activity("Ride", 7, 0)]);
    const participation = () =>
      env.DB.prepare("SELECT progress FROM challenge_participations WHERE challenge_id = ? AND user_id = ?")
        .bind(created.id, member.id)
        .first<{ progress: number }>();
    expect((await participation())!.progress).toBe(12500);
    const recalculated = await json<{
      message: string;
      updated: number;
      results: { userId: number; progress: number }[];
    }>(
      await call(`/api/admin/challenges/${created.id}/recalculate-progress`, {
        method: "POST",
        cookie: admin.cookie,
      }),
    );
    expect(recalculated.updated).toBe(1);
    expect(recalculated.message).toMatch(/Progress recalculated/);
    const sum = await env.DB.prepare(
      "SELECT SUM(distance) s FROM activities WHERE user_id = ? AND type IN ('Ride', 'VirtualRide') AND start_date BETWEEN ? AND ?",
    )
      .bind(
        member.id,
        Math.floor(Date.parse(valid.startDate) / 1000),
        Math.floor(Date.parse(valid.endDate) / 1000),
      )
      .first<{ s: number }>();
    expect(recalculated.results[0].progress).toBe(sum!.s);

    // Malformed ids are a 404, never a 500, for pages and /api alike.
    expect((await call("/api/challenges/abc", { cookie: admin.cookie })).status).toBe(404);
    expect((await call("/admin/challenges/abc", { cookie: admin.cookie })).status).toBe(404);
    expect(
      (
        await call(`/api/admin/challenges/${created.id}/users/xyz/progress`, {
          method: "POST",
          body: { progress: 1 },
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(`/api/challenges/${created.id}`, { method: "DELETE", cookie: admin.cookie })).status,
    ).toBe(200);
    expect((await call(`/api/challenges/${created.id}`, { cookie: admin.cookie })).status).toBe(404);
  });
});

describe("the admin's progress page", () => {
  it("lists 50 participants a page, ranked over everyone, and finds one by name with their overall rank", async () => {
    const id = await insertChallenge({ target: 100000 });
    const tag = `pg${Date.now()}`;
    // 60 participants, rider i with (60 - i) km: rider 0 leads, rider 59 is last.
    await env.DB.prepare(
      `INSERT INTO users (username, email, is_verified, profile_completed)
       WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 59)
       SELECT '${tag}_' || printf('%02d', i), '${tag}' || i || '@example.com', 1, 1 FROM n`,
    ).run();
    await env.DB.prepare(
      `INSERT INTO challenge_participations (challenge_id, user_id, progress)
       SELECT ?, id, (60 - CAST(substr(username, length(?) + 2) AS INTEGER)) * 1000 FROM users WHERE username LIKE ? || '_%'`,
    )
      .bind(id, tag, tag)
      .run();
    const rows = (html: string) =>
      [...html.matchAll(/data-testid="progress-row"[^]*?<td[^>]*>(\d+)<\/td>[^]*?>([^<]+)<\/a>/g)].map(
        (m) => [Number(m[1]), m[2]] as const,
      );

    const first = await call(`/admin/challenges/${id}`, { cookie: admin.cookie });
    expect(first.status).toBe(200);
    const firstHtml = await first.text();
    expect(rows(firstHtml)).toHaveLength(50);
    expect(rows(firstHtml)[0]).toEqual([1, `${tag}_00`]);
    expect(firstHtml).toContain("60 participants · page 1 of 2");
    expect(firstHtml).toMatch(/aria-label="Participant pages"/);

    const second = await (await call(`/admin/challenges/${id}?page=2`, { cookie: admin.cookie })).text();
    expect(rows(second)).toEqual(Array.from({ length: 10 }, (_, k) => [51 + k, `${tag}_${50 + k}`]));

    // Found by name (any case), with the rank among all participants.
    const found = await (
      await call(`/admin/challenges/${id}?q=${tag.toUpperCase()}_42`, { cookie: admin.cookie })
    ).text();
    expect(rows(found)).toEqual([[43, `${tag}_42`]]);
    expect(found).toContain("1 participant · page 1 of 1");

    // Past the end, and bad values: no rows or the first page, never an error.
    const past = await (await call(`/admin/challenges/${id}?page=9`, { cookie: admin.cookie })).text();
    expect(rows(past)).toEqual([]);
    expect(past).toContain("No participants found");
    const bad = await call(`/admin/challenges/${id}?page=abc`, { cookie: admin.cookie });
    expect(bad.status).toBe(200);
    expect(rows(await bad.text())).toHaveLength(50);
  });
});

describe("private activities (docs/decisions/018-activity-privacy.md)", () => {
  it("shows another member only activities Strava shows to everyone, never their Strava ids; the owner sees all and all count", async () => {
    const id = await insertChallenge({ sport: "Ride", target: 100000, title: "Privacy ride" });
    const app = createAppContext(env);
    const athleteId = 880_000_000 + Math.floor(Math.random() * 1_000_000);
    const o = await createUser({ username: `Owner${Date.now()}` });
    await connectStrava(o.id, athleteId);
    // Strava's avatar URLs carry the athlete id; the photo is the owner's alone (decision 029).
    const avatar = `https://dgalywyr863hv.cloudfront.net/pictures/athletes/${athleteId}/4242/2/large.jpg`;
    await env.DB.prepare("UPDATE users SET strava_photo_url = ? WHERE id = ?").bind(avatar, o.id).run();
    const ownerCookie = await login(o.username, o.password);
    const v = await createUser({ username: `Viewer${Date.now()}` });
    await connectStrava(v.id, athleteId + 1);
    const viewerCookie = await login(v.username, v.password);
    // The owner shares their matching activities (docs/decisions/020): only Strava's privacy hides some.
    for (const cookie of [ownerCookie, viewerCookie])
      expect(
        (
          await call(`/api/challenges/${id}/join`, {
            method: "POST",
            cookie,
            body: { shareActivities: true },
          })
        ).status,
      ).toBe(201);

    // Strava's SummaryActivity shape: private + visibility; the last one is as synced before the columns existed.
    const base = 93_000_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    const pub = { ...activity("Ride", 11, 1), id: base + 1, name: "PUBLIC everyone ride" };
    const followers = {
      ...activity("Ride", 12, 2, "Ride", "followers_only"),
      id: base + 2,
      name: "PRIVATE followers-only ride",
    };
    const onlyMe = {
      ...activity("Ride", 13, 3, "Ride", "only_me"),
      id: base + 3,
      name: "PRIVATE only-me ride from home",
    };
    const { private: _p, visibility: _v, ...legacyShape } = activity("Ride", 14, 4);
    const legacy = { ...legacyShape, id: base + 4, name: "PRIVATE unknown visibility ride" };
    await saveStrava(app, o.id, [pub, followers, onlyMe, legacy]);
    const stored = await env.DB.prepare(
      "SELECT strava_id, private, visibility FROM activities WHERE user_id = ? ORDER BY strava_id",
    )
      .bind(o.id)
      .all();
    expect(stored.results).toEqual([
      { strava_id: base + 1, private: 0, visibility: "everyone" },
      { strava_id: base + 2, private: 0, visibility: "followers_only" },
      { strava_id: base + 3, private: 1, visibility: "only_me" },
      { strava_id: base + 4, private: null, visibility: null },
    ]);
    const allIds = [pub, followers, onlyMe, legacy].map((a) => String(a.id));
    const noSecrets = (label: string, text: string) => {
      expect(text, label).not.toMatch(/PRIVATE/);
      for (const sid of [...allIds, String(athleteId)])
        expect(text.includes(sid), `${label} leaks ${sid}`).toBe(false);
    };

    type P = {
      userId: number;
      progress: number;
      activityCount: number | null;
      activities: { name: string }[];
    };
    const views: [string, string][] = [
      ["participations", `/api/challenges/${id}/participations`],
      ["challenge activities", `/api/challenges/${id}/activities`],
      ["challenge activities of the owner", `/api/challenges/${id}/activities?userId=${o.id}`],
      ["activity list", `/api/activities?userId=${o.id}&challengeId=${id}`],
      ["activity list page", `/api/activities?userId=${o.id}&challengeId=${id}&page=1`],
      ["leaderboard", `/api/challenges/${id}/leaderboard`],
      ["challenge page data", `/challenges/${id}.data`],
      ["activities page data", `/activities.data?userId=${o.id}&challengeId=${id}`],
    ];
    for (const [label, path] of views) {
      const res = await call(path, { cookie: viewerCookie });
      expect(res.status, label).toBe(200);
      const text = await res.text();
      noSecrets(label, text);
      if (label !== "leaderboard") expect(text, label).toContain("PUBLIC everyone ride");
    }
    const parts = await json<P[]>(
      await call(`/api/challenges/${id}/participations`, { cookie: viewerCookie }),
    );
    const ownerSeen = parts.find((p) => p.userId === o.id)!;
    expect(ownerSeen.activities.map((a) => a.name)).toEqual(["PUBLIC everyone ride"]);
    expect(ownerSeen.activityCount).toBe(1);
    // Progress is a number, not the activities: every ride counts (as on Strava's own challenges).
    expect(ownerSeen.progress).toBe(50000);
    const page = await json<{ pagination: { total: number } }>(
      await call(`/api/activities?userId=${o.id}&challengeId=${id}&page=1`, { cookie: viewerCookie }),
    );
    expect(page.pagination.total).toBe(1);

    // Admins' lists of another member show the same; the numbers still count everything.
    const adminActs = await call(`/api/admin/users/${o.id}/activities`, { cookie: admin.cookie });
    const adminText = await adminActs.text();
    expect(adminText).not.toMatch(/PRIVATE/);
    expect(JSON.parse(adminText)).toMatchObject({ total: 1, activities: [{ name: "PUBLIC everyone ride" }] });
    for (const [label, path] of [
      ["admin activity list", `/api/activities?userId=${o.id}&limit=100`],
      ["admin challenge activities", `/api/challenges/${id}/activities`],
      ["admin participations", `/api/challenges/${id}/participations`],
    ]) {
      const text = await (await call(path, { cookie: admin.cookie })).text();
      noSecrets(label, text);
      expect(text, label).toContain("PUBLIC everyone ride");
    }
    const adminPage = await (await call(`/admin/users/${o.id}.data`, { cookie: admin.cookie })).text();
    expect(adminPage).toContain("PUBLIC everyone ride");
    expect(adminPage).not.toMatch(/PRIVATE/);

    // The owner sees all of them, with the Strava ids of their own activities.
    const own = await json<{ name: string; stravaId: number }[]>(
      await call(`/api/activities?challengeId=${id}&userId=${o.id}`, { cookie: ownerCookie }),
    );
    expect(own.map((a) => a.stravaId).sort()).toEqual([base + 1, base + 2, base + 3, base + 4]);
    const ownChallenge = await json<{ name: string }[]>(
      await call(`/api/challenges/${id}/activities?userId=${o.id}`, { cookie: ownerCookie }),
    );
    expect(ownChallenge.map((a) => a.name).sort()).toEqual(
      [pub, followers, onlyMe, legacy].map((a) => a.name).sort(),
    );
    const ownParts = await json<P[]>(
      await call(`/api/challenges/${id}/participations`, { cookie: ownerCookie }),
    );
    const me = ownParts.find((p) => p.userId === o.id)!;
    expect(me.activityCount).toBe(4);
    expect(me.progress).toBe(50000);
    expect(me.activities).toHaveLength(3);
    expect((me as unknown as { user: { profileImageUrl: string } }).user.profileImageUrl).toBe(avatar);
    const ownBoard = await json<{ entries: { userId: number; profileImageUrl: string | null }[] }>(
      await call(`/api/challenges/${id}/leaderboard`, { cookie: ownerCookie }),
    );
    expect(ownBoard.entries.find((e) => e.userId === o.id)!.profileImageUrl).toBe(avatar);
    const ownPage = await (await call(`/challenges/${id}.data`, { cookie: ownerCookie })).text();
    expect(ownPage).toContain("PRIVATE only-me ride from home");

    // A later sync fills in the visibility: the formerly unknown ride, now public, appears for others.
    await saveStrava(app, o.id, [
      { ...legacy, name: "NOW PUBLIC ride", private: false, visibility: "everyone" },
    ]);
    const after = await json<{ name: string }[]>(
      await call(`/api/activities?userId=${o.id}&challengeId=${id}`, { cookie: viewerCookie }),
    );
    expect(after.map((a) => a.name).sort()).toEqual(["NOW PUBLIC ride", "PUBLIC everyone ride"]);
  });
});

describe("consent for shared views (docs/decisions/020-consent-for-shared-views.md)", () => {
  it("shows a progress-only participant's activities to nobody but themselves and admins, until they consent", async () => {
    const app = createAppContext(env);
    const id = await insertChallenge({ sport: "Ride", target: 100000, title: "Consent month" });
    const o = await createUser({ username: `Quiet${Date.now()}` });
    const v = await createUser();
    const athleteId = 94_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
    await connectStrava(o.id, athleteId);
    await connectStrava(v.id, athleteId + 1);
    const [ownerCookie, viewerCookie] = await Promise.all([
      login(o.username, o.password),
      login(v.username, v.password),
    ]);
    // No choice sent: the profile default, which starts at "progress only".
    const joined = await call(`/api/challenges/${id}/join`, { method: "POST", cookie: ownerCookie });
    expect(joined.status).toBe(201);
    expect((await json<{ participation: object }>(joined)).participation).toMatchObject({
      shareActivities: false,
    });
    await call(`/api/challenges/${id}/join`, { method: "POST", cookie: viewerCookie });
    await saveStrava(app, o.id, [
      { ...activity("Ride", 30, 1), name: "CONSENT first ride" },
      { ...activity("Ride", 20, 2), name: "CONSENT second ride" },
    ]);

    type P = {
      userId: number;
      rank: number;
      progress: number;
      percent: number;
      shareActivities: boolean;
      activityCount: number | null;
      activities: { name: string }[];
      user: { username: string };
    };
    const views = [
      `/api/challenges/${id}/participations`,
      `/api/challenges/${id}/activities`,
      `/api/challenges/${id}/activities?userId=${o.id}`,
      `/api/challenges/${id}/leaderboard`,
      `/api/activities?userId=${o.id}&challengeId=${id}`,
      `/api/activities?userId=${o.id}&challengeId=${id}&page=1`,
      `/challenges/${id}.data`,
      `/activities.data?userId=${o.id}&challengeId=${id}`,
    ];
    const seenBy = async (cookie: string) => {
      const seen: string[] = [];
      for (const path of views) {
        const res = await call(path, { cookie });
        expect(res.status, path).toBe(200);
        if ((await res.text()).includes("CONSENT")) seen.push(path);
      }
      return seen;
    };
    const leaderboardOf = (p: string) => p.includes("leaderboard");

    // Progress only: the other participant sees the name and the numbers, never an activity.
    expect(await seenBy(viewerCookie)).toEqual([]);
    const parts = await json<P[]>(
      await call(`/api/challenges/${id}/participations`, { cookie: viewerCookie }),
    );
    const quiet = parts.find((p) => p.userId === o.id)!;
    expect(quiet).toMatchObject({
      rank: 1,
      progress: 50000,
      percent: 50,
      shareActivities: false,
      activityCount: null,
      activities: [],
      user: { username: o.username },
    });
    const board = await json<{ entries: { userId: number; progress: number; rank: number }[] }>(
      await call(`/api/challenges/${id}/leaderboard`, { cookie: viewerCookie }),
    );
    expect(board.entries.find((e) => e.userId === o.id)).toMatchObject({ progress: 50000, rank: 1 });
    const page = await json<{ pagination: { total: number } }>(
      await call(`/api/activities?userId=${o.id}&challengeId=${id}&page=1`, { cookie: viewerCookie }),
    );
    expect(page.pagination.total).toBe(0);
    // The owner and the admins (for corrections) still see them.
    expect(await seenBy(ownerCookie)).toEqual(views.filter((p) => !leaderboardOf(p)));
    const adminSees = await seenBy(admin.cookie);
    for (const path of [
      `/api/challenges/${id}/participations`,
      `/api/challenges/${id}/activities`,
      `/api/activities?userId=${o.id}&challengeId=${id}`,
    ])
      expect(adminSees, path).toContain(path);

    // With consent (the /api call), the other participant sees them everywhere.
    const share = await call(`/api/challenges/${id}/participation`, {
      method: "PATCH",
      cookie: ownerCookie,
      body: { shareActivities: true },
    });
    expect(share.status).toBe(200);
    expect(await json(share)).toMatchObject({
      message: "Other participants now see your matching activities",
      participation: { challengeId: id, userId: o.id, shareActivities: true },
    });
    expect(await seenBy(viewerCookie)).toEqual(views.filter((p) => !leaderboardOf(p)));
    const shared = (
      await json<P[]>(await call(`/api/challenges/${id}/participations`, { cookie: viewerCookie }))
    ).find((p) => p.userId === o.id)!;
    expect(shared).toMatchObject({ shareActivities: true, activityCount: 2 });

    // Withdrawn on the challenge page (a plain form, no JavaScript needed): hidden again at once.
    const form = new FormData();
    form.set("intent", "sharing");
    form.set("sharing", "progress");
    const withdrawn = await call(`/challenges/${id}`, { method: "POST", cookie: ownerCookie, body: form });
    expect(withdrawn.status).toBe(200);
    expect(await seenBy(viewerCookie)).toEqual([]);
    const ownPage = await (await call(`/challenges/${id}.data`, { cookie: ownerCookie })).text();
    expect(ownPage).toContain("CONSENT first ride");
  });

  it("joins with the profile default or an explicit choice, and the profile can apply it to current challenges", async () => {
    const u = await createUser();
    await connectStrava(u.id, 95_000_000 + Math.floor(Math.random() * 1_000_000) * 10);
    const cookie = await login(u.username, u.password);
    const stored = async (challengeId: number) =>
      (await env.DB.prepare(
        "SELECT share_activities s FROM challenge_participations WHERE challenge_id = ? AND user_id = ?",
      )
        .bind(challengeId, u.id)
        .first<{ s: number }>())!.s;

    const first = await insertChallenge();
    const explicit = await call(`/api/challenges/${first}/join`, {
      method: "POST",
      cookie,
      body: { shareActivities: true },
    });
    expect(explicit.status).toBe(201);
    expect(await stored(first)).toBe(1);

    // The join form on /challenges: the radio "Also my matching activities" / "My name and challenge progress".
    const second = await insertChallenge();
    const form = new FormData();
    form.set("challengeId", String(second));
    form.set("sharing", "progress");
    expect((await call("/challenges", { method: "POST", cookie, body: form })).status).toBe(200);
    expect(await stored(second)).toBe(0);

    // The profile default (the /api twin of the Sharing section), applied to the current challenges too.
    const before = await json<{ shareActivities: boolean; challenges: { challengeId: number }[] }>(
      await call("/api/user/sharing", { cookie }),
    );
    expect(before.shareActivities).toBe(false);
    expect(before.challenges.map((c) => c.challengeId).sort()).toEqual([first, second].sort());
    const saved = await call("/api/user/sharing", {
      method: "PATCH",
      cookie,
      body: { shareActivities: true, applyToCurrent: true },
    });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ shareActivities: true, appliedTo: 2 });
    expect(await stored(second)).toBe(1);
    const third = await insertChallenge();
    await call(`/api/challenges/${third}/join`, { method: "POST", cookie });
    expect(await stored(third)).toBe(1);

    // The Sharing form on /profile-settings (its own route): the default only, unless the box is ticked.
    const profileForm = new FormData();
    profileForm.set("sharing", "progress");
    const posted = await call("/profile-settings/sharing", { method: "POST", cookie, body: profileForm });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/profile-settings#sharing");
    expect(await json(await call("/api/user/sharing", { cookie }))).toMatchObject({ shareActivities: false });
    expect(await stored(third)).toBe(1);
    expect(await (await call("/profile-settings.data", { cookie })).text()).toContain("sharing");
  });

  it("answers bad input with a clear 4xx, and guests with 401", async () => {
    const id = await insertChallenge();
    const patch = (path: string, body: unknown, cookie?: string) =>
      call(path, { method: "PATCH", cookie, body });
    const bad = await patch(`/api/challenges/${id}/participation`, { shareActivities: "yes" }, member.cookie);
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("shareActivities must be true or false");
    const notJoined = await patch(
      `/api/challenges/${id}/participation`,
      { shareActivities: true },
      member.cookie,
    );
    expect(notJoined.status).toBe(404);
    expect((await json(notJoined)).message).toBe("You have not joined this challenge");
    expect(
      (await patch("/api/challenges/999999/participation", { shareActivities: true }, member.cookie)).status,
    ).toBe(404);
    const badJoin = await call(`/api/challenges/${id}/join`, {
      method: "POST",
      cookie: member.cookie,
      body: { shareActivities: 1 },
    });
    expect(badJoin.status).toBe(400);
    expect(await isJoined(id, member.id)).toBe(false);
    expect((await patch("/api/user/sharing", {}, member.cookie)).status).toBe(400);
    const badForm = new FormData();
    badForm.set("sharing", "everything");
    const refused = await call("/profile-settings/sharing", {
      method: "POST",
      cookie: member.cookie,
      body: badForm,
    });
    expect(refused.status).toBe(302);

    expect((await patch(`/api/challenges/${id}/participation`, { shareActivities: true })).status).toBe(401);
    expect((await call("/api/user/sharing")).status).toBe(401);
    expect((await patch("/api/user/sharing", { shareActivities: true })).status).toBe(401);
    const guestForm = new FormData();
    guestForm.set("sharing", "activities");
    const guest = await call("/profile-settings/sharing", { method: "POST", body: guestForm });
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/auth/);
  });
});

async function isJoined(challengeId: number, userId: number) {
  const row = await env.DB.prepare(
    "SELECT 1 FROM challenge_participations WHERE challenge_id = ? AND user_id = ?",
  )
    .bind(challengeId, userId)
    .first();
  return row !== null;
}

describe("goal kinds (issue #39 item 1, docs/decisions/043-challenge-goal-kinds.md)", () => {
  const base = {
    title: "Goal",
    description: "A goal kind",
    startDate: new Date((now - 10 * DAY) * 1000).toISOString(),
    endDate: new Date((now + 20 * DAY) * 1000).toISOString(),
    sportType: "Ride",
    isActive: true,
  };
  const create = (body: Record<string, unknown>) =>
    call("/api/admin/challenges", { method: "POST", body: { ...base, ...body }, cookie: admin.cookie });
  type Board = {
    challenge: Record<string, unknown>;
    entries: { userId: number; progress: number; percent: number }[];
  };
  const board = async (id: number, cookie: string) =>
    json<Board>(await call(`/api/challenges/${id}/leaderboard`, { cookie }));
  const progressOf = (b: Board, userId: number) => b.entries.find((e) => e.userId === userId)?.progress;

  it("counts elevation, moving time, IST days with a daily minimum and activities, per sport types, in SQL", async () => {
    const app = createAppContext(env);
    const riders = [];
    for (const athlete of [600301, 600302]) {
      const u = await createUser();
      await connectStrava(u.id, athlete);
      riders.push({ id: u.id, cookie: await login(u.username, u.password) });
    }
    const [one, two] = riders;
    // Midnight in India (18:30 UTC) five days ago: 00:30 IST is the previous UTC day, 23:30 IST the same.
    const dayStart = Math.floor((now - 5 * DAY + 19800) / DAY) * DAY - 19800;
    const at = (day: number, istMinutes: number) =>
      new Date((dayStart + day * DAY + istMinutes * 60) * 1000).toISOString();
    const ride = (sport: string, km: number, when: string, elevation: number, seconds: number) => ({
      ...activity(sport, km, 0),
      start_date: when,
      total_elevation_gain: elevation,
      moving_time: seconds,
    });

    const elevation = await json<{ id: number; goalType: string; target: number; sportTypes: string[] }>(
      await create({ goalType: "elevation", target: 5000, sportTypes: ["EBikeRide", "Ride"] }),
    );
    expect(elevation).toMatchObject({
      goalType: "elevation",
      target: 5000,
      sportTypes: ["Ride", "EBikeRide"],
    });
    const days = await json<{ id: number }>(await create({ goalType: "days", target: 20, minPerDay: 5000 }));
    const count = await json<{ id: number }>(
      await create({ goalType: "count", target: 10, sportType: "AllSports" }),
    );
    const time = await json<{ id: number }>(await create({ goalType: "time", target: 20 * 3600 }));
    const ids = [elevation.id, days.id, count.id, time.id];

    // Some activities before joining, the rest after (the activities-changed hook refreshes progress).
    await saveStrava(app, one.id, [
      ride("Ride", 3, at(0, 30), 300, 3600),
      ride("Ride", 3, at(0, 23 * 60 + 30), 0, 1800),
    ]);
    for (const id of ids) {
      for (const r of riders) await call(`/api/challenges/${id}/join`, { method: "POST", cookie: r.cookie });
    }
    await saveStrava(app, one.id, [
      ride("EBikeRide", 4, at(1, 600), 200, 1200),
      ride("VirtualRide", 12, at(2, 600), 500, 2400),
      ride("Run", 20, at(3, 600), 50, 6000),
    ]);
    await saveStrava(app, two.id, [ride("Ride", 6, at(1, 480), 1240, 19200)]);

    const elevationBoard = await board(elevation.id, one.cookie);
    // Ride and EBikeRide count; VirtualRide is not listed.
    expect(progressOf(elevationBoard, one.id)).toBe(500);
    expect(elevationBoard.entries[0]).toMatchObject({ userId: two.id, progress: 1240, percent: 24.8 });
    // Day 0 has 3 + 3 km in India time (two UTC days of 3 km each would not count); day 1's e-bike ride is
    // no Ride; day 2's virtual ride is; the run is another sport.
    const daysBoard = await board(days.id, one.cookie);
    expect(progressOf(daysBoard, one.id)).toBe(2);
    expect(progressOf(daysBoard, two.id)).toBe(1);
    expect(daysBoard.entries.find((e) => e.userId === one.id)!.percent).toBe(10);
    const countBoard = await board(count.id, one.cookie);
    expect(progressOf(countBoard, one.id)).toBe(5);
    expect(progressOf(countBoard, two.id)).toBe(1);
    const timeBoard = await board(time.id, one.cookie);
    expect(progressOf(timeBoard, one.id)).toBe(3600 + 1800 + 2400);
    expect(progressOf(timeBoard, two.id)).toBe(19200);

    // The admin recalculation computes the same per kind.
    const recalculated = await json<{ results: { userId: number; progress: number }[] }>(
      await call(`/api/admin/challenges/${days.id}/recalculate-progress`, {
        method: "POST",
        cookie: admin.cookie,
      }),
    );
    expect(recalculated.results.find((r) => r.userId === one.id)!.progress).toBe(2);

    // PATCH changes the goal's fields only; no daily minimum makes every riding day count.
    const patched = await call(`/api/admin/challenges/${days.id}`, {
      method: "PATCH",
      body: { minPerDay: null, target: 30 },
      cookie: admin.cookie,
    });
    expect(await json(patched)).toMatchObject({
      goalType: "days",
      target: 30,
      minPerDay: null,
      title: "Goal",
    });
    expect(progressOf(await board(days.id, one.cookie), one.id)).toBe(2);
    await call(`/api/admin/challenges/${days.id}`, {
      method: "PATCH",
      body: { sportTypes: ["Ride", "EBikeRide", "VirtualRide"] },
      cookie: admin.cookie,
    });
    expect(progressOf(await board(days.id, one.cookie), one.id)).toBe(3);

    // The pages show progress in the goal's unit.
    const page = await (await call(`/challenges/${elevation.id}`, { cookie: two.cookie })).text();
    expect(page).toContain("1,240 m climbed");
    expect(page).toContain("5,000 m climbed");
    const list = await (await call("/challenges", { cookie: one.cookie })).text();
    expect(list).toContain("3 of 30 days");
    expect(list).toContain("5 activities");
    expect(list).toContain("2 h 10 min");
  });

  it("answers a bad goal with a 400 and field errors", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { goalType: "longest-ever", target: 5 },
        "goalType",
        "goalType must be one of distance, elevation, time, days, count",
      ],
      [{ goalType: "elevation" }, "target", "Target is required for this goal"],
      [
        { goalType: "time", target: -5 },
        "target",
        "Target must be a number greater than 0 in the goal's unit",
      ],
      [
        { goalType: "count", target: 5, minPerDay: 1000 },
        "minPerDay",
        "Minimum per day applies only to a days goal",
      ],
      [
        { goalType: "days", target: 5, minPerDay: -1 },
        "minPerDay",
        "Minimum per day must be a number of metres, 0 or more",
      ],
      [
        { goalType: "count", target: 5, sportTypes: ["Ride", "Bobsleigh"] },
        "sportTypes",
        "sportTypes must list one or more of",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      const reply = await json<{ errors: Record<string, string[]> }>(res);
      expect(reply.errors[field]?.[0], message).toContain(message);
    }
    const id = await insertChallenge();
    const res = await call(`/api/admin/challenges/${id}`, {
      method: "PATCH",
      body: { goalType: "elevation" },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors.target).toEqual([
      "Target is required for this goal",
    ]);
    // Guests and members may not create.
    expect((await call("/api/admin/challenges", { method: "POST", body: base })).status).toBe(401);
    expect(
      (await call("/api/admin/challenges", { method: "POST", body: base, cookie: member.cookie })).status,
    ).toBe(403);
  });

  it("leaves a distance challenge's spec fields as they were, with the goal fields beside them", async () => {
    const created = await json<Record<string, unknown>>(
      await call("/api/challenges", {
        method: "POST",
        body: { ...base, targetDistance: 300000, targetTime: 7200 },
        cookie: admin.cookie,
      }),
    );
    const fetched = await json<Record<string, unknown>>(
      await call(`/api/challenges/${created.id}`, { cookie: member.cookie }),
    );
    expect(fetched).toEqual({
      id: created.id,
      title: "Goal",
      description: "A goal kind",
      targetDistance: 300000,
      targetTime: 7200,
      sportType: "Ride",
      startDate: base.startDate,
      endDate: base.endDate,
      isActive: true,
      sources: "strava,file,archive",
      createdAt: created.createdAt,
      goalType: "distance",
      groupOf: null,
      measure: "distance",
      target: 300000,
      minPerDay: null,
      sportTypes: null,
      teams: [],
    });
    // `target` on a distance goal is its targetDistance.
    const viaTarget = await json<Record<string, unknown>>(
      await create({ goalType: "distance", target: 50000 }),
    );
    expect(viaTarget).toMatchObject({ targetDistance: 50000, target: 50000, goalType: "distance" });
  });
});

/** A page's HTML without React's text separators (`a<!-- -->b`). */
const html = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("longest and group goals, teams, why it counted, completion (issue #39, docs/decisions/049-challenge-teams-and-why.md)", () => {
  const base = {
    title: "Kinds",
    description: "Longest, group and team goals",
    startDate: new Date((now - 10 * DAY) * 1000).toISOString(),
    endDate: new Date((now + 20 * DAY) * 1000).toISOString(),
    sportType: "Ride",
    isActive: true,
  };
  const create = (body: Record<string, unknown>) =>
    call("/api/admin/challenges", { method: "POST", body: { ...base, ...body }, cookie: admin.cookie });
  type Entry = {
    userId: number;
    progress: number;
    percent: number;
    rank: number | null;
    teamId: number | null;
    completedAt: string | null;
  };
  type Team = { id: number; name: string; rank: number; total: number; members: number; average: number };
  type Board = {
    entries: Entry[];
    participants: Entry[];
    teams: Team[];
    group: { total: number; target: number; percent: number } | null;
  };
  const board = async (id: number, cookie: string) =>
    json<Board>(await call(`/api/challenges/${id}/leaderboard`, { cookie }));
  const rider = async (athlete: number | null) => {
    const u = await createUser();
    if (athlete !== null) await connectStrava(u.id, athlete);
    return { id: u.id, username: u.username, cookie: await login(u.username, u.password) };
  };
  const ride = (sport: string, km: number, daysAgo: number, elevation = 100, seconds = 3600) => ({
    ...activity(sport, km, daysAgo),
    total_elevation_gain: elevation,
    moving_time: seconds,
  });
  const fileRow = (userId: number, a: StravaActivityJson) => ({
    ...toActivityRow(userId, a),
    source: "file" as const,
    stravaId: null,
  });

  it("answers a bad longest, group or team goal with a 400 and field errors", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { goalType: "fastest", target: 5 },
        "goalType",
        "goalType must be one of distance, elevation, time, days, count, longest, group",
      ],
      [{ goalType: "longest" }, "target", "Target is required for this goal"],
      [
        { goalType: "longest", target: -100 },
        "target",
        "Target must be a number greater than 0 in the goal's unit",
      ],
      [{ goalType: "group", groupOf: "elevation" }, "target", "Target is required for this goal"],
      [
        { goalType: "group", groupOf: "days", target: 5 },
        "groupOf",
        "groupOf must be one of distance, elevation, time",
      ],
      [
        { goalType: "elevation", target: 5, groupOf: "time" },
        "groupOf",
        "groupOf applies only to a group goal",
      ],
      [
        { goalType: "group", target: 5000, teams: ["Red", "Blue"] },
        "teams",
        "A group goal is one club total: it has no teams",
      ],
      [
        { goalType: "elevation", target: 5000, teams: ["Red"] },
        "teams",
        "A team challenge needs 2 to 20 teams",
      ],
      [{ goalType: "elevation", target: 5000, teams: ["Red", "red"] }, "teams", "Team names must differ"],
      [
        { goalType: "elevation", target: 5000, teams: ["Red", " "] },
        "teams",
        "Each team needs a name of 1 to 40 characters",
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.status, message).toBe(400);
      const reply = await json<{ errors: Record<string, string[]> }>(res);
      expect(reply.errors[field]?.[0], message).toContain(message);
    }
    // PATCH: teams on a goal that is (or becomes) a group goal.
    const group = await json<{ id: number }>(
      await create({ goalType: "group", groupOf: "time", target: 36000 }),
    );
    const res = await call(`/api/admin/challenges/${group.id}`, {
      method: "PATCH",
      body: { teams: ["Red", "Blue"] },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect((await json<{ errors: Record<string, string[]> }>(res)).errors.teams).toEqual([
      "A group goal is one club total: it has no teams",
    ]);
  });

  it("creates longest, group and team goals from the admin's dialog (targets in the form's units)", async () => {
    const form = (fields: Record<string, string>) => {
      const f = new FormData();
      const all: Record<string, string> = {
        intent: "create-challenge",
        description: "From the dialog",
        startDate: "2026-12-01T00:00",
        endDate: "2026-12-31T23:59",
        sportType: "Ride",
        isActive: "on",
        ...fields,
      };
      for (const [k, v] of Object.entries(all)) f.set(k, v);
      return f;
    };
    const title = `Dialog ${Date.now()}`;
    for (const fields of <Record<string, string>[]>[
      { title: `${title} longest`, goalType: "longest", target: "50", teams: "Red, Blue" },
      { title: `${title} group`, goalType: "group", groupOf: "time", target: "100" },
    ])
      await call("/admin", { method: "POST", body: form(fields), cookie: admin.cookie });
    const rows = await env.DB.prepare(
      "SELECT c.title, c.goal_type, c.goal_mode, c.target, c.target_distance, (SELECT group_concat(name, ',') FROM (SELECT name FROM challenge_teams t WHERE t.challenge_id = c.id ORDER BY t.id)) AS teams FROM challenges c WHERE c.title LIKE ? ORDER BY c.id",
    )
      .bind(`${title}%`)
      .all();
    expect(rows.results).toEqual([
      {
        title: `${title} longest`,
        goal_type: "distance",
        goal_mode: "longest",
        target: null,
        target_distance: 50000,
        teams: "Red,Blue",
      },
      {
        title: `${title} group`,
        goal_type: "time",
        goal_mode: "group",
        target: 360000,
        target_distance: null,
        teams: null,
      },
    ]);
  });

  it("counts the longest single activity and a club total nobody is ranked in, and marks completion", async () => {
    const app = createAppContext(env);
    const [one, two] = [await rider(600401), await rider(600402)];
    const longest = await json<{ id: number; goalType: string; target: number; targetDistance: number }>(
      await create({ goalType: "longest", target: 40000 }),
    );
    expect(longest).toMatchObject({
      goalType: "longest",
      measure: "distance",
      target: 40000,
      targetDistance: 40000,
    });
    const group = await json<{ id: number; goalType: string; groupOf: string; target: number }>(
      await create({ goalType: "group", groupOf: "elevation", target: 3000 }),
    );
    expect(group).toMatchObject({
      goalType: "group",
      groupOf: "elevation",
      measure: "elevation",
      target: 3000,
    });
    for (const id of [longest.id, group.id])
      for (const r of [one, two])
        await call(`/api/challenges/${id}/join`, { method: "POST", cookie: r.cookie });

    await saveStrava(app, one.id, [
      ride("Ride", 25, 3, 400),
      ride("Ride", 12, 2, 300),
      ride("Run", 50, 1, 900),
    ]);
    await saveStrava(app, two.id, [ride("Ride", 30, 2, 1000)]);
    let longestBoard = await board(longest.id, one.cookie);
    expect(longestBoard.entries.map((e) => [e.userId, e.progress, e.rank])).toEqual([
      [two.id, 30000, 1],
      [one.id, 25000, 2],
    ]);
    expect(longestBoard.entries.every((e) => e.completedAt === null)).toBe(true);

    const groupBoard = await board(group.id, one.cookie);
    // Everyone's contribution, nobody ranked; the club's total against the target.
    expect(groupBoard.entries.map((e) => [e.userId, e.progress, e.rank])).toEqual([
      [two.id, 1000, null],
      [one.id, 700, null],
    ]);
    expect(groupBoard.group).toEqual({ total: 1700, target: 3000, percent: 56.7 });
    const groupPage = await html(await call(`/challenges/${group.id}`, { cookie: one.cookie }));
    expect(groupPage).toContain("Club total, together");
    expect(groupPage).toContain("1,700 m climbed");

    // A 42 km ride reaches the longest goal: completed, with the date, on the dashboard.
    await saveStrava(app, one.id, [ride("Ride", 42, 1, 200)]);
    longestBoard = await board(longest.id, one.cookie);
    const done = longestBoard.entries.find((e) => e.userId === one.id)!;
    expect(done).toMatchObject({ progress: 42000, rank: 1, percent: 100 });
    expect(done.completedAt).not.toBeNull();
    expect(longestBoard.entries.find((e) => e.userId === two.id)!.completedAt).toBeNull();
    // Nobody completes a group goal alone, whatever their contribution.
    expect((await board(group.id, one.cookie)).entries.every((e) => e.completedAt === null)).toBe(true);
    const dashboard = await html(await call("/", { cookie: one.cookie }));
    expect(dashboard).toContain("Challenges completed");
    expect(dashboard).toMatch(/Kinds · Completed ✓.*42(\.0)? km/s);
    // An admin's correction below the target takes completion away again.
    await call(`/api/admin/challenges/${longest.id}/users/${one.id}/progress`, {
      method: "POST",
      body: { progress: 10 },
      cookie: admin.cookie,
    });
    expect(
      (await board(longest.id, one.cookie)).entries.find((e) => e.userId === one.id)!.completedAt,
    ).toBeNull();
  });

  it("runs a team challenge: teams on create and PATCH, joining a team (without Strava where files count), the team board and page", async () => {
    const app = createAppContext(env);
    const [red1, blue1] = [await rider(600501), await rider(600502)];
    const noStrava = await rider(null);
    const created = await json<{ id: number; teams: { id: number; name: string }[] }>(
      await create({ goalType: "elevation", target: 2000, teams: ["Red", "Blue"], title: "Team climb" }),
    );
    expect(created.teams.map((t) => t.name)).toEqual(["Red", "Blue"]);
    const fetched = await json<{ teams: { id: number; name: string }[] }>(
      await call(`/api/challenges/${created.id}`, { cookie: red1.cookie }),
    );
    expect(fetched.teams).toEqual(created.teams);
    const [red, blue] = created.teams;

    // A team of another challenge, or no team id at all, is a 400 and joins nothing.
    const other = await json<{ teams: { id: number }[] }>(
      await create({ goalType: "count", target: 5, teams: ["A", "B"] }),
    );
    const wrong = await call(`/api/challenges/${created.id}/join`, {
      method: "POST",
      body: { teamId: other.teams[0].id },
      cookie: red1.cookie,
    });
    expect(wrong.status).toBe(400);
    expect((await json<{ message: string }>(wrong)).message).toBe("That team is not part of this challenge");
    expect(await isJoined(created.id, red1.id)).toBe(false);

    const join = (id: number, cookie: string, teamId?: number) =>
      call(`/api/challenges/${id}/join`, { method: "POST", body: teamId ? { teamId } : {}, cookie });
    expect((await join(created.id, red1.cookie, red.id)).status).toBe(201);
    expect((await join(created.id, blue1.cookie, blue.id)).status).toBe(201);
    // Files count here, so a member without Strava joins (from the page's form, with the team).
    const form = new FormData();
    form.set("intent", "join");
    form.set("teamId", String(red.id));
    expect(
      (await call(`/challenges/${created.id}`, { method: "POST", body: form, cookie: noStrava.cookie }))
        .status,
    ).toBe(200);
    expect(await isJoined(created.id, noStrava.id)).toBe(true);
    // A Strava-only challenge still needs Strava.
    const stravaOnly = await json<{ id: number }>(
      await create({ goalType: "elevation", target: 100, sources: ["strava"] }),
    );
    const refused = await join(stravaOnly.id, noStrava.cookie);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toMatchObject({ code: "strava_required" });

    await saveStrava(app, red1.id, [ride("Ride", 20, 2, 600)]);
    await saveActivities(app, noStrava.id, [fileRow(noStrava.id, ride("Ride", 10, 1, 200))]);
    await saveStrava(app, blue1.id, [ride("Ride", 30, 2, 500)]);
    const teamBoard = await board(created.id, red1.cookie);
    expect(teamBoard.teams).toEqual([
      { id: red.id, name: "Red", rank: 1, total: 800, members: 2, average: 400 },
      { id: blue.id, name: "Blue", rank: 2, total: 500, members: 1, average: 500 },
    ]);
    expect(teamBoard.participants.map((p) => [p.userId, p.teamId, p.progress])).toEqual([
      [red1.id, red.id, 600],
      [blue1.id, blue.id, 500],
      [noStrava.id, red.id, 200],
    ]);

    // The page: the team picker (before joining), the team board beside the list; the team's page.
    const outsiderPage = await html(await call(`/challenges/${created.id}`, { cookie: outsider.cookie }));
    expect(outsiderPage).toContain('name="teamId"');
    expect(outsiderPage).toContain(">Blue</option>");
    const page = await html(await call(`/challenges/${created.id}`, { cookie: red1.cookie }));
    expect(page).toContain('data-testid="team-board"');
    expect(page).toContain("Red (your team)");
    expect(page).toContain("400 m climbed per member");
    const teamPage = await call(`/challenges/${created.id}/teams/${red.id}`, { cookie: outsider.cookie });
    expect(teamPage.status).toBe(200);
    const teamHtml = await html(teamPage);
    expect(teamHtml).toContain("2 members");
    expect(teamHtml).toContain(red1.username);
    expect(teamHtml).toContain(noStrava.username);
    expect(teamHtml).not.toContain(blue1.username);
    expect(
      (await call(`/challenges/${created.id}/teams/${other.teams[0].id}`, { cookie: red1.cookie })).status,
    ).toBe(404);

    // PATCH renames the set: Red stays with its members, Blue goes (its member is on no team), Green is new.
    const patched = await json<{ teams: { id: number; name: string }[] }>(
      await call(`/api/admin/challenges/${created.id}`, {
        method: "PATCH",
        body: { teams: ["red", "Green"] },
        cookie: admin.cookie,
      }),
    );
    expect(patched.teams.map((t) => t.name)).toEqual(["Red", "Green"]);
    expect(patched.teams[0].id).toBe(red.id);
    const after = await board(created.id, red1.cookie);
    expect(after.participants.find((p) => p.userId === blue1.id)!.teamId).toBeNull();
    expect(after.teams.map((t) => [t.name, t.total, t.members])).toEqual([
      ["Red", 800, 2],
      ["Green", 0, 0],
    ]);
  });

  it("explains each activity: counted with its contribution, or why not (API, page, admin page)", async () => {
    const app = createAppContext(env);
    const me = await rider(600601);
    const days = await json<{ id: number }>(
      await create({
        goalType: "days",
        target: 10,
        minPerDay: 10000,
        sources: ["strava"],
        title: "Why days",
      }),
    );
    await call(`/api/challenges/${days.id}/join`, { method: "POST", cookie: me.cookie });
    await saveStrava(app, me.id, [
      { ...ride("Ride", 15, 2), name: "Counted ride" },
      { ...ride("Run", 8, 3), name: "Morning run" },
      { ...ride("Ride", 20, 11), name: "Too early" },
      { ...ride("Ride", 4, 4), name: "Short spin" },
    ]);
    await saveActivities(app, me.id, [{ ...fileRow(me.id, ride("Ride", 30, 5)), name: "From a file" }]);
    type Why = {
      activities: {
        name: string;
        counted: boolean;
        contribution: number;
        reason: string | null;
        reasonText: string | null;
      }[];
    };
    const why = await json<Why>(await call(`/api/challenges/${days.id}/why`, { cookie: me.cookie }));
    const byName = Object.fromEntries(why.activities.map((a) => [a.name, a]));
    expect(byName["Counted ride"]).toMatchObject({ counted: true, contribution: 1, reason: null });
    expect(byName["Morning run"]).toMatchObject({
      counted: false,
      reason: "sport",
      reasonText: "Another sport (Run) than this challenge counts",
    });
    expect(byName["Too early"]).toMatchObject({
      counted: false,
      reason: "dates",
      reasonText: "Outside the challenge's dates",
    });
    expect(byName["From a file"]).toMatchObject({
      counted: false,
      reason: "source",
      reasonText: "From uploaded files, a source this challenge does not take",
    });
    expect(byName["Short spin"]).toMatchObject({ counted: false, reason: "below_min" });
    expect(byName["Short spin"].reasonText).toContain("Below the daily minimum: 4");

    // The page shows it to the member; another member's list is the admin's only.
    const page = await html(await call(`/challenges/${days.id}`, { cookie: me.cookie }));
    expect(page).toContain("Why it counted");
    expect(page).toContain("Not counted: Another sport (Run) than this challenge counts");
    expect(
      (await call(`/api/challenges/${days.id}/why?userId=${me.id}`, { cookie: member.cookie })).status,
    ).toBe(403);
    expect((await call(`/api/challenges/${days.id}/why`)).status).toBe(401);
    expect((await call(`/api/challenges/${days.id}/why?userId=abc`, { cookie: admin.cookie })).status).toBe(
      400,
    );
    const forAdmin = await json<Why>(
      await call(`/api/challenges/${days.id}/why?userId=${me.id}`, { cookie: admin.cookie }),
    );
    expect(forAdmin.activities).toEqual(why.activities);
    const adminPage = await html(
      await call(`/admin/challenges/${days.id}?why=${me.id}`, { cookie: admin.cookie }),
    );
    expect(adminPage).toContain(`Why it counted for ${me.username}`);
    expect(adminPage).toContain("Not counted: Outside the challenge&#x27;s dates");
  });

  it("the page lists the newest 25 activities it explains, and all of them (up to 200) behind a link (issue #36)", async () => {
    const app = createAppContext(env);
    const me = await rider(600611);
    const distance = await json<{ id: number }>(
      await create({ goalType: "distance", target: 500000, title: "Many" }),
    );
    await call(`/api/challenges/${distance.id}/join`, { method: "POST", cookie: me.cookie });
    await saveStrava(
      app,
      me.id,
      Array.from({ length: 30 }, (_, i) => ({ ...ride("Ride", 10 + i, 1 + (i % 8)), name: `Spin ${i}` })),
    );
    const items = (page: string) => page.match(/data-testid="why-item"/g)?.length ?? 0;
    const first = await html(await call(`/challenges/${distance.id}?sort=name`, { cookie: me.cookie }));
    expect(items(first)).toBe(25);
    // The link keeps the page's other choices.
    expect(first).toContain(`href="/challenges/${distance.id}?sort=name&amp;why=all"`);
    expect(first).toContain("Show older activities");
    const all = await html(await call(`/challenges/${distance.id}?sort=name&why=all`, { cookie: me.cookie }));
    expect(items(all)).toBe(30);
    expect(all).not.toContain("Show older activities");
    // The API lists all of them, as before.
    const api = await json<{ more: boolean; activities: unknown[] }>(
      await call(`/api/challenges/${distance.id}/why`, { cookie: me.cookie }),
    );
    expect(api).toMatchObject({ more: false });
    expect(api.activities).toHaveLength(30);
  });

  it("shows an ended challenge's final standings and winning team instead of time remaining", async () => {
    const app = createAppContext(env);
    const [a, b] = [await rider(600701), await rider(600702)];
    const created = await json<{ id: number; teams: { id: number }[] }>(
      await create({ goalType: "distance", target: 100000, teams: ["Hares", "Tortoises"], title: "Ended" }),
    );
    await call(`/api/challenges/${created.id}/join`, {
      method: "POST",
      body: { teamId: created.teams[0].id },
      cookie: a.cookie,
    });
    await call(`/api/challenges/${created.id}/join`, {
      method: "POST",
      body: { teamId: created.teams[1].id },
      cookie: b.cookie,
    });
    await saveStrava(app, a.id, [ride("Ride", 20, 3)]);
    await saveStrava(app, b.id, [ride("Ride", 35, 3)]);
    const before = await html(await call(`/challenges/${created.id}`, { cookie: a.cookie }));
    expect(before).not.toContain("Final standings");
    await env.DB.prepare("UPDATE challenges SET end_date = ? WHERE id = ?")
      .bind(now - DAY, created.id)
      .run();
    const page = await html(await call(`/challenges/${created.id}`, { cookie: a.cookie }));
    expect(page).toContain("Final standings");
    expect(page).toMatch(/Place 1: <\/span><strong>[^<]*<\/strong>/);
    const standings = page.slice(page.indexOf("Final standings"));
    expect(standings.indexOf(b.username)).toBeGreaterThan(0);
    expect(standings.indexOf(b.username)).toBeLessThan(standings.indexOf(a.username));
    expect(page).toMatch(/Winning team: <strong>Tortoises<\/strong>/);
  });

  it("balances the teams by the last 8 weeks' volume in the goal's measure, snake order: API and admin page, guest 401, member 403", async () => {
    const app = createAppContext(env);
    const created = await json<{ id: number; teams: { id: number; name: string }[] }>(
      await create({
        goalType: "elevation",
        target: 5000,
        teams: ["North", "South"],
        title: "Balance climb",
      }),
    );
    const [north, south] = created.teams;
    const riders = [];
    for (let i = 0; i < 6; i++) riders.push(await rider(600801 + i));
    // Two picked North; balancing moves everyone. Metres climbed in the last 8 weeks (some before the
    // challenge's start, which balancing weighs too), in an order distance would not give.
    for (const [i, r] of riders.entries())
      expect(
        (
          await call(`/api/challenges/${created.id}/join`, {
            method: "POST",
            body: i < 2 ? { teamId: north.id } : {},
            cookie: r.cookie,
          })
        ).status,
      ).toBe(201);
    const climbs: [number, number][] = [
      [1000, 10],
      [900, 20],
      [600, 40],
      [500, 60],
      [200, 150],
      [100, 200],
    ];
    for (const [i, [metres, km]] of climbs.entries())
      await saveStrava(app, riders[i].id, [
        ride("Ride", km / 2, 20, metres / 2, km * 100),
        ride("Ride", km / 2, 3, metres / 2, km * 100),
      ]);
    // Not weighed: a climb older than 8 weeks, and a sport the challenge does not count.
    await saveStrava(app, riders[5].id, [ride("Ride", 100, 70, 5000, 18000), ride("Run", 10, 5, 3000)]);

    const path = `/api/admin/challenges/${created.id}/balance-teams`;
    expect((await call(path, { method: "POST" })).status).toBe(401);
    const denied = await call(path, { method: "POST", cookie: riders[0].cookie });
    expect(denied.status).toBe(403);
    expect((await json(denied)).message).toBe("Admin access required");

    const res = await call(path, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    const balanced = await json<{
      message: string;
      teams: { name: string; members: number; volume: number }[];
    }>(res);
    expect(balanced.message).toBe("Teams balanced: 6 participants on 2 teams by their last 8 weeks");
    // Snake order: 1000 North, 900 South, 600 South, 500 North, 200 North, 100 South.
    expect(balanced.teams.map((t) => [t.name, t.members, t.volume])).toEqual([
      ["North", 3, 1700],
      ["South", 3, 1600],
    ]);
    const after = await board(created.id, admin.cookie);
    const teamOf = new Map(after.participants.map((p) => [p.userId, p.teamId]));
    expect(riders.map((r) => teamOf.get(r.id))).toEqual([
      north.id,
      south.id,
      south.id,
      north.id,
      north.id,
      south.id,
    ]);
    // Every participant is on a team, and the teams' volumes are within the smallest member's volume.
    expect(after.participants.every((p) => p.teamId !== null)).toBe(true);
    const volumes = balanced.teams.map((t) => t.volume);
    expect(Math.max(...volumes) - Math.min(...volumes)).toBeLessThanOrEqual(100);

    // The admin page: the teams and the button; its form does the same.
    const adminPage = await html(await call(`/admin/challenges/${created.id}`, { cookie: admin.cookie }));
    expect(adminPage).toContain('data-testid="admin-teams"');
    expect(adminPage).toContain("North · 3 members");
    expect(adminPage).toContain("Balance teams");
    await env.DB.prepare("UPDATE challenge_participations SET team_id = NULL WHERE challenge_id = ?")
      .bind(created.id)
      .run();
    const form = new FormData();
    form.set("intent", "balance-teams");
    expect(
      (await call(`/admin/challenges/${created.id}`, { method: "POST", body: form, cookie: admin.cookie }))
        .status,
    ).toBe(200);
    expect((await board(created.id, admin.cookie)).teams.map((t) => [t.name, t.members])).toEqual([
      ["North", 3],
      ["South", 3],
    ]);

    // A challenge without teams has nothing to balance; an unknown one is a 404.
    const plain = await json<{ id: number }>(await create({ goalType: "elevation", target: 100 }));
    const none = await call(`/api/admin/challenges/${plain.id}/balance-teams`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(none.status).toBe(400);
    expect((await json(none)).message).toBe("This challenge has no teams to balance");
    expect(
      (await call("/api/admin/challenges/99999999/balance-teams", { method: "POST", cookie: admin.cookie }))
        .status,
    ).toBe(404);
  });

  it("the /challenges grid's join form asks for the team: picker, no team or a wrong one is a 400 that says so, no JavaScript needed", async () => {
    const member1 = await rider(600811);
    const created = await json<{ id: number; teams: { id: number; name: string }[] }>(
      await create({
        goalType: "count",
        target: 10,
        teams: ["Red", "Blue"],
        title: `Grid teams ${Date.now()}`,
      }),
    );
    const other = await json<{ teams: { id: number }[] }>(
      await create({ goalType: "count", target: 10, teams: ["C", "D"] }),
    );
    const grid = await html(await call("/challenges", { cookie: member1.cookie }));
    const card = grid.slice(grid.indexOf(`id="join-team-${created.id}"`) - 400);
    expect(card).toContain(`<label for="join-team-${created.id}"`);
    expect(card).toMatch(new RegExp(`<select id="join-team-${created.id}" name="teamId" required=""`));
    expect(card).toContain(`<option value="${created.teams[1].id}">Blue</option>`);

    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      form.set("challengeId", String(created.id));
      form.set("sharing", "progress");
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return call("/challenges", { method: "POST", body: form, cookie: member1.cookie });
    };
    for (const [fields, message] of [
      [{}, "Choose your team to join this challenge"],
      [{ teamId: String(other.teams[0].id) }, "That team is not part of this challenge"],
      [{ teamId: "abc" }, "That team is not part of this challenge"],
    ] as const) {
      const res = await post(fields);
      expect(res.status, JSON.stringify(fields)).toBe(400);
      // The page says so beside the card's picker, without JavaScript.
      const page = await html(res);
      expect(page).toContain(`id="join-team-${created.id}-error" role="alert"`);
      expect(page).toContain(message);
      expect(await isJoined(created.id, member1.id)).toBe(false);
    }
    expect((await post({ teamId: String(created.teams[1].id) })).status).toBe(200);
    const row = await env.DB.prepare(
      "SELECT team_id FROM challenge_participations WHERE challenge_id = ? AND user_id = ?",
    )
      .bind(created.id, member1.id)
      .first<{ team_id: number }>();
    expect(row?.team_id).toBe(created.teams[1].id);
  });
});

describe("progress per goal kind, as properties (issue #39 Done-when)", () => {
  const kinds: Record<string, Record<string, unknown>> = {
    distance: { goalType: "distance", target: 100000 },
    elevation: { goalType: "elevation", target: 2000 },
    time: { goalType: "time", target: 36000 },
    days: { goalType: "days", target: 10, minPerDay: 8000 },
    count: { goalType: "count", target: 10 },
    longest: { goalType: "longest", target: 50000 },
    group: { goalType: "group", groupOf: "elevation", target: 5000 },
  };
  const ids: Record<string, number> = {};
  const start = now - 10 * DAY;
  // Midnight in India at the start of the challenge's fourth day (18:30 UTC).
  const istMidnight = Math.floor((start + 3 * DAY + 19800) / DAY) * DAY - 19800;

  beforeAll(async () => {
    for (const [kind, goal] of Object.entries(kinds)) {
      const res = await call("/api/admin/challenges", {
        method: "POST",
        body: {
          title: `Property ${kind}`,
          description: "Progress as a property",
          startDate: new Date(start * 1000).toISOString(),
          endDate: new Date((now + 20 * DAY) * 1000).toISOString(),
          sportType: "Ride",
          ...goal,
        },
        cookie: admin.cookie,
      });
      ids[kind] = (await json<{ id: number }>(res)).id;
    }
  });

  const progressOf = async (userId: number) => {
    const rows = await env.DB.prepare(
      "SELECT challenge_id, progress FROM challenge_participations WHERE user_id = ?",
    )
      .bind(userId)
      .all<{ challenge_id: number; progress: number }>();
    const byId = new Map(rows.results.map((r) => [r.challenge_id, r.progress]));
    return Object.fromEntries(Object.entries(ids).map(([kind, id]) => [kind, byId.get(id) ?? 0]));
  };
  let athlete = 610000;
  const joinAll = async () => {
    const u = await createUser();
    await connectStrava(u.id, athlete++);
    const cookie = await login(u.username, u.password);
    for (const id of Object.values(ids)) await call(`/api/challenges/${id}/join`, { method: "POST", cookie });
    return u.id;
  };
  const at = (seconds: number, sport: string, km: number, elevation: number, minutes: number) => ({
    ...activity(sport, km, 0),
    start_date: new Date(seconds * 1000).toISOString(),
    total_elevation_gain: elevation,
    moving_time: minutes * 60,
  });

  it("counts each kind: days by India's midnight with a minimum, longest, group contributions", async () => {
    const app = createAppContext(env);
    const userId = await joinAll();
    await saveStrava(app, userId, [
      at(istMidnight - 30 * 60, "Ride", 5, 100, 30), // 23:30 IST, day 3
      at(istMidnight + 30 * 60, "Ride", 5, 50, 30), // 00:30 IST, day 4: 5 km, below the 8 km minimum
      at(istMidnight - 3 * 3600, "Ride", 4, 0, 20), // 20:30 IST, day 3: 9 km that day
      at(istMidnight + DAY, "Run", 30, 300, 150), // another sport
      at(start - 3600, "Ride", 80, 900, 200), // before the start
    ]);
    expect(await progressOf(userId)).toEqual({
      distance: 14000,
      elevation: 150,
      time: 80 * 60,
      days: 1,
      count: 3,
      longest: 5000,
      group: 150,
    });
  });

  it("never lowers progress when an activity is added, and equals a recalculation from scratch", async () => {
    const app = createAppContext(env);
    const ride = fc.record({
      sport: fc.constantFrom("Ride", "VirtualRide", "Run"),
      km: fc.integer({ min: 0, max: 60 }),
      elevation: fc.integer({ min: 0, max: 800 }),
      minutes: fc.integer({ min: 1, max: 300 }),
      // From two days before the start to past the middle, at any minute (across India's midnights).
      offsetMinutes: fc.integer({ min: -2 * 1440, max: 12 * 1440 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(ride, { minLength: 1, maxLength: 4 }), async (rides) => {
        const userId = await joinAll();
        let before = await progressOf(userId);
        for (const r of rides) {
          await saveStrava(app, userId, [
            at(start + r.offsetMinutes * 60, r.sport, r.km, r.elevation, r.minutes),
          ]);
          const after = await progressOf(userId);
          for (const kind of Object.keys(kinds))
            expect(after[kind], kind).toBeGreaterThanOrEqual(before[kind]);
          before = after;
        }
        for (const id of Object.values(ids))
          await call(`/api/admin/challenges/${id}/recalculate-progress`, {
            method: "POST",
            cookie: admin.cookie,
          });
        expect(await progressOf(userId)).toEqual(before);
      }),
      { numRuns: 5 },
    );
  });
});

describe("club feed (issue #41)", () => {
  interface Feed {
    items: {
      id: number;
      kind: string;
      text: string;
      member: { id: number } | null;
      kudos: number;
      kudoed: boolean;
      commentCount: number;
      comments: { id: number; body: string; mine: boolean }[];
    }[];
    nextBefore: number | null;
  }
  const feedOf = async (cookie: string, query = "") =>
    json<Feed>(await call(`/api/club/feed${query}`, { cookie }));

  it("writes milestones where they happen, once, and shows each only as its member's sharing allows", async () => {
    const r = await createUser();
    await connectStrava(r.id, 600101);
    const rider = { id: r.id, cookie: await login(r.username, r.password) };
    const challengeId = await insertChallenge({ title: "Feed Ride 10", target: 10_000 });
    const privateChallenge = await insertChallenge({ title: "Quiet Ride", target: 10_000 });
    expect(
      (
        await call(`/api/challenges/${challengeId}/join`, {
          cookie: rider.cookie,
          body: { shareActivities: true },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(`/api/challenges/${privateChallenge}/join`, {
          cookie: rider.cookie,
          body: { shareActivities: false },
        })
      ).status,
    ).toBe(201);
    // 6 km passes half the goal; then 12 km in all completes it (and the quiet challenge too).
    const app = createAppContext(env);
    await saveStrava(app, rider.id, [activity("Ride", 6, 2)]);
    await saveStrava(app, rider.id, [activity("Ride", 6, 1)]);
    await saveStrava(app, rider.id, [activity("Ride", 1, 1)]); // a refresh again: nothing twice

    const mine = (await feedOf(rider.cookie)).items.filter((i) => i.member?.id === rider.id);
    expect(mine.map((i) => i.text).sort()).toEqual([
      "completed the challenge Feed Ride 10",
      "completed the challenge Quiet Ride",
      "joined the challenge Feed Ride 10",
      "joined the challenge Quiet Ride",
      "passed 50 % of the goal in Feed Ride 10",
      "passed 50 % of the goal in Quiet Ride",
    ]);
    expect(mine.map((i) => i.kind).slice(0, 2)).toEqual(["challenge_completed", "challenge_completed"]);
    // Another member sees only the challenge the rider shares.
    const seen = (await feedOf(outsider.cookie)).items.filter((i) => i.member?.id === rider.id);
    expect(seen.map((i) => i.text)).toEqual([
      "completed the challenge Feed Ride 10",
      "passed 50 % of the goal in Feed Ride 10",
      "joined the challenge Feed Ride 10",
    ]);
    // Keyset paging: one at a time, no item twice.
    const first = await feedOf(rider.cookie, "?limit=1");
    expect(first.items).toHaveLength(1);
    const second = await feedOf(rider.cookie, `?limit=1&before=${first.nextBefore}`);
    expect(second.items[0]!.id).toBeLessThan(first.items[0]!.id);
    expect((await call("/api/club/feed?limit=0", { cookie: rider.cookie })).status).toBe(400);
    expect((await call("/api/club/feed")).status).toBe(401);

    // A hidden item cannot be given kudos or comments (404, as if it did not exist).
    const quiet = mine.find((i) => i.text === "completed the challenge Quiet Ride")!;
    expect(
      (await call(`/api/club/feed/${quiet.id}/kudos`, { method: "POST", cookie: outsider.cookie })).status,
    ).toBe(404);
    expect(
      (await call(`/api/club/feed/${quiet.id}/comments`, { cookie: outsider.cookie, body: { body: "hi" } }))
        .status,
    ).toBe(404);

    // Event registrations only once the member allows it (their own choice, decision 051).
    const registered = await env.DB.prepare(
      "INSERT INTO feed_items (kind, user_id, audience, label, milestone_key) VALUES ('event_registered', ?, 'events', 'Club Brevet', ?) RETURNING id",
    )
      .bind(rider.id, `test-event:${rider.id}`)
      .first<{ id: number }>();
    const sees = async () => (await feedOf(outsider.cookie)).items.some((i) => i.id === registered!.id);
    expect(await sees()).toBe(false);
    const allowed = await call("/api/user/sharing", {
      method: "PATCH",
      cookie: rider.cookie,
      body: { shareEventRegistrations: true },
    });
    expect(await json(allowed)).toMatchObject({ shareEventRegistrations: true, shareActivities: false });
    expect(await sees()).toBe(true);

    // An admin's new challenge is an announcement everyone sees.
    const created = await call("/api/admin/challenges", {
      cookie: admin.cookie,
      body: {
        title: "Announced Ride",
        description: "A new one",
        sportType: "Ride",
        targetDistance: 50,
        startDate: new Date((now - DAY) * 1000).toISOString(),
        endDate: new Date((now + 30 * DAY) * 1000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    expect((await feedOf(outsider.cookie)).items[0]!.text).toBe("New challenge: Announced Ride");
  });

  it("kudos once per member with undo; comments 1–500 characters, edited and deleted by their author only, hidden by admins, reported once", async () => {
    const challengeId = await insertChallenge({ title: "Kudos Ride" });
    const r = await createUser();
    await connectStrava(r.id, 600102);
    const rider = { id: r.id, cookie: await login(r.username, r.password) };
    await call(`/api/challenges/${challengeId}/join`, {
      cookie: rider.cookie,
      body: { shareActivities: true },
    });
    const item = (await feedOf(outsider.cookie)).items.find((i) => i.member?.id === rider.id)!;
    expect(item.text).toBe("joined the challenge Kudos Ride");

    const kudos = (method: string, cookie: string | null) =>
      call(`/api/club/feed/${item.id}/kudos`, { method, cookie });
    expect((await kudos("POST", null)).status).toBe(401);
    expect(await json(await kudos("POST", outsider.cookie))).toEqual({
      itemId: item.id,
      kudos: 1,
      kudoed: true,
    });
    expect(await json(await kudos("POST", outsider.cookie))).toEqual({
      itemId: item.id,
      kudos: 1,
      kudoed: true,
    });
    await kudos("POST", member.cookie);
    expect(await json(await kudos("DELETE", member.cookie))).toEqual({
      itemId: item.id,
      kudos: 1,
      kudoed: false,
    });
    const rows = await env.DB.prepare("SELECT user_id FROM feed_kudos WHERE item_id = ?").bind(item.id).all();
    expect(rows.results).toEqual([{ user_id: outsider.id }]);
    await expect(
      env.DB.prepare("INSERT INTO feed_kudos (item_id, user_id) VALUES (?, ?)")
        .bind(item.id, outsider.id)
        .run(),
    ).rejects.toThrow(/UNIQUE/);
    expect((await call("/api/club/feed/abc/kudos", { method: "POST", cookie: outsider.cookie })).status).toBe(
      404,
    );

    const comment = (body: unknown, cookie: string | null = outsider.cookie) =>
      call(`/api/club/feed/${item.id}/comments`, { cookie, body });
    expect((await comment({ body: "hi" }, null)).status).toBe(401);
    const empty = await comment({ body: "   " });
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe("Comment cannot be empty");
    const long = await comment({ body: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect((await json(long)).message).toBe("Comment must be 500 characters or fewer");
    expect((await comment({})).status).toBe(400);
    const added = await comment({ body: "x".repeat(500) });
    expect(added.status).toBe(201);
    const { comment: c } = await json<{ comment: { id: number } }>(added);

    const edit = (cookie: string | null, body: unknown, method = "PATCH") =>
      call(`/api/club/comments/${c.id}`, { method, cookie, body });
    expect((await edit(rider.cookie, { body: "mine now" })).status).toBe(403);
    expect((await edit(rider.cookie, undefined, "DELETE")).status).toBe(403);
    expect((await edit(outsider.cookie, { body: "" })).status).toBe(400);
    expect((await edit(outsider.cookie, { body: "Well ridden!" })).status).toBe(200);
    let seen = (await feedOf(rider.cookie)).items.find((i) => i.id === item.id)!;
    expect(seen.comments.map((x) => [x.body, x.mine])).toEqual([["Well ridden!", false]]);
    expect(seen.commentCount).toBe(1);

    // The rider reports it (once), cannot report their own; a member cannot hide, an admin can.
    const report = (id: number, cookie: string) =>
      call(`/api/club/comments/${id}/report`, { method: "POST", cookie });
    expect((await report(c.id, rider.cookie)).status).toBe(200);
    expect((await report(c.id, rider.cookie)).status).toBe(200);
    const { comment: own } = await json<{ comment: { id: number } }>(
      await comment({ body: "thanks" }, rider.cookie),
    );
    expect((await report(own.id, rider.cookie)).status).toBe(400);
    const hide = (cookie: string | null) =>
      call(`/api/admin/club/comments/${c.id}/hide`, { method: "POST", cookie });
    expect((await hide(null)).status).toBe(401);
    expect((await hide(rider.cookie)).status).toBe(403);
    expect((await hide(admin.cookie)).status).toBe(200);
    seen = (await feedOf(rider.cookie)).items.find((i) => i.id === item.id)!;
    expect(seen.comments.map((x) => x.body)).toEqual(["thanks"]);
    expect((await edit(outsider.cookie, { body: "again" })).status).toBe(404);

    expect(
      (await call(`/api/club/comments/${own.id}`, { method: "DELETE", cookie: rider.cookie })).status,
    ).toBe(200);
    seen = (await feedOf(rider.cookie)).items.find((i) => i.id === item.id)!;
    expect(seen.commentCount).toBe(0);
  });

  it("admins see the reported comments, most reported first, and hide one or keep it (API and the Club tab)", async () => {
    const challengeId = await insertChallenge({ title: "Moderated Ride" });
    const r = await createUser();
    await connectStrava(r.id, 600103);
    const rider = { id: r.id, cookie: await login(r.username, r.password) };
    await call(`/api/challenges/${challengeId}/join`, {
      cookie: rider.cookie,
      body: { shareActivities: true },
    });
    const item = (await feedOf(outsider.cookie)).items.find((i) => i.member?.id === rider.id)!;
    const say = async (body: string, cookie: string) =>
      (
        await json<{ comment: { id: number } }>(
          await call(`/api/club/feed/${item.id}/comments`, { cookie, body: { body } }),
        )
      ).comment.id;
    const rude = await say("Rude words here", outsider.cookie);
    const meh = await say("Meh ride", outsider.cookie);
    const fine = await say("Nice one", outsider.cookie);
    const report = (id: number, cookie: string) =>
      call(`/api/club/comments/${id}/report`, { method: "POST", cookie });
    await report(rude, rider.cookie);
    await report(rude, member.cookie);
    await report(meh, rider.cookie);

    const list = (cookie: string | null) => call("/api/admin/club/reports", { cookie });
    expect((await list(null)).status).toBe(401);
    expect((await list(rider.cookie)).status).toBe(403);
    type Reported = { comments: { id: number; body: string; reports: number; itemLabel: string }[] };
    const ours = async () =>
      (await json<Reported>(await list(admin.cookie))).comments.filter((c) =>
        [rude, meh, fine].includes(c.id),
      );
    expect(await ours()).toEqual([
      expect.objectContaining({ id: rude, body: "Rude words here", reports: 2, itemLabel: item.text }),
      expect.objectContaining({ id: meh, reports: 1 }),
    ]);
    // The Club tab shows them too.
    const tab = await call("/admin?tab=club", { cookie: admin.cookie });
    expect(tab.status).toBe(200);
    const html = await tab.text();
    expect(html).toContain("Reported comments");
    expect(html.indexOf("Rude words here")).toBeLessThan(html.indexOf("Meh ride"));
    expect(html).toContain("Reported 2 times");

    // Keep: its reports are cleared (guest 401, member 403, unknown 404); hide (the tab's form): gone for everyone.
    const keep = (id: number | string, cookie: string | null) =>
      call(`/api/admin/club/comments/${id}/keep`, { method: "POST", cookie });
    expect((await keep(meh, null)).status).toBe(401);
    expect((await keep(meh, rider.cookie)).status).toBe(403);
    expect((await keep(999_999_999, admin.cookie)).status).toBe(404);
    expect((await keep(meh, admin.cookie)).status).toBe(200);
    const form = new URLSearchParams({ intent: "comment-hide", id: String(rude) });
    const hidden = await call("/admin?tab=club", {
      cookie: admin.cookie,
      body: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(hidden.status).toBe(302);
    expect(await ours()).toEqual([]);
    const seen = (await feedOf(rider.cookie)).items.find((i) => i.id === item.id)!;
    expect(seen.comments.map((c) => c.body).sort()).toEqual(["Meh ride", "Nice one"]);
  });

  it("/club renders the feed for members and sends guests to sign in", async () => {
    const page = await call("/club", { cookie: outsider.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("<h1");
    expect(html).toContain("New challenge: Announced Ride");
    expect((await call("/club")).status).toBe(302);
  });
});

describe("notifications (issue #41 part 2)", () => {
  interface Listing {
    unread: number;
    items: { id: number; title: string; read: boolean; link: string }[];
  }
  const listing = async (cookie: string) => json<Listing>(await call("/api/notifications", { cookie }));

  it("a comment and kudos reach the item's member through the queue: the bell's count, the list, the e-mail with one-click unsubscribe", async () => {
    const r = await createUser();
    await connectStrava(r.id, 600201);
    const rider = { id: r.id, email: r.email, cookie: await login(r.username, r.password) };
    const challengeId = await insertChallenge({ title: "Bell Ride" });
    await call(`/api/challenges/${challengeId}/join`, {
      cookie: rider.cookie,
      body: { shareActivities: true },
    });
    const feed = await json<{ items: { id: number; member: { id: number } | null }[] }>(
      await call("/api/club/feed", { cookie: outsider.cookie }),
    );
    const item = feed.items.find((i) => i.member?.id === rider.id)!;
    await call(`/api/club/feed/${item.id}/kudos`, { method: "POST", cookie: outsider.cookie });
    await call(`/api/club/feed/${item.id}/comments`, { cookie: outsider.cookie, body: { body: "Ride on!" } });
    // Kudos on one's own item notifies nobody.
    await call(`/api/club/feed/${item.id}/kudos`, { method: "POST", cookie: rider.cookie });

    // The queue's consumer runs in the background: wait for its outcome, then check it exactly.
    await vi.waitFor(async () => expect((await listing(rider.cookie)).unread).toBe(2), { timeout: 10_000 });
    const list = await listing(rider.cookie);
    expect(list.items.map((n) => n.title).sort()).toEqual([
      expect.stringMatching(/commented on "joined the challenge Bell Ride": Ride on!$/),
      expect.stringMatching(/gave you kudos: joined the challenge Bell Ride$/),
    ]);
    const page = await (await call("/club", { cookie: rider.cookie })).text();
    expect(page).toContain('aria-label="Notifications, 2 unread"');
    expect((await listing(outsider.cookie)).items.some((n) => n.link.includes(`item-${item.id}`))).toBe(
      false,
    );

    // Comments are e-mailed by default (kudos are not), with RFC 8058 headers.
    const mails = await vi.waitFor(
      async () => {
        const found = (await mailbox(rider.email)) as unknown as {
          subject: string;
          text: string;
          headers: Record<string, string>;
        }[];
        expect(found.length).toBeGreaterThan(0);
        return found;
      },
      { timeout: 10_000 },
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/commented on/);
    expect(mails[0]!.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const unsubscribeUrl = /^<(.+)>$/.exec(mails[0]!.headers["List-Unsubscribe"]!)![1]!;
    const path = new URL(unsubscribeUrl).pathname + new URL(unsubscribeUrl).search;

    // One click, no session: scoped to this member and kind; a forged token is refused.
    const forged = path.replace(/token=\d+/, `token=${outsider.id}`);
    expect((await call(forged, { method: "POST", headers: { Origin: "null" } })).status).toBe(400);
    expect((await call(path.replace("comment", "kudos"), { method: "POST" })).status).toBe(400);
    const done = await call(path, { method: "POST" });
    expect(done.status).toBe(200);
    const prefs = await env.DB.prepare(
      "SELECT user_id, kind, channel, enabled FROM notification_preferences WHERE user_id IN (?, ?)",
    )
      .bind(rider.id, outsider.id)
      .all();
    expect(prefs.results).toEqual([{ user_id: rider.id, kind: "comment", channel: "email", enabled: 0 }]);
    // A proof that is not even base64url is a 400, not a 500.
    expect((await call(path.replace(/\.[^.]*$/, ".%21%21"), { method: "POST" })).status).toBe(400);
    // A member deleted since the e-mail was sent: the link still answers, and writes nothing.
    const gone = await createUser();
    const goneToken = await unsubscribeToken(createAppContext(env), gone.id, "comment");
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(gone.id).run();
    const goneRes = await call(`/api/notifications/unsubscribe?token=${encodeURIComponent(goneToken)}`, {
      method: "POST",
    });
    expect(goneRes.status).toBe(200);
    expect(
      (await env.DB.prepare("SELECT count(*) AS n FROM notification_preferences WHERE user_id = ?")
        .bind(gone.id)
        .first<{ n: number }>())!.n,
    ).toBe(0);

    // Mark read: the count follows; bad input is a 400, a guest a 401.
    expect((await call("/api/notifications/read", { cookie: rider.cookie, body: {} })).status).toBe(400);
    expect((await call("/api/notifications/read", { body: { all: true } })).status).toBe(401);
    expect((await call("/api/notifications")).status).toBe(401);
    const read = await call("/api/notifications/read", {
      cookie: rider.cookie,
      body: { ids: [list.items[0]!.id] },
    });
    expect(await json(read)).toEqual({ unread: 1 });
    expect(
      await json(await call("/api/notifications/read", { cookie: rider.cookie, body: { all: true } })),
    ).toEqual({
      unread: 0,
    });
  });

  it("the cron turns the feed's completed challenges into one notification each, however often it runs", async () => {
    const m = await createUser();
    const c = await insertChallenge({ title: "Cron Ride" });
    await env.DB.prepare(
      "INSERT INTO feed_items (kind, user_id, challenge_id, audience, label, value, milestone_key) VALUES ('challenge_completed', ?, ?, 'challenge', 'Cron Ride', 100, ?)",
    )
      .bind(m.id, c, `goal:${c}:${m.id}:100`)
      .run();
    const app = createAppContext(env);
    expect(await queueChallengeCompletions(app)).toBeGreaterThan(0);
    await queueChallengeCompletions(app);
    const rows = () =>
      env.DB.prepare("SELECT kind, title, link FROM notifications WHERE user_id = ?").bind(m.id).all();
    await vi.waitFor(async () => expect((await rows()).results).toHaveLength(1), { timeout: 10_000 });
    expect((await rows()).results).toEqual([
      {
        kind: "challenge_completed",
        title: "You completed the challenge Cron Ride",
        link: `/challenges/${c}`,
      },
    ]);
  });

  it("the cron reminds participants of a challenge starting or ending within two days, and every member of the Wari's registration opening, once each", async () => {
    const [early, behind, done, later, unverified] = [
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser(),
      await createUser({ isVerified: false }),
    ];
    await env.DB.prepare("UPDATE users SET time_zone = 'Europe/London' WHERE id = ?").bind(behind.id).run();
    // 18:30 UTC is midnight in India: "starts on 30 Nov 2026, 12:00 am IST" style, written in each one's zone.
    const startsAt = (Math.floor(now / DAY) + 1) * DAY + 18 * 3600 + 1800;
    const starting = await insertChallenge({
      title: "Starts soon",
      start: startsAt,
      end: startsAt + 10 * DAY,
    });
    const ending = await insertChallenge({ title: "Ends soon", start: now - 10 * DAY, end: now + DAY });
    const far = await insertChallenge({ title: "Starts later", start: now + 4 * DAY, end: now + 10 * DAY });
    const join = (challenge: number, user: number, completed = false) =>
      env.DB.prepare(
        "INSERT INTO challenge_participations (challenge_id, user_id, completed_at) VALUES (?, ?, ?)",
      )
        .bind(challenge, user, completed ? now - 3600 : null)
        .run();
    await join(starting, early.id);
    await join(ending, behind.id);
    await join(ending, done.id, true);
    await join(far, later.id);
    await env.DB.prepare(
      "INSERT INTO wari_editions (year, name, ride_date, registration_opens_at, registration_closes_at) VALUES (2199, 'IAS CycleWari 2199', '2199-06-06', ?, ?)",
    )
      .bind(now - 3600, now + 30 * DAY)
      .run();

    const app = createAppContext(env);
    expect(await queueReminders(app)).toBeGreaterThan(2);
    // Fired once: a second run queues none of these again.
    const fired = await env.DB.prepare(
      "SELECT key FROM notification_triggers WHERE key IN (?, ?, ?, ?) ORDER BY key",
    )
      .bind(
        `challenge-starting:${starting}`,
        `challenge-ending:${ending}`,
        `challenge-starting:${far}`,
        "wari-open:2199",
      )
      .all<{ key: string }>();
    expect(fired.results.map((r) => r.key)).toEqual([
      `challenge-ending:${ending}`,
      `challenge-starting:${starting}`,
      "wari-open:2199",
    ]);
    await queueReminders(app);

    const of = (id: number) =>
      env.DB.prepare("SELECT kind, title, link FROM notifications WHERE user_id = ? ORDER BY id")
        .bind(id)
        .all<{ kind: string; title: string; link: string }>()
        .then((r) => r.results);
    const wari = { kind: "wari_open", title: "Registration for IAS CycleWari 2199 is open", link: "/wari" };
    // The queue delivers in batches, in no set order: wait for every member's last one.
    await vi.waitFor(
      async () =>
        expect(
          await Promise.all([early, behind, done, later].map(async (u) => (await of(u.id)).length)),
        ).toEqual([2, 2, 1, 1]),
      { timeout: 10_000 },
    );
    const startIst = formatDateTime(new Date(startsAt * 1000), "Asia/Kolkata");
    expect(startIst).toMatch(/, 12:00 am IST$/);
    expect(await of(early.id)).toEqual(
      expect.arrayContaining([
        {
          kind: "challenge_reminder",
          title: `Starts soon starts on ${startIst}`,
          link: `/challenges/${starting}`,
        },
        wari,
      ]),
    );
    expect(await of(early.id)).toHaveLength(2);
    const endLondon = formatDateTime(new Date((now + DAY) * 1000), "Europe/London");
    expect(await of(behind.id)).toEqual(
      expect.arrayContaining([
        {
          kind: "challenge_reminder",
          title: `Ends soon ends on ${endLondon}: there is still time to reach the goal`,
          link: `/challenges/${ending}`,
        },
        wari,
      ]),
    );
    // The goal reached: no reminder to hurry; a start four days away: not yet; unverified: no Wari news.
    expect(await of(done.id)).toEqual([wari]);
    expect(await of(later.id)).toEqual([wari]);
    expect(await of(unverified.id)).toEqual([]);
    await env.DB.prepare("DELETE FROM wari_editions WHERE year = 2199").run();
  });

  it("preferences: a kind turned off stops it; quiet hours hold the e-mail (retried after them); bad input is a 400", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const put = (body: unknown) => call("/api/notifications/preferences", { method: "PUT", cookie, body });
    expect((await put({ choices: [], quietStart: "25:00", quietEnd: null })).status).toBe(400);
    expect(
      (
        await put({
          choices: [{ kind: "nope", channel: "email", enabled: true }],
          quietStart: null,
          quietEnd: null,
        })
      ).status,
    ).toBe(400);
    expect((await call("/api/notifications/preferences")).status).toBe(401);
    // The profile's form: kudos unticked in the app; comments by e-mail kept; quiet for the hour from now (IST).
    const minute = (Math.floor(Date.now() / 60_000) + 330) % 1440;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const form = new FormData();
    form.set("comment.in_app", "on");
    form.set("comment.email", "on");
    form.set("quietStart", hhmm(minute));
    form.set("quietEnd", hhmm((minute + 60) % 1440));
    expect((await call("/profile-settings/notifications", { cookie, body: form })).status).toBe(302);
    const prefs = await json<{
      kinds: { kind: string; channels: { channel: string; enabled: boolean }[] }[];
      quietStart: string;
    }>(await call("/api/notifications/preferences", { cookie }));
    expect(prefs.quietStart).toBe(hhmm(minute));
    expect(prefs.kinds.find((k) => k.kind === "kudos")!.channels).toEqual([
      { channel: "in_app", enabled: false },
      { channel: "email", enabled: false },
      { channel: "push", enabled: false },
    ]);
    const deliver = async (body: object) => {
      const batch = createMessageBatch("notifications", [
        { id: "p1", timestamp: new Date(), attempts: 1, body },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<never>, env, ctx);
      return getQueueResult(batch, ctx);
    };
    const base = { type: "notify", userId: u.id, title: "t", link: null };
    expect((await deliver({ ...base, kind: "kudos", key: "kudos:1:2" })).explicitAcks).toEqual(["p1"]);
    const comment = await deliver({ ...base, kind: "comment", key: "comment:quiet" });
    // Inside quiet hours: in the app now, the e-mail retried (after them) instead of sent.
    expect(comment.explicitAcks).toEqual([]);
    expect(comment.retryMessages).toEqual([{ msgId: "p1" }]);
    expect(await mailbox(u.email)).toEqual([]);
    const rows = await env.DB.prepare(
      "SELECT kind, emailed_at IS NULL AS waiting FROM notifications WHERE user_id = ?",
    )
      .bind(u.id)
      .all();
    expect(rows.results).toEqual([{ kind: "comment", waiting: 1 }]);
  });

  it("a redelivered message notifies and e-mails once (unique key per event and member)", async () => {
    const m = await createUser();
    const message = {
      type: "notify",
      kind: "comment",
      userId: m.id,
      key: "comment:redelivered-1",
      title: "Someone commented on your ride",
      link: "/club",
    };
    const deliver = async (id: string, attempts: number) => {
      const batch = createMessageBatch("notifications", [
        { id, timestamp: new Date(), attempts, body: message },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<never>, env, ctx);
      return getQueueResult(batch, ctx);
    };
    expect((await deliver("n1", 1)).explicitAcks).toEqual(["n1"]);
    expect((await deliver("n1", 2)).explicitAcks).toEqual(["n1"]);
    const rows = await env.DB.prepare(
      "SELECT kind, emailed_at IS NOT NULL AS emailed FROM notifications WHERE user_id = ?",
    )
      .bind(m.id)
      .all();
    expect(rows.results).toEqual([{ kind: "comment", emailed: 1 }]);
    expect(await mailbox(m.email)).toHaveLength(1);
    // A malformed message is dropped (acked), not retried forever.
    const bad = createMessageBatch("notifications", [
      { id: "bad", timestamp: new Date(), attempts: 1, body: { type: "x" } },
    ]);
    const ctx = createExecutionContext();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await worker.queue(bad as MessageBatch<never>, env, ctx);
    warn.mockRestore();
    expect((await getQueueResult(bad, ctx)).explicitAcks).toEqual(["bad"]);
  });
});

describe("Web Push (issue #41, docs/decisions/053-web-push.md)", () => {
  const endpointOf = (device: string) => `${env.FAKES_URL}/push/send/${device}`;
  const subscribe = (cookie: string | null, device: string, keys: Pick<DeviceKeys, "p256dh" | "auth">) =>
    call("/api/push/subscriptions", {
      cookie,
      body: {
        endpoint: endpointOf(device),
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
    });
  const received = async (device: string) =>
    (await (await fetch(`${env.FAKES_URL}/push/messages?device=${device}`)).json()) as {
      body: string;
      ttl: number;
      claims: { aud: string; sub: string };
    }[];
  const answer = (device: string, status: number) =>
    fetch(`${env.FAKES_URL}/_control/push/status`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ device, status }),
    });
  const deliver = async (body: object, id = "w1") => {
    const batch = createMessageBatch("notifications", [{ id, timestamp: new Date(), attempts: 1, body }]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, env, ctx);
    return getQueueResult(batch, ctx);
  };
  const devicesOf = async (userId: number) =>
    (
      await env.DB.prepare(
        "SELECT endpoint, last_success_at IS NOT NULL AS delivered FROM push_subscriptions WHERE user_id = ? ORDER BY id",
      )
        .bind(userId)
        .all()
    ).results;

  it("subscriptions: member only, 4xx for bad bodies, one row per endpoint (moving to its new member), delete your own", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const keys = await makeDeviceKeys();
    const device = `sub-${u.id}`;
    expect((await subscribe(null, device, keys)).status).toBe(401);
    const bad = async (body: unknown) => {
      const res = await call("/api/push/subscriptions", { cookie, body });
      return { status: res.status, message: (await json<{ message: string }>(res)).message };
    };
    const badKeys = "Give the subscription's keys as the browser made them (p256dh and auth, base64url)";
    expect(await bad({})).toEqual({
      status: 400,
      message: "Give the subscription's endpoint: the push service's http(s) address",
    });
    expect((await bad({ endpoint: "javascript:alert(1)", keys })).status).toBe(400);
    expect(await bad({ endpoint: endpointOf(device) })).toEqual({ status: 400, message: badKeys });
    expect(await bad({ endpoint: endpointOf(device), keys: { p256dh: keys.auth, auth: keys.auth } })).toEqual(
      {
        status: 400,
        message: badKeys,
      },
    );
    expect(await bad({ endpoint: endpointOf(device), keys: { p256dh: keys.p256dh, auth: "!!" } })).toEqual({
      status: 400,
      message: badKeys,
    });
    // Base64url characters of a length no base64 text has: a 400 too, not a 500.
    expect(await bad({ endpoint: endpointOf(device), keys: { p256dh: "A", auth: keys.auth } })).toEqual({
      status: 400,
      message: badKeys,
    });
    expect((await call("/api/push/subscriptions", { cookie, body: "{not json" })).status).toBe(400);
    expect((await call("/api/push/subscriptions", { method: "PUT", cookie, body: {} })).status).toBe(405);

    const first = await subscribe(cookie, device, keys);
    expect(first.status).toBe(201);
    expect(await json(first)).toMatchObject({ message: "Notifications are on for this device" });
    expect((await subscribe(cookie, device, keys)).status).toBe(201);
    expect(await devicesOf(u.id)).toEqual([{ endpoint: endpointOf(device), delivered: 0 }]);
    // The same browser, another member signed in: the device is theirs now.
    const other = await createUser();
    const otherCookie = await login(other.username, other.password);
    expect((await subscribe(otherCookie, device, keys)).status).toBe(201);
    expect(await devicesOf(u.id)).toEqual([]);
    const remove = (c: string | null) =>
      call("/api/push/subscriptions", {
        method: "DELETE",
        cookie: c,
        body: { endpoint: endpointOf(device) },
      });
    expect((await remove(null)).status).toBe(401);
    expect(await json(await remove(cookie))).toMatchObject({ removed: 0 });
    expect(await json(await remove(otherCookie))).toMatchObject({ removed: 1 });
    expect(await devicesOf(other.id)).toEqual([]);
    // The page and the API give the browser the VAPID public key to subscribe with.
    const prefs = await json<{ pushKey: string }>(await call("/api/notifications/preferences", { cookie }));
    expect(prefs.pushKey).toBe(env.VAPID_PUBLIC_KEY);
  });

  it("a notification reaches each device encrypted (decrypted here: it names the item); 410 prunes; a redelivery pushes once; other failures are retried; quiet hours and a kind turned off hold it", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const [phone, laptop] = [await makeDeviceKeys(), await makeDeviceKeys()];
    const [phoneId, laptopId] = [`phone-${u.id}`, `laptop-${u.id}`];
    expect((await subscribe(cookie, phoneId, phone)).status).toBe(201);
    expect((await subscribe(cookie, laptopId, laptop)).status).toBe(201);
    await answer(laptopId, 410);

    const message = {
      type: "notify",
      kind: "comment",
      userId: u.id,
      key: `comment:push-${u.id}`,
      title: 'Asha commented on "joined the challenge Monsoon 100": Ride on!',
      link: "/club#item-77",
    };
    expect((await deliver(message)).explicitAcks).toEqual(["w1"]);
    const [pushed] = await received(phoneId);
    expect(await received(phoneId)).toHaveLength(1);
    expect(pushed!.ttl).toBe(86400);
    expect(pushed!.claims).toMatchObject({
      aud: new URL(env.FAKES_URL).origin,
      sub: "mailto:push@cyclewari.test",
    });
    expect(JSON.parse(await decryptPush(pushed!.body, phone))).toEqual({
      title: "New comment",
      body: 'Asha commented on "joined the challenge Monsoon 100": Ride on!',
      url: "/club#item-77",
      tag: `comment:push-${u.id}`,
    });
    // The laptop's 410: its subscription is gone; the phone's success is recorded.
    expect(await devicesOf(u.id)).toEqual([{ endpoint: endpointOf(phoneId), delivered: 1 }]);

    // The queue delivers the same message again: nothing is pushed twice.
    expect((await deliver(message)).explicitAcks).toEqual(["w1"]);
    expect(await received(phoneId)).toHaveLength(1);

    // A failing push service: the message is retried (the claim released), and delivered after.
    await answer(phoneId, 500);
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failed = await deliver({ ...message, key: `comment:push-retry-${u.id}` }, "w2");
    error.mockRestore();
    expect(failed.retryMessages).toEqual([{ msgId: "w2" }]);
    expect(await devicesOf(u.id)).toHaveLength(1);
    await answer(phoneId, 201);
    expect((await deliver({ ...message, key: `comment:push-retry-${u.id}` }, "w2")).explicitAcks).toEqual([
      "w2",
    ]);
    expect(await received(phoneId)).toHaveLength(2);

    // Kudos' push turned off: in the app only. Quiet hours (IST, this hour): the push waits.
    const minute = (Math.floor(Date.now() / 60_000) + 330) % 1440;
    const hhmm = (m: number) =>
      `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
    const put = await call("/api/notifications/preferences", {
      method: "PUT",
      cookie,
      body: {
        choices: [{ kind: "kudos", channel: "push", enabled: false }],
        quietStart: null,
        quietEnd: null,
      },
    });
    expect(put.status).toBe(200);
    expect(
      (await deliver({ ...message, kind: "kudos", key: `kudos:push-${u.id}` }, "w3")).explicitAcks,
    ).toEqual(["w3"]);
    expect(await received(phoneId)).toHaveLength(2);
    await call("/api/notifications/preferences", {
      method: "PUT",
      cookie,
      body: { choices: [], quietStart: hhmm(minute), quietEnd: hhmm((minute + 60) % 1440) },
    });
    const quiet = await deliver({ ...message, key: `comment:push-quiet-${u.id}` }, "w4");
    expect(quiet.explicitAcks).toEqual([]);
    expect(quiet.retryMessages).toHaveLength(1);
    expect(await received(phoneId)).toHaveLength(2);
    const rows = await env.DB.prepare(
      "SELECT dedupe_key, pushed_at IS NOT NULL AS pushed FROM notifications WHERE user_id = ? ORDER BY id",
    )
      .bind(u.id)
      .all();
    expect(rows.results).toEqual([
      { dedupe_key: `comment:push-${u.id}`, pushed: 1 },
      { dedupe_key: `comment:push-retry-${u.id}`, pushed: 1 },
      { dedupe_key: `kudos:push-${u.id}`, pushed: 0 },
      { dedupe_key: `comment:push-quiet-${u.id}`, pushed: 0 },
    ]);
  });
});

describe("leads, events and plan weeks through the notifications (issue #41)", () => {
  const notificationsOf = (id: number) =>
    env.DB.prepare("SELECT kind, title, link FROM notifications WHERE user_id = ? ORDER BY id")
      .bind(id)
      .all<{ kind: string; title: string; link: string }>()
      .then((r) => r.results);

  it("the cron tells whoever loses a challenge's lead (the member, or every member of the team), once per lost lead, and a team taking the lead is a feed item", async () => {
    const [ana, ben, cai] = [await createUser(), await createUser(), await createUser()];
    const c = await insertChallenge({ title: "Lead Ride" });
    const [red, blue] = await Promise.all(
      ["Red", "Blue"].map((name) =>
        env.DB.prepare("INSERT INTO challenge_teams (challenge_id, name) VALUES (?, ?) RETURNING id")
          .bind(c, name)
          .first<number>("id"),
      ),
    );
    const progress = (user: number, metres: number, team: number | null) =>
      env.DB.prepare(
        `INSERT INTO challenge_participations (challenge_id, user_id, progress, team_id) VALUES (?, ?, ?, ?)
         ON CONFLICT (challenge_id, user_id) DO UPDATE SET progress = excluded.progress`,
      )
        .bind(c, user, metres, team)
        .run();
    await progress(ana.id, 30_000, red!);
    await progress(cai.id, 5_000, red!);
    await progress(ben.id, 20_000, blue!);
    const app = createAppContext(env);
    const leadQueued = () => queueLeadChanges(app);
    // The first leaders take the lead from nobody: nobody is told.
    expect(await leadQueued()).toBe(0);
    const leads = () =>
      env.DB.prepare("SELECT team, holder_id FROM challenge_leads WHERE challenge_id = ? ORDER BY team")
        .bind(c)
        .all()
        .then((r) => r.results);
    expect(await leads()).toEqual([
      { team: 0, holder_id: ana.id },
      { team: 1, holder_id: red },
    ]);
    // A tie changes nothing; passing does: Ana loses her lead, Red (Ana and Cai) loses the team's.
    await progress(ben.id, 30_000, blue!);
    expect(await leadQueued()).toBe(0);
    await progress(ben.id, 40_000, blue!);
    expect(await leadQueued()).toBe(3);
    expect(await leadQueued()).toBe(0);
    expect(await leads()).toEqual([
      { team: 0, holder_id: ben.id },
      { team: 1, holder_id: blue },
    ]);
    await vi.waitFor(async () => expect(await notificationsOf(cai.id)).toHaveLength(1), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await notificationsOf(ana.id)).toHaveLength(2), { timeout: 10_000 });
    expect(await notificationsOf(ana.id)).toEqual(
      expect.arrayContaining([
        {
          kind: "lead_lost",
          title: `${ben.username} took the lead in Lead Ride from you`,
          link: `/challenges/${c}`,
        },
        {
          kind: "lead_lost",
          title: "Your team Red lost the lead in Lead Ride to Blue",
          link: `/challenges/${c}`,
        },
      ]),
    );
    expect(await notificationsOf(cai.id)).toEqual([
      {
        kind: "lead_lost",
        title: "Your team Red lost the lead in Lead Ride to Blue",
        link: `/challenges/${c}`,
      },
    ]);
    expect(await notificationsOf(ben.id)).toEqual([]);
    const feed = await env.DB.prepare(
      "SELECT kind, user_id, label FROM feed_items WHERE challenge_id = ? AND kind = 'team_lead' ORDER BY id",
    )
      .bind(c)
      .all();
    expect(feed.results).toEqual([
      { kind: "team_lead", user_id: null, label: "Red took the lead in Lead Ride" },
      { kind: "team_lead", user_id: null, label: "Blue took the lead in Lead Ride" },
    ]);
  });

  it("a week of a Wari plan starting today is told from 06:00 IST, once, with its goals", async () => {
    const u = await createUser();
    const day = 86_400_000;
    const today = new Date(Math.floor(Date.now() / day) * day);
    const week = (i: number) => ({
      week: i + 1,
      phase: i < 2 ? "Base Building" : "Endurance Building",
      startDate: new Date(today.getTime() + (i - 2) * 7 * day).toISOString().slice(0, 10),
      endDate: "x",
      weeklyGoalKm: 100 + i * 20,
      longRideGoalKm: 40 + i * 10,
      recoveryWeek: i === 2,
      workouts: [],
    });
    const plan = await env.DB.prepare(
      "INSERT INTO training_plans (user_id, event_year, category, start_date, plan_details) VALUES (?, 2198, 'Intermediate', ?, ?) RETURNING id",
    )
      .bind(
        u.id,
        today.getTime() / 1000 - 14 * 86_400,
        JSON.stringify({ weeklySchedule: [0, 1, 2, 3].map(week) }),
      )
      .first<number>("id");
    // 00:30 UTC is 06:00 IST; a minute earlier the day's weeks wait.
    const at = (ms: number) => ({ ...createAppContext(env), now: () => new Date(today.getTime() + ms) });
    expect(await queuePlanWeeks(at(29 * 60_000))).toBe(0);
    expect(await queuePlanWeeks(at(31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await queuePlanWeeks(at(60 * 60_000))).toBe(0);
    await vi.waitFor(async () => expect(await notificationsOf(u.id)).toHaveLength(1), { timeout: 10_000 });
    expect(await notificationsOf(u.id)).toEqual([
      {
        kind: "plan_week",
        title:
          "Week 3 of 4 of your Wari plan starts today (Endurance Building, a lighter week): 140 km, the long ride 60 km",
        link: "/wari",
      },
    ]);
    expect(plan).toBeGreaterThan(0);
  });
});
