/**
 * Whose photo a member sees (docs/decisions/029-strava-profile-photos.md).
 * A member's own picture (`profile_image_url`, an address they typed or their
 * Google picture) is shown to everyone, as before. Their Strava photo is
 * Strava data: Strava's API agreement lets us show it to them, and to other
 * members (admins included) only when they ticked "Show my Strava photo to
 * other members" (`users.show_strava_photo`). It is cleared when Strava is
 * disconnected or deauthorized.
 */
import { sql, type SQL } from "drizzle-orm";

/** The columns the rule reads, as the users row names them. */
export interface PhotoColumns {
  id: number;
  profileImageUrl: string | null;
  stravaPhotoUrl: string | null;
  showStravaPhoto: boolean;
}

/** The picture of `member` as `viewerId` may see it (null: show initials). */
export function avatarFor(viewerId: number | null, member: PhotoColumns): string | null {
  if (member.profileImageUrl) return member.profileImageUrl;
  return member.id === viewerId || member.showStravaPhoto ? member.stravaPhotoUrl : null;
}

/** The same rule as SQL over the users row aliased `u` (for lists: leaderboards, participants). */
export function avatarSql(viewerId: number | null): SQL<string | null> {
  return sql<string | null>`COALESCE(u.profile_image_url,
    CASE WHEN u.id IS ${viewerId} OR u.show_strava_photo = 1 THEN u.strava_photo_url END)`;
}
