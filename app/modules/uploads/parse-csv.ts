/**
 * Strava's "Download your account" archive: `activities.csv`, one summary per
 * activity, read with no API call. Columns used (by header name; the archive
 * repeats some names in a second block with plain units, which wins):
 *
 * | column | unit | becomes |
 * |---|---|---|
 * | Activity Date | "Mar 4, 2025, 6:30:12 AM", UTC | start_date |
 * | Activity Name | text | name |
 * | Activity Type | "Ride", "Virtual Ride", "Trail Run", … | sport_type (spaces and dashes dropped: VirtualRide) |
 * | Elapsed Time | seconds | elapsed_time |
 * | Moving Time | seconds (second block; absent in old archives: Elapsed Time) | moving_time |
 * | Distance | first block: kilometres; second block: metres | distance (metres) |
 * | Elevation Gain | metres | total_elevation_gain |
 * | Max Speed | metres per second | max_speed |
 * | Average Heart Rate, Max Heart Rate | beats per minute | average/max heart rate |
 * | Commute | true/false (second block: 1.0/0.0) | commute |
 *
 * The archive gives no time zone: start_date_local is the UTC time and the
 * time zone is left unknown. Rows without a readable date are skipped and counted.
 */
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";
import { inflateEntry, ZipError, zipEntries, type ZipProblem } from "./zip";

export const CSV_MSG = {
  noColumns: "The file is not Strava's activities.csv (it lacks the Activity Date and Activity Type columns)",
  noRows: "The activities.csv holds no activities",
  zipNoCsv: "The ZIP holds no activities.csv (upload Strava's account archive or the CSV itself)",
  zipBroken: "The ZIP file is damaged or not a ZIP file",
  zipTooLarge: "The activities.csv in the ZIP is larger than 50 MB",
  zipManyCsv:
    "The ZIP holds more than one activities.csv (upload Strava's account archive as it was downloaded, or the CSV itself)",
  zipTooManyEntries: "The ZIP holds more than 10,000 files",
  zipTotalTooLarge: "The files in the ZIP add up to more than 1 GB uncompressed",
  zipUnsupported: "The activities.csv in the ZIP is encrypted or compressed in a way that cannot be read",
  zipSizeMismatch:
    "The activities.csv in the ZIP does not match the size the ZIP declares (the file is damaged)",
} as const;

export const MAX_CSV_BYTES = 50 * 1024 * 1024;
/** More entries than this in an archive's central directory are refused before reading them. */
export const MAX_ZIP_ENTRIES = 10_000;
/** The sum of every entry's declared uncompressed size (none but activities.csv is ever decompressed). */
export const MAX_ZIP_DECLARED_BYTES = 1024 * 1024 * 1024;

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== "");
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "Mar 4, 2025, 6:30:12 AM" (UTC) → Date, or null. */
export function parseArchiveDate(value: string): Date | null {
  const m = /^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}):(\d{2})\s*([AP]M)?$/i.exec(
    value.trim(),
  );
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.toLowerCase());
  if (month < 0) return null;
  let hour = Number(m[4]);
  const ampm = m[7]?.toUpperCase();
  if (ampm === "PM" && hour < 12) hour += 12;
  if (ampm === "AM" && hour === 12) hour = 0;
  const date = new Date(Date.UTC(Number(m[3]), month, Number(m[2]), hour, Number(m[5]), Number(m[6])));
  return Number.isNaN(date.getTime()) ? null : date;
}

const SPORT_ALIASES: Record<string, string> = { EBikeRide: "EBikeRide", Swimming: "Swim" };

export interface ArchiveResult {
  activities: ParsedActivity[];
  skipped: number;
}

export function parseActivitiesCsv(text: string): ArchiveResult {
  const rows = csvRows(text.replace(/^\uFEFF/, ""));
  const header = rows[0]?.map((h) => h.trim()) ?? [];
  /** Index of a column; `last` picks the archive's second (plain-unit) block when the name repeats. */
  const col = (name: string, last = true) => (last ? header.lastIndexOf(name) : header.indexOf(name));
  const date = col("Activity Date");
  const type = col("Activity Type");
  if (date < 0 || type < 0) throw new UploadRefused(CSV_MSG.noColumns);
  const name = col("Activity Name");
  const elapsed = col("Elapsed Time");
  const moving = col("Moving Time");
  const distanceKm = col("Distance", false);
  const distanceM = col("Distance");
  const elevation = col("Elevation Gain");
  const maxSpeed = col("Max Speed");
  const avgHr = col("Average Heart Rate");
  const maxHr = col("Max Heart Rate", false);
  const commute = col("Commute");
  const cell = (row: string[], i: number) => (i >= 0 ? (row[i] ?? "").trim() : "");
  const number = (row: string[], i: number): number | null => {
    const v = cell(row, i).replace(/,/g, "");
    if (v === "") return null;
    const n = Number(v);
    return Number.isFinite(n) && n >= 0 ? n : null;
  };

  const activities: ParsedActivity[] = [];
  let skipped = 0;
  for (const row of rows.slice(1)) {
    const start = parseArchiveDate(cell(row, date));
    const sport = cell(row, type).replace(/[\s-]/g, "");
    if (!start || !sport) {
      skipped += 1;
      continue;
    }
    const metres = distanceM !== distanceKm ? number(row, distanceM) : null;
    const elapsedTime = number(row, elapsed) ?? 0;
    activities.push({
      sportType: SPORT_ALIASES[sport] ?? sport,
      name: cell(row, name) || undefined,
      startDate: start,
      timezone: null,
      utcOffsetMinutes: null,
      distance: metres ?? (number(row, distanceKm) ?? 0) * 1000,
      movingTime: number(row, moving) ?? elapsedTime,
      elapsedTime,
      elevationGain: number(row, elevation) ?? 0,
      averageHeartrate: number(row, avgHr),
      maxHeartrate: number(row, maxHr),
      maxSpeed: number(row, maxSpeed),
      commute: /^(true|1(\.0+)?)$/i.test(cell(row, commute)),
    });
  }
  if (activities.length === 0) throw new UploadRefused(CSV_MSG.noRows);
  return { activities, skipped };
}

const ZIP_MESSAGES: Record<ZipProblem, string> = {
  broken: CSV_MSG.zipBroken,
  tooManyEntries: CSV_MSG.zipTooManyEntries,
  unsupported: CSV_MSG.zipUnsupported,
  tooLarge: CSV_MSG.zipTooLarge,
  sizeMismatch: CSV_MSG.zipSizeMismatch,
};

/**
 * The archive's activities.csv. Only that entry is decompressed, and only when
 * it is the one entry named activities.csv (at any depth) among at most
 * MAX_ZIP_ENTRIES whose declared sizes add up to at most MAX_ZIP_DECLARED_BYTES;
 * decompression stops as soon as the output passes MAX_CSV_BYTES or the
 * entry's declared size, whatever the headers say. `onInflate` (tests) hears
 * the running total of decompressed bytes after each step.
 */
export function activitiesCsvFromZip(bytes: Uint8Array, onInflate?: (inflated: number) => void): string {
  try {
    const entries = zipEntries(bytes, MAX_ZIP_ENTRIES);
    const matches = entries.filter((e) => /(^|\/)activities\.csv$/i.test(e.name));
    if (matches.length === 0) throw new UploadRefused(CSV_MSG.zipNoCsv);
    if (matches.length > 1) throw new UploadRefused(CSV_MSG.zipManyCsv);
    if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_ZIP_DECLARED_BYTES)
      throw new UploadRefused(CSV_MSG.zipTotalTooLarge);
    const decoder = new TextDecoder();
    const parts: string[] = [];
    inflateEntry(
      bytes,
      matches[0]!,
      MAX_CSV_BYTES,
      (chunk) => parts.push(decoder.decode(chunk, { stream: true })),
      onInflate,
    );
    parts.push(decoder.decode());
    return parts.join("");
  } catch (error) {
    if (error instanceof ZipError) throw new UploadRefused(ZIP_MESSAGES[error.problem]);
    throw error;
  }
}
