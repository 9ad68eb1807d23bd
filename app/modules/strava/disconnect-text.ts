/**
 * The plain words of a Strava disconnect, shared by the page, the profile
 * settings section and the server's answers.
 */
import { CLUB_TIME_ZONE, formatDate } from "~/lib/format";

export const STRAVA_APPS_SETTINGS_URL = "https://www.strava.com/settings/apps";
export const KEEP_AGREEMENT_LABEL = "Keep my imported activities if I disconnect Strava";

/** A Strava-only account (no password, no Google) is told this before it disconnects (decision 031). */
export const ONLY_SIGN_IN = {
  title: "Strava is your only way to sign in",
  message:
    "Strava is the only way you sign in to this account. Set a password first, or confirm that you want to disconnect anyway: you would not be able to sign in to this account again.",
  confirm: "I understand that I will not be able to sign in to this account again",
} as const;

export function activityCount(n: number): string {
  return `${n} ${n === 1 ? "activity" : "activities"}`;
}

/** What "Disconnect Strava" does, said before the member confirms. */
export function disconnectConsequence(
  stravaActivities: number,
  keepSince: string | null,
  zone: string = CLUB_TIME_ZONE,
): string {
  const access =
    "Disconnecting removes the app's access to your Strava account and deletes your Strava tokens.";
  if (keepSince)
    return `${access} Your ${activityCount(stravaActivities)} imported from Strava stay in your history, as you agreed on ${formatDate(keepSince, zone)}.`;
  return `${access} It also deletes the ${activityCount(stravaActivities)} imported from Strava; your challenge progress and dashboard stats then count only what remains. Connecting again imports your Strava history again.`;
}

/** What a disconnect did, said after it. */
export function disconnectOutcome(result: { deletedActivities: number; kept: boolean }): string {
  return result.kept
    ? "Strava is disconnected. Your imported activities were kept, as you agreed."
    : `Strava is disconnected. Deleted ${activityCount(result.deletedActivities)} imported from Strava; your challenge progress and stats now count what remains.`;
}
