/**
 * Consent for shared challenge views (docs/decisions/020-consent-for-shared-views.md):
 * who may see a participant's activities in a challenge. The rule is one SQL
 * fragment that every list of another member's challenge activities adds to
 * its WHERE, next to decision 018's `activityVisibleTo` (Strava-private
 * activities stay the owner's alone, whatever the consent), plus the same rule
 * in TypeScript for what a page says about a participant it shows.
 *
 * This module is below `activities`: it names `challenge_participations`,
 * never the activities table; the caller passes the owner column.
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** Who is looking: their id and whether they are an admin. */
export interface Viewer {
  id: number;
  isAdmin: boolean;
}

/**
 * "May `viewer` see the activities of the member in `owner` in challenge
 * `challengeId`": the viewer is that member, or an admin (for corrections),
 * or the member's participation in the challenge shares its activities.
 * `owner` is the owner column of the caller's query (`sql.raw("a.user_id")`
 * or the drizzle column).
 */
export function challengeActivitiesVisibleTo(
  viewer: Viewer,
  owner: SQLWrapper,
  challengeId: number | SQLWrapper,
): SQL {
  return sql`(${owner} = ${viewer.id} OR ${viewer.isAdmin ? 1 : 0} = 1 OR EXISTS (
    SELECT 1 FROM challenge_participations consent
    WHERE consent.user_id = ${owner} AND consent.challenge_id = ${challengeId} AND consent.share_activities = 1))`;
}

/**
 * The same rule on the participation row itself (`participation`: the
 * caller's alias of the member's challenge_participations row of this
 * challenge): a query that joins the participations first can then skip
 * the members whose activities the viewer may not see before reading any of
 * their activities (issue #36). Equivalent to challengeActivitiesVisibleTo
 * for that row; callers keep both.
 */
export function participationVisibleTo(viewer: Viewer, participation: string): SQL {
  const p = sql.raw(participation);
  return sql`(${p}.user_id = ${viewer.id} OR ${viewer.isAdmin ? 1 : 0} = 1 OR ${p}.share_activities = 1)`;
}

/** The same rule for one participant whose choice the caller already read. */
export function mayViewChallengeActivities(
  viewer: Viewer,
  participant: { userId: number; shareActivities: boolean },
): boolean {
  return participant.userId === viewer.id || viewer.isAdmin || participant.shareActivities;
}
