/** The member's own "sync now" cooldown (shared by the server and the Strava page). */

/** A member may start one sync of their own per this many seconds; admin syncs are not limited. */
export const MEMBER_SYNC_COOLDOWN_SECONDS = 15 * 60;

/** When a member who last started a sync at `lastRequestedAt` may start the next one. */
export function memberSyncAvailableAt(lastRequestedAt: Date | null): Date | null {
  return lastRequestedAt ? new Date(lastRequestedAt.getTime() + MEMBER_SYNC_COOLDOWN_SECONDS * 1000) : null;
}
