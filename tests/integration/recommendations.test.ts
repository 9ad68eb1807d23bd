// Recommendations and the fitness profile against the real Worker and a fresh
// D1: activities are inserted directly, and every profile number is checked
// against sums computed here, independently, from the same rows.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "~workers/load-context";
import { getFitnessProfile, refreshFitnessProfile } from "~/modules/recommendations/fitness-profile.server";
import { call, cookiesFrom, createUser, json, login } from "./helpers";
import type { FitnessProfile, Recommendation } from "~/modules/recommendations/constants";

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
  json<Recommendation[]>(await call(`/api/recommendations${status ? `?status=${status}` : ""}`, { cookie }));

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
      [{ targetImprovement: "strength" }, "Target improvement must be general, distance, speed or elevation"],
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
    const res = await call(`/api/recommendations/${first.id}/skip`, { method: "POST", cookie: memberCookie });
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
      await (await call("/recommendations?status=pending", { cookie: cookiesFrom(skipped, cookie) })).text(),
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
