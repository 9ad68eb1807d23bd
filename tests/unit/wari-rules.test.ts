import { describe, expect, it } from "vitest";
import {
  categorize,
  consistencyScore,
  countdown,
  COUNTDOWN_MESSAGES,
  currentWeekIndex,
  EVENT_DATE,
  generateTrainingPlan,
  intensityLabel,
  parseWorkoutKey,
  readinessOf,
  recommendationsFor,
  workoutDate,
  workoutKey,
  type Category,
  type ReadinessInput,
} from "~/modules/wari/rules";
import { progressSchema, registerSchema } from "~/modules/wari/schema";

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
  const event = Date.parse(`${EVENT_DATE}T00:00:00Z`);
  it("changes its message above 30 and above 7 days, and says when the event has passed", () => {
    expect(countdown(event - 31 * 86_400_000).message).toBe(COUNTDOWN_MESSAGES.far);
    expect(countdown(event - 30 * 86_400_000).message).toBe(COUNTDOWN_MESSAGES.near);
    expect(countdown(event - 8 * 86_400_000).message).toBe(COUNTDOWN_MESSAGES.near);
    expect(countdown(event - 7 * 86_400_000).message).toBe(COUNTDOWN_MESSAGES.final);
    expect(countdown(event - (2 * 86_400 + 3 * 3600 + 4 * 60 + 5) * 1000)).toMatchObject({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      passed: false,
    });
    expect(countdown(event)).toMatchObject({ passed: true, days: 0, message: COUNTDOWN_MESSAGES.passed });
    expect(countdown(new Date("2026-11-22T00:00:00Z")).passed).toBe(true);
  });
});

describe("training plan generation", () => {
  it.each<[ReadinessInput, Category, number]>([
    [none, "Beginner", 16],
    [{ ...none, currentYearCyclingKm: 300 }, "Intermediate", 14],
    [advanced, "Advanced", 13],
    [elite, "Elite", 12],
  ])("is 12-16 weeks ending on the event day (%#)", (input, category, weeks) => {
    const plan = generateTrainingPlan(input);
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
    const plan = generateTrainingPlan(steady);
    const loading = plan.planDetails.weeklySchedule.slice(0, -2).filter((w) => !w.recoveryWeek);
    for (let i = 1; i < loading.length; i++) {
      const growth = loading[i].longRideGoalKm / loading[i - 1].longRideGoalKm - 1;
      expect(growth).toBeGreaterThanOrEqual(0);
      expect(growth).toBeLessThanOrEqual(0.15);
    }
    expect(loading.at(-1)!.longRideGoalKm).toBeGreaterThanOrEqual(100);
    expect(generateTrainingPlan(steady)).toEqual(plan);
    expect(generateTrainingPlan(none)).toEqual(generateTrainingPlan(none));
  });
});

describe("registration input", () => {
  it("accepts 2025 only and defaults the name", () => {
    expect(registerSchema.parse({ eventYear: 2025 })).toEqual({
      eventYear: 2025,
      eventName: "IAS CycleWari 2025",
    });
    expect(registerSchema.safeParse({ eventYear: 2024, eventName: "x" }).success).toBe(false);
  });
});
