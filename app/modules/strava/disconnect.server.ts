/**
 * A member disconnects Strava (the profile's "Disconnect Strava" and
 * DELETE /api/user/strava): revoke the app's access at Strava first, then
 * remove the link, tokens and (unless the member agreed to keep them) their
 * Strava activities locally in one batch (`disconnectStrava`). If Strava
 * cannot be reached the local disconnect still happens and the answer says
 * so, so the member can revoke the app in Strava's settings.
 * docs/decisions/021-disconnect-and-keep-agreement.md. An account whose only
 * way to sign in is Strava (no password, no Google) disconnects only after
 * confirming that (409 `only_sign_in` otherwise, decision 031).
 */
import { eq, sql } from "drizzle-orm";
import { stravaConnections, users } from "~db/schema";
import { batchSql } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { deleteStravaActivitiesStatements } from "~/modules/activities/store.server";
import { deauthorizeAtStrava } from "./client.server";
import { ONLY_SIGN_IN } from "./disconnect-text";
import { disconnectStrava, type DisconnectResult } from "./sync.server";

export interface MemberDisconnect extends DisconnectResult {
  /** Strava confirmed the revocation (or already refused the token); false: it could not be reached. */
  revokedAtStrava: boolean;
}

/** True when the member has neither a password nor Google: Strava is their only way to sign in. */
export async function stravaIsOnlySignIn(app: AppContext, userId: number): Promise<boolean> {
  const user = await app.db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { passwordHash: true, googleId: true },
  });
  return Boolean(user && !user.passwordHash && !user.googleId);
}

export async function disconnectMember(
  app: AppContext,
  userId: number,
  { confirmNoSignIn = false }: { confirmNoSignIn?: boolean } = {},
): Promise<MemberDisconnect> {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.userId, userId),
    columns: { userId: true },
  });
  if (!connection)
    throw new AppError(400, "Strava is not connected for this user", { code: "strava_not_connected" });
  if (!confirmNoSignIn && (await stravaIsOnlySignIn(app, userId)))
    throw new AppError(409, ONLY_SIGN_IN.message, { code: "only_sign_in" });
  const revokedAtStrava = await deauthorizeAtStrava(app, userId);
  return { ...(await disconnectStrava(app, userId)), revokedAtStrava };
}

/**
 * The member withdraws "Keep my imported activities if I disconnect Strava".
 * While connected, a later disconnect then deletes the activities. After a
 * disconnect that kept them, they were kept only by the agreement, so they
 * are deleted now, in the same batch.
 */
export async function withdrawKeepAgreement(
  app: AppContext,
  userId: number,
): Promise<{ deletedActivities: number }> {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.userId, userId),
    columns: { userId: true },
  });
  const now = Math.floor(app.now().getTime() / 1000);
  const results = await batchSql(app.env.DB, [
    ...(connection ? [] : deleteStravaActivitiesStatements(app, userId)),
    sql`UPDATE users SET keep_strava_activities_at = NULL, updated_at = ${now} WHERE id = ${userId}`,
  ]);
  return { deletedActivities: connection ? 0 : (results[0]?.results.length ?? 0) };
}
