import { describe, expect, it } from "vitest";
import { guidanceFor, recommendationsFor } from "~/modules/wari/coaching";
import { countdown, COUNTDOWN_MESSAGES } from "~/modules/wari/countdown";
import {
  currentEdition,
  editionMode,
  editionTexts,
  istDay,
  registrationOpen,
  rideStartMs,
} from "~/modules/wari/edition";
import { kmAxis } from "~/modules/wari/km-axis";
import { generateTrainingPlan } from "~/modules/wari/plan-generator";
import {
  CATEGORIES,
  categorize,
  type Category,
  consistencyScore,
  pageCategory,
  type ReadinessInput,
  readinessOf,
} from "~/modules/wari/readiness";
import { nextEditionDate, resultOf, resultWindowMs, statusOf, type ResultRide } from "~/modules/wari/results";
import { parseClock, reviewSchema } from "~/modules/wari/results-schema";
import {
  currentWeekIndex,
  intensityLabel,
  parseWorkoutKey,
  workoutDate,
  workoutKey,
} from "~/modules/wari/workouts";
import { editionPatchSchema, editionSchema, progressSchema, registerSchema } from "~/modules/wari/schema";
import { EVENT_DATE, WARI_2025 } from "./wari-edition-2025";
import { matchWorkouts, plannedWorkoutCount, workoutSport } from "~/modules/wari/workout-matching";

const elite: ReadinessInput = {
  currentYearCyclingKm: 1000.1,
  weeklyAverageCyclingKm: 100.1,
  longestRideKm: 120.1,
  consistencyScore: 81,
  otherSportsActive: false,
};
const advanced: ReadinessInput = {
  currentYearCyclingKm: 500,
  weeklyAverageCyclingKm: 60.1,
  longestRideKm: 80.1,
  consistencyScore: 61,
  otherSportsActive: false,
};
const none: ReadinessInput = {
  currentYearCyclingKm: 0,
  weeklyAverageCyclingKm: 0,
  longestRideKm: 0,
  consistencyScore: 0,
  otherSportsActive: false,
};

describe("readiness category (spec §4)", () => {
  it.each<[string, Partial<ReadinessInput>, Category]>([
    ["all four over the Elite thresholds", {}, "Elite"],
    ["year exactly 1000 km is not over 1000", { currentYearCyclingKm: 1000 }, "Advanced"],
    ["weekly exactly 100 km is not over 100", { weeklyAverageCyclingKm: 100 }, "Advanced"],
    ["longest exactly 120 km is not over 120", { longestRideKm: 120 }, "Advanced"],
    ["consistency exactly 80 is not over 80", { consistencyScore: 80 }, "Advanced"],
  ])("Elite boundary: %s", (_, change, expected) => {
    expect(categorize({ ...elite, ...change })).toBe(expected);
  });

  it.each<[string, Partial<ReadinessInput>, Category]>([
    ["year at least 500, weekly over 60, longest over 80, consistency over 60", {}, "Advanced"],
    ["year 499.9 km", { currentYearCyclingKm: 499.9 }, "Intermediate"],
    ["weekly exactly 60 km", { weeklyAverageCyclingKm: 60 }, "Intermediate"],
    ["longest exactly 80 km", { longestRideKm: 80 }, "Intermediate"],
    ["consistency exactly 60", { consistencyScore: 60 }, "Intermediate"],
  ])("Advanced boundary: %s", (_, change, expected) => {
    expect(categorize({ ...advanced, ...change })).toBe(expected);
  });

  it.each<[string, Partial<ReadinessInput>, Category]>([
    ["year exactly 200 km", { currentYearCyclingKm: 200 }, "Intermediate"],
    ["year 199.9 km", { currentYearCyclingKm: 199.9 }, "Beginner"],
    [
      "other sports and year 100.1 km",
      { otherSportsActive: true, currentYearCyclingKm: 100.1 },
      "Intermediate",
    ],
    [
      "other sports and year exactly 100 km",
      { otherSportsActive: true, currentYearCyclingKm: 100 },
      "Beginner",
    ],
    ["no other sports and year 150 km", { currentYearCyclingKm: 150 }, "Beginner"],
    ["longest 50.1 km", { longestRideKm: 50.1 }, "Intermediate"],
    ["longest exactly 50 km", { longestRideKm: 50 }, "Beginner"],
    ["nothing at all", {}, "Beginner"],
  ])("Intermediate boundary: %s", (_, change, expected) => {
    expect(categorize({ ...none, ...change })).toBe(expected);
  });

  it("gives the default readiness 20/45/70/90", () => {
    expect(readinessOf(none)).toEqual({ category: "Beginner", readiness: 20 });
    expect(readinessOf({ ...none, currentYearCyclingKm: 200 })).toEqual({
      category: "Intermediate",
      readiness: 45,
    });
    expect(readinessOf(advanced)).toEqual({ category: "Advanced", readiness: 70 });
    expect(readinessOf(elite)).toEqual({ category: "Elite", readiness: 90 });
  });

  it("lets a server-supplied category and readiness take precedence", () => {
    expect(readinessOf({ ...none, category: "Elite" })).toEqual({ category: "Elite", readiness: 90 });
    expect(readinessOf({ ...elite, category: "Beginner", readiness: 33 })).toEqual({
      category: "Beginner",
      readiness: 33,
    });
    expect(readinessOf({ ...none, readiness: 55 })).toEqual({ category: "Beginner", readiness: 55 });
    // An unknown category falls back to the rule.
    expect(readinessOf({ ...elite, category: "Pro" }).category).toBe("Elite");
  });
});

describe("consistency score", () => {
  it("is the share of the 12 weeks with a ride, 0-100", () => {
    expect(consistencyScore(0)).toBe(0);
    expect(consistencyScore(12)).toBe(100);
    expect(consistencyScore(10)).toBe(83);
    expect(consistencyScore(11)).toBe(92);
    expect(consistencyScore(20)).toBe(100);
  });
});

describe("recommendations (spec §9 thresholds)", () => {
  it("advises below 125 km longest, consistency under 70 and weekly under 80 km", () => {
    expect(
      recommendationsFor({ longestRideKm: 125, consistencyScore: 70, weeklyAverageCyclingKm: 80 }),
    ).toEqual([]);
    expect(
      recommendationsFor({ longestRideKm: 124.9, consistencyScore: 69, weeklyAverageCyclingKm: 79.9 }),
    ).toHaveLength(3);
  });
});

describe("intensity, keys and weeks", () => {
  it("labels the intensity scale", () => {
    expect([0, 1, 2, 3, 4, 5].map(intensityLabel)).toEqual([
      "Rest",
      "Very Easy",
      "Easy",
      "Moderate",
      "Hard",
      "Very Hard",
    ]);
  });

  it("builds and reads workout keys week{n}_day{index}_{type}", () => {
    expect(workoutKey(3, 5, "Long Ride")).toBe("week3_day5_Long Ride");
    expect(parseWorkoutKey("week3_day5_Long Ride")).toEqual({ week: 3, dayIndex: 5, type: "Long Ride" });
    for (const bad of ["week0_day1_Rest", "week1_day7_Rest", "week1_day1_", "w1_d1_Rest", "week1_day1Rest"])
      expect(parseWorkoutKey(bad)).toBeNull();
    expect(progressSchema.safeParse({ completedWorkouts: ["week1_day0_Rest"] }).success).toBe(true);
    expect(progressSchema.safeParse({ completedWorkouts: ["nope"] }).success).toBe(false);
  });

  it("clamps the current week index between 0 and the last week", () => {
    const start = "2025-03-02T00:00:00.000Z";
    expect(currentWeekIndex(start, 14, new Date("2025-02-01T00:00:00Z"))).toBe(0);
    expect(currentWeekIndex(start, 14, new Date("2025-03-08T23:59:59Z"))).toBe(0);
    expect(currentWeekIndex(start, 14, new Date("2025-03-09T00:00:00Z"))).toBe(1);
    expect(currentWeekIndex(start, 14, new Date("2026-11-22T00:00:00Z"))).toBe(13);
  });

  it("dates a week's days", () => {
    expect(workoutDate("2025-06-01T00:00:00.000Z", 6)).toBe("2025-06-07");
  });
});

describe("countdown", () => {
  // The ride day starts at 00:00 IST (18:30 UTC the day before).
  const event = rideStartMs(WARI_2025);
  it("counts down to 00:00 IST of the ride day", () => {
    expect(new Date(event).toISOString()).toBe("2025-06-06T18:30:00.000Z");
  });
  it("changes its message above 30 and above 7 days, and says when the event has passed", () => {
    expect(countdown(event - 31 * 86_400_000, event).message).toBe(COUNTDOWN_MESSAGES.far);
    expect(countdown(event - 30 * 86_400_000, event).message).toBe(COUNTDOWN_MESSAGES.near);
    expect(countdown(event - 8 * 86_400_000, event).message).toBe(COUNTDOWN_MESSAGES.near);
    expect(countdown(event - 7 * 86_400_000, event).message).toBe(COUNTDOWN_MESSAGES.final);
    expect(countdown(event - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000, event)).toMatchObject({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      passed: false,
    });
    expect(countdown(event, event)).toMatchObject({
      passed: true,
      days: 0,
      message: COUNTDOWN_MESSAGES.passed,
    });
    expect(countdown(new Date("2026-11-22T00:00:00Z"), event).passed).toBe(true);
  });
});

describe("training plan generation", () => {
  it.each<[ReadinessInput, Category, number]>([
    [none, "Beginner", 16],
    [{ ...none, currentYearCyclingKm: 300 }, "Intermediate", 14],
    [advanced, "Advanced", 13],
    [elite, "Elite", 12],
  ])("is 12-16 weeks ending on the event day (%#)", (input, category, weeks) => {
    const plan = generateTrainingPlan(input, WARI_2025);
    expect(plan.category).toBe(category);
    const schedule = plan.planDetails.weeklySchedule;
    expect(schedule).toHaveLength(weeks);
    expect(weeks).toBeGreaterThanOrEqual(12);
    expect(weeks).toBeLessThanOrEqual(16);
    expect(plan.startDate).toBe(schedule[0].startDate);
    expect(schedule.at(-1)!.endDate.slice(0, 10)).toBe(EVENT_DATE);
    // Consecutive 7-day weeks, 7 workouts each, intensity 0-5, the phases in order.
    schedule.forEach((week, i) => {
      expect(week.week).toBe(i + 1);
      expect(Date.parse(week.endDate) - Date.parse(week.startDate)).toBe(6 * 86_400_000);
      if (i > 0)
        expect(Date.parse(week.startDate) - Date.parse(schedule[i - 1].startDate)).toBe(7 * 86_400_000);
      expect(week.workouts).toHaveLength(7);
      for (const w of week.workouts) {
        expect(w.intensity).toBeGreaterThanOrEqual(0);
        expect(w.intensity).toBeLessThanOrEqual(5);
        expect(parseWorkoutKey(workoutKey(week.week, 0, w.type))).not.toBeNull();
      }
    });
    expect(schedule[0].phase).toBe("Base Building");
    expect(schedule.some((w) => w.phase === "Endurance Building")).toBe(true);
    expect(schedule.slice(-2).map((w) => w.phase)).toEqual(["Taper", "Taper"]);
    // Exactly one event day: the last day, on 7 June 2025.
    const eventDays = schedule
      .flatMap((w) => w.workouts.map((x, d) => ({ x, d, w })))
      .filter(({ x }) => x.isEventDay);
    expect(eventDays).toHaveLength(1);
    expect(workoutDate(eventDays[0].w.startDate, eventDays[0].d)).toBe(EVENT_DATE);
    expect(eventDays[0].x.day).toBe("Saturday");
    expect(schedule.at(-1)!.longRideGoalKm).toBe(250);
    expect(plan.planDetails.totalDistanceKm).toBe(schedule.reduce((s, w) => s + w.weeklyGoalKm, 0));
  });

  it("grows the long ride by at most 15% a week, lighter in recovery weeks, and is deterministic", () => {
    // A 100 km/week member (the old test asked a member with no history for a 100 km long ride).
    const steady = { ...elite, basis: { weeklyKm: Array(12).fill(100), rideKm: Array(24).fill(60) } };
    const plan = generateTrainingPlan(steady, WARI_2025);
    const loading = plan.planDetails.weeklySchedule.slice(0, -2).filter((w) => !w.recoveryWeek);
    for (let i = 1; i < loading.length; i++) {
      const growth = loading[i].longRideGoalKm / loading[i - 1].longRideGoalKm - 1;
      expect(growth).toBeGreaterThanOrEqual(0);
      expect(growth).toBeLessThanOrEqual(0.15);
    }
    expect(loading.at(-1)!.longRideGoalKm).toBeGreaterThanOrEqual(100);
    expect(generateTrainingPlan(steady, WARI_2025)).toEqual(plan);
    expect(generateTrainingPlan(none, WARI_2025)).toEqual(generateTrainingPlan(none, WARI_2025));
  });
});

describe("registration input", () => {
  it("takes a year (the edition decides the rest); the name is optional", () => {
    expect(registerSchema.parse({ eventYear: 2025 })).toEqual({ eventYear: 2025 });
    expect(registerSchema.parse({ eventYear: "2026", eventName: " IAS " })).toEqual({
      eventYear: 2026,
      eventName: "IAS",
    });
    for (const eventYear of [undefined, "x", 2025.5, 1999, 2201])
      expect(registerSchema.safeParse({ eventYear }).success).toBe(false);
  });
});

describe("after the event: results mode (issue #20 item 6)", () => {
  const day = 86_400_000;
  const eventStart = Date.parse(`${EVENT_DATE}T00:00:00Z`);
  const ride = (distanceKm: number, start: string, activityId = 7): ResultRide => ({
    activityId,
    name: `Ride ${distanceKm}`,
    distanceM: distanceKm * 1000,
    movingTime: 36_000,
    elapsedTime: 40_000,
    startMs: Date.parse(start),
  });

  it("trains until the event day is over and shows results from the next day", () => {
    // The ride day ends at 00:00 IST the next day: 18:30 UTC on the ride day.
    const istMidnightAfter = eventStart + day - 330 * 60_000;
    expect(editionMode(WARI_2025, eventStart - 30 * day)).toBe("training");
    expect(editionMode(WARI_2025, eventStart)).toBe("training");
    expect(editionMode(WARI_2025, istMidnightAfter - 1)).toBe("training");
    expect(editionMode(WARI_2025, istMidnightAfter)).toBe("results");
    expect(editionMode(WARI_2025, new Date("2026-11-23T12:00:00Z"))).toBe("results");
    // Another edition's date moves the switch with it.
    const next = { rideDate: "2026-06-06" };
    expect(editionMode(next, new Date("2026-06-05T12:00:00Z"))).toBe("training");
    expect(editionMode(next, new Date("2026-06-06T18:29:59Z"))).toBe("training");
    expect(editionMode(next, new Date("2026-06-06T18:30:00Z"))).toBe("results");
  });

  it("counts the rides started on the ride's calendar day in India, whatever the server's zone", () => {
    // 00:00 IST on 7 June is 18:30 UTC on 6 June; the window ends 24 hours later.
    expect(resultWindowMs(EVENT_DATE)).toEqual({
      from: Date.parse("2025-06-06T18:30:00Z"),
      to: Date.parse("2025-06-07T18:30:00Z"),
    });
    const edition = { rideDate: EVENT_DATE, distanceKm: 250 };
    // 23:59:59 IST the evening before and 00:00 IST the day after: outside.
    expect(
      resultOf([ride(300, "2025-06-06T18:29:59Z"), ride(400, "2025-06-07T18:30:00Z")], edition),
    ).toMatchObject({
      status: "no_ride",
      activityId: null,
      distanceM: null,
    });
    // 00:00:00 IST and 23:59:59 IST of the ride day: inside.
    expect(resultOf([ride(250, "2025-06-06T18:30:00Z")], edition)).toMatchObject({ status: "finished" });
    expect(resultOf([ride(120, "2025-06-07T18:29:59Z")], edition)).toMatchObject({
      status: "partial",
      distanceM: 120_000,
      movingTime: 36_000,
      elapsedTime: 40_000,
    });
  });

  it("finishes at the edition's distance with the longest ride, else partial with the longest ride", () => {
    const edition = { rideDate: EVENT_DATE, distanceKm: 250 };
    const day = (h: number) => `2025-06-07T0${h}:00:00Z`;
    expect(
      resultOf([ride(80, day(1), 1), ride(251.3, day(2), 2), ride(40, day(3), 3)], edition),
    ).toMatchObject({ status: "finished", activityId: 2, distanceM: 251_300, startMs: Date.parse(day(2)) });
    expect(resultOf([ride(249.9, day(1), 1), ride(12, day(2), 2)], edition)).toMatchObject({
      status: "partial",
      activityId: 1,
    });
    // Another edition's distance moves the bar.
    expect(resultOf([ride(200, day(1))], { rideDate: EVENT_DATE, distanceKm: 200 }).status).toBe("finished");
    expect(statusOf(null, 250)).toBe("no_ride");
    expect(statusOf(249_999, 250)).toBe("partial");
    expect(statusOf(250_000, 250)).toBe("finished");
  });

  it("reads the admin's correction: h:mm:ss times, a distance unless there was no ride", () => {
    expect(parseClock("10:20")).toBe(37_200);
    expect(parseClock("10:20:05")).toBe(37_205);
    expect(parseClock("ten")).toBe("ten");
    const ok = reviewSchema.safeParse({
      intent: "correct",
      userId: "4",
      status: "finished",
      distanceKm: "251.5",
      movingTime: "10:20",
      elapsedTime: "",
    });
    expect(ok.success && ok.data).toMatchObject({ userId: 4, distanceKm: 251.5, movingTime: 37_200 });
    const errors = (input: Record<string, unknown>) => {
      const r = reviewSchema.safeParse(input);
      return r.success ? {} : r.error.flatten().fieldErrors;
    };
    expect(errors({ intent: "correct", userId: 4, status: "partial" })).toEqual({
      distanceKm: ["Enter the ride's distance in km"],
    });
    expect(errors({ intent: "correct", userId: 4, status: "no_ride", distanceKm: 10 })).toEqual({
      distanceKm: ["A result without a ride has no distance"],
    });
    expect(
      errors({ intent: "correct", userId: 4, status: "won", distanceKm: 1, movingTime: "99:00" }),
    ).toEqual({
      status: ["Choose Finished, Partial or No ride"],
      movingTime: ["Enter a time as h:mm or h:mm:ss (at most 48 hours)"],
    });
    expect(errors({ intent: "confirm", userId: "x" })).toEqual({ userId: ["Choose a registered member"] });
  });

  it("names the next edition only for a real day after this one", () => {
    expect(nextEditionDate("2026-06-06", EVENT_DATE)).toBe("2026-06-06");
    expect(nextEditionDate(" 2026-06-06 ", EVENT_DATE)).toBe("2026-06-06");
    expect(nextEditionDate(undefined, EVENT_DATE)).toBeNull();
    expect(nextEditionDate("", EVENT_DATE)).toBeNull();
    expect(nextEditionDate("2026-02-30", EVENT_DATE)).toBeNull();
    expect(nextEditionDate("June 6, 2026", EVENT_DATE)).toBeNull();
    expect(nextEditionDate(EVENT_DATE, EVENT_DATE)).toBeNull();
    expect(nextEditionDate("2024-06-01", EVENT_DATE)).toBeNull();
  });

  it("shows one category: the plan's wins, else the rule on the rides", () => {
    expect(pageCategory(elite, "Intermediate")).toEqual({
      category: "Intermediate",
      readiness: 45,
      source: "plan",
    });
    expect(pageCategory(elite, null)).toEqual({ category: "Elite", readiness: 90, source: "rides" });
    expect(pageCategory(none, "Nonsense")).toEqual({ category: "Beginner", readiness: 20, source: "rides" });
  });

  it("draws the weekly km axis from zero to a round top at or above the biggest week", () => {
    expect(kmAxis(100)).toEqual({ top: 100, ticks: [0, 25, 50, 75, 100] });
    expect(kmAxis(137)).toEqual({ top: 200, ticks: [0, 50, 100, 150, 200] });
    expect(kmAxis(0)).toEqual({ top: 1, ticks: [0, 0.25, 0.5, 0.75, 1] });
    expect(kmAxis(290)).toEqual({ top: 400, ticks: [0, 100, 200, 300, 400] });
    for (const max of [1, 9.5, 101, 333, 1234]) {
      const { top, ticks } = kmAxis(max);
      expect(ticks[0]).toBe(0);
      expect(top).toBeGreaterThanOrEqual(max);
      expect(top).toBeLessThan(max * 2.6);
    }
  });
});

describe("coaching told against the member's numbers (issue #37 item 5)", () => {
  it.each(CATEGORIES)("%s: never asks a 192 km-a-week rider to grow toward 80-100 km", (category) => {
    const text = guidanceFor(category, { weeklyAverageCyclingKm: 192.2 });
    expect(text).not.toMatch(/grow/i);
    expect(text).toContain("Hold your 192.2 km weeks, already above the recommended 80-100 km");
  });

  it.each([
    [0, "Grow your weekly distance toward the recommended 80-100 km"],
    [45, "Grow your weekly distance from 45 km toward the recommended 80-100 km"],
    [79.9, "Grow your weekly distance from 79.9 km toward the recommended 80-100 km"],
    [80, "Keep your weeks of about 80 km, within the recommended 80-100 km"],
    [100, "Keep your weeks of about 100 km, within the recommended 80-100 km"],
    [100.4, "Hold your 100.4 km weeks, already above the recommended 80-100 km"],
    [1234, "Hold your 1,234 km weeks, already above the recommended 80-100 km"],
  ])("a weekly average of %s km: %s", (avg, expected) => {
    expect(guidanceFor("Intermediate", { weeklyAverageCyclingKm: avg })).toBe(
      `Good foundation. ${expected}, and extend your long ride by 10-15% each week.`,
    );
  });
});

describe("workouts matched to rides by day and sport (issue #37 item 5)", () => {
  const plan = generateTrainingPlan({ ...advanced, category: "Intermediate" }, WARI_2025);
  const week = plan.planDetails.weeklySchedule[4]!;
  const rideDays = week.workouts.flatMap((w, i) => (workoutSport(w) ? [i] : []));
  const restDays = week.workouts.flatMap((w, i) => (w.type === "Rest" ? [i] : []));
  const on =
    (recorded: Record<string, string[]>) =>
    (day: string): readonly string[] =>
      recorded[day] ?? [];

  it("plans rides on the week's riding days, never on rest days or the event day", () => {
    expect(rideDays.length).toBeGreaterThan(0);
    expect(restDays.length).toBeGreaterThan(0);
    expect(plannedWorkoutCount(week)).toBe(rideDays.length);
    const last = plan.planDetails.weeklySchedule.at(-1)!;
    expect(workoutSport(last.workouts.find((w) => w.isEventDay)!)).toBeNull();
    expect(plannedWorkoutCount(last)).toBe(last.workouts.filter((w) => w.type !== "Rest").length - 1);
  });

  it("a ride on a planned ride's day matches it; a run that day, a ride on a rest day or the day before do not", () => {
    const first = rideDays[0]!;
    const second = rideDays[1]!;
    const day = (i: number) => workoutDate(week.startDate, i);
    const before = new Date(Date.parse(day(first)) - 86_400_000).toISOString().slice(0, 10);
    const matched = matchWorkouts(
      week,
      on({
        [day(first)]: ["Ride", "Run"],
        [day(second)]: ["Run"],
        [day(restDays[0]!)]: ["Ride"],
        [before]: ["Ride"],
      }),
    );
    expect(matched).toEqual([workoutKey(week.week, first, week.workouts[first]!.type)]);
  });

  it("a week whose every riding day has a ride counts all its workouts done", () => {
    const all = Object.fromEntries(week.workouts.map((_, i) => [workoutDate(week.startDate, i), ["Ride"]]));
    expect(matchWorkouts(week, on(all))).toHaveLength(plannedWorkoutCount(week));
    expect(matchWorkouts(week, on({}))).toEqual([]);
  });
});

describe("which edition is current (issue #38), in IST whatever the server's zone", () => {
  const e2025 = { ...WARI_2025 };
  const e2026 = { ...WARI_2025, year: 2026, name: "IAS CycleWari 2026", rideDate: "2026-06-06" };
  const e2027 = { ...WARI_2025, year: 2027, name: "IAS CycleWari 2027", rideDate: "2027-06-05" };
  const all = [e2027, e2025, e2026];
  const at = (iso: string) => new Date(iso);

  it("the day before, the day of and the day after a ride, at the IST day boundaries", () => {
    // 5 June 2026 23:59 IST: the day before.
    expect(currentEdition(all, at("2026-06-05T18:29:59Z"))).toEqual({ edition: e2026, mode: "training" });
    // 6 June 00:00 IST (still 5 June in UTC): the ride day, current and training.
    expect(istDay(at("2026-06-05T18:30:00Z"))).toBe("2026-06-06");
    expect(currentEdition(all, at("2026-06-05T18:30:00Z"))).toEqual({ edition: e2026, mode: "training" });
    // 6 June 23:59 IST: still the ride day.
    expect(currentEdition(all, at("2026-06-06T18:29:59Z"))).toEqual({ edition: e2026, mode: "training" });
    // 7 June 00:00 IST (6 June in UTC): the next edition is current.
    expect(currentEdition(all, at("2026-06-06T18:30:00Z"))).toEqual({ edition: e2027, mode: "training" });
  });

  it("without a later edition, the latest past one in results mode; none without editions", () => {
    expect(currentEdition([e2025, e2026], at("2026-06-06T18:30:00Z"))).toEqual({
      edition: e2026,
      mode: "results",
    });
    expect(currentEdition([e2025], at("2026-11-28T08:00:00Z"))).toEqual({ edition: e2025, mode: "results" });
    expect(currentEdition([], at("2026-11-28T08:00:00Z"))).toBeNull();
  });

  it("registration is open until 00:00 IST of the ride day unless the edition says otherwise", () => {
    expect(registrationOpen(e2026, at("2026-06-05T18:29:59Z"))).toBe(true);
    expect(registrationOpen(e2026, at("2026-06-05T18:30:00Z"))).toBe(false);
    const windowed = {
      ...e2026,
      registrationOpensAt: "2026-01-01T00:00:00.000Z",
      registrationClosesAt: "2026-05-31T18:30:00.000Z",
    };
    expect(registrationOpen(windowed, at("2025-12-31T23:59:59Z"))).toBe(false);
    expect(registrationOpen(windowed, at("2026-01-01T00:00:00Z"))).toBe(true);
    expect(registrationOpen(windowed, at("2026-05-31T18:30:00Z"))).toBe(false);
  });

  it("writes the spec's texts from the row", () => {
    expect(editionTexts(e2025)).toEqual({
      title: "IAS CycleWari 2025 Challenge",
      dateLabel: "June 7, 2025",
      registered: "Registered for 2025",
      navLabel: "Wari 2025",
      button: "Wari 2025 Challenge",
      distance: "250 kilometers in one day",
    });
    expect(editionTexts(e2026)).toMatchObject({
      title: "IAS CycleWari 2026 Challenge",
      dateLabel: "June 6, 2026",
    });
  });
});

describe("edition input (admin)", () => {
  it("defaults the distance to 250 km, reads India-time form instants, and refuses a day outside the year", () => {
    expect(editionSchema.parse({ year: "2027", name: " Wari 2027 ", date: "2027-06-05" })).toMatchObject({
      year: 2027,
      name: "Wari 2027",
      date: "2027-06-05",
      distanceKm: 250,
    });
    expect(
      editionSchema.parse({
        year: 2027,
        name: "W",
        date: "2027-06-05",
        distanceKm: "300",
        registrationClosesAt: "2027-06-01T18:00",
      }),
    ).toMatchObject({ distanceKm: 300, registrationClosesAt: "2027-06-01T12:30:00.000Z" });
    for (const bad of [
      { year: 2027, name: "W", date: "2028-06-05" },
      { year: 2027, name: "W", date: "2027-02-30" },
      { year: 2027, name: "", date: "2027-06-05" },
      { year: 2027, name: "W", date: "2027-06-05", distanceKm: 0 },
      { year: 1999, name: "W", date: "1999-06-05" },
    ])
      expect(editionSchema.safeParse(bad).success).toBe(false);
    expect(editionPatchSchema.safeParse({ year: 2028 }).success).toBe(false);
  });
});
