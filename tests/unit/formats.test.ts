import { describe, expect, it } from "vitest";
import {
  axisLabel,
  formatDistanceOrDash,
  formatPace,
  formatSpeed,
  formatTimeAgo,
  formatDuration,
  formatHoursAsDuration,
  formatMinutesAsDuration,
  formatNumber,
  formatPercent,
  formatShare,
  plural,
  sportName,
  formatElevation,
  formatInt,
  formatLocalDate,
  formatMonth,
  formatPeriod,
  formatDay,
} from "~/lib/format";

// Part 2 §9: "Dates in en-US format" on every page; numbers grouped the same way.
describe("member pages format dates and numbers in en-US", () => {
  it("dates", () => {
    expect(formatLocalDate("2025-03-04T07:12:00Z")).toBe("Mar 4, 2025");
    expect(formatMonth("2025-03")).toBe("March 2025");
    expect(formatPeriod("2025-03-04")).toBe("Mar 4");
    expect(formatPeriod("2025-03")).toBe("Mar 2025");
    expect(formatDay("2026-11-21T10:00:00Z")).toBe("Nov 21, 2026");
  });

  it("numbers use thousands grouping, not lakhs", () => {
    expect(formatElevation(119718)).toBe("119,718 m");
    expect(formatInt(1234567)).toBe("1,234,567");
  });
});

// Issue #20 item 5: one way to write numbers on every page, admin included.
describe("the formatting layer", () => {
  it("groups thousands and drops a trailing .0", () => {
    expect(formatNumber(97618.2)).toBe("97,618.2");
    expect(formatNumber(100000)).toBe("100,000");
    expect(formatNumber(1200.0)).toBe("1,200");
    expect(formatNumber(12.04)).toBe("12");
    expect(formatNumber(12.06)).toBe("12.1");
    expect(formatNumber(-0.04)).toBe("0");
    expect(formatNumber(2.345, 2)).toBe("2.35");
    expect(formatNumber(840465, 0)).toBe("840,465");
    expect(formatNumber(Number.NaN)).toBe("—");
  });

  it("percentages have one decimal at most", () => {
    expect(formatPercent(45.25)).toBe("45.3%");
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatShare(1, 3)).toBe("33.3%");
    expect(formatShare(5, 0)).toBe("0%");
  });

  it("durations read as hours and minutes", () => {
    expect(formatMinutesAsDuration(170)).toBe("2 h 50 min");
    expect(formatMinutesAsDuration(45)).toBe("45 min");
    expect(formatMinutesAsDuration(120)).toBe("2 h");
    expect(formatMinutesAsDuration(59185)).toBe("986 h 25 min");
    expect(formatMinutesAsDuration(100_000)).toBe("1,666 h 40 min");
    expect(formatMinutesAsDuration(0)).toBe("0 min");
    expect(formatMinutesAsDuration(-3)).toBe("0 min");
    expect(formatHoursAsDuration(0.25)).toBe("15 min");
    expect(formatHoursAsDuration(1.5)).toBe("1 h 30 min");
    expect(formatDuration(3725)).toBe("1 h 2 min");
    expect(formatDuration(29)).toBe("0 min");
  });

  it("sport types are named as people say them", () => {
    expect(sportName("MountainBikeRide")).toBe("Mountain bike ride");
    expect(sportName("VirtualRide")).toBe("Virtual ride");
    expect(sportName("WeightTraining")).toBe("Weight training");
    expect(sportName("EBikeRide")).toBe("E-bike ride");
    expect(sportName("Ride")).toBe("Ride");
    expect(sportName("HIIT")).toBe("HIIT");
  });

  it("counts are pluralised", () => {
    expect(plural(1, "event registration")).toBe("1 event registration");
    expect(plural(2, "event registration")).toBe("2 event registrations");
    expect(plural(0, "activity", "activities")).toBe("0 activities");
    expect(plural(1234, "activity", "activities")).toBe("1,234 activities");
    expect(plural(1, "activity", "activities")).toBe("1 activity");
  });

  it("times ago, with plurals", () => {
    const now = Date.parse("2026-11-23T12:00:00Z");
    expect(formatTimeAgo("2026-11-23T11:59:40Z", now)).toBe("just now");
    expect(formatTimeAgo("2026-11-23T11:55:00Z", now)).toBe("5 min ago");
    expect(formatTimeAgo("2026-11-23T10:00:00Z", now)).toBe("2 h ago");
    expect(formatTimeAgo("2026-11-22T11:00:00Z", now)).toBe("1 day ago");
    expect(formatTimeAgo("2026-11-20T12:00:00Z", now)).toBe("3 days ago");
    expect(formatTimeAgo("2026-03-04T12:00:00Z", now)).toBe("Mar 4, 2026");
  });

  it("pace and speed", () => {
    expect(formatPace(10_000, 3000)).toBe("5:00 /km");
    expect(formatPace(1000, 359.6)).toBe("6:00 /km");
    expect(formatPace(1500, 1800, "100 m")).toBe("2:00 /100 m");
    expect(formatPace(0, 1800)).toBe("—");
    expect(formatSpeed(6.944)).toBe("25 km/h");
    expect(formatSpeed(null)).toBe("—");
    expect(formatDistanceOrDash(0)).toBe("—");
    expect(formatDistanceOrDash(12_345)).toBe("12.3 km");
  });

  it("chart axes carry their unit", () => {
    expect(axisLabel("km")(1200)).toBe("1,200 km");
    expect(axisLabel("km")(12.5)).toBe("12.5 km");
    expect(axisLabel("")(3)).toBe("3");
    expect(axisLabel("m")(Number.NaN)).toBe("");
  });
});
