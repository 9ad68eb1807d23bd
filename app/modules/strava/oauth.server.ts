/**
 * Strava OAuth token calls (https://developers.strava.com/docs/authentication/):
 * the client id and secret travel in the form body, refresh tokens rotate.
 */
import type { AppContext } from "~workers/load-context";

export interface StravaAthleteSummary {
  id: number;
  username?: string | null;
  firstname?: string | null;
  lastname?: string | null;
  sex?: string | null;
  /** The photo, 124 px (or a relative placeholder path when the athlete has none). */
  profile?: string | null;
  /** The photo, 62 px. */
  profile_medium?: string | null;
}

/**
 * The athlete's photo address from a token answer: `profile_medium` (62 px,
 * enough for our 32-40 px avatars at 2x), else `profile`; null when Strava
 * sends its relative placeholder ("avatar/athlete/large.png") or nothing.
 */
export function stravaPhotoOf(athlete: StravaAthleteSummary | undefined): string | null {
  for (const url of [athlete?.profile_medium, athlete?.profile])
    if (url && /^https?:\/\//.test(url)) return url;
  return null;
}

/** The athlete's name from a token answer ("Firstname Lastname"), or null when Strava sends none. */
export function stravaNameOf(athlete: StravaAthleteSummary | undefined): string | null {
  const name = [athlete?.firstname, athlete?.lastname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  return name ? name.slice(0, 100) : null;
}

export interface StravaTokenResponse {
  token_type: string;
  access_token: string;
  refresh_token: string;
  expires_at: number;
  expires_in: number;
  athlete?: StravaAthleteSummary;
}

export class StravaAuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "StravaAuthError";
  }
}

export function stravaConfigured(app: AppContext): boolean {
  return Boolean(app.env.STRAVA_CLIENT_ID && app.env.STRAVA_CLIENT_SECRET && app.env.STRAVA_OAUTH_URL);
}

async function tokenRequest(app: AppContext, params: Record<string, string>): Promise<StravaTokenResponse> {
  const body = new URLSearchParams({
    client_id: app.env.STRAVA_CLIENT_ID ?? "",
    client_secret: app.env.STRAVA_CLIENT_SECRET ?? "",
    ...params,
  });
  const res = await fetch(`${app.env.STRAVA_OAUTH_URL.replace(/\/$/, "")}/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body,
  });
  const data = (await res.json().catch(() => ({}))) as Partial<StravaTokenResponse> & { message?: string };
  if (!res.ok || !data.access_token || !data.refresh_token) {
    throw new StravaAuthError(data.message ?? `Strava token request failed (${res.status})`, res.status);
  }
  return data as StravaTokenResponse;
}

export function exchangeStravaCode(app: AppContext, code: string) {
  return tokenRequest(app, { code, grant_type: "authorization_code" });
}

export function refreshStravaToken(app: AppContext, refreshToken: string) {
  return tokenRequest(app, { refresh_token: refreshToken, grant_type: "refresh_token" });
}

export function stravaAuthorizeUrl(
  app: AppContext,
  opts: { redirectPath: string; state: string; scope: string },
): string {
  const url = new URL(`${app.env.STRAVA_OAUTH_URL.replace(/\/$/, "")}/authorize`);
  url.searchParams.set("client_id", app.env.STRAVA_CLIENT_ID ?? "");
  url.searchParams.set("redirect_uri", `${app.env.APP_URL.replace(/\/$/, "")}${opts.redirectPath}`);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("approval_prompt", "auto");
  url.searchParams.set("scope", opts.scope);
  url.searchParams.set("state", opts.state);
  return url.toString();
}

export const STRAVA_SCOPES = "activity:read_all,profile:read_all";
