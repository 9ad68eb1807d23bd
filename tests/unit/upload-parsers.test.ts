// Parsers of issue #14 against tests/fixtures/activities/ (FIT files written by
// scripts/make-activity-fixtures.ts with Garmin's Encoder; GPX from Strava and
// Garmin Connect; TCX; Strava's activities.csv; broken and hostile files).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { toActivityRow } from "~/modules/uploads/activity";
import { kindOf, parseUpload } from "~/modules/uploads/parse";
import { csvRows, parseArchiveDate } from "~/modules/uploads/parse-csv";
import { UploadRefused } from "~/modules/uploads/parse-error";
import { elevationGain, ELEVATION_HYSTERESIS_M } from "~/modules/uploads/track";
import { manualEntrySchema, parseDuration, UPLOAD_MSG } from "~/modules/uploads/schema";
import { isSameActivity } from "~/modules/activities/store.server";

const DIR = join(import.meta.dirname, "../fixtures/activities");
const bytes = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));
const parse = (name: string) => parseUpload(kindOf(name)!, bytes(name));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UploadRefused);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
};

describe("FIT (Garmin SDK)", () => {
  it("reads a ride with a 5-minute pause: timer time without the pause, elevation with hysteresis, heart rate, offset", () => {
    const [ride] = parse("ride.fit").activities;
    expect(ride).toMatchObject({
      sportType: "Ride",
      startDate: new Date("2026-10-04T00:30:00Z"),
      distance: 23093,
      movingTime: 3299,
      elapsedTime: 3600,
      averageHeartrate: 140,
      maxHeartrate: 159,
      utcOffsetMinutes: 330,
    });
    // 40 m sine hills (about 1.9 waves ≈ 150 m of climbing) under ±1 m noise: the noise adds nothing.
    expect(ride!.elevationGain).toBeGreaterThan(120);
    expect(ride!.elevationGain).toBeLessThan(170);
    expect(toActivityRow(ride!, "file", 7).startDateLocal).toBe("2026-10-04T06:00:00Z");
  });

  it("maps a trail run and a swim to Strava's sport types", () => {
    expect(parse("run.fit").activities[0]).toMatchObject({
      sportType: "TrailRun",
      movingTime: 1739,
      elapsedTime: 1800,
    });
    expect(parse("swim.fit").activities[0]).toMatchObject({ sportType: "Swim", distance: 1200 });
  });

  it("refuses a truncated file and a GPX named .fit", () => {
    expect(refusal(() => parse("truncated.fit"))).toMatch(/damaged or incomplete/);
    expect(refusal(() => parse("gpx-named.fit"))).toBe("The file is not a FIT file");
  });
});

describe("GPX and TCX (streaming reader)", () => {
  it("reads Strava's GPX: sport, name with an entity, stop removed from moving time, heart rate", () => {
    const [a] = parse("strava-ride.gpx").activities;
    expect(a).toMatchObject({
      sportType: "Ride",
      name: "Sinhagad loop & back",
      elapsedTime: 2995,
      maxHeartrate: 149,
    });
    expect(a!.startDate.toISOString()).toBe("2026-10-10T01:00:00.000Z");
    expect(a!.movingTime).toBe(2695); // the 5-minute stop is not moving
    expect(a!.distance).toBeGreaterThan(16000);
    expect(a!.distance).toBeLessThan(16300);
    expect(a!.elevationGain).toBeLessThan(80); // 20 m waves under ±0.8 m noise
  });

  it("reads Garmin Connect's GPX with two segments: the gap between them is not moving", () => {
    const [a] = parse("garmin-run.gpx").activities;
    expect(a).toMatchObject({
      sportType: "Run",
      name: "Pune Running",
      elapsedTime: 1398,
      movingTime: 1196,
      elevationGain: 0,
    });
  });

  it("reads a TCX: lap timer time and distance, heart rate, climb", () => {
    const [a] = parse("ride.tcx").activities;
    expect(a).toMatchObject({
      sportType: "Ride",
      distance: 9000,
      movingTime: 1200,
      maxHeartrate: 171,
      maxSpeed: 9.5,
    });
    expect(a!.elevationGain).toBeCloseTo(60, 0);
  });

  it("refuses entity expansion (billion laughs) and broken XML without expanding anything", () => {
    expect(refusal(() => parse("billion-laughs.gpx"))).toMatch(/DOCTYPE or XML entities/);
    expect(refusal(() => parse("broken.gpx"))).toBe("The file is not valid XML");
    expect(
      refusal(() => parseUpload("gpx", strToU8(`<gpx version="1.1"><trk><name>x</name></trk></gpx>`))),
    ).toBe("The file has no track points with times");
    expect(refusal(() => parseUpload("tcx", new Uint8Array()))).toBe("The file is empty");
  });
});

describe("Strava archive activities.csv", () => {
  it("maps the columns and units, skips unreadable rows", () => {
    const { activities, skipped } = parse("activities.csv");
    expect(skipped).toBe(1);
    expect(activities.map((a) => a.sportType)).toEqual(["Ride", "Run", "VirtualRide", "Ride"]);
    expect(activities[1]).toMatchObject({
      name: "Lunch Run, easy",
      startDate: new Date("2026-10-02T12:30:05Z"),
      distance: 5010.5,
      movingTime: 1800,
      elapsedTime: 1900,
      averageHeartrate: 152,
      maxHeartrate: 171,
    });
    expect(activities[3]!.commute).toBe(true);
  });

  it("reads only activities.csv from the archive ZIP", () => {
    const zip = zipSync({
      "export_1/activities.csv": bytes("activities.csv"),
      "export_1/activities/1.gpx": strToU8("<gpx/>"),
    });
    expect(parseUpload("zip", zip).activities).toHaveLength(4);
    expect(refusal(() => parseUpload("zip", zipSync({ "a.txt": strToU8("x") })))).toMatch(
      /holds no activities.csv/,
    );
    expect(refusal(() => parseUpload("zip", strToU8("not a zip")))).toMatch(/damaged or not a ZIP/);
  });

  it("refuses a CSV that is not Strava's", () => {
    expect(refusal(() => parseUpload("csv", strToU8("a,b\n1,2\n")))).toMatch(/not Strava's activities.csv/);
  });

  it("parses quoted fields and Strava's dates", () => {
    expect(csvRows('a,"b, ""c""",d\r\n"x\ny",2,3\n')).toEqual([
      ["a", 'b, "c"', "d"],
      ["x\ny", "2", "3"],
    ]);
    expect(parseArchiveDate("Dec 31, 2025, 12:05:00 AM")?.toISOString()).toBe("2025-12-31T00:05:00.000Z");
    expect(parseArchiveDate("Dec 31, 2025, 12:05:00 PM")?.toISOString()).toBe("2025-12-31T12:05:00.000Z");
  });
});

describe("shared rules", () => {
  it(`counts a climb only past the ${ELEVATION_HYSTERESIS_M} m hysteresis`, () => {
    expect(elevationGain([100, 102, 100, 102, 100, 102])).toBe(0);
    expect(elevationGain([100, 103, 106, 104, 110])).toBe(10);
    expect(elevationGain([100, null, 104, 95, 99])).toBe(8);
  });

  it("accepts only known extensions", () => {
    expect(kindOf("Morning_Ride.FIT")).toBe("fit");
    expect(kindOf("export.zip")).toBe("zip");
    expect(kindOf("photo.jpg")).toBeNull();
    expect(kindOf("fit")).toBeNull();
  });

  it("calls two activities the same within 2 minutes and 3 %", () => {
    expect(isSameActivity({ start: 0, distance: 10000 }, { start: 120, distance: 10300 })).toBe(true);
    expect(isSameActivity({ start: 0, distance: 10000 }, { start: 121, distance: 10000 })).toBe(false);
    expect(isSameActivity({ start: 0, distance: 10000 }, { start: 0, distance: 10400 })).toBe(false);
  });

  it("reads the manual form's duration and refuses bad entries with the form's messages", () => {
    expect(parseDuration("45")).toBe(2700);
    expect(parseDuration("1:30")).toBe(5400);
    expect(parseDuration("1:30:15")).toBe(5415);
    const bad = manualEntrySchema("Asia/Kolkata").safeParse({
      sportType: "Ski",
      start: "yesterday",
      duration: "x",
      distanceKm: "-1",
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        UPLOAD_MSG.sportType,
        UPLOAD_MSG.start,
        UPLOAD_MSG.duration,
        UPLOAD_MSG.distance,
      ]),
    );
  });
});
