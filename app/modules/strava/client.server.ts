/**
 * Calls to Strava's REST API for one member: a fresh access token (refreshed
 * shortly before expiry, rotation-safe), one reserved read from the app-wide
 * budget per call, and the rate-limit headers recorded from every answer.
 */
import { and, eq } from "drizzle-orm";
import { stravaConnections } from "../../../db/schema";
import type { AppContext } from "../../../workers/load-context";
import { decryptSecret, encryptSecret } from "~/lib/token-crypto.server";
import { exhaustWindow, recordRateLimitHeaders, reserveReads } from "./budget.server";
import { refreshStravaToken, StravaAuthError } from "./oauth.server";

/** Refresh when the access token has less than this left. */
export const REFRESH_MARGIN_SECONDS = 10 * 60;

/** Strava said wait (429, 5xx) or our own budget is spent: try again after `retryInSeconds`. */
export class StravaDeferred extends Error {
  constructor(
    readonly retryInSeconds: number,
    readonly reason: "rate_limited" | "budget" | "server_error",
  ) {
    super(`Strava deferred (${reason}); retry in ${retryInSeconds}s`);
    this.name = "StravaDeferred";
  }
}

/** The member's authorization is gone (revoked, expired refresh): they must reconnect. */
export class StravaUnauthorized extends Error {
  constructor(message = "Strava authorization expired. Please reconnect your Strava account.") {
    super(message);
    this.name = "StravaUnauthorized";
  }
}

export class StravaNotFound extends Error {
  constructor() {
    super("Not found on Strava");
    this.name = "StravaNotFound";
  }
}

export class StravaNotConnected extends Error {
  constructor() {
    super("Strava is not connected");
    this.name = "StravaNotConnected";
  }
}

async function markTokenExpired(app: AppContext, userId: number) {
  await app.db.update(stravaConnections).set({ tokenExpired: true, updatedAt: app.now() }).where(eq(stravaConnections.userId, userId));
}

/**
 * A valid access token for the member. A refresh saves the rotated refresh
 * token with a conditional update on `tokenVersion`; when another worker won
 * the race, its tokens are read back and used.
 */
export async function getAccessToken(app: AppContext, userId: number, force = false): Promise<string> {
  const key = app.env.TOKEN_ENCRYPTION_KEY;
  for (let attempt = 0; attempt < 3; attempt++) {
    const conn = await app.db.query.stravaConnections.findFirst({ where: eq(stravaConnections.userId, userId) });
    if (!conn) throw new StravaNotConnected();
    if (conn.tokenExpired) throw new StravaUnauthorized();
    const secondsLeft = (conn.expiresAt.getTime() - app.now().getTime()) / 1000;
    if (!force && secondsLeft > REFRESH_MARGIN_SECONDS) return decryptSecret(conn.accessTokenEnc, key);
    let tokens;
    try {
      tokens = await refreshStravaToken(app, await decryptSecret(conn.refreshTokenEnc, key));
    } catch (error) {
      if (error instanceof StravaAuthError && error.status >= 400 && error.status < 500) {
        // Maybe another worker rotated the refresh token a moment ago: re-read once before giving up.
        const again = await app.db.query.stravaConnections.findFirst({ where: eq(stravaConnections.userId, userId) });
        if (again && again.tokenVersion !== conn.tokenVersion) continue;
        await markTokenExpired(app, userId);
        throw new StravaUnauthorized();
      }
      if (error instanceof StravaAuthError && (error.status === 429 || error.status >= 500)) throw new StravaDeferred(60, "server_error");
      throw error;
    }
    const [saved] = await app.db
      .update(stravaConnections)
      .set({
        accessTokenEnc: await encryptSecret(tokens.access_token, key),
        refreshTokenEnc: await encryptSecret(tokens.refresh_token, key),
        expiresAt: new Date(tokens.expires_at * 1000),
        tokenVersion: conn.tokenVersion + 1,
        tokenExpired: false,
        updatedAt: app.now(),
      })
      .where(and(eq(stravaConnections.userId, userId), eq(stravaConnections.tokenVersion, conn.tokenVersion)))
      .returning({ userId: stravaConnections.userId });
    if (saved) return tokens.access_token;
    // Lost the race: the winner's (newer) tokens are in the row now.
  }
  throw new Error("could not obtain a Strava access token");
}

/** GET {STRAVA_API_URL}{path} as the member, within the budget. */
export async function stravaGet<T>(app: AppContext, userId: number, path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const url = new URL(`${app.env.STRAVA_API_URL.replace(/\/$/, "")}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  let token = await getAccessToken(app, userId);
  for (let attempt = 0; attempt < 2; attempt++) {
    const reservation = await reserveReads(app);
    if (!reservation.ok) throw new StravaDeferred(reservation.retryInSeconds, "budget");
    const res = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } });
    await recordRateLimitHeaders(app, res.headers);
    if (res.ok) return (await res.json()) as T;
    if (res.status === 401) {
      if (attempt === 0) {
        token = await getAccessToken(app, userId, true);
        continue;
      }
      await markTokenExpired(app, userId);
      throw new StravaUnauthorized();
    }
    if (res.status === 404) throw new StravaNotFound();
    if (res.status === 429) {
      const dailyOut = isDailyExhausted(res.headers);
      throw new StravaDeferred(await exhaustWindow(app, dailyOut ? "daily" : "15min"), "rate_limited");
    }
    if (res.status >= 500) throw new StravaDeferred(60, "server_error");
    throw new Error(`Strava answered ${res.status} for ${path}: ${(await res.text()).slice(0, 200)}`);
  }
  throw new StravaUnauthorized();
}

function isDailyExhausted(headers: Headers): boolean {
  const limit = (headers.get("X-ReadRateLimit-Limit") ?? headers.get("X-RateLimit-Limit"))?.split(",").map(Number);
  const usage = (headers.get("X-ReadRateLimit-Usage") ?? headers.get("X-RateLimit-Usage"))?.split(",").map(Number);
  return Boolean(limit && usage && usage[1] >= limit[1]);
}
