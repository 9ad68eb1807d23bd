/**
 * Manual entries (issue #14): an activity with no file, saved through the
 * activities store like every other source. A duplicate of an activity the
 * member already has (the store's rule) is refused with its name.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { CLUB_TIME_ZONE, formatDate } from "~/lib/format";
import { findSameActivity, memberManualActivities } from "~/modules/activities/queries.server";
import { deleteManualActivity, saveActivities } from "~/modules/activities/store.server";
import { toActivityRow } from "./activity";
import { UPLOAD_MSG, type ManualEntry } from "./schema";

export interface ManualResult {
  message: string;
}

/** Names an existing activity for a "duplicate" message: "“Morning Ride” (Strava, 4 Mar 2025)". */
export function describeActivity(a: { name: string; source: string; startDate: Date }): string {
  const source = a.source === "strava" ? "Strava" : a.source === "manual" ? "manual entry" : "upload";
  return `“${a.name}” (${source}, ${formatDate(a.startDate, CLUB_TIME_ZONE)})`;
}

export async function addManualActivity(
  app: AppContext,
  user: User,
  input: ManualEntry,
): Promise<ManualResult> {
  if (input.start.getTime() > app.now().getTime())
    throw new AppError(400, UPLOAD_MSG.future, { errors: { start: [UPLOAD_MSG.future] } });
  const distance = input.distanceKm * 1000;
  const same = await findSameActivity(app, user.id, input.start, distance);
  if (same) throw new AppError(409, `${UPLOAD_MSG.duplicate}: ${describeActivity(same)}`);
  const row = toActivityRow(
    {
      sportType: input.sportType,
      name: input.name,
      startDate: input.start,
      timezone: "(GMT+05:30) Asia/Kolkata",
      utcOffsetMinutes: 330,
      distance,
      movingTime: input.duration,
      elapsedTime: input.duration,
      elevationGain: input.elevation,
      averageHeartrate: null,
      maxHeartrate: null,
      maxSpeed: null,
    },
    "manual",
    null,
  );
  await saveActivities(app, user.id, [{ ...row, userId: user.id }]);
  return { message: UPLOAD_MSG.saved };
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
}

/** The member's manual entries, newest first. */
export async function listManualActivities(app: AppContext, user: User): Promise<ManualView[]> {
  const rows = await memberManualActivities(app, user.id);
  return rows.map((r) => ({ ...r, startDate: r.startDate.toISOString() }));
}
