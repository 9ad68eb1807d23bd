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
import { unzipSync } from "fflate";
import type { ParsedActivity } from "./activity";
import { UploadRefused } from "./parse-error";

export const CSV_MSG = {
  noColumns: "The file is not Strava's activities.csv (it lacks the Activity Date and Activity Type columns)",
  noRows: "The activities.csv holds no activities",
  zipNoCsv: "The ZIP holds no activities.csv (upload Strava's account archive or the CSV itself)",
  zipBroken: "The ZIP file is damaged or not a ZIP file",
  zipTooLarge: "The activities.csv in the ZIP is larger than 50 MB",
} as const;

export const MAX_CSV_BYTES = 50 * 1024 * 1024;

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

/** The archive's activities.csv, decompressing that entry only (and refusing one larger than MAX_CSV_BYTES). */
export function activitiesCsvFromZip(bytes: Uint8Array): string {
  let tooLarge = false;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const wanted = /(^|\/)activities\.csv$/i.test(file.name);
        if (wanted && file.originalSize > MAX_CSV_BYTES) tooLarge = true;
        return wanted && !tooLarge;
      },
    });
  } catch {
    throw new UploadRefused(CSV_MSG.zipBroken);
  }
  if (tooLarge) throw new UploadRefused(CSV_MSG.zipTooLarge);
  const entry = Object.values(files)[0];
  if (!entry) throw new UploadRefused(CSV_MSG.zipNoCsv);
  return new TextDecoder().decode(entry);
}
