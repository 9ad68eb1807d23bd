/**
 * Input and messages of the uploads area (issue #14): the manual entry form
 * and its /api twin share one schema, so a page and the API say the same.
 */
import { z } from "zod";
import { fromLocalInput } from "~/lib/format";

export const MANUAL_SPORTS = ["Ride", "Run", "Swim", "Walk", "Hike", "VirtualRide", "Workout"] as const;

/** Largest file accepted (the 25 MB). */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
/** Files one form post may carry. */
export const MAX_FILES_PER_POST = 20;

export const UPLOAD_MSG = {
  sportType: `Choose a sport: ${MANUAL_SPORTS.join(", ")}`,
  name: "The name can be at most 100 characters",
  start: "Enter the date and time the activity started",
  future: "The start time cannot be in the future",
  distance: "Distance must be a number of kilometres between 0 and 1000",
  duration: "Duration must be a time such as 45, 1:30 or 1:30:00 (between 1 minute and 48 hours)",
  elevation: "Elevation gain must be a number of metres between 0 and 10000",
  duplicate: "You already have this activity",
  saved: "Activity saved",
  noFile: "Choose at least one FIT, GPX or TCX file, or a Strava activities.csv or archive ZIP",
  tooMany: `Upload at most ${MAX_FILES_PER_POST} files at a time`,
  tooLarge: "is larger than 25 MB",
  wrongType: "is not a FIT, GPX, TCX, CSV or ZIP file",
  empty: "is empty",
  uploadNotFound: "Upload not found",
  deleted: "Upload deleted",
  manualNotFound: "Manual activity not found",
  manualDeleted: "Activity deleted",
  manualUpdated: "Activity updated",
} as const;

/** "" and whitespace → undefined, so an empty form field is "not given". */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const num = (v: unknown) => {
  const b = blank(v);
  return typeof b === "string" ? Number(b.trim().replace(",", ".")) : b;
};

/** "45" (minutes), "1:30" (h:mm) or "1:30:00" (h:mm:ss) → seconds; NaN when unreadable. */
export function parseDuration(value: string): number {
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 60);
  const m = /^(\d{1,2}):([0-5]\d)(?::([0-5]\d))?$/.exec(text);
  if (!m) return NaN;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
}

/**
 * A start typed on the form ("2025-03-04T06:30", the member's own clock: `zone`) or sent
 * by the API with an offset ("…+05:30", "…Z").
 */
export function parseStart(value: string, zone: string): Date | null {
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return fromLocalInput(text, zone);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  return null;
}

/**
 * A manual entry; a start without an offset is read in `zone` (the page's zone for the
 * form, the member's setting for the API: decision 046).
 */
export const manualEntrySchema = (zone: string) =>
  z.object({
    sportType: z.enum(MANUAL_SPORTS, { errorMap: () => ({ message: UPLOAD_MSG.sportType }) }),
    name: z.preprocess(blank, z.string().max(100, UPLOAD_MSG.name).optional()),
    start: z.preprocess(
      (v) => (typeof v === "string" ? parseStart(v, zone) : v),
      z.date({ errorMap: () => ({ message: UPLOAD_MSG.start }) }),
    ),
    distanceKm: z.preprocess(
      num,
      z
        .number({ errorMap: () => ({ message: UPLOAD_MSG.distance }) })
        .min(0, UPLOAD_MSG.distance)
        .max(1000, UPLOAD_MSG.distance)
        .default(0),
    ),
    duration: z.preprocess(
      (v) => (typeof v === "string" ? parseDuration(v) : typeof v === "number" ? Math.round(v * 60) : v),
      z
        .number({ errorMap: () => ({ message: UPLOAD_MSG.duration }) })
        .int(UPLOAD_MSG.duration)
        .min(60, UPLOAD_MSG.duration)
        .max(48 * 3600, UPLOAD_MSG.duration),
    ),
    elevation: z.preprocess(
      num,
      z
        .number({ errorMap: () => ({ message: UPLOAD_MSG.elevation }) })
        .min(0, UPLOAD_MSG.elevation)
        .max(10000, UPLOAD_MSG.elevation)
        .default(0),
    ),
  });
export type ManualEntry = z.infer<ReturnType<typeof manualEntrySchema>>;
