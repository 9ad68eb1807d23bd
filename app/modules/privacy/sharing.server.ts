/**
 * The members' sharing choices (docs/decisions/020-consent-for-shared-views.md):
 * the profile default (users.share_activities, what a new participation
 * inherits) and the per-challenge choice (challenge_participations.share_activities).
 */
import { and, eq, sql } from "drizzle-orm";
import { challengeParticipations, challenges, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";

export interface ChallengeSharing {
  challengeId: number;
  title: string;
  shareActivities: boolean;
  /** The challenge has not ended yet. */
  current: boolean;
}

/** The profile default and the member's choice in each challenge they joined (newest end first). */
export async function sharingSettings(app: AppContext, user: User) {
  const rows = await app.db
    .select({
      challengeId: challengeParticipations.challengeId,
      title: challenges.title,
      shareActivities: challengeParticipations.shareActivities,
      endDate: challenges.endDate,
    })
    .from(challengeParticipations)
    .innerJoin(challenges, eq(challenges.id, challengeParticipations.challengeId))
    .where(eq(challengeParticipations.userId, user.id))
    .orderBy(sql`${challenges.endDate} DESC`);
  const now = app.now().getTime();
  return {
    shareActivities: user.shareActivities,
    /** Others see the member's Strava photo (decision 029); `stravaPhotoUrl` is theirs to see. */
    showStravaPhoto: user.showStravaPhoto,
    /** The club feed shows the member's event registrations (decision 051). */
    shareEventRegistrations: user.shareEventRegistrations,
    stravaPhotoUrl: user.stravaPhotoUrl,
    /** Metres hidden at each end of a map others may see (decision 050). */
    mapPrivacyMetres: user.mapPrivacyMetres,
    challenges: rows.map((r): ChallengeSharing => ({
      challengeId: r.challengeId,
      title: r.title,
      shareActivities: r.shareActivities,
      current: r.endDate.getTime() >= now,
    })),
  };
}
export type SharingSettings = Awaited<ReturnType<typeof sharingSettings>>;

/** The member's choice in one challenge, or null when they have not joined it. */
export async function participationSharing(app: AppContext, user: User, challengeId: number) {
  const row = await app.db.query.challengeParticipations.findFirst({
    columns: { shareActivities: true },
    where: and(
      eq(challengeParticipations.challengeId, challengeId),
      eq(challengeParticipations.userId, user.id),
    ),
  });
  return row ? row.shareActivities : null;
}

/** Sets the member's choice in one challenge; null when they have not joined it. */
export async function setParticipationSharing(
  app: AppContext,
  user: User,
  challengeId: number,
  shareActivities: boolean,
) {
  const [row] = await app.db
    .update(challengeParticipations)
    .set({ shareActivities, updatedAt: app.now() })
    .where(
      and(eq(challengeParticipations.challengeId, challengeId), eq(challengeParticipations.userId, user.id)),
    )
    .returning({
      id: challengeParticipations.id,
      challengeId: challengeParticipations.challengeId,
      userId: challengeParticipations.userId,
      shareActivities: challengeParticipations.shareActivities,
    });
  return row ?? null;
}

/**
 * Sets the profile default (what a new participation inherits); with
 * `applyToCurrent` also the choice in every challenge of the member that has
 * not ended, in the same batch.
 */
export async function setProfileSharing(
  app: AppContext,
  user: User,
  input: {
    shareActivities?: boolean;
    applyToCurrent: boolean;
    showStravaPhoto?: boolean;
    mapPrivacyMetres?: number;
    shareEventRegistrations?: boolean;
  },
) {
  const now = app.now();
  const shareActivities = input.shareActivities ?? user.shareActivities;
  const showStravaPhoto = input.showStravaPhoto ?? user.showStravaPhoto;
  const mapPrivacyMetres = input.mapPrivacyMetres ?? user.mapPrivacyMetres;
  const shareEventRegistrations = input.shareEventRegistrations ?? user.shareEventRegistrations;
  // "Also in my current challenges" only goes with a challenge-sharing choice.
  const applyToCurrent = input.applyToCurrent && input.shareActivities !== undefined;
  const updateUser = app.db
    .update(users)
    .set({ shareActivities, showStravaPhoto, mapPrivacyMetres, shareEventRegistrations, updatedAt: now })
    .where(eq(users.id, user.id));
  let applied = 0;
  if (applyToCurrent) {
    const [, changed] = await app.db.batch([
      updateUser,
      app.db
        .update(challengeParticipations)
        .set({ shareActivities, updatedAt: now })
        .where(
          and(
            eq(challengeParticipations.userId, user.id),
            sql`${challengeParticipations.challengeId} IN (SELECT ${challenges.id} FROM ${challenges} WHERE ${challenges.endDate} >= ${Math.floor(now.getTime() / 1000)})`,
          ),
        )
        .returning({ id: challengeParticipations.id }),
    ]);
    applied = changed.length;
  } else await updateUser;
  return {
    message: applyToCurrent
      ? `Sharing saved for your profile and ${applied} current ${applied === 1 ? "challenge" : "challenges"}`
      : "Sharing saved",
    shareActivities,
    showStravaPhoto,
    mapPrivacyMetres,
    shareEventRegistrations,
    appliedTo: applied,
  };
}
