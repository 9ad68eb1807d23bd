import { describe, expect, it } from "vitest";
import { IST_OFFSET_MINUTES } from "~/modules/activities/challenge-distance";
import {
  goalTarget,
  hoursMinutes,
  km1,
  progressPercent,
  targetFromForm,
  targetToForm,
  timeRemaining,
} from "~/modules/challenges/rules";
import { CLUB_TIME_ZONE, formatGoalProgress, formatGoalTarget } from "~/lib/format";
import { challengeInputSchema } from "~/modules/challenges/schema";

describe("progress percent", () => {
  it.each([
    [0, 100000, 0],
    [50000, 100000, 50],
    [100000, 100000, 100],
    [250000, 100000, 100],
    [-5, 100000, 0],
    [12345, 100000, 12.3],
    [5000, null, 0],
    [5000, 0, 0],
  ])("%d m of %s m is %d%%", (progress, target, percent) => {
    expect(progressPercent(progress, target)).toBe(percent);
  });
});

describe("display helpers", () => {
  it("formats time remaining, km and hours", () => {
    const now = new Date("2026-11-01T00:00:00Z");
    expect(timeRemaining("2026-10-31T00:00:00Z", now)).toBe("Ended");
    expect(timeRemaining("2026-11-01T05:00:00Z", now)).toBe("5 hours left");
    expect(timeRemaining("2026-11-02T01:00:00Z", now)).toBe("1 day left");
    expect(timeRemaining("2026-11-11T00:00:00Z", now)).toBe("10 days left");
    expect(km1(123456)).toBe("123.5");
    expect(hoursMinutes(5400)).toBe("1 h 30 min");
  });
});

describe("challenge validation", () => {
  const valid = {
    title: "T",
    description: "D",
    startDate: "2026-11-01",
    endDate: "2026-11-08",
    sportType: "Run",
  };
  it("accepts a valid challenge and caps the target distance", () => {
    expect(challengeInputSchema.safeParse({ ...valid, targetDistance: 2_000_000_000 }).success).toBe(true);
    expect(challengeInputSchema.safeParse({ ...valid, targetDistance: 2_000_000_001 }).success).toBe(false);
  });
  it("puts 'End date must be after start date' on endDate", () => {
    const result = challengeInputSchema.safeParse({ ...valid, endDate: "2026-11-01" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ["endDate"],
      message: "End date must be after start date",
    });
  });
});

describe("goal kinds (issue #39 item 1)", () => {
  it("takes form targets in the goal's unit and shows them back", () => {
    expect(targetFromForm("time", "5.5")).toBe(19800);
    expect(targetFromForm("elevation", "1240")).toBe(1240);
    expect(targetFromForm("days", "20")).toBe(20);
    expect(targetFromForm("distance", "12.3")).toBe(12300);
    expect(targetFromForm("count", " ")).toBeNull();
    expect(targetFromForm("count", "many")).toBe("many");
    expect(targetToForm("time", 19800)).toBe(5.5);
    expect(targetToForm("days", null)).toBe("");
  });

  it("keeps targetDistance as a distance goal's target", () => {
    expect(goalTarget({ goalType: "distance", targetDistance: 300000, target: null })).toBe(300000);
    expect(goalTarget({ goalType: "days", targetDistance: null, target: 20 })).toBe(20);
  });

  it("writes progress in the goal's unit", () => {
    expect(formatGoalProgress("elevation", 1240, 5000)).toBe("1,240 m climbed");
    expect(formatGoalProgress("days", 12, 20)).toBe("12 of 20 days");
    expect(formatGoalProgress("days", 1, null)).toBe("1 day");
    expect(formatGoalProgress("time", 19200, 72000)).toBe("5 h 20 min");
    expect(formatGoalProgress("count", 8, 10)).toBe("8 activities");
    expect(formatGoalProgress("count", 1, 10)).toBe("1 activity");
    expect(formatGoalProgress("distance", 12340, 100000)).toBe("12.3 km");
    expect(formatGoalTarget("time", 72000)).toBe("20 h");
    expect(formatGoalTarget("elevation", null)).toBe("No target");
  });

  it("counts days in the club's zone: India is UTC+05:30 all year", () => {
    for (const month of [0, 6]) {
      const parts = new Intl.DateTimeFormat("en-GB", {
        timeZone: CLUB_TIME_ZONE,
        timeZoneName: "longOffset",
      }).formatToParts(new Date(Date.UTC(2026, month, 1)));
      expect(parts.find((p) => p.type === "timeZoneName")?.value).toBe(
        `GMT+0${Math.floor(IST_OFFSET_MINUTES / 60)}:${IST_OFFSET_MINUTES % 60}`,
      );
    }
  });

  it("validates a goal: a target for every kind but distance, a daily minimum only for days", () => {
    const base = {
      title: "t",
      description: "d",
      startDate: "2026-01-01T00:00:00Z",
      endDate: "2026-02-01T00:00:00Z",
      sportType: "Ride",
    };
    const parsed = challengeInputSchema.parse({
      ...base,
      goalType: "days",
      target: "20",
      minPerDay: "5000",
      sportTypes: "Ride,EBikeRide",
    });
    expect(parsed.challenge).toMatchObject({
      goalType: "days",
      goalMode: "total",
      target: 20,
      minPerDay: 5000,
      targetDistance: null,
      sportTypes: "Ride,EBikeRide",
    });
    expect(challengeInputSchema.parse(base).challenge).toMatchObject({
      goalType: "distance",
      target: null,
      sportTypes: null,
    });
    expect(challengeInputSchema.safeParse({ ...base, goalType: "count" }).success).toBe(false);
    expect(
      challengeInputSchema.safeParse({ ...base, goalType: "count", target: 3, minPerDay: 10 }).success,
    ).toBe(false);
  });
});
