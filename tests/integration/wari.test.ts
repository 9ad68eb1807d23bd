import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import worker from "~workers/app";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, cookiesFrom, createUser, json, login } from "./helpers";
import { createAppContext } from "~workers/load-context";
import { saveActivities } from "~/modules/activities/store.server";
import { analysisWindow, getActivityAnalysis, type ActivityAnalysis } from "~/modules/wari/analysis.server";
import { rideAnalysisQueries } from "~/modules/activities/queries.server";
import { generatePlanFor, type TrainingPlanView } from "~/modules/wari/plan.server";
import type { FitnessChart } from "~/modules/wari/training-load.server";

const DAY = 86_400_000;
let stravaId = 7_000_000_000 + Math.floor(Math.random() * 1_000_000);

interface Row {
  sportType: string;
  distance: number;
  start: Date;
}

async function insertActivity(userId: number, row: Row, name = `${row.sportType} ${row.distance}`) {
  stravaId += 1;
  await env.DB.prepare(
    `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      userId,
      stravaId,
      name,
      row.sportType,
      row.sportType,
      row.distance,
      3600,
      3700,
      Math.floor(row.start.getTime() / 1000),
      `${row.start.toISOString().slice(0, 19)}Z`,
    )
    .run();
  // As saveActivities does in its batch: the member's cached training days are stale.
  await env.DB.prepare(
    "UPDATE training_load_cache SET generation = generation + 1, days = NULL WHERE user_id = ?",
  )
    .bind(userId)
    .run();
}

async function member() {
  const u = await createUser();
  return { id: u.id, cookie: await login(u.username, u.password) };
}

const dayOf = (weekStart: string, dayIndex: number) => new Date(Date.parse(weekStart) + dayIndex * DAY);

/**
 * An upcoming edition, its ride 73 days from today (so a 16-week plan's first
 * five weeks are behind us): the seeded 2025 one is over, and a past
 * edition's plan is read-only (issue #38 item 4). `drop` removes it again.
 */
async function upcomingEdition() {
  const date = new Date(Date.now() + 73 * DAY).toISOString().slice(0, 10);
  const year = Number(date.slice(0, 4));
  await env.DB.prepare("INSERT INTO wari_editions (year, name, ride_date) VALUES (?, ?, ?)")
    .bind(year, `Test Wari ${year}`, date)
    .run();
  const drop = async () => {
    await env.DB.prepare("DELETE FROM wari_editions WHERE year = ?").bind(year).run();
  };
  return { year, date, drop };
}

/** A plan for the 2025 edition as it was generated before that ride (a context whose clock says 1 March 2025). */
const BEFORE_2025_RIDE = Date.parse("2025-03-01T00:00:00Z");
function generateBefore2025Ride(userId: number) {
  const app = { ...createAppContext(env), now: () => new Date(BEFORE_2025_RIDE) };
  return generatePlanFor(app, userId);
}

describe("guards", () => {
  it.each([
    ["GET", "/api/event/history"],
    ["GET", "/api/wari/analysis/user"],
    ["GET", "/api/training-plan/current"],
    ["POST", "/api/training-plan/generate"],
    ["PUT", "/api/training-plan/week/1/progress"],
    ["GET", "/api/training-plan/check-activity/1/0"],
    ["POST", "/api/wari/event/register"],
    ["GET", "/api/wari/fitness"],
  ])("%s %s: 401 for guests, 403 for unverified members", async (method, path) => {
    const body = method === "GET" ? undefined : {};
    const guest = await call(path, { method, body });
    expect(guest.status).toBe(401);
    const u = await createUser({ isVerified: false });
    const res = await call(path, { method, body, cookie: await login(u.username, u.password) });
    expect(res.status).toBe(403);
  });
});

describe("GET /api/wari/analysis/user", () => {
  it("answers SQL aggregates equal to sums computed from the inserted rows", async () => {
    const m = await member();
    const now = Date.now();
    const rows: Row[] = [
      { sportType: "Ride", distance: 30_000, start: new Date(now - 3 * DAY) },
      { sportType: "Ride", distance: 15_000, start: new Date(now - 3 * DAY + 3_600_000) },
      { sportType: "VirtualRide", distance: 20_000, start: new Date(now - 10 * DAY) },
      { sportType: "GravelRide", distance: 55_500, start: new Date(now - 20 * DAY) },
      { sportType: "MountainBikeRide", distance: 12_250, start: new Date(now - 50 * DAY) },
      { sportType: "Ride", distance: 40_000, start: new Date(now - 120 * DAY) },
      { sportType: "Ride", distance: 130_000, start: new Date(now - 400 * DAY) },
      { sportType: "EBikeRide", distance: 80_000, start: new Date(now - 4 * DAY) },
      { sportType: "Run", distance: 10_000, start: new Date(now - 5 * DAY) },
    ];
    for (const row of rows) await insertActivity(m.id, row);
    // Another member's ride never counts.
    const other = await createUser();
    await insertActivity(other.id, { sportType: "Ride", distance: 500_000, start: new Date(now - 2 * DAY) });

    const cycling = rows.filter((r) =>
      ["Ride", "VirtualRide", "GravelRide", "MountainBikeRide"].includes(r.sportType),
    );
    const since = now - 84 * DAY;
    const inWindow = cycling.filter((r) => r.start.getTime() >= since);
    // 1 January in India (issue #38): 31 December 18:30 UTC.
    const yearStart = Date.UTC(new Date(now + 330 * 60_000).getUTCFullYear(), 0, 1) - 330 * 60_000;
    const sumKm = (list: Row[]) => Math.round(list.reduce((s, r) => s + r.distance, 0) / 100) / 10;
    const activeWeeks = new Set(inWindow.map((r) => Math.floor((r.start.getTime() - since) / (7 * DAY))))
      .size;

    const res = await call("/api/wari/analysis/user", { cookie: m.cookie });
    expect(res.status).toBe(200);
    const a = await json<ActivityAnalysis>(res);
    expect(a.totalLifetimeCyclingKm).toBe(sumKm(cycling));
    expect(a.currentYearCyclingKm).toBe(sumKm(cycling.filter((r) => r.start.getTime() >= yearStart)));
    expect(a.weeklyAverageCyclingKm).toBe(
      Math.round(inWindow.reduce((s, r) => s + r.distance, 0) / 12 / 100) / 10,
    );
    expect(a.longestRideKm).toBe(
      Math.max(...cycling.filter((r) => r.start.getTime() >= now - 365 * DAY).map((r) => r.distance)) / 1000,
    );
    expect(a.activeCyclingDays).toBe(new Set(inWindow.map((r) => r.start.toISOString().slice(0, 10))).size);
    expect(a.consistencyScore).toBe(Math.round((100 * activeWeeks) / 12));
    expect(a.otherSportsActive).toBe(true);
    expect(a.weeklyDistances).toHaveLength(12);
    expect(Math.round(a.weeklyDistances.reduce((s, w) => s + w.km, 0) * 10) / 10).toBe(sumKm(inWindow));
    // longest 55.5 km > 50 → Intermediate (readiness 45) by the rule.
    expect(a).toMatchObject({ category: "Intermediate", readiness: 45 });

    // Issue #36: the lifetime totals from the covering index alone, the rest from the last year's rows only.
    const app = createAppContext(env);
    const plans: string[] = [];
    for (const q of rideAnalysisQueries(app.db, m.id, {
      now: new Date(now),
      ...analysisWindow(new Date(now)),
      weeks: 12,
      weekSeconds: 7 * 86_400,
    })) {
      const { sql, params } = q.toSQL();
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...params)
        .all<{ detail: string }>();
      plans.push(plan.results.map((r) => r.detail).join(" | "));
    }
    expect(plans[0]).toMatch(
      /SEARCH activities USING COVERING INDEX activities_user_sport_distance_idx \(user_id=\?\)/,
    );
    for (const plan of plans.slice(1))
      expect(plan).toMatch(/\(user_id=\? AND (sport_type=\? AND )?start_date>\? AND start_date<\?\)/);
    for (const plan of plans) expect(plan).not.toMatch(/SCAN activities/);
  });

  it("counts This Year from 1 January in India, not in UTC (issue #38)", async () => {
    const m = await member();
    // 31 Dec 20:00 UTC is 1 Jan 01:30 in India: the new year. 31 Dec 18:00 UTC (23:30 IST) is the old one.
    for (const [km, start] of [
      [40, "2026-12-31T20:00:00Z"],
      [25, "2026-12-31T18:00:00Z"],
    ] as const)
      await insertActivity(m.id, { sportType: "Ride", distance: km * 1000, start: new Date(start) });
    for (const at of ["2026-12-31T21:00:00Z", "2027-01-02T06:00:00Z"]) {
      const app = { ...createAppContext(env), now: () => new Date(at) };
      expect(analysisWindow(new Date(at)).yearStart.toISOString(), at).toBe("2026-12-31T18:30:00.000Z");
      const a = await getActivityAnalysis(app, m.id);
      expect(a.currentYearCyclingKm, at).toBe(40);
      expect(a.totalLifetimeCyclingKm, at).toBe(65);
    }
  });

  it("is all zeros and Beginner for a member without activities", async () => {
    const m = await member();
    const a = await json<ActivityAnalysis>(await call("/api/wari/analysis/user", { cookie: m.cookie }));
    expect(a).toMatchObject({
      currentYearCyclingKm: 0,
      weeklyAverageCyclingKm: 0,
      longestRideKm: 0,
      totalLifetimeCyclingKm: 0,
      activeCyclingDays: 0,
      consistencyScore: 0,
      otherSportsActive: false,
      category: "Beginner",
      readiness: 20,
    });
  });
});

describe("training plan", () => {
  let m: { id: number; cookie: string };
  let plan: TrainingPlanView;
  let edition: Awaited<ReturnType<typeof upcomingEdition>>;

  beforeAll(async () => {
    m = await member();
    edition = await upcomingEdition();
  });
  afterAll(() => edition.drop());

  it("is null before generation; generate answers the plan (201) that current then returns; a second generate is 409", async () => {
    const before = await call("/api/training-plan/current", { cookie: m.cookie });
    expect(before.status).toBe(200);
    expect(await before.json()).toBeNull();

    const gen = await call("/api/training-plan/generate", { method: "POST", cookie: m.cookie });
    expect(gen.status).toBe(201);
    plan = await json<TrainingPlanView>(gen);
    expect(plan.category).toBe("Beginner");
    const weeks = plan.planDetails.weeklySchedule;
    expect(weeks).toHaveLength(16);
    expect(plan.eventYear).toBe(edition.year);
    expect(weeks.at(-1)!.endDate.slice(0, 10)).toBe(edition.date);
    expect(weeks[0].phase).toBe("Base Building");
    expect(weeks.at(-1)!.workouts.at(-1)).toMatchObject({ isEventDay: true, intensity: 5 });
    // The ride is 73 days away: 38 days of the plan are behind us, the current week is the sixth.
    expect(plan.currentWeekIndex).toBe(5);

    const current = await json<TrainingPlanView>(
      await call("/api/training-plan/current", { cookie: m.cookie }),
    );
    expect(current).toEqual(plan);

    const again = await call("/api/training-plan/generate", { method: "POST", cookie: m.cookie });
    expect(again.status).toBe(409);
  });

  const put = (week: number, completedWorkouts: unknown) =>
    call(`/api/training-plan/week/${week}/progress`, {
      method: "PUT",
      body: { completedWorkouts },
      cookie: m.cookie,
    });

  it("marks rest days freely, refuses a ride day without a ride, accepts it with one, and never the event day", async () => {
    const week = plan.planDetails.weeklySchedule[1];
    const restIndex = week.workouts.findIndex((w) => w.type === "Rest");
    const rideIndex = week.workouts.findIndex((w) => w.type === "Long Ride");
    const restKey = `week2_day${restIndex}_Rest`;
    const rideKey = `week2_day${rideIndex}_Long Ride`;

    const rest = await put(2, [restKey]);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ progress: { completedWorkouts: [restKey] } });

    const noRide = await put(2, [restKey, rideKey]);
    expect(noRide.status).toBe(400);
    expect(await noRide.json()).toMatchObject({ message: "No matching activity found for this workout" });

    const check = await json<{ hasMatchingActivity: boolean; message: string }>(
      await call(`/api/training-plan/check-activity/2/${rideIndex}`, { cookie: m.cookie }),
    );
    expect(check).toMatchObject({
      hasMatchingActivity: false,
      message: "No matching activity found for this workout",
    });

    // A run that day, or a ride the day before, is not a match; a ride that day is.
    const date = dayOf(week.startDate, rideIndex);
    await insertActivity(m.id, {
      sportType: "Run",
      distance: 10_000,
      start: new Date(date.getTime() + 8 * 3_600_000),
    });
    await insertActivity(m.id, {
      sportType: "Ride",
      distance: 10_000,
      start: new Date(date.getTime() - 6 * 3_600_000),
    });
    expect((await put(2, [restKey, rideKey])).status).toBe(400);
    await insertActivity(
      m.id,
      { sportType: "Ride", distance: 62_000, start: new Date(date.getTime() + 7 * 3_600_000) },
      "Saturday long ride",
    );
    const found = await json<{ hasMatchingActivity: boolean; message: string }>(
      await call(`/api/training-plan/check-activity/2/${rideIndex}`, { cookie: m.cookie }),
    );
    expect(found.hasMatchingActivity).toBe(true);
    expect(found.message).toContain("Saturday long ride");

    // Matched like intervals.icu: the ride on the long ride's day marks that workout done, nothing else
    // (the run that day, the ride the evening before on a rest day); "workouts done" counts it.
    const matched = await json<TrainingPlanView>(
      await call("/api/training-plan/current", { cookie: m.cookie }),
    );
    expect(matched.planDetails.weeklySchedule[1].matchedWorkouts).toEqual([rideKey]);
    expect(matched.planDetails.weeklySchedule[2].matchedWorkouts).toEqual([]);
    const planned = (w: TrainingPlanView["planDetails"]["weeklySchedule"][number]) =>
      w.workouts.filter((x) => x.type !== "Rest" && !x.isEventDay).length;
    const html = await (await call("/wari?tab=plan&week=2", { cookie: m.cookie })).text();
    expect(html).toContain(`1/${planned(week)} workouts done`);
    expect(html).toContain(`0/${planned(plan.planDetails.weeklySchedule[2])} workouts done`);
    expect(html).toContain(`1 of ${plan.planDetails.weeklySchedule.reduce((n, w) => n + planned(w), 0)}`);
    expect(html).toContain(`data-testid="matched-${rideKey}"`);
    expect(html).toContain("toward the recommended 80-100 km");

    const ok = await put(2, [restKey, rideKey]);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ week: 2, progress: { completedWorkouts: [restKey, rideKey] } });

    // Unticking is always allowed; the plan shows the progress keyed by week.
    expect((await put(2, [rideKey])).status).toBe(200);
    const current = await json<TrainingPlanView>(
      await call("/api/training-plan/current", { cookie: m.cookie }),
    );
    expect(current.progress.week2).toEqual({ completedWorkouts: [rideKey] });
    expect(current.planDetails.weeklySchedule[1].progress).toEqual({ completedWorkouts: [rideKey] });

    // The event day (last day of week 16) cannot be marked, even with a ride that day.
    await insertActivity(m.id, {
      sportType: "Ride",
      distance: 251_000,
      start: new Date(`${edition.date}T05:00:00Z`),
    });
    const event = await put(16, ["week16_day6_Event"]);
    expect(event.status).toBe(400);
    expect(((await event.json()) as { message: string }).message).toBe(
      "The event day cannot be marked as complete",
    );
  });

  it("refuses keys that are not this week's workouts", async () => {
    for (const keys of [["week3_day1_Rest"], ["week2_day1_Long Ride"], ["garbage"], "week2_day1_Rest"]) {
      expect((await put(2, keys)).status).toBe(400);
    }
    expect((await put(99, [])).status).toBe(404);
    expect((await put(0, [])).status).toBe(404);
    expect((await call("/api/training-plan/check-activity/2/7", { cookie: m.cookie })).status).toBe(404);
  });

  it("answers 404 for progress without a plan", async () => {
    const other = await member();
    const res = await call("/api/training-plan/week/1/progress", {
      method: "PUT",
      body: { completedWorkouts: [] },
      cookie: other.cookie,
    });
    expect(res.status).toBe(404);
  });
});

describe("the plan of issue #16's member: 21 km a week and one 205 km ride", () => {
  it("starts near their real volume, says the event is out of reach, and shows what they rode against each week", async () => {
    const m = await member();
    // The member's weeks before the plan's first day (1 March 2025, when it is generated).
    const now = BEFORE_2025_RIDE;
    // Two rides a week (12 and 9 km) for 12 weeks, and one 205 km day five weeks ago.
    for (let w = 0; w < 12; w++) {
      await insertActivity(m.id, {
        sportType: "Ride",
        distance: 12_000,
        start: new Date(now - (w * 7 + 2) * DAY),
      });
      await insertActivity(m.id, {
        sportType: "Ride",
        distance: 9_000,
        start: new Date(now - (w * 7 + 4) * DAY),
      });
    }
    await insertActivity(m.id, { sportType: "Ride", distance: 205_000, start: new Date(now - 36 * DAY) });
    // A 40 km ride in the plan's second week (the plan runs before the 2025 event).
    await insertActivity(m.id, {
      sportType: "Ride",
      distance: 40_000,
      start: new Date("2025-03-11T08:00:00Z"),
    });

    // The plan as generated on 1 March 2025 from those weeks (a past edition's plan cannot be generated now).
    await generateBefore2025Ride(m.id);
    const plan = await json<TrainingPlanView>(await call("/api/training-plan/current", { cookie: m.cookie }));
    const weeks = plan.planDetails.weeklySchedule;
    expect(weeks[0].startDate.slice(0, 10)).toBe("2025-03-02");
    expect(weeks[0].weeklyGoalKm).toBeGreaterThanOrEqual(17);
    expect(weeks[0].weeklyGoalKm).toBeLessThanOrEqual(25);
    expect(weeks[0].longRideGoalKm).toBeLessThanOrEqual(15);
    expect(Math.max(...weeks.slice(0, -1).map((w) => w.longRideGoalKm))).toBeLessThan(60);
    expect(weeks.some((w) => w.recoveryWeek)).toBe(true);
    expect(plan.planDetails.assessment).toMatchObject({ eventReady: false });
    expect(plan.planDetails.assessment!.message).toContain("A realistic target this year");

    expect(weeks[1].standing).toMatchObject({ week: 2, riddenKm: 40, longestRideKm: 40, status: "done" });
    expect(weeks[2].standing).toMatchObject({ riddenKm: 0, status: "missed" });
    expect(weeks.at(-1)!.standing).toMatchObject({ status: "current", adjustedGoalKm: null });
    // Missed weeks never change the stored goals.
    const again = await json<TrainingPlanView>(
      await call("/api/training-plan/current", { cookie: m.cookie }),
    );
    expect(again.planDetails.weeklySchedule.map((w) => w.weeklyGoalKm)).toEqual(
      weeks.map((w) => w.weeklyGoalKm),
    );
  });
});

describe("GET /api/wari/fitness", () => {
  const ride = (userId: number, stravaId: number, start: Date) => ({
    userId,
    stravaId,
    name: "Threshold hour",
    type: "Ride",
    sportType: "Ride",
    distance: 30_000,
    movingTime: 3600,
    elapsedTime: 3700,
    totalElevationGain: 0,
    startDate: start,
    startDateLocal: `${start.toISOString().slice(0, 19)}Z`,
  });

  it("answers load, fitness, fatigue and form per day with the event day, cached and refreshed when activities change", async () => {
    const m = await member();
    const app = createAppContext(env);
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    const day = (n: number) => new Date(today - n * DAY + 8 * 3_600_000);
    // Two threshold hours (load 100 each) ten and eight days ago.
    await saveActivities(app, m.id, [
      ride(m.id, (stravaId += 1), day(10)),
      ride(m.id, (stravaId += 1), day(8)),
    ]);

    const res = await call("/api/wari/fitness", { cookie: m.cookie });
    expect(res.status).toBe(200);
    const chart = await json<FitnessChart>(res);
    expect(chart.eventDate).toBe("2025-06-07");
    expect(chart.from <= "2025-02-15").toBe(true);
    expect(chart.to).toBe(new Date(today).toISOString().slice(0, 10));
    expect(chart.points.at(-1)!.date).toBe(chart.to);
    const at = (n: number) =>
      chart.points.find((p) => p.date === new Date(today - n * DAY).toISOString().slice(0, 10));
    // By hand: 100/42 = 2.38 and 100/7 = 14.29; two days on, 2.324 + (100 − 2.324)/42 and 12.245 + (100 − 12.245)/7.
    expect(at(10)).toMatchObject({ load: 100, fitness: 2.4, fatigue: 14.3, form: -11.9 });
    expect(at(8)).toMatchObject({ load: 100, fitness: 4.6, fatigue: 24.8, form: -20.1 });
    expect(at(11)).toMatchObject({ load: 0, fitness: 0, fatigue: 0 });

    const cached = () =>
      env.DB.prepare(
        "SELECT generation, days IS NOT NULL AS fresh FROM training_load_cache WHERE user_id = ?",
      )
        .bind(m.id)
        .first<{ generation: number; fresh: number }>();
    expect(await cached()).toMatchObject({ fresh: 1 });
    const generation = (await cached())!.generation;

    // A new ride (sync or upload both go through saveActivities) marks the cache stale in the same batch.
    await saveActivities(app, m.id, [ride(m.id, (stravaId += 1), day(1))]);
    expect(await cached()).toEqual({ generation: generation + 1, fresh: 0 });
    const after = await json<FitnessChart>(await call("/api/wari/fitness", { cookie: m.cookie }));
    expect(after.points.find((p) => p.date === new Date(today - DAY).toISOString().slice(0, 10))!.load).toBe(
      100,
    );
    expect(await cached()).toMatchObject({ fresh: 1 });
  });

  it("answers zeros for a member without activities", async () => {
    const m = await member();
    const chart = await json<FitnessChart>(await call("/api/wari/fitness", { cookie: m.cookie }));
    expect(chart.points.length).toBeGreaterThan(112);
    expect(chart.today).toMatchObject({ fitness: 0, fatigue: 0, form: 0 });
  });
});

describe("POST /api/wari/event/register and GET /api/event/history", () => {
  it("refuses the past 2025 edition (registration closed) and a year without an edition, both 400", async () => {
    const m = await member();
    const closed = await call("/api/wari/event/register", {
      body: { eventYear: 2025, eventName: "IAS CycleWari 2025" },
      cookie: m.cookie,
    });
    expect(closed.status).toBe(400);
    expect(await closed.json()).toMatchObject({ message: "Registration for this edition is closed" });
    const none = await call("/api/wari/event/register", { body: { eventYear: 2024 }, cookie: m.cookie });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: "There is no Wari edition for that year" });
    expect((await call("/api/wari/event/register", { body: {}, cookie: m.cookie })).status).toBe(400);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM wari_registrations WHERE user_id = ?")
      .bind(m.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(0);
  });

  it("lists the member's own history entries, newest first, with km", async () => {
    const m = await member();
    expect(await (await call("/api/event/history", { cookie: m.cookie })).json()).toEqual([]);
    await env.DB.prepare(
      "INSERT INTO event_history (user_id, event_year, event_name, is_historical, activity_name, distance_achieved, completed) VALUES (?, 2023, 'IAS CycleWari 2023', 1, 'Wari 23', 180500, 0), (?, 2024, 'IAS CycleWari 2024', 1, 'Wari 24', 251300, 1)",
    )
      .bind(m.id, m.id)
      .run();
    const list = await json<{ eventYear: number; distanceAchievedKm: number; completed: boolean }[]>(
      await call("/api/event/history", { cookie: m.cookie }),
    );
    expect(list.map((e) => [e.eventYear, e.distanceAchievedKm, e.completed])).toEqual([
      [2024, 251.3, true],
      [2023, 180.5, false],
    ]);
  });
});

describe("the /wari page without JavaScript", () => {
  it("registers, generates and ticks through the page action, with the spec's toasts and refusals", async () => {
    const m = await member();
    const headers = { Host: "localhost:8787" };
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    const post = (fields: Record<string, string>) =>
      call("/wari?tab=plan", { method: "POST", cookie: m.cookie, headers, body: form(fields) });

    const page = await (await call("/wari", { cookie: m.cookie })).text();
    // The seeded 2025 edition is over: its texts come from its row, its registration is closed.
    expect(page).toContain("IAS CycleWari 2025 Challenge");
    expect(page).toContain("June 7, 2025");
    expect(page).toContain("Registration closed");
    expect(page).not.toContain("Register for Event");
    expect(page).toContain("Not categorized yet");
    expect(page).toContain("No Training Plan Available");

    const reg = await post({ intent: "register" });
    expect(reg.status).toBe(400);
    expect(await reg.text()).toContain("Registration for this edition is closed");
    // Nothing is generated for a past edition: the page says why.
    const refused = await post({ intent: "generate" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("This edition is over: its plan is a record now");

    // With an upcoming edition the member generates and ticks.
    const edition = await upcomingEdition();
    const gen = await post({ intent: "generate" });
    expect(gen.status).toBe(302);
    expect(gen.headers.get("Location")).toBe("/wari?tab=plan");
    const next = await (await call("/wari?tab=plan", { cookie: cookiesFrom(gen, m.cookie) })).text();
    expect(next).toContain("Your training plan has been successfully generated!");
    // Generating again just shows the plan.
    expect((await post({ intent: "generate" })).headers.get("Location")).toBe("/wari?tab=plan");

    const rest = await post({ intent: "toggle", key: "week16_day1_Rest", complete: "true" });
    expect(rest.status).toBe(302);
    expect(rest.headers.get("Location")).toBe("/wari?tab=plan&week=16#week-16");
    const ride = await post({ intent: "toggle", key: "week16_day3_Openers", complete: "true" });
    expect(ride.status).toBe(400);
    const html = await ride.text();
    expect(html).toContain("Cannot mark as complete");
    expect(html).toContain("No matching activity found for this workout");
    const viaFetcher = await post({
      intent: "toggle",
      key: "week16_day1_Rest",
      complete: "false",
      via: "fetcher",
    });
    expect(viaFetcher.status).toBe(200);
    const current = await json<TrainingPlanView>(
      await call("/api/training-plan/current", { cookie: m.cookie }),
    );
    expect(current.progress.week16).toEqual({ completedWorkouts: [] });
    expect(current.eventYear).toBe(edition.year);

    // A repeat registration (a second tab, a double click) says so and shows the page.
    expect((await post({ intent: "register" })).status).toBe(302);
    const again = await post({ intent: "register" });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/wari");
    const shown = await (await call("/wari", { cookie: cookiesFrom(again, m.cookie) })).text();
    expect(shown).toContain("Already registered");
    expect(shown).toContain(`You are already registered for Test Wari ${edition.year}`);
    await env.DB.prepare("DELETE FROM wari_registrations WHERE event_year = ?").bind(edition.year).run();
    await edition.drop();
  });
});

describe("/wari after the event (issue #20 item 6)", () => {
  it("shows the finish of a 250 km ride on the day, the longest ride otherwise, and no ticks", async () => {
    const finisher = await member();
    await insertActivity(
      finisher.id,
      { sportType: "Ride", distance: 252_400, start: new Date("2025-06-07T01:00:00Z") },
      "Wari 2025 day",
    );
    const page = await (await call("/wari", { cookie: finisher.cookie })).text();
    expect(page).toContain("Your IAS CycleWari 2025 result");
    expect(page).toContain("250 km finisher");
    expect(page).toContain("Wari 2025 day");
    expect(page).toContain("252.4 km");
    expect(page).toContain("See you next year!");
    expect(page).not.toContain("Countdown to the Event");

    // Not registered for 2025: the ride is shown, but it is not in the club's results.
    expect(page).toContain("You were not registered for this edition");

    const short = await member();
    await insertActivity(
      short.id,
      { sportType: "Ride", distance: 120_000, start: new Date("2025-06-07T02:00:00Z") },
      "Morning of the Wari",
    );
    // Started at 23:59 IST the evening before: not the day's ride.
    await insertActivity(short.id, {
      sportType: "Ride",
      distance: 300_000,
      start: new Date("2025-06-06T18:29:00Z"),
    });
    await generateBefore2025Ride(short.id);
    const html = await (await call("/wari?tab=plan", { cookie: short.cookie })).text();
    expect(html).not.toContain("250 km finisher");
    expect(html).toContain("Your longest ride of the day:");
    expect(html).toContain("Morning of the Wari");
    expect(html).toContain("48% of the 250 km");
    expect(html).toContain("All 16 weeks of the plan");
    expect(html).not.toContain("Mark done");
    expect(html).not.toContain("Current week");
  });

  it("offers no Generate, Register or Mark done for the past edition, and the API refuses them (issue #38 item 4)", async () => {
    const m = await member();
    const page = await (await call("/wari?tab=plan", { cookie: m.cookie })).text();
    expect(page).toContain("Your IAS CycleWari 2025 result");
    expect(page).not.toContain("Generate Training Plan");
    expect(page).not.toContain("Generate Now");
    expect(page).not.toContain("Register for Event");
    expect(page).toContain("This edition is over. Plans are generated for an upcoming edition.");

    const gen = await call("/api/training-plan/generate", { method: "POST", cookie: m.cookie });
    expect(gen.status).toBe(409);
    expect(await gen.json()).toMatchObject({
      code: "edition_past",
      message: "This edition is over: its plan is a record now",
    });
    const reg = await call("/api/wari/event/register", { body: { eventYear: 2025 }, cookie: m.cookie });
    expect(reg.status).toBe(400);
    expect(await reg.json()).toMatchObject({ message: "Registration for this edition is closed" });

    // Its plan (generated before the ride) stays readable, and no tick changes it.
    await generateBefore2025Ride(m.id);
    const plan = await json<TrainingPlanView>(await call("/api/training-plan/current", { cookie: m.cookie }));
    expect(plan.eventYear).toBe(2025);
    const put = await call("/api/training-plan/week/16/progress", {
      method: "PUT",
      body: { completedWorkouts: ["week16_day1_Rest"] },
      cookie: m.cookie,
    });
    expect(put.status).toBe(409);
    expect(await put.json()).toMatchObject({ message: "This edition is over: its plan is a record now" });
    const tick = await call("/wari?tab=plan", {
      method: "POST",
      cookie: m.cookie,
      headers: { Host: "localhost:8787" },
      body: (() => {
        const f = new FormData();
        f.set("intent", "toggle");
        f.set("key", "week16_day1_Rest");
        f.set("complete", "true");
        return f;
      })(),
    });
    expect(tick.status).toBe(409);
    const after = await json<TrainingPlanView>(
      await call("/api/training-plan/current", { cookie: m.cookie }),
    );
    expect(after.progress).toEqual({});
  });

  it("shows the first-run card on the analysis tab to a member without activities", async () => {
    const m = await member();
    const html = await (await call("/wari?tab=analysis", { cookie: m.cookie })).text();
    expect(html).toContain("Welcome! Bring in your activities");
    expect(html).not.toContain("No Activity Data");
  });
});

describe("Wari editions as data (issue #38)", () => {
  const year = new Date().getUTCFullYear() + 1;
  const date = `${year}-12-01`;
  let admin: string;
  let m: { id: number; cookie: string };
  beforeAll(async () => {
    const a = await createUser({ isAdmin: true });
    admin = await login(a.username, a.password);
    m = await member();
  });

  it("guards the admin routes: 401 for guests, 403 for members", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/wari/editions"],
      ["POST", "/api/admin/wari/editions"],
      ["PATCH", "/api/admin/wari/editions/2025"],
      ["DELETE", "/api/admin/wari/editions/2025"],
    ] as const) {
      const body = method === "GET" || method === "DELETE" ? undefined : { name: "x" };
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, cookie: m.cookie })).status, `${method} ${path}`).toBe(403);
    }
    const still = await json<{ year: number; name: string }[]>(await call("/api/wari/editions"));
    expect(still.find((e) => e.year === 2025)?.name).toBe("IAS CycleWari 2025");
  });

  it("the admin's Wari tab: guarded, lists editions, and its form answers the API's 4xx at the field", async () => {
    const headers = { Host: "localhost:8787" };
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [k, v] of Object.entries(fields)) data.set(k, v);
      return data;
    };
    const create = { intent: "create-edition", year: String(year), name: "Guarded", date };
    // Guests are sent to sign in and members to their dashboard (decision 013); nothing is created.
    const guestPage = await call("/admin?tab=wari");
    expect(guestPage.status).toBe(302);
    expect(guestPage.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    const guestPost = await call("/admin?index&tab=wari", { headers, body: form(create) });
    expect(guestPost.status).toBe(302);
    expect(guestPost.headers.get("Location")).toMatch(/^\/auth/);
    const memberPage = await call("/admin?tab=wari", { cookie: m.cookie });
    expect(memberPage.headers.get("Location")).toBe("/dashboard");
    const memberPost = await call("/admin?index&tab=wari", { cookie: m.cookie, headers, body: form(create) });
    expect(memberPost.status).toBe(302);
    expect(memberPost.headers.get("Location")).toBe("/dashboard");
    for (const intent of ["delete-edition", "edition-registration", "update-edition"]) {
      const res = await call("/admin?index&tab=wari", {
        cookie: m.cookie,
        headers,
        body: form({ intent, year: "2025", name: "Hijacked", date: "2025-06-07", distanceKm: "250" }),
      });
      expect(res.headers.get("Location"), intent).toBe("/dashboard");
    }
    const editions = await json<{ year: number; name: string }[]>(await call("/api/wari/editions"));
    expect(editions.map((e) => [e.year, e.name])).toEqual([[2025, "IAS CycleWari 2025"]]);

    const tab = await (await call("/admin?tab=wari", { cookie: admin })).text();
    expect(tab).toMatch(/aria-current="page"[^>]*>Wari<\/a>/);
    expect(tab).toContain('href="/admin/wari/2025"');
    expect(tab).toContain("IAS CycleWari 2025");
    expect(tab).toContain("June 7, 2025");
    expect(tab).toContain("Create New Edition");

    // The form posts (as a fetcher) the API's fields; its refusals name the field.
    const post = async (fields: Record<string, string>) => {
      const res = await call("/admin.data?index&tab=wari", {
        cookie: admin,
        headers,
        body: form({ ...fields, _fetcher: "1" }),
      });
      return { status: res.status, text: await res.text() };
    };
    const past = await post({ intent: "create-edition", year: "2024", name: "Old", date: "2024-06-01" });
    expect(past.status).toBe(400);
    expect(past.text).toContain("The ride day must be today or later");
    const second = await post({ intent: "create-edition", year: "2025", name: "Again", date: "2025-06-07" });
    expect(second.status).toBe(400);
    const bad = await post({ intent: "create-edition", year: "2025", name: "", date: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Name must be 1 to 100 characters");
    expect(bad.text).toContain("Date must be a day such as 2026-06-06");
    const made = await post({ intent: "create-edition", year: String(year), name: `Tab ${year}`, date });
    expect(made.status).toBe(200);
    expect(made.text).toContain("Edition created");
    const twice = await post({ intent: "create-edition", year: String(year), name: "Twice", date });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain("There is already an edition for that year or day");
    const closed = await post({ intent: "edition-registration", year: String(year), value: "false" });
    expect(closed.status).toBe(200);
    const closedNow = await json<{ year: number; registrationOpen: boolean }[]>(
      await call("/api/wari/editions"),
    );
    expect(closedNow.find((e) => e.year === year)?.registrationOpen).toBe(false);
    expect((await post({ intent: "edition-registration", year: String(year), value: "true" })).status).toBe(
      200,
    );
    expect((await post({ intent: "edition-registration", year: "2025", value: "true" })).status).toBe(409);
    const renamed = await post({
      intent: "update-edition",
      year: String(year),
      name: `Renamed ${year}`,
      date,
      distanceKm: "300",
      registrationClosesAt: "",
    });
    expect(renamed.status).toBe(200);
    const listed = await (await call("/admin?tab=wari", { cookie: admin })).text();
    expect(listed).toContain(`Renamed ${year}`);
    expect(listed).toContain(`href="/admin/wari/${year}"`);
    expect(listed).toContain("300 km");
    expect(listed).toContain("Close registration");

    // Delete is refused while the edition has registrations.
    expect(
      (await call("/api/wari/event/register", { body: { eventYear: year }, cookie: m.cookie })).status,
    ).toBe(201);
    const refused = await post({ intent: "delete-edition", year: String(year) });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("This edition has registrations and cannot be deleted");
    await env.DB.prepare("DELETE FROM wari_registrations WHERE event_year = ?").bind(year).run();
    expect((await post({ intent: "delete-edition", year: String(year) })).status).toBe(200);
    expect((await post({ intent: "delete-edition", year: String(year) })).status).toBe(404);
  });

  it("refuses to open registration on the ride day (409 with the message the tab shows), and leaves it closed", async () => {
    // The ride is today in India: the default window closed at 00:00 IST, so "Open" cannot open it.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const rideYear = Number(today.slice(0, 4));
    await env.DB.prepare(
      "INSERT INTO wari_editions (year, name, ride_date, registration_closes_at) VALUES (?, ?, ?, ?)",
    )
      .bind(rideYear, "Ride Day Wari", today, Math.floor((Date.now() - DAY / 2) / 1000))
      .run();
    try {
      const body = new FormData();
      for (const [k, v] of Object.entries({
        intent: "edition-registration",
        year: String(rideYear),
        value: "true",
        _fetcher: "1",
      }))
        body.set(k, v);
      const res = await call("/admin.data?index&tab=wari", {
        cookie: admin,
        headers: { Host: "localhost:8787" },
        body,
      });
      expect(res.status).toBe(409);
      const text = await res.text();
      expect(text).toContain("Failed to change registration");
      expect(text).toContain("Registration closes when the ride day begins and cannot open again");
      const editions = await json<{ year: number; registrationOpen: boolean }[]>(
        await call("/api/wari/editions"),
      );
      expect(editions.find((e) => e.year === rideYear)?.registrationOpen).toBe(false);
      const row = await env.DB.prepare(
        "SELECT registration_closes_at AS closes FROM wari_editions WHERE year = ?",
      )
        .bind(rideYear)
        .first<{ closes: number | null }>();
      expect(row?.closes).not.toBeNull();
    } finally {
      await env.DB.prepare("DELETE FROM wari_editions WHERE year = ?").bind(rideYear).run();
    }
  });

  it("lists the seeded 2025 edition publicly", async () => {
    const res = await call("/api/wari/editions");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([
      {
        year: 2025,
        name: "IAS CycleWari 2025",
        date: "2025-06-07",
        distanceKm: 250,
        startPlace: null,
        registrationOpen: false,
      },
    ]);
  });

  it("creates the next edition (4xx for bad input, a past day, a second one for the year); /wari, the nav and the dashboard follow it", async () => {
    const post = (body: unknown) => call("/api/admin/wari/editions", { method: "POST", body, cookie: admin });
    const bad = await post({ year, name: "", date: "tomorrow" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string[]> }).errors).toMatchObject({
      name: ["Name must be 1 to 100 characters"],
      date: ["Date must be a day such as 2026-06-06"],
    });
    const past = await post({ year: year - 3, name: "Old", date: `${year - 3}-06-01` });
    expect(past.status).toBe(400);
    expect(await past.json()).toMatchObject({ message: "The ride day must be today or later" });

    const noEvent = await post({ year, name: "X", date, eventId: 999_999 });
    expect(noEvent.status).toBe(400);
    expect(await noEvent.json()).toMatchObject({ message: "There is no event with that id" });

    const created = await post({ year, name: `IAS CycleWari ${year}`, date });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ year, rideDate: date, distanceKm: 250 });
    const again = await post({ year, name: "Twice", date });
    expect(again.status).toBe(409);

    const editions = await json<{ year: number; registrationOpen: boolean }[]>(
      await call("/api/wari/editions"),
    );
    expect(editions.map((e) => [e.year, e.registrationOpen])).toEqual([
      [2025, false],
      [year, true],
    ]);

    const page = await (await call("/wari", { cookie: m.cookie })).text();
    expect(page).toContain(`IAS CycleWari ${year} Challenge`);
    // The page's title names the current edition too (issue #38 item 6: no year in code).
    expect(page).toContain(`<title>IAS CycleWari ${year} · CycleWari Community</title>`);
    expect(page).toContain("Register for Event");
    expect(page).toContain("Countdown to the Event");
    expect(page).toContain(`>Wari ${year}<`);
    const dashboard = await (await call("/dashboard", { cookie: m.cookie })).text();
    expect(dashboard).toContain(`Wari ${year} Challenge`);
  });

  it("registers per year: 201, 409 on a repeat; delete refused while registered; registration closes when the admin says", async () => {
    const register = (cookie: string, eventYear: unknown) =>
      call("/api/wari/event/register", { body: { eventYear }, cookie });
    const first = await register(m.cookie, year);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      created: true,
      registration: { eventYear: year, eventName: `IAS CycleWari ${year}` },
    });
    const repeat = await register(m.cookie, year);
    expect(repeat.status).toBe(409);
    expect(await repeat.json()).toMatchObject({
      code: "already_registered",
      message: `You are already registered for IAS CycleWari ${year}`,
    });
    expect(await (await call("/wari", { cookie: m.cookie })).text()).toContain(`Registered for ${year}`);

    // Generating a plan gives the registration its category; the plan ends on the edition's day.
    const gen = await call("/api/training-plan/generate", { method: "POST", cookie: m.cookie });
    expect(gen.status).toBe(201);
    const plan = await json<TrainingPlanView>(gen);
    expect(plan.eventYear).toBe(year);
    expect(plan.planDetails.weeklySchedule.at(-1)!.endDate.slice(0, 10)).toBe(date);
    const reg = await env.DB.prepare(
      "SELECT category FROM wari_registrations WHERE user_id = ? AND event_year = ?",
    )
      .bind(m.id, year)
      .first<{ category: string }>();
    expect(reg?.category).toBe("Beginner");

    const del = await call(`/api/admin/wari/editions/${year}`, { method: "DELETE", cookie: admin });
    expect(del.status).toBe(409);

    const patch = (body: unknown) =>
      call(`/api/admin/wari/editions/${year}`, { method: "PATCH", body, cookie: admin });
    expect((await patch({ year: year + 1 })).status).toBe(400);
    expect((await patch({ date: `${year + 1}-01-01` })).status).toBe(400);
    const closed = await patch({ registrationClosesAt: new Date(Date.now() - 60_000).toISOString() });
    expect(closed.status).toBe(200);
    const other = await member();
    const refused = await register(other.cookie, year);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "Registration for this edition is closed" });
    expect(
      (await call("/api/admin/wari/editions/1999", { method: "PATCH", body: {}, cookie: admin })).status,
    ).toBe(404);

    // Without its registrations and plans the edition can go, and 2025 is current again.
    await env.DB.batch([
      env.DB.prepare("DELETE FROM training_plans WHERE event_year = ?").bind(year),
      env.DB.prepare("DELETE FROM wari_registrations WHERE event_year = ?").bind(year),
    ]);
    const gone = await call(`/api/admin/wari/editions/${year}`, { method: "DELETE", cookie: admin });
    expect(gone.status).toBe(200);
    expect((await call(`/api/admin/wari/editions/${year}`, { method: "DELETE", cookie: admin })).status).toBe(
      404,
    );
    expect(await (await call("/wari", { cookie: m.cookie })).text()).toContain(
      "IAS CycleWari 2025 Challenge",
    );
  });
});

describe("Wari results (issue #38 item 5)", () => {
  let admin: string;
  let adminId: number;
  let finisher: { id: number; cookie: string };
  let partial: { id: number; cookie: string };
  let absent: { id: number; cookie: string };
  let stranger: { id: number; cookie: string };
  const register = (userId: number, year = 2025) =>
    env.DB.prepare("INSERT INTO wari_registrations (user_id, event_year, event_name) VALUES (?, ?, ?)")
      .bind(userId, year, `IAS CycleWari ${year}`)
      .run();
  const results = async () =>
    json<{
      finisherCount: number;
      registered: number;
      results: {
        userId: number;
        status: string;
        review: string | null;
        distanceKm: number | null;
        movingTimeSeconds: number | null;
        elapsedTimeSeconds: number | null;
        activityName: string | null;
      }[];
    }>(await call("/api/admin/wari/editions/2025/results", { cookie: admin }));
  const review = (body: unknown, year = 2025) =>
    call(`/api/admin/wari/editions/${year}/results`, { body, cookie: admin });

  beforeAll(async () => {
    const a = await createUser({ isAdmin: true });
    adminId = a.id;
    admin = await login(a.username, a.password);
    [finisher, partial, absent, stranger] = await Promise.all([member(), member(), member(), member()]);
    // The registrations of the past 2025 edition (its registration is closed to the API).
    await Promise.all([register(finisher.id), register(partial.id), register(absent.id)]);
    // 00:00:00 IST of 7 June (inside) and 23:59:59 IST of 6 June (outside, and longer).
    await insertActivity(
      finisher.id,
      { sportType: "Ride", distance: 252_400, start: new Date("2025-06-06T18:30:00Z") },
      "Wari at midnight",
    );
    await insertActivity(finisher.id, {
      sportType: "Ride",
      distance: 400_000,
      start: new Date("2025-06-06T18:29:59Z"),
    });
    // 23:59:59 IST of 7 June (inside) and 00:00 IST of 8 June (outside).
    await insertActivity(
      partial.id,
      { sportType: "Ride", distance: 180_000, start: new Date("2025-06-07T18:29:59Z") },
      "Late start",
    );
    await insertActivity(partial.id, {
      sportType: "Ride",
      distance: 260_000,
      start: new Date("2025-06-07T18:30:00Z"),
    });
    // A run of the day is no ride.
    await insertActivity(absent.id, {
      sportType: "Run",
      distance: 260_000,
      start: new Date("2025-06-07T03:00:00Z"),
    });
  });

  it("guards the admin results: 401 for guests, 403 for members; the page sends them away", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/wari/editions/2025/results"],
      ["POST", "/api/admin/wari/editions/2025/results"],
      ["GET", "/api/admin/wari/editions/2025/results.csv"],
    ] as const) {
      const body = method === "GET" ? undefined : { intent: "confirm", userId: finisher.id };
      expect((await call(path, { method, body })).status, `${method} ${path}`).toBe(401);
      expect((await call(path, { method, body, cookie: finisher.cookie })).status, `${method} ${path}`).toBe(
        403,
      );
    }
    const guest = await call("/admin/wari/2025");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toContain("/auth");
    const asMember = await call("/admin/wari/2025", { cookie: finisher.cookie });
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe("/dashboard");
    expect((await call("/api/admin/wari/editions/1999/results", { cookie: admin })).status).toBe(404);
    const nothing = await call("/admin/wari/2024", { cookie: admin });
    expect(nothing.status).toBe(404);
    // No review was written by a refused call.
    const audit = await env.DB.prepare("SELECT count(*) AS n FROM wari_result_audit").first<{ n: number }>();
    expect(audit?.n).toBe(0);
  });

  it("computes each registered member's result from the rides started on the ride day in IST", async () => {
    const body = await results();
    expect(body.registered).toBe(3);
    expect(body.finisherCount).toBe(1);
    expect(body.results.map((r) => [r.userId, r.status, r.distanceKm, r.activityName])).toEqual([
      [finisher.id, "finished", 252.4, "Wari at midnight"],
      [partial.id, "partial", 180, "Late start"],
      [absent.id, "no_ride", null, null],
    ]);
    expect(body.results[0]).toMatchObject({
      movingTimeSeconds: 3600,
      elapsedTimeSeconds: 3700,
      review: null,
    });
    // The stranger rode nothing registered: not in the list.
    expect(body.results.some((r) => r.userId === stranger.id)).toBe(false);
    const stored = await env.DB.prepare(
      "SELECT status, distance_m FROM wari_results WHERE edition_year = 2025 AND user_id = ?",
    )
      .bind(partial.id)
      .first<{ status: string; distance_m: number }>();
    expect(stored).toEqual({ status: "partial", distance_m: 180_000 });
  });

  it("shows the member's result and the club's finisher count on /wari, and the badge on the dashboard and profile", async () => {
    const page = await (await call("/wari", { cookie: finisher.cookie })).text();
    expect(page).toContain("250 km finisher");
    expect(page).toContain("Result: Finished.");
    expect(page).toContain("1 member of the club finished the 250 km.");
    const other = await (await call("/wari", { cookie: partial.cookie })).text();
    expect(other).not.toContain("250 km finisher");
    expect(other).toContain("Result: Partial.");
    expect(other).toContain("72% of the 250 km");
    for (const path of ["/dashboard", "/profile"]) {
      const html = await (await call(path, { cookie: finisher.cookie })).text();
      expect(html, path).toContain("IAS CycleWari 2025: 250 km finisher");
      const none = await (await call(path, { cookie: partial.cookie })).text();
      expect(none, path).not.toContain("km finisher");
    }
  });

  it("lets an admin correct and confirm a result (4xx for bad input), each with an audit entry, and exports CSV", async () => {
    const errorsOf = async (body: unknown) => {
      const res = await review(body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { errors: Record<string, string[]> }).errors;
    };
    expect(
      await errorsOf({
        intent: "correct",
        userId: partial.id,
        status: "finished",
        distanceKm: 251,
        movingTime: "long",
      }),
    ).toEqual({ movingTime: ["Enter a time as h:mm or h:mm:ss (at most 48 hours)"] });
    expect(await errorsOf({ intent: "correct", userId: partial.id, status: "finished" })).toEqual({
      distanceKm: ["Enter the ride's distance in km"],
    });
    const notRegistered = await review({ intent: "confirm", userId: stranger.id });
    expect(notRegistered.status).toBe(404);
    expect(await notRegistered.json()).toMatchObject({
      message: "That member is not registered for this edition",
    });

    const corrected = await review({
      intent: "correct",
      userId: partial.id,
      status: "finished",
      distanceKm: 251,
      movingTime: "10:05",
      elapsedTime: "11:40:30",
      note: "GPS dropped out at km 180",
    });
    expect(corrected.status).toBe(200);
    expect(await corrected.json()).toMatchObject({
      message: "Result corrected",
      status: "finished",
      review: "corrected",
      distanceKm: 251,
      movingTimeSeconds: 36_300,
      elapsedTimeSeconds: 42_030,
    });

    // The page's form (conform + zod) confirms the no-ride result.
    const form = new FormData();
    form.set("intent", "confirm");
    form.set("userId", String(absent.id));
    const confirmed = await call("/admin/wari/2025", { method: "POST", body: form, cookie: admin });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/admin/wari/2025");

    const audit = await env.DB.prepare(
      "SELECT user_id, admin_id, action, from_result, to_result, note FROM wari_result_audit WHERE edition_year = 2025 ORDER BY id",
    ).all<{
      user_id: number;
      admin_id: number;
      action: string;
      from_result: string;
      to_result: string;
      note: string | null;
    }>();
    expect(audit.results.map((r) => [r.user_id, r.admin_id, r.action, r.note])).toEqual([
      [partial.id, adminId, "corrected", "GPS dropped out at km 180"],
      [absent.id, adminId, "confirmed", null],
    ]);
    expect(JSON.parse(audit.results[0]!.from_result)).toMatchObject({ status: "partial", distanceKm: 180 });
    expect(JSON.parse(audit.results[0]!.to_result)).toMatchObject({ status: "finished", distanceKm: 251 });

    // The correction stands after a recompute, and counts.
    const body = await results();
    expect(body.finisherCount).toBe(2);
    expect(body.results.find((r) => r.userId === partial.id)).toMatchObject({
      status: "finished",
      review: "corrected",
    });
    expect(body.results.find((r) => r.userId === absent.id)).toMatchObject({
      status: "no_ride",
      review: "confirmed",
    });
    const page = await (await call("/admin/wari/2025", { cookie: admin })).text();
    expect(page).toContain("IAS CycleWari 2025: results");
    expect(page).toContain("2 finishers");
    expect(page).toContain("Corrected (was Partial)");
    expect(page).toContain("GPS dropped out at km 180");
    expect(await (await call("/wari", { cookie: partial.cookie })).text()).toContain(
      "2 members of the club finished the 250 km.",
    );

    const csv = await call("/api/admin/wari/editions/2025/results.csv", { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    expect(csv.headers.get("Content-Disposition")).toContain("wari-2025-results.csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe(
      "name,email,result,distance_km,moving_time_s,elapsed_time_s,activity,started_at,review,reviewed_by,reviewed_at",
    );
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(",Finished,252.4,3600,3700,Wari at midnight,2025-06-06T18:30:00.000Z,,,");
    expect(lines.find((l) => l.includes(",corrected,"))).toContain(",Finished,251,36300,42030,");
  });

  it("lists every edition on /wari/history with the registration, plan adherence, result and the club's finishers", async () => {
    await env.DB.prepare(
      "INSERT INTO wari_editions (year, name, ride_date) VALUES (2023, 'IAS CycleWari 2023', '2023-06-10')",
    ).run();
    // A plan for 2025 with two rides planned: the 252.4 km ride (local day 6 June) matches one.
    const details = {
      eventYear: 2025,
      eventDate: "2025-06-07",
      eventDistanceKm: 250,
      totalWeeks: 1,
      totalDistanceKm: 300,
      weeklySchedule: [
        {
          week: 1,
          phase: "Taper",
          startDate: "2025-06-01",
          endDate: "2025-06-07",
          weeklyGoalKm: 300,
          longRideGoalKm: 250,
          workouts: [
            {
              day: "Sunday",
              type: "Endurance",
              description: "",
              duration: 60,
              intensity: 2,
              isEventDay: false,
            },
            { day: "Monday", type: "Rest", description: "", duration: 0, intensity: 0, isEventDay: false },
            { day: "Tuesday", type: "Rest", description: "", duration: 0, intensity: 0, isEventDay: false },
            { day: "Wednesday", type: "Rest", description: "", duration: 0, intensity: 0, isEventDay: false },
            { day: "Thursday", type: "Rest", description: "", duration: 0, intensity: 0, isEventDay: false },
            {
              day: "Friday",
              type: "Endurance",
              description: "",
              duration: 60,
              intensity: 2,
              isEventDay: false,
            },
            {
              day: "Saturday",
              type: "Event",
              description: "",
              duration: 600,
              intensity: 4,
              isEventDay: true,
            },
          ],
        },
      ],
    };
    await env.DB.prepare(
      "INSERT INTO training_plans (user_id, event_year, category, start_date, plan_details) VALUES (?, 2025, 'Beginner', ?, ?)",
    )
      .bind(finisher.id, Math.floor(Date.parse("2025-06-01") / 1000), JSON.stringify(details))
      .run();
    const html = await (await call("/wari/history", { cookie: finisher.cookie })).text();
    expect(html).toContain("Your Wari history");
    const at = (year: number) => html.slice(html.indexOf(`data-testid="history-${year}"`));
    expect(html.indexOf('data-testid="history-2025"')).toBeLessThan(
      html.indexOf('data-testid="history-2023"'),
    );
    expect(at(2025)).toContain("Registered for 2025");
    expect(at(2025)).toContain("1 of 2 workouts done");
    expect(at(2025)).toContain("Finished, 252.4 km");
    expect(at(2025)).toContain("2 finishers");
    expect(at(2023)).toContain("IAS CycleWari 2023");
    expect(at(2023)).toContain("Not registered");
    expect(at(2023)).toContain("No training plan");
    expect(at(2023)).toContain("0 finishers");
    expect((await call("/wari/history")).status).toBe(302);
    await env.DB.prepare("DELETE FROM wari_editions WHERE year = 2023").run();
  });

  it("the cron computes the results once the ride day is over in IST, repeats harmlessly, and keeps an admin's review", async () => {
    // A ride three days ago (IST), within the days the cron keeps results fresh.
    const rideDate = new Date(Date.now() + 330 * 60_000 - 3 * DAY).toISOString().slice(0, 10);
    const year = Number(rideDate.slice(0, 4));
    const noonIst = new Date(Date.parse(`${rideDate}T06:30:00Z`));
    await env.DB.prepare("INSERT INTO wari_editions (year, name, ride_date) VALUES (?, ?, ?)")
      .bind(year, `Cron Wari ${year}`, rideDate)
      .run();
    const [rider, short, late] = await Promise.all([member(), member(), member()]);
    try {
      await Promise.all([register(rider.id, year), register(short.id, year), register(late.id, year)]);
      await insertActivity(rider.id, { sportType: "Ride", distance: 250_000, start: noonIst }, "Cron 250");
      await insertActivity(short.id, { sportType: "Ride", distance: 100_000, start: noonIst }, "Cron 100");
      const runCron = async () => {
        const ctx = createExecutionContext();
        await worker.scheduled(
          createScheduledController({ scheduledTime: new Date(), cron: "*/15 * * * *" }),
          env,
          ctx,
        );
        await waitOnExecutionContext(ctx);
      };
      const rows = async () =>
        (
          await env.DB.prepare(
            "SELECT user_id, status, distance_m, review, computed_at FROM wari_results WHERE edition_year = ? ORDER BY user_id",
          )
            .bind(year)
            .all<{
              user_id: number;
              status: string;
              distance_m: number | null;
              review: string | null;
              computed_at: number;
            }>()
        ).results;

      expect(await rows()).toEqual([]);
      await runCron();
      expect((await rows()).map((r) => [r.user_id, r.status, r.distance_m])).toEqual([
        [rider.id, "finished", 250_000],
        [short.id, "partial", 100_000],
        [late.id, "no_ride", null],
      ]);

      // A second run writes nothing that did not change.
      await env.DB.prepare("UPDATE wari_results SET computed_at = 1 WHERE edition_year = ?").bind(year).run();
      await runCron();
      expect((await rows()).map((r) => r.computed_at)).toEqual([1, 1, 1]);

      // The admin confirms the short ride; then both members' longer rides of the day arrive (a late sync).
      expect((await review({ intent: "confirm", userId: short.id }, year)).status).toBe(200);
      await insertActivity(short.id, { sportType: "Ride", distance: 260_000, start: noonIst }, "Cron 260");
      await insertActivity(late.id, { sportType: "Ride", distance: 255_000, start: noonIst }, "Cron 255");
      await runCron();
      const after = await rows();
      expect(after.map((r) => [r.user_id, r.status, r.distance_m, r.review])).toEqual([
        [rider.id, "finished", 250_000, null],
        [short.id, "partial", 100_000, "confirmed"],
        [late.id, "finished", 255_000, null],
      ]);
      expect(after.find((r) => r.user_id === short.id)?.computed_at).toBe(1);
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM wari_result_audit WHERE edition_year = ?").bind(year),
        env.DB.prepare("DELETE FROM wari_results WHERE edition_year = ?").bind(year),
        env.DB.prepare("DELETE FROM wari_registrations WHERE event_year = ?").bind(year),
        env.DB.prepare("DELETE FROM wari_editions WHERE year = ?").bind(year),
      ]);
    }
  });
});
