/**
 * Manual entries (issue #14): an activity with no file, saved through the
 * activities store like every other source. A duplicate of an activity the
 * member already has (the store's rule) is refused with its name.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { CLUB_TIME_ZONE, formatDate, zoneOffsetMinutes } from "~/lib/format";
import { memberTimeZone } from "~/lib/time-zone";
import { findSameActivity, memberManualActivities } from "~/modules/activities/queries.server";
import { implausibility } from "~/modules/activities/plausibility";
import {
  deleteManualActivity,
  saveActivities,
  updateManualActivity,
} from "~/modules/activities/store.server";
import { toActivityRow } from "./activity";
import { UPLOAD_MSG, type ManualEntry } from "./schema";

export interface ManualResult {
  message: string;
}

/**
 * Names an existing activity for a "duplicate" message: "“Morning Ride” (Strava, 4 Mar 2025)",
 * the day in `zone` (the member's, for a manual entry; the club's for an upload's stored result).
 */
export function describeActivity(
  a: { name: string; source: string; startDate: Date },
  zone: string = CLUB_TIME_ZONE,
): string {
  const source = a.source === "strava" ? "Strava" : a.source === "manual" ? "manual entry" : "upload";
  return `“${a.name}” (${source}, ${formatDate(a.startDate, zone)})`;
}

/** The form field each plausibility field is typed in. */
const MANUAL_FIELD = {
  start: "start",
  distance: "distanceKm",
  duration: "duration",
  elevation: "elevation",
} as const;

/** Strava's way of naming an activity's zone: "(GMT+05:30) Asia/Kolkata", "(GMT+01:00) Europe/London". */
function stravaZoneName(zone: string, offsetMinutes: number): string {
  const abs = Math.abs(offsetMinutes);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `(GMT${offsetMinutes < 0 ? "-" : "+"}${hhmm}) ${zone}`;
}

/**
 * The activities row of a manual entry, after the form's own ranges (schema.ts)
 * and the one plausibility rule every source obeys: 400 with the field's message.
 * The entry happened in `zone` (the one its start was typed in): its local day is that zone's.
 */
function manualRow(app: AppContext, input: ManualEntry, zone: string) {
  if (input.start.getTime() > app.now().getTime())
    throw new AppError(400, UPLOAD_MSG.future, { errors: { start: [UPLOAD_MSG.future] } });
  const offset = zoneOffsetMinutes(input.start, zone);
  const parsed = {
    sportType: input.sportType,
    name: input.name,
    startDate: input.start,
    timezone: stravaZoneName(zone, offset),
    utcOffsetMinutes: offset,
    distance: input.distanceKm * 1000,
    movingTime: input.duration,
    elapsedTime: input.duration,
    elevationGain: input.elevation,
    averageHeartrate: null,
    maxHeartrate: null,
    maxSpeed: null,
  };
  const why = implausibility(parsed, app.now());
  if (why) throw new AppError(400, why.reason, { errors: { [MANUAL_FIELD[why.field]]: [why.reason] } });
  return toActivityRow(parsed, "manual", null);
}

/**
 * Saves a manual entry typed in `zone`: the page's zone on the form, the member's
 * setting (else India time) over the API (decision 046).
 */
export async function addManualActivity(
  app: AppContext,
  user: User,
  input: ManualEntry,
  zone: string = memberTimeZone(user),
): Promise<ManualResult> {
  const row = manualRow(app, input, zone);
  const same = await findSameActivity(app, user.id, input.start, row.distance ?? 0);
  if (same) throw new AppError(409, `${UPLOAD_MSG.duplicate}: ${describeActivity(same, zone)}`);
  await saveActivities(app, user.id, [{ ...row, userId: user.id }]);
  return { message: UPLOAD_MSG.saved };
}

/**
 * Edits one of the member's manual entries with the same checks as a new one
 * (its own old version is not a duplicate of it); 404 for another's or a
 * non-manual activity.
 */
export async function editManualActivity(
  app: AppContext,
  user: User,
  activityId: number,
  input: ManualEntry,
  zone: string = memberTimeZone(user),
): Promise<ManualResult> {
  const row = manualRow(app, input, zone);
  const same = await findSameActivity(app, user.id, input.start, row.distance ?? 0, activityId);
  if (same) throw new AppError(409, `${UPLOAD_MSG.duplicate}: ${describeActivity(same, zone)}`);
  if (!(await updateManualActivity(app, user.id, activityId, { ...row, userId: user.id })))
    throw new AppError(404, UPLOAD_MSG.manualNotFound);
  return { message: UPLOAD_MSG.manualUpdated };
}

/** Deletes one of the member's manual entries (stats and challenge progress refreshed in the same batch). */
export async function removeManualActivity(
  app: AppContext,
  user: User,
  activityId: number,
): Promise<ManualResult> {
  if (!(await deleteManualActivity(app, user.id, activityId)))
    throw new AppError(404, UPLOAD_MSG.manualNotFound);
  return { message: UPLOAD_MSG.manualDeleted };
}

export interface ManualView {
  id: number;
  name: string;
  sportType: string;
  startDate: string;
  distance: number;
  movingTime: number;
  elevationGain: number;
}

/** The member's manual entries, newest first. */
export async function listManualActivities(app: AppContext, user: User): Promise<ManualView[]> {
  const rows = await memberManualActivities(app, user.id);
  return rows.map((r) => ({ ...r, startDate: r.startDate.toISOString() }));
}
