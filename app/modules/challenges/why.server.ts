/**
 * "Why it counted" (issue #39 item 4, decision 049): each of a member's
 * activities around a challenge's dates, counted with its contribution to
 * the goal, or the reason it did not count. One SQL statement over the
 * member's activities by start date (activities_user_start_idx); window
 * functions give each IST day's counted distance (a days goal's minimum)
 * and the longest counted activity (a longest goal).
 */
import { sql } from "drizzle-orm";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { formatMetresAsKm, sportName } from "~/lib/format";
import { challengeWhyRows, type WhyRow } from "~/modules/activities/queries.server";
import { goalKind, isParticipant, requireChallenge } from "./challenges.server";
import { SOURCE_NAMES } from "./schema";

type WhyReason = NonNullable<WhyRow["reason"]>;

/** The days around the challenge's dates the list also shows (so "outside the dates" can be seen). */
const MARGIN_DAYS = 3;
/** At most this many activities, newest first. */
export const WHY_LIMIT = 200;
/** The challenge page lists the newest this many, with a link to all of them (WHY_LIMIT). */
export const WHY_ON_PAGE = 25;

/** The sentence a member reads for a reason (the API's `reasonText`). */
export function whyText(
  reason: WhyReason,
  a: { sportType: string; source: string; dayMetres: number },
  minPerDay: number | null,
): string {
  switch (reason) {
    case "sport":
      return `Another sport (${sportName(a.sportType)}) than this challenge counts`;
    case "dates":
      return "Outside the challenge's dates";
    case "source":
      return `From ${SOURCE_NAMES[a.source] ?? a.source}, a source this challenge does not take`;
    case "below_min":
      return `Below the daily minimum: ${formatMetresAsKm(a.dayMetres)} that day, ${formatMetresAsKm(minPerDay ?? 0)} needed`;
    case "not_longest":
      return "Shorter than your longest activity, which is the one that counts";
  }
}

/**
 * The list for `userId` (the viewer's own; an admin may ask for any member's).
 * `manualProgress`: an admin's correction replaces the computed progress while it stands.
 * `limit`: the newest this many (`more`: older ones are left out).
 */
export async function whyItCounted(
  app: AppContext,
  viewer: User,
  challengeId: number,
  userId = viewer.id,
  limit = WHY_LIMIT,
) {
  if (userId !== viewer.id && !viewer.isAdmin)
    throw new AppError(403, "Only admins can see why another member's activities counted");
  const [challenge, joined, manual] = await Promise.all([
    requireChallenge(app, challengeId),
    isParticipant(app, challengeId, userId),
    app.db.all<{ manual_progress: number | null; progress: number }>(
      sql`SELECT manual_progress, progress FROM challenge_participations WHERE challenge_id = ${challengeId} AND user_id = ${userId}`,
    ),
  ]);
  const read = await challengeWhyRows(app, challengeId, userId, MARGIN_DAYS, limit + 1);
  const rows = read.slice(0, limit);
  const kind = goalKind(challenge);
  const contribution = (r: WhyRow) => {
    switch (challenge.goalType) {
      case "elevation":
        return r.total_elevation_gain;
      case "time":
        return r.moving_time;
      case "count":
        return 1;
      case "days":
        return r.nth_in_day === 1 ? 1 : 0;
      default:
        return r.distance;
    }
  };
  return {
    challengeId,
    userId,
    goalType: kind,
    measure: challenge.goalType,
    joined,
    /** An admin's correction, which stands in for the computed progress until a recalculation; null: none. */
    manualProgress: manual[0]?.manual_progress ?? null,
    /** Older activities around the dates than the ones listed exist. */
    more: read.length > limit,
    activities: rows.map((r) => ({
      id: r.id,
      name: r.name,
      sportType: r.sport_type,
      source: r.source,
      startDate: new Date(r.start_date * 1000).toISOString(),
      distance: r.distance,
      counted: r.reason === null,
      /** What it added to progress, in the goal's unit (a days goal: 1 for the day's first counted activity). */
      contribution: r.reason === null ? contribution(r) : 0,
      reason: r.reason,
      reasonText:
        r.reason === null
          ? null
          : whyText(
              r.reason,
              { sportType: r.sport_type, source: r.source, dayMetres: r.day_metres },
              challenge.minPerDay,
            ),
    })),
  };
}
