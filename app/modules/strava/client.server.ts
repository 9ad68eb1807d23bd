/**
 * Calls to Strava's REST API for one member: a fresh access token (refreshed
 * shortly before expiry, rotation-safe), one reserved read from the app-wide
 * budget per call, and the rate-limit headers recorded from every answer.
 */
import { and, eq, isNull, lte, or } from "drizzle-orm";
import { stravaConnections } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { decryptSecret, encryptSecret } from "~/lib/token-crypto.server";
import { exhaustWindow, recordRateLimitHeaders, reserveReads, type ReadPriority } from "./budget.server";
import { refreshStravaToken, StravaAuthError } from "./oauth.server";

/** Refresh when the access token has less than this left. */
export const REFRESH_MARGIN_SECONDS = 10 * 60;

/** Strava said wait (429, 5xx) or our own budget is spent: try again after `retryInSeconds`. */
export class StravaDeferred extends Error {
  constructor(
    readonly retryInSeconds: number,
    readonly reason: "rate_limited" | "budget" | "server_error" | "refresh_pending",
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
  await app.db
    .update(stravaConnections)
    .set({ tokenExpired: true, updatedAt: app.now() })
    .where(eq(stravaConnections.userId, userId));
}

/** How long a claimed refresh is held; a worker that died mid-refresh loses its claim after this. */
export const REFRESH_CLAIM_SECONDS = 30;
/** How long a worker waits for another worker's refresh before deferring its message. */
const REFRESH_WAIT_MS = 10_000;
const REFRESH_POLL_MS = 150;

interface HeldToken {
  token: string;
  /** `token_version` of the row the token came from: a 401 refreshes only if the row is still at it. */
  version: number;
}

type Connection = typeof stravaConnections.$inferSelect;

/**
 * A valid access token for the member. Refreshing is single-flight: the
 * worker whose one-statement conditional claim on the row succeeds (same
 * `token_version`, no live claim) calls Strava's token endpoint; the others
 * wait for the new version and use it. So each expiry costs exactly one
 * refresh, and the rotated refresh token is always the one stored. With
 * `staleVersion` (after a 401) the tokens of that version are refreshed
 * unless another worker has already replaced them.
 */
async function heldToken(app: AppContext, userId: number, staleVersion?: number): Promise<HeldToken> {
  const key = app.env.TOKEN_ENCRYPTION_KEY;
  const waitUntil = Date.now() + REFRESH_WAIT_MS;
  for (;;) {
    const conn = await app.db.query.stravaConnections.findFirst({
      where: eq(stravaConnections.userId, userId),
    });
    if (!conn) throw new StravaNotConnected();
    if (conn.tokenExpired) throw new StravaUnauthorized();
    const secondsLeft = (conn.expiresAt.getTime() - app.now().getTime()) / 1000;
    const stale =
      staleVersion === undefined ? secondsLeft <= REFRESH_MARGIN_SECONDS : conn.tokenVersion === staleVersion;
    if (!stale) return { token: await decryptSecret(conn.accessTokenEnc, key), version: conn.tokenVersion };

    const [claimed] = await app.db
      .update(stravaConnections)
      .set({ refreshClaimedUntil: new Date(app.now().getTime() + REFRESH_CLAIM_SECONDS * 1000) })
      .where(
        and(
          eq(stravaConnections.userId, userId),
          eq(stravaConnections.tokenVersion, conn.tokenVersion),
          or(
            isNull(stravaConnections.refreshClaimedUntil),
            lte(stravaConnections.refreshClaimedUntil, app.now()),
          ),
        ),
      )
      .returning({ userId: stravaConnections.userId });
    if (claimed) {
      const refreshed = await refreshClaimed(app, conn);
      if (refreshed) return refreshed;
      continue; // another worker's tokens are in the row now
    }
    // Another worker is refreshing: wait for its tokens.
    if (Date.now() > waitUntil) throw new StravaDeferred(REFRESH_CLAIM_SECONDS, "refresh_pending");
    await new Promise((resolve) => setTimeout(resolve, REFRESH_POLL_MS));
  }
}

/** The claim holder's refresh: saves the rotated pair and releases the claim; null when the row moved on meanwhile. */
async function refreshClaimed(app: AppContext, conn: Connection): Promise<HeldToken | null> {
  const key = app.env.TOKEN_ENCRYPTION_KEY;
  const release = () =>
    app.db
      .update(stravaConnections)
      .set({ refreshClaimedUntil: null })
      .where(
        and(eq(stravaConnections.userId, conn.userId), eq(stravaConnections.tokenVersion, conn.tokenVersion)),
      );
  let tokens;
  try {
    tokens = await refreshStravaToken(app, await decryptSecret(conn.refreshTokenEnc, key));
  } catch (error) {
    await release();
    if (
      error instanceof StravaAuthError &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 429
    ) {
      // A lapsed claim may have let another worker rotate the token meanwhile: then use its tokens.
      const again = await app.db.query.stravaConnections.findFirst({
        where: eq(stravaConnections.userId, conn.userId),
      });
      if (again && again.tokenVersion !== conn.tokenVersion) return null;
      await markTokenExpired(app, conn.userId);
      throw new StravaUnauthorized();
    }
    if (error instanceof StravaAuthError) throw new StravaDeferred(60, "server_error");
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
      refreshClaimedUntil: null,
      updatedAt: app.now(),
    })
    .where(
      and(eq(stravaConnections.userId, conn.userId), eq(stravaConnections.tokenVersion, conn.tokenVersion)),
    )
    .returning({ userId: stravaConnections.userId });
  return saved ? { token: tokens.access_token, version: conn.tokenVersion + 1 } : null;
}

/**
 * GET {STRAVA_API_URL}{path} as the member, within the budget. Reads are
 * "interactive" (member- and webhook-triggered) unless the caller says they
 * serve the cron refresh, a backfill or an admin ("reserved").
 */
export async function stravaGet<T>(
  app: AppContext,
  userId: number,
  path: string,
  query: Record<string, string | number | undefined> = {},
  opts: { priority?: ReadPriority } = {},
): Promise<T> {
  const url = new URL(`${app.env.STRAVA_API_URL.replace(/\/$/, "")}${path}`);
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  let held = await heldToken(app, userId);
  for (let attempt = 0; attempt < 2; attempt++) {
    const reservation = await reserveReads(app, 1, opts.priority ?? "interactive", userId);
    if (!reservation.ok) throw new StravaDeferred(reservation.retryInSeconds, "budget");
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${held.token}`, Accept: "application/json" },
    });
    await recordRateLimitHeaders(app, res.headers);
    if (res.ok) return (await res.json()) as T;
    if (res.status === 401) {
      if (attempt === 0) {
        held = await heldToken(app, userId, held.version);
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
  const limit = (headers.get("X-ReadRateLimit-Limit") ?? headers.get("X-RateLimit-Limit"))
    ?.split(",")
    .map(Number);
  const usage = (headers.get("X-ReadRateLimit-Usage") ?? headers.get("X-RateLimit-Usage"))
    ?.split(",")
    .map(Number);
  return Boolean(limit && usage && usage[1]! >= limit[1]!);
}

/**
 * Revokes the app's access at Strava (`POST /oauth/deauthorize`) with the
 * member's access token, refreshed first when due. Answers whether Strava no
 * longer holds an authorization for the member: true when it confirmed, or
 * when it already refuses the token (revoked on Strava's side); false when
 * Strava could not be reached or asked us to wait, so the caller can tell the
 * member to revoke access in Strava's settings. Not a read: no budget is spent.
 */
export async function deauthorizeAtStrava(app: AppContext, userId: number): Promise<boolean> {
  let held: HeldToken;
  try {
    held = await heldToken(app, userId);
  } catch (error) {
    return error instanceof StravaUnauthorized || error instanceof StravaNotConnected;
  }
  try {
    const res = await fetch(`${app.env.STRAVA_OAUTH_URL.replace(/\/$/, "")}/deauthorize`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
      body: new URLSearchParams({ access_token: held.token }),
    });
    return res.ok || res.status === 401;
  } catch {
    return false;
  }
}
