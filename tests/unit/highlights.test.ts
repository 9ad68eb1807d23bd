import { describe, expect, it } from "vitest";
import { highlightDates, weekLevel, yearChange } from "~/modules/activities/highlights";

describe("highlightDates", () => {
  it("reads today on India's clock, and last year's same day", () => {
    // 23 Nov 2026, 20:00 UTC is already 24 Nov in India (a Tuesday).
    const d = highlightDates(new Date("2026-11-23T20:00:00Z"));
    expect(d).toEqual({
      today: "2026-11-24",
      thisYearStart: "2026-01-01",
      lastYearStart: "2025-01-01",
      lastYearSameDay: "2025-11-24",
      // This week's Monday is 23 Nov; the strip starts 15 weeks before it.
      firstWeekStart: "2026-08-10",
    });
  });

  it("takes 28 Feb for a 29 Feb, and a Monday's week starts that day", () => {
    const leap = highlightDates(new Date("2028-02-29T06:00:00Z"));
    expect(leap.lastYearSameDay).toBe("2027-02-28");
    const monday = highlightDates(new Date("2026-11-23T06:00:00Z"));
    expect(monday.firstWeekStart).toBe("2026-08-10");
    const sunday = highlightDates(new Date("2026-11-29T06:00:00Z"));
    expect(sunday.firstWeekStart).toBe("2026-08-10");
    expect(highlightDates(new Date("2026-01-01T00:00:00Z")).thisYearStart).toBe("2026-01-01");
  });
});

describe("yearChange and weekLevel", () => {
  it("says up, down, the same, new, or nothing", () => {
    expect(yearChange(110, 100)).toEqual({ percent: 10, direction: "up" });
    expect(yearChange(50, 200)).toEqual({ percent: -75, direction: "down" });
    expect(yearChange(7, 7)).toEqual({ percent: 0, direction: "same" });
    expect(yearChange(5, 0)).toEqual({ percent: null, direction: "up" });
    expect(yearChange(0, 0)).toBeNull();
    expect(yearChange(1, 3)).toEqual({ percent: -66.7, direction: "down" });
  });

  it("shades by active days, four and more alike", () => {
    expect([0, 1, 2, 3, 4, 5, 7].map(weekLevel)).toEqual([0, 1, 2, 3, 4, 4, 4]);
  });
});
