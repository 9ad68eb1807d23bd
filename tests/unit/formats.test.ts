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
  formatKm,
  formatMetresAsKm,
  formatQuantity,
  formatKmNumber,
  formatOne,
  formatRupees,
  formatEventDate,
  formatEventDay,
  longDate,
  shortDate,
  dateTime,
} from "~/lib/format";
import { paceOrSpeed, SPORT_COLOURS, sportColour } from "~/modules/activities/sport-style";
import { DASHBOARD_SPORTS } from "~/modules/sports/sports";

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

// Issue #17 (decision 028): the formatters are plain JavaScript, so a page's hydration never loads
// ICU's locale data; their output must stay Intl's, byte for byte, or the server and browser disagree.
describe("the formatters write what Intl writes", () => {
  // A fixed pseudo-random sequence: the same numbers on every run.
  let seed = 17;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const numbers = [
    0,
    -0,
    0.05,
    0.15,
    0.25,
    0.35,
    0.45,
    1.005,
    2.675,
    1.45,
    -0.04,
    -0.05,
    -2.5,
    0.5,
    1.5,
    9.95,
    99.95,
    999.95,
    999999.96,
    123456789.95,
    1e-7,
    5e-7,
    1e21,
    12.04,
    12.06,
    97618.2,
    840465,
    Number.NaN,
    Infinity,
    -Infinity,
    ...Array.from({ length: 400 }, (_, i) => {
      const magnitude = 10 ** Math.floor(random() * 9 - 2);
      const value = random() * magnitude;
      // Every third one a decimal tie such as 12.35 or 0.125.
      const tied = i % 3 === 0 ? Math.round(value * 100) / 100 + 0.005 : value;
      return i % 4 === 0 ? -tied : tied;
    }),
  ];
  const intl = (min: number, max: number, locale = "en-US") =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: min, maximumFractionDigits: max });

  it("numbers: grouping, half-up rounding of the shortest decimal form, the sign of a rounded zero", () => {
    const upTo = [0, 1, 2, 3].map((digits) => intl(0, digits));
    for (const n of numbers) {
      expect(formatInt(n), String(n)).toBe(intl(0, 0).format(n));
      expect(formatOne(n), String(n)).toBe(intl(1, 1).format(n));
      expect(formatKmNumber(n), String(n)).toBe(n.toLocaleString("en-US", { maximumFractionDigits: 1 }));
      for (const digits of [0, 1, 2, 3]) {
        const text = upTo[digits]!.format(n);
        expect(formatNumber(n, digits), `${n} to ${digits}`).toBe(
          Number.isFinite(n) ? (text === "-0" ? "0" : text) : "—",
        );
      }
      if (Number.isFinite(n))
        expect(formatRupees(n), String(n)).toBe(`₹${intl(2, 2, "en-IN").format(n / 100)}`);
    }
  });

  it("dates: UTC calendar days and India time, every month and hour", () => {
    const day = new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      day: "numeric",
      month: "short",
      year: "numeric",
    });
    const long = new Intl.DateTimeFormat("en-US", {
      month: "long",
      day: "numeric",
      year: "numeric",
      timeZone: "UTC",
    });
    const short = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
    const withTime = new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "UTC",
    });
    const indiaDay = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Kolkata",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    const indiaTime = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Kolkata",
      hour: "numeric",
      minute: "2-digit",
      hour12: true,
    });
    const monthYear = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long", year: "numeric" });
    const shortMonthYear = new Intl.DateTimeFormat("en-US", {
      timeZone: "UTC",
      month: "short",
      year: "numeric",
    });
    const plain = (text: string) => text.replace(/\u202f/g, " ");
    for (let i = 0; i < 600; i++) {
      // 2000 to 2040, at any minute.
      const date = new Date(Date.UTC(2000, 0, 1) + Math.floor(random() * 40 * 365.25 * 1440) * 60_000);
      const iso = date.toISOString();
      expect(formatDay(iso), iso).toBe(day.format(date));
      expect(longDate(iso), iso).toBe(long.format(date));
      expect(shortDate(iso), iso).toBe(short.format(date));
      expect(dateTime(iso), iso).toBe(`${plain(withTime.format(date))} UTC`);
      expect(formatEventDay(iso), iso).toBe(indiaDay.format(date));
      expect(formatEventDate(iso), iso).toBe(`${indiaDay.format(date)} at ${plain(indiaTime.format(date))}`);
      expect(formatMonth(iso.slice(0, 7)), iso).toBe(monthYear.format(date));
      expect(formatPeriod(iso.slice(0, 7)), iso).toBe(shortMonthYear.format(date));
      expect(formatPeriod(iso.slice(0, 10)), iso).toBe(short.format(date));
    }
    expect(formatDay("not a date")).toBe("Invalid Date");
    expect(() => longDate("not a date")).toThrow(RangeError);
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

  it("distances and quantities: grouped, one decimal at most, no .0 on round numbers", () => {
    expect(formatKm(12)).toBe("12 km");
    expect(formatKm(12.34)).toBe("12.3 km");
    expect(formatKm(13232.6)).toBe("13,232.6 km");
    expect(formatKm(0)).toBe("0 km");
    expect(formatMetresAsKm(500_000)).toBe("500 km");
    expect(formatMetresAsKm(123_456)).toBe("123.5 km");
    expect(formatQuantity(12.04, "kg")).toBe("12 kg");
    expect(formatQuantity(1234.56, "L")).toBe("1,234.6 L");
  });

  it("the dashboard's moving time reads in hours and minutes, not decimal hours", () => {
    // 555.4 h was shown as "555.4 h".
    expect(formatHoursAsDuration(555.4)).toBe("555 h 24 min");
    expect(formatHoursAsDuration(0)).toBe("0 min");
    expect(formatHoursAsDuration(2)).toBe("2 h");
  });
});

// Issue #20 item 8: one colour per sport, and pace or speed by sport.
describe("sport style", () => {
  it("every dashboard sport has its own colour, at least 3:1 on white; sport types fold into them", () => {
    const lum = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => {
        const c = parseInt(hex.slice(i, i + 2), 16) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const colours = DASHBOARD_SPORTS.map((s) => SPORT_COLOURS[s]);
    expect(new Set(colours).size).toBe(DASHBOARD_SPORTS.length);
    for (const c of colours) expect(1.05 / (lum(c) + 0.05)).toBeGreaterThanOrEqual(3);
    expect(sportColour("VirtualRide")).toBe(SPORT_COLOURS.Ride);
    expect(sportColour("TrailRun")).toBe(SPORT_COLOURS.Run);
    expect(sportColour("Yoga")).toBe(SPORT_COLOURS.Other);
  });

  it("runs, walks and hikes show a pace, swims a pace per 100 m, rides a speed, yoga a dash", () => {
    const a = { distance: 10_000, movingTime: 3000, averageSpeed: 3.33 };
    expect(paceOrSpeed({ ...a, sportType: "Run" })).toEqual({ label: "Pace", value: "5:00 /km" });
    expect(paceOrSpeed({ ...a, sportType: "Hike" })).toEqual({ label: "Pace", value: "5:00 /km" });
    expect(paceOrSpeed({ ...a, distance: 1500, movingTime: 1800, sportType: "Swim" })).toEqual({
      label: "Pace",
      value: "2:00 /100 m",
    });
    expect(paceOrSpeed({ ...a, averageSpeed: 6.944, sportType: "MountainBikeRide" })).toEqual({
      label: "Average speed",
      value: "25 km/h",
    });
    expect(paceOrSpeed({ sportType: "Yoga", distance: 0, movingTime: 3600, averageSpeed: null }).value).toBe(
      "—",
    );
  });
});
