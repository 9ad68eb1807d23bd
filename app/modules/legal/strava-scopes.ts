/**
 * Why the app asks Strava for each scope it requests (STRAVA_SCOPES in
 * app/modules/strava/oauth.server.ts). The privacy page lists the requested
 * scopes with these reasons; a unit test fails when a requested scope has none.
 */
export const STRAVA_SCOPE_REASONS: Record<string, string> = {
  "activity:read_all":
    "Reads your activities, including those you keep to yourself on Strava (Only You) or show to your followers only, so your statistics, challenge progress and training analysis count all of your training. Those activities are shown to you alone.",
  "profile:read_all":
    "Reads your Strava athlete profile: your athlete id links the Strava account to your account here, and when you sign in with Strava your first name and last name fill in your new profile, and your profile photo is shown to you (and to other members only if you allow it).",
};

export interface ScopeReason {
  scope: string;
  reason: string | null;
}

/** The scopes of a Strava scope string ("a,b"), each with its reason (null when none is written down). */
export function scopeReasons(scopes: string): ScopeReason[] {
  return scopes
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .map((scope) => ({ scope, reason: STRAVA_SCOPE_REASONS[scope] ?? null }));
}
