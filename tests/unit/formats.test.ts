import { describe, expect, it } from "vitest";
import {
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
