import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useDates } from "~/lib/time-zone";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import {
  activityCount,
  disconnectConsequence,
  disconnectOutcome,
  KEEP_AGREEMENT_LABEL,
  ONLY_SIGN_IN,
  STRAVA_APPS_SETTINGS_URL,
} from "../disconnect-text";
import type { StravaStatus } from "../status.server";

const CONFIRM_PATH = "/profile/strava?confirm=disconnect";

/** The "Disconnect Strava" button: it leads to the confirmation (a plain link, works without JavaScript). */
export function DisconnectStravaButton() {
  return (
    <Button to={CONFIRM_PATH} variant="secondary" data-testid="strava-disconnect">
      Disconnect Strava
    </Button>
  );
}

/**
 * The confirmation at /profile/strava?confirm=disconnect: what will be deleted or kept, then one plain
 * form post. A Strava-only account (no password, no Google) is told first that this ends its only way
 * to sign in, offered a link to set a password, and ticks a box to disconnect anyway (decision 031).
 */
export function DisconnectConfirm({
  stravaActivities,
  keepSince,
  onlySignIn = false,
  refused = false,
}: {
  stravaActivities: number;
  keepSince: string | null;
  onlySignIn?: boolean;
  refused?: boolean;
}) {
  const dates = useDates();
  const navigation = useNavigation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "disconnect";
  return (
    <section
      aria-labelledby="disconnect-confirm-title"
      className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-950"
      data-testid="disconnect-confirm"
    >
      <h2 id="disconnect-confirm-title" ref={heading} tabIndex={-1} className="text-lg font-semibold">
        Disconnect Strava?
      </h2>
      <p className="mt-2">{disconnectConsequence(stravaActivities, keepSince, dates.zone)}</p>
      {onlySignIn ? <OnlySignInWarning /> : null}
      <Form method="post" action={CONFIRM_PATH} className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="disconnect" />
        {onlySignIn ? (
          <div className="w-full">
            <label className="flex items-start gap-2">
              <input
                type="checkbox"
                name="confirmNoSignIn"
                required
                aria-invalid={refused || undefined}
                aria-describedby={refused ? "only-sign-in-error" : undefined}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-gray-400 text-red-700 focus:ring-red-700"
              />
              <span>{ONLY_SIGN_IN.confirm}</span>
            </label>
            {refused ? (
              <p id="only-sign-in-error" role="alert" className="mt-1 text-sm font-medium text-red-800">
                {ONLY_SIGN_IN.message}
              </p>
            ) : null}
          </div>
        ) : null}
        <Button type="submit" variant="danger" disabled={submitting}>
          {submitting ? "Disconnecting..." : "Yes, disconnect Strava"}
        </Button>
        <Link to="/profile/strava" className="font-medium text-gray-800 underline">
          Cancel
        </Link>
      </Form>
    </section>
  );
}

/** Strava-only accounts: disconnecting ends their only way to sign in; a password set first keeps the account reachable. */
function OnlySignInWarning() {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === "set-password";
  return (
    <div
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
      data-testid="only-sign-in-warning"
    >
      <p className="font-semibold">{ONLY_SIGN_IN.title}</p>
      <p className="mt-1 text-sm">
        Your account has no password and no Google sign-in. After disconnecting you could not sign in to it
        again; signing in with Strava later would start a new, empty account. Set a password first, then
        disconnect.
      </p>
      <Form method="post" action={CONFIRM_PATH} className="mt-2">
        <input type="hidden" name="intent" value="set-password" />
        <Button type="submit" variant="secondary" size="sm" disabled={sending}>
          {sending ? "Sending..." : "E-mail me a link to set a password"}
        </Button>
      </Form>
    </div>
  );
}

/** After a disconnect: what was deleted or kept, and where to revoke the app when Strava could not be reached. */
export function DisconnectOutcome({
  result,
}: {
  result: { deletedActivities: number; kept: boolean; revokedAtStrava: boolean };
}) {
  return (
    <div
      role="status"
      className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-950"
      data-testid="disconnect-result"
    >
      <p>{disconnectOutcome(result)}</p>
      {result.revokedAtStrava ? null : (
        <p className="mt-2 font-medium" data-testid="disconnect-revoke-yourself">
          Strava could not be reached, so it may still list this app. Please revoke it in your{" "}
          <a href={STRAVA_APPS_SETTINGS_URL} className="underline" rel="noreferrer" target="_blank">
            Strava settings (My Apps)
          </a>
          .
        </p>
      )}
    </div>
  );
}

/**
 * The keep agreement on /profile/strava: its date and a way to withdraw it.
 * After a disconnect that kept the activities, withdrawing deletes them.
 */
export function KeepAgreement({
  status,
  stravaActivities,
}: {
  status: StravaStatus;
  stravaActivities: number;
}) {
  const dates = useDates();
  const since = status.keepActivitiesSince;
  if (!since) {
    if (!status.connected) return null;
    return (
      <p className="text-sm text-gray-700" data-testid="keep-agreement">
        You did not ask to keep your imported activities: disconnecting Strava deletes them.
      </p>
    );
  }
  const keptAfterDisconnect = !status.connected && stravaActivities > 0;
  if (!status.connected && !keptAfterDisconnect) return null;
  return (
    <Form method="post" className="space-y-2 text-sm text-gray-700" data-testid="keep-agreement">
      <p>
        <strong>{KEEP_AGREEMENT_LABEL}:</strong> you agreed on{" "}
        <time dateTime={since}>{dates.date(since)}</time>.{" "}
        {keptAfterDisconnect
          ? `Your ${activityCount(stravaActivities)} imported from Strava were kept after you disconnected.`
          : "Your imported activities stay if you disconnect."}
      </p>
      <input type="hidden" name="intent" value="withdraw-keep" />
      <Button type="submit" variant="secondary" size="sm">
        {keptAfterDisconnect ? "Withdraw and delete them now" : "Withdraw this agreement"}
      </Button>
    </Form>
  );
}

/** The linked Strava account as the member knows it: the athlete's name, else their id. */
export function athleteLabel(status: Pick<StravaStatus, "athleteName" | "athleteId">): string {
  return status.athleteName ?? `athlete #${status.athleteId}`;
}

/**
 * The Strava section of /profile-settings, from the status the page loaded:
 * not connected, a link to connect (no "Disconnect" for a member who never
 * connected); connected, whose account it is, what disconnecting does, and
 * the button to the confirmation.
 */
export function StravaSettingsSection({ status }: { status: StravaStatus }) {
  const dates = useDates();
  return (
    <Card>
      <section aria-labelledby="settings-strava-title" className="space-y-3" data-testid="settings-strava">
        <h2 id="settings-strava-title" className="text-lg font-semibold text-gray-900">
          Strava
        </h2>
        {!status.connected ? (
          <p className="text-sm text-gray-700">
            Strava is not connected.{" "}
            <Link to="/profile/strava" className="font-medium text-brand underline">
              Connect Strava
            </Link>
          </p>
        ) : (
          <>
            <p className="text-sm text-gray-700">
              Connected to Strava as <strong data-testid="strava-athlete">{athleteLabel(status)}</strong>.
              Disconnecting removes the app&apos;s access and deletes the activities imported from Strava
              {status.keepActivitiesSince
                ? `, but you agreed on ${dates.date(status.keepActivitiesSince)} to keep them, so they stay.`
                : "."}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <DisconnectStravaButton />
              <Link to="/profile/strava" className="text-sm font-medium text-brand underline">
                Manage Strava
              </Link>
            </div>
          </>
        )}
      </section>
    </Card>
  );
}
