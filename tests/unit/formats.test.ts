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
  formatDate,
  formatTime,
  formatDateTime,
  formatDateRange,
  formatFee,
  fromLocalInput,
  isTimeZone,
  longDate,
  timeZoneChoices,
  shortDate,
  toLocalInput,
  zoneOffsetMinutes,
} from "~/lib/format";
import { memberTimeZone, timeZoneOf } from "~/lib/time-zone";
import { paceOrSpeed, SPORT_COLOURS, sportColour } from "~/modules/activities/sport-style";
import { DASHBOARD_SPORTS } from "~/modules/sports/sports";

// Issue #37: one style of dates ("28 Nov 2026"); numbers grouped en-US style.
describe("member pages format dates and numbers one way", () => {
  it("dates", () => {
    expect(formatLocalDate("2025-03-04T07:12:00Z")).toBe("4 Mar 2025");
    expect(formatMonth("2025-03")).toBe("March 2025");
    expect(formatPeriod("2025-03-04")).toBe("4 Mar");
    expect(formatPeriod("2025-03")).toBe("Mar 2025");
    expect(formatDay("2026-11-21T10:00:00Z")).toBe("21 Nov 2026");
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
        expect(formatRupees(n), String(n)).toBe(
          `₹${intl(Number.isInteger(n / 100) ? 0 : 2, 2, "en-IN").format(n / 100)}`,
        );
    }
  });

  it("dates: UTC calendar days and instants in any zone, every month and hour", () => {
    // The parts Intl itself gives, arranged in the app's one style: "28 Nov 2026", "6:30 am IST".
    const parts = (date: Date, timeZone: string) => {
      const out: Record<string, string> = {};
      for (const p of new Intl.DateTimeFormat("en-US", {
        timeZone,
        year: "numeric",
        month: "short",
        day: "numeric",
        hour: "numeric",
        minute: "2-digit",
        hour12: true,
        timeZoneName: "short",
      }).formatToParts(date))
        out[p.type] = p.value;
      return out;
    };
    const longMonth = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "long" });
    const zones = ["Asia/Kolkata", "UTC", "America/New_York", "Europe/London", "Australia/Adelaide"];
    for (let i = 0; i < 600; i++) {
      // 2000 to 2040, at any minute.
      const date = new Date(Date.UTC(2000, 0, 1) + Math.floor(random() * 40 * 365.25 * 1440) * 60_000);
      const iso = date.toISOString();
      const utc = parts(date, "UTC");
      expect(formatDay(iso), iso).toBe(`${utc.day} ${utc.month} ${utc.year}`);
      expect(shortDate(iso), iso).toBe(`${utc.day} ${utc.month}`);
      expect(longDate(iso), iso).toBe(`${longMonth.format(date)} ${utc.day}, ${utc.year}`);
      expect(formatPeriod(iso.slice(0, 10)), iso).toBe(`${utc.day} ${utc.month}`);
      expect(formatPeriod(iso.slice(0, 7)), iso).toBe(`${utc.month} ${utc.year}`);
      expect(formatMonth(iso.slice(0, 7)), iso).toBe(`${longMonth.format(date)} ${utc.year}`);
      const zone = zones[i % zones.length]!;
      const z = parts(date, zone);
      const name = zone === "Asia/Kolkata" ? "IST" : zone === "UTC" ? "UTC" : z.timeZoneName;
      expect(formatDate(iso, zone), `${iso} ${zone}`).toBe(`${z.day} ${z.month} ${z.year}`);
      expect(formatTime(iso, zone), `${iso} ${zone}`).toBe(
        `${z.hour}:${z.minute} ${z.dayPeriod!.toLowerCase()} ${name}`,
      );
      expect(formatDateTime(iso, zone)).toBe(`${formatDate(iso, zone)}, ${formatTime(iso, zone)}`);
      const longDay = new Intl.DateTimeFormat("en-US", { timeZone: zone, month: "long" }).format(date);
      expect(formatEventDate(iso, zone), `${iso} ${zone}`).toBe(
        `${longDay} ${z.day}, ${z.year} at ${z.hour}:${z.minute} ${z.dayPeriod} ${name}`,
      );
    }
    expect(formatDay("not a date")).toBe("Invalid Date");
    expect(() => longDate("not a date")).toThrow(RangeError);
  });
});

// Issue #37: dates, times and money for members in India, one style everywhere.
describe("dates, times and money for members in India", () => {
  it('dates read "28 Nov 2026", never "11/28/2026"', () => {
    expect(formatDate("2026-11-28T03:00:00Z", "Asia/Kolkata")).toBe("28 Nov 2026");
    // 20:00 UTC on 27 Nov is 01:30 on 28 Nov in India: the viewer's day, not the server's.
    expect(formatDate("2026-11-27T20:00:00Z", "Asia/Kolkata")).toBe("28 Nov 2026");
    expect(formatDate("2026-11-27T20:00:00Z", "UTC")).toBe("27 Nov 2026");
    expect(formatDay("2026-09-03T00:00:00Z")).toBe("3 Sep 2026");
    expect(formatLocalDate("2026-11-27T06:10:00Z")).toBe("27 Nov 2026");
  });

  it('times are 12-hour in the viewer\'s zone, the zone named: "6:30 am IST"', () => {
    expect(formatTime("2026-11-28T01:00:00Z", "Asia/Kolkata")).toBe("6:30 am IST");
    expect(formatTime("2026-11-28T06:30:00Z", "Asia/Kolkata")).toBe("12:00 pm IST");
    expect(formatTime("2026-11-27T18:30:00Z", "Asia/Kolkata")).toBe("12:00 am IST");
    expect(formatTime("2026-11-28T03:21:00Z", "Asia/Kolkata")).toBe("8:51 am IST");
    expect(formatTime("2026-11-28T01:00:00Z", "UTC")).toBe("1:00 am UTC");
    expect(formatTime("2026-11-28T13:00:00Z", "America/New_York")).toBe("8:00 am EST");
    expect(formatTime("2026-07-01T13:00:00Z", "America/New_York")).toBe("9:00 am EDT");
    expect(formatDateTime("2026-11-28T03:21:59Z", "Asia/Kolkata")).toBe("28 Nov 2026, 8:51 am IST");
  });

  it("events keep the spec's 'MMMM d, yyyy at h:mm a', in the viewer's zone", () => {
    expect(formatEventDate("2025-06-07T01:00:00Z", "Asia/Kolkata")).toBe("June 7, 2025 at 6:30 AM IST");
    expect(formatEventDate("2026-12-19T03:17:53Z", "Asia/Kolkata")).toBe("December 19, 2026 at 8:47 AM IST");
    expect(formatEventDate("2025-06-07T01:00:00Z", "UTC")).toBe("June 7, 2025 at 1:00 AM UTC");
    // The Wari page's spec-given long date stays.
    expect(longDate("2025-06-07T00:00:00Z")).toBe("June 7, 2025");
  });

  it('challenge periods are inclusive: a month reads "1–30 Nov 2026"', () => {
    const ist = "Asia/Kolkata";
    // The seed's month in India time: 1 Nov 00:00 to 30 Nov 23:59:59 IST.
    expect(formatDateRange("2026-10-31T18:30:00Z", "2026-11-30T18:29:59Z", ist)).toBe("1–30 Nov 2026");
    // An end at midnight closes the day before (1 Dec 00:00 IST is the end of 30 Nov).
    expect(formatDateRange("2026-10-31T18:30:00Z", "2026-11-30T18:30:00Z", ist)).toBe("1–30 Nov 2026");
    // The review's "Nov 1, 2026 – Dec 1, 2026": a UTC month read in India time.
    expect(formatDateRange("2026-11-01T00:00:00Z", "2026-11-30T23:59:59Z", "UTC")).toBe("1–30 Nov 2026");
    expect(formatDateRange("2026-11-28T04:00:00Z", "2026-12-05T04:00:00Z", ist)).toBe("28 Nov – 5 Dec 2026");
    expect(formatDateRange("2026-12-28T04:00:00Z", "2027-01-03T04:00:00Z", ist)).toBe(
      "28 Dec 2026 – 3 Jan 2027",
    );
    expect(formatDateRange("2026-11-28T04:00:00Z", "2026-11-28T10:00:00Z", ist)).toBe("28 Nov 2026");
    expect(formatDateRange("2026-11-27T18:30:00Z", "2026-11-28T18:30:00Z", ist)).toBe("28 Nov 2026");
  });

  it('rupees drop paise when whole ("₹1,500"), keep Indian grouping, and a zero fee is "Free"', () => {
    expect(formatRupees(150000)).toBe("₹1,500");
    expect(formatRupees(150050)).toBe("₹1,500.50");
    expect(formatRupees(12345600)).toBe("₹1,23,456");
    expect(formatRupees(12345678)).toBe("₹1,23,456.78");
    expect(formatRupees(50)).toBe("₹0.50");
    expect(formatRupees(0)).toBe("₹0");
    expect(formatFee(0)).toBe("Free");
    expect(formatFee(50000)).toBe("₹500");
    expect(formatFee(75050)).toBe("₹750.50");
  });

  it("time zones: real IANA names only", () => {
    expect(isTimeZone("Asia/Kolkata")).toBe(true);
    expect(isTimeZone("Europe/London")).toBe(true);
    expect(isTimeZone("UTC")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
    expect(isTimeZone("")).toBe(false);
    expect(isTimeZone("Asia/Kolkata; drop")).toBe(false);
    expect(isTimeZone(42)).toBe(false);
  });

  // Decision 042: the member's setting, else the browser's cookie, else the club's.
  it("the request's zone: member setting > tz cookie > club default", () => {
    const req = (cookie?: string) =>
      new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : undefined);
    const london = req("a=1; tz=Europe%2FLondon");
    expect(timeZoneOf(req())).toBe("Asia/Kolkata");
    expect(timeZoneOf(london)).toBe("Europe/London");
    expect(timeZoneOf(london, null)).toBe("Europe/London");
    expect(timeZoneOf(london, { timeZone: null })).toBe("Europe/London");
    expect(timeZoneOf(london, { timeZone: "America/New_York" })).toBe("America/New_York");
    expect(timeZoneOf(req(), { timeZone: "Asia/Kolkata" })).toBe("Asia/Kolkata");
    // A name the runtime does not know counts as none, in the setting and in the cookie.
    expect(timeZoneOf(london, { timeZone: "Mars/Olympus" })).toBe("Europe/London");
    expect(timeZoneOf(req("tz=Mars%2FOlympus"), { timeZone: "Mars/Olympus" })).toBe("Asia/Kolkata");
    expect(timeZoneOf(req("tz=%E0%A4"))).toBe("Asia/Kolkata");
    expect(memberTimeZone({ timeZone: "Europe/London" })).toBe("Europe/London");
    expect(memberTimeZone({ timeZone: null })).toBe("Asia/Kolkata");
    expect(memberTimeZone({ timeZone: "nowhere" })).toBe("Asia/Kolkata");
  });

  it("the zones a member may choose: India first, then UTC and the runtime's IANA list", () => {
    const zones = timeZoneChoices();
    expect(zones.slice(0, 2)).toEqual(["Asia/Kolkata", "UTC"]);
    expect(zones).toContain("Europe/London");
    expect(zones).toContain("America/New_York");
    expect(zones).not.toContain("Asia/Calcutta");
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones.every((z) => isTimeZone(z))).toBe(true);
  });

  it("a datetime-local value is read and written in the member's zone, daylight saving included", () => {
    const at = (value: string, zone: string) => fromLocalInput(value, zone)?.toISOString();
    expect(at("2026-07-01T06:30", "Asia/Kolkata")).toBe("2026-07-01T01:00:00.000Z");
    expect(at("2026-07-01T06:30", "Europe/London")).toBe("2026-07-01T05:30:00.000Z");
    expect(at("2026-01-15T18:00", "Europe/London")).toBe("2026-01-15T18:00:00.000Z");
    expect(at("2026-07-01T06:30", "America/New_York")).toBe("2026-07-01T10:30:00.000Z");
    // London springs forward at 01:00 UTC on 29 Mar 2026 and falls back at 01:00 UTC on 25 Oct 2026.
    expect(at("2026-03-29T03:00", "Europe/London")).toBe("2026-03-29T02:00:00.000Z");
    expect(at("2026-03-29T01:30", "Europe/London")).toBe("2026-03-29T01:30:00.000Z"); // skipped: GMT's
    expect(at("2026-10-25T01:30", "Europe/London")).toBe("2026-10-25T00:30:00.000Z"); // repeated: the first
    expect(at("2026-10-25T12:00", "Europe/London")).toBe("2026-10-25T12:00:00.000Z");
    expect(at("2026-13-40T10:00", "Europe/London")).toBeUndefined();
    expect(at("tomorrow", "Europe/London")).toBeUndefined();
    for (const [iso, zone] of [
      ["2026-07-01T05:30:00Z", "Europe/London"],
      ["2026-01-15T18:00:00Z", "Europe/London"],
      ["2026-07-01T01:00:00Z", "Asia/Kolkata"],
      ["2026-07-01T10:30:00Z", "America/New_York"],
    ] as const)
      expect(at(toLocalInput(iso, zone), zone)).toBe(new Date(iso).toISOString());
    expect(toLocalInput("2026-07-01T05:30:00Z", "Europe/London")).toBe("2026-07-01T06:30");
    expect(zoneOffsetMinutes(new Date("2026-07-01T05:30:00Z"), "Europe/London")).toBe(60);
    expect(zoneOffsetMinutes(new Date("2026-01-15T18:00:00Z"), "Europe/London")).toBe(0);
    expect(zoneOffsetMinutes(new Date("2026-07-01T05:30:00Z"), "Asia/Kolkata")).toBe(330);
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
    expect(formatTimeAgo("2026-03-04T12:00:00Z", now)).toBe("4 Mar 2026");
    // The date is the viewer's day: 20:00 UTC on 3 March is already 4 March in India.
    expect(formatTimeAgo("2026-03-03T20:00:00Z", now, "Asia/Kolkata")).toBe("4 Mar 2026");
    expect(formatTimeAgo("2026-03-03T20:00:00Z", now, "UTC")).toBe("3 Mar 2026");
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
