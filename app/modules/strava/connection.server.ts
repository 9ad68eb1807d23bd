/**
 * A member's Strava link: one Strava athlete belongs to one user. Tokens are
 * stored encrypted (AES-GCM, TOKEN_ENCRYPTION_KEY).
 */
import { and, eq, ne } from "drizzle-orm";
import { stravaConnections, users } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { encryptSecret } from "~/lib/token-crypto.server";
import { stravaNameOf, stravaPhotoOf, type StravaTokenResponse } from "./oauth.server";

export const STRAVA_ALREADY_CONNECTED =
  "Each Strava account can only be connected to one user account. Please try connecting with a different Strava account.";

export async function findUserByStravaAthlete(app: AppContext, athleteId: number) {
  return app.db.query.users.findFirst({ where: eq(users.stravaId, athleteId) });
}

/**
 * Links the athlete in `tokens` to `userId`; 409 `strava_already_connected`
 * when another user holds it. `keepActivities` is the member's answer to
 * "Keep my imported activities if I disconnect Strava" on the connect form:
 * true records today as the agreement's date, false clears it, undefined
 * (sign-in with Strava, which asks nothing) leaves it as it was.
 */
export async function saveStravaConnection(
  app: AppContext,
  userId: number,
  tokens: StravaTokenResponse,
  scope?: string | null,
  keepActivities?: boolean,
) {
  const athleteId = tokens.athlete?.id;
  if (!athleteId) throw new AppError(502, "Strava did not return the athlete");
  const other = await app.db.query.users.findFirst({
    where: and(eq(users.stravaId, athleteId), ne(users.id, userId)),
  });
  if (other) throw new AppError(409, STRAVA_ALREADY_CONNECTED, { code: "strava_already_connected" });
  const key = app.env.TOKEN_ENCRYPTION_KEY;
  const values = {
    athleteId,
    athleteName: stravaNameOf(tokens.athlete),
    accessTokenEnc: await encryptSecret(tokens.access_token, key),
    refreshTokenEnc: await encryptSecret(tokens.refresh_token, key),
    expiresAt: new Date(tokens.expires_at * 1000),
    scope: scope ?? null,
    tokenExpired: false,
    updatedAt: app.now(),
  };
  try {
    await app.db.batch([
      app.db
        .update(users)
        .set({
          stravaId: athleteId,
          // Refreshed on every connect and sign-in with Strava; shown per decision 029.
          stravaPhotoUrl: stravaPhotoOf(tokens.athlete),
          ...(keepActivities === undefined
            ? {}
            : { keepStravaActivitiesAt: keepActivities ? app.now() : null }),
          updatedAt: app.now(),
        })
        .where(eq(users.id, userId)),
      app.db
        .insert(stravaConnections)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: stravaConnections.userId, set: values }),
    ]);
  } catch (error) {
    if (String(error).includes("UNIQUE"))
      throw new AppError(409, STRAVA_ALREADY_CONNECTED, { code: "strava_already_connected" });
    throw error;
  }
}
