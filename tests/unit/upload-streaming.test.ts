// Security review 2026-11-28 H1 and M2: the archive ZIP decompresses one
// activities.csv and never more than its cap, and the GPX/TCX/FIT parsers
// stream (same summaries as the whole-file parsers they replaced, every point
// to `onPoint`, bounded text and depth on hostile files).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strToU8, zipSync } from "fflate";
import { CrcCalculator } from "@garmin/fitsdk";
import { describe, expect, it } from "vitest";
import { kindOf, parseUpload } from "~/modules/uploads/parse";
import { activitiesCsvFromZip, CSV_MSG, MAX_ZIP_ENTRIES } from "~/modules/uploads/parse-csv";
import { UploadRefused } from "~/modules/uploads/parse-error";
import { parseFit } from "~/modules/uploads/parse-fit";
import { parseGpx, parseTcx, XML_MSG } from "~/modules/uploads/parse-xml";
import { CHUNK, MAX_DEPTH } from "~/modules/uploads/xml-stream";
import { INFLATE_STEP } from "~/modules/uploads/zip";
import { ARCHIVE_CSV, craftZip, deflateRepeat, repeatedLength } from "./support/zip-craft";

const DIR = join(import.meta.dirname, "../fixtures/activities");
const bytes = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UploadRefused);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
};
const MB = 1024 * 1024;
/** Output of one inflate step at most: deflate cannot expand 1 KB to more than ~1 MB. */
const STEP_OUTPUT = INFLATE_STEP * 1032;

/** Runs the archive reader, returning its refusal and the most bytes it ever decompressed. */
function unzipMeasured(zip: Uint8Array) {
  let inflated = 0;
  let message: string | null = null;
  try {
    activitiesCsvFromZip(zip, (n) => (inflated = Math.max(inflated, n)));
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    message = error.message;
  }
  return { message, inflated };
}

describe("archive ZIP (H1)", () => {
  it("refuses ten central entries naming one 40 MB stream without decompressing any", () => {
    const data = deflateRepeat(ARCHIVE_CSV, 40 * MB);
    const size = repeatedLength(ARCHIVE_CSV, 40 * MB);
    const zip = craftZip({ data, size, names: Array.from({ length: 10 }, (_, i) => `${i}/activities.csv`) });
    expect(zip.length).toBeLessThan(300_000);
    expect(unzipMeasured(zip)).toEqual({ message: CSV_MSG.zipManyCsv, inflated: 0 });
  });

  it("refuses a hundred such entries the same way", () => {
    const data = deflateRepeat(ARCHIVE_CSV, 45 * MB);
    const size = repeatedLength(ARCHIVE_CSV, 45 * MB);
    const zip = craftZip({ data, size, names: Array.from({ length: 100 }, (_, i) => `${i}/activities.csv`) });
    expect(unzipMeasured(zip)).toEqual({ message: CSV_MSG.zipManyCsv, inflated: 0 });
  });

  it("stops a lying entry (declares 150 bytes, inflates 40 MB) one step past its declared size", () => {
    const data = deflateRepeat(ARCHIVE_CSV, 40 * MB);
    const zip = craftZip({ data, size: ARCHIVE_CSV.length, names: ["export/activities.csv"] });
    const { message, inflated } = unzipMeasured(zip);
    expect(message).toBe(CSV_MSG.zipSizeMismatch);
    expect(inflated).toBeGreaterThan(ARCHIVE_CSV.length);
    expect(inflated).toBeLessThanOrEqual(ARCHIVE_CSV.length + STEP_OUTPUT);
  });

  it("stops at 50 MB an entry declaring 60 MB, before decompressing anything", () => {
    const data = deflateRepeat(ARCHIVE_CSV, 60 * MB);
    const size = repeatedLength(ARCHIVE_CSV, 60 * MB);
    const zip = craftZip({ data, size, names: ["activities.csv"] });
    expect(unzipMeasured(zip)).toEqual({ message: CSV_MSG.zipTooLarge, inflated: 0 });
  });

  it(`refuses more than ${MAX_ZIP_ENTRIES} entries and more than 1 GB declared, reading neither`, () => {
    const many = craftZip({
      data: strToU8("x"),
      method: 0,
      size: 1,
      names: Array.from({ length: MAX_ZIP_ENTRIES + 1 }, (_, i) => `f${i}.txt`),
    });
    expect(unzipMeasured(many)).toEqual({ message: CSV_MSG.zipTooManyEntries, inflated: 0 });
    const declared = craftZip({
      data: deflateRepeat(ARCHIVE_CSV, 258),
      size: 300 * MB,
      names: ["activities.csv", "a.gpx", "b.gpx", "c.gpx"],
    });
    expect(unzipMeasured(declared)).toEqual({ message: CSV_MSG.zipTotalTooLarge, inflated: 0 });
  });

  it("still reads an honest archive, stored or deflated, and its CSV alone", () => {
    const data = deflateRepeat(ARCHIVE_CSV, 2 * MB);
    const size = repeatedLength(ARCHIVE_CSV, 2 * MB);
    const { message, inflated } = unzipMeasured(craftZip({ data, size, names: ["export/activities.csv"] }));
    expect(message).toBeNull();
    expect(inflated).toBe(size);
    const zip = zipSync({
      "export_1/activities.csv": bytes("activities.csv"),
      "export_1/activities/1.gpx": bytes("strava-ride.gpx"),
    });
    expect(parseUpload("zip", zip).activities).toHaveLength(4);
    const stored = zipSync({ "activities.csv": bytes("activities.csv") }, { level: 0 });
    expect(parseUpload("zip", stored).activities).toHaveLength(4);
  });
});

describe("streaming GPX, TCX and FIT (M2)", () => {
  // The whole-file parsers' results for the fixtures (fast-xml-parser and the SDK's Decoder), to the last digit.
  const BEFORE: Record<string, object> = {
    "strava-ride.gpx": {
      sportType: "Ride",
      name: "Sinhagad loop & back",
      startDate: new Date("2026-10-10T01:00:00.000Z"),
      distance: 16170.010806576065,
      movingTime: 2695,
      elapsedTime: 2995,
      elevationGain: 57.69999999999993,
      maxHeartrate: 149,
    },
    "garmin-run.gpx": {
      sportType: "Run",
      name: "Pune Running",
      startDate: new Date("2026-10-11T00:30:00.000Z"),
      distance: 3588.009490451783,
      movingTime: 1196,
      elapsedTime: 1398,
      elevationGain: 0,
      averageHeartrate: 150,
      maxHeartrate: 150,
      maxSpeed: 3.0022671664287564,
    },
    "ride.tcx": {
      sportType: "Ride",
      startDate: new Date("2026-10-12T01:00:00.000Z"),
      distance: 9000,
      movingTime: 1200,
      elapsedTime: 1200,
      elevationGain: 60,
      averageHeartrate: 139.48419301164725,
      maxHeartrate: 171,
      maxSpeed: 9.5,
    },
    "ride.fit": {
      sportType: "Ride",
      startDate: new Date("2026-10-04T00:30:00.000Z"),
      utcOffsetMinutes: 330,
      distance: 23093,
      movingTime: 3299,
      elapsedTime: 3600,
      elevationGain: 136.00000000000023,
      averageHeartrate: 140,
      maxHeartrate: 159,
      maxSpeed: 7,
      trainer: false,
    },
    "run.fit": {
      sportType: "TrailRun",
      distance: 5217,
      movingTime: 1739,
      elevationGain: 0,
      averageHeartrate: 154,
    },
    "swim.fit": { sportType: "Swim", distance: 1200, movingTime: 1200, utcOffsetMinutes: 0, maxSpeed: 1 },
  };

  it.each(Object.keys(BEFORE))("%s: the same summary as before", (name) => {
    const [activity] = parseUpload(kindOf(name)!, bytes(name)).activities;
    expect(activity).toMatchObject(BEFORE[name]!);
  });

  it("hands every point to onPoint, in file order, without keeping them", () => {
    const count = (text: string, tag: string) => text.split(`<${tag}`).length - 1;
    const gpx = readFileSync(join(DIR, "strava-ride.gpx"), "utf8");
    const times: number[] = [];
    parseGpx(bytes("strava-ride.gpx"), { onPoint: (p) => times.push(p.time!) });
    expect(times).toHaveLength(count(gpx, "trkpt "));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const tcx = readFileSync(join(DIR, "ride.tcx"), "utf8");
    const hr: number[] = [];
    parseTcx(bytes("ride.tcx"), { onPoint: (p) => hr.push(p.hr!) });
    expect(hr).toHaveLength(count(tcx, "Trackpoint>"));
    expect(hr[0]).toBe(130);
    let records = 0;
    parseFit(bytes("ride.fit"), { onPoint: () => records++ });
    expect(records).toBe(3600 + 1 - 300); // one a second, the 5-minute pause without records
  });

  it("reads text, references and multi-byte characters split across chunks", () => {
    const pad = "x".repeat(CHUNK - 120);
    const points = `<trkseg><trkpt lat="18.5" lon="73.8"><time>2026-10-10T01:00:00Z</time></trkpt><trkpt lat="18.6" lon="73.8"><time>2026-10-10T02:00:00Z</time></trkpt></trkseg>`;
    for (let shift = 0; shift < 12; shift++) {
      const gpx = `<gpx><metadata><desc>${pad}${"y".repeat(shift)}</desc><name>Pune &amp; Sinhagad — घाट</name></metadata><trk>${points}</trk></gpx>`;
      expect(parseGpx(strToU8(gpx)).name).toBe("Pune & Sinhagad — घाट");
    }
  });

  it("refuses a DOCTYPE split across two chunks", () => {
    for (let cut = 1; cut < 9; cut++) {
      const head = " ".repeat(CHUNK - cut);
      expect(refusal(() => parseGpx(strToU8(`${head}<!DOCTYPE gpx><gpx/>`)))).toBe(XML_MSG.doctype);
    }
  });

  it("bounds hostile XML: nesting, a 2 MB name, an endless tag", () => {
    const deep = `<gpx>${"<a>".repeat(MAX_DEPTH)}${"</a>".repeat(MAX_DEPTH)}</gpx>`;
    expect(refusal(() => parseGpx(deep))).toBe(XML_MSG.tooDeep);
    const points = `<trkseg><trkpt lat="18.5" lon="73.8"><time>2026-10-10T01:00:00Z</time></trkpt></trkseg>`;
    const long = parseGpx(`<gpx><trk><name>${"n".repeat(2 * MB)}</name>${points}</trk></gpx>`);
    expect(long.name!.length).toBe(4096);
    expect(refusal(() => parseGpx(`<gpx><trk lat="${"1".repeat(2 * MB)}`))).toBe(XML_MSG.notXml);
    expect(refusal(() => parseGpx(`<gpx><!-- ${"-".repeat(2 * MB)}`))).toBe(XML_MSG.notXml);
  });

  it("refuses a FIT record the SDK cannot read, with a valid checksum", () => {
    const fit = bytes("swim.fit");
    const header = fit[0]!;
    // Turn the first record header into a compressed-timestamp header and fix the CRC.
    fit[header] = 0x80;
    const end = fit.length - 2;
    const crc = CrcCalculator.calculateCRC(fit, 0, end);
    fit[end] = crc & 0xff;
    fit[end + 1] = crc >> 8;
    expect(refusal(() => parseFit(fit))).toMatch(/damaged or incomplete/);
  });
});
