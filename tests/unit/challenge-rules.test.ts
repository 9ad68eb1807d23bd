import { describe, expect, it } from "vitest";
import { hoursMinutes, km1, progressPercent, timeRemaining } from "~/modules/challenges/rules";
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
