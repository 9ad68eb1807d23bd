import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { sendSetPasswordLink } from "~/modules/auth/auth.server";
import { useDates } from "~/lib/time-zone";
import { ConnectReturnNotice } from "~/modules/strava/components/connect-return-notice";
import {
  athleteLabel,
  DisconnectConfirm,
  DisconnectOutcome,
  DisconnectStravaButton,
  KeepAgreement,
} from "~/modules/strava/components/disconnect";
import { ONLY_SIGN_IN } from "~/modules/strava/disconnect-text";
import { StravaConnectButton, SyncBanner, SyncNowForm } from "~/modules/strava/components/strava-panel";
import { stravaPage, stravaPageAction, type StravaPageAnswer } from "~/modules/strava/page.server";
import { Card } from "~/ui/card";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Connect Strava · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return stravaPage(context.app, user, new URL(request.url));
}

/**
 * "Sync now" (once per 15 minutes), "Disconnect Strava", withdrawing the keep agreement, and
 * for a Strava-only account "E-mail me a link to set a password" (auth's, which sits above strava).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  const form = await readForm(request);
  if (form.get("intent") === "set-password")
    return sendSetPasswordLink(context.app, request, user, "/profile/strava?confirm=disconnect");
  return stravaPageAction(context.app, user, form);
}

/** /profile/strava: where 'Connect Strava' leads. */
export default function ProfileStrava() {
  const dates = useDates();
  const { status, stravaActivities, confirmingDisconnect, onlySignIn } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as StravaPageAnswer | undefined;
  const answered = answer && "error" in answer ? answer.error : null;
  // The Strava-only refusal belongs to the disconnect confirmation, not to "Sync now".
  const refused = answered === ONLY_SIGN_IN.message;
  const error = refused ? null : answered;
  return (
    <main className="mx-auto max-w-2xl space-y-6 px-4 py-8">
      <ConnectReturnNotice />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Strava</h1>
        <p className="mt-1 text-gray-600">
          Connect your Strava account and your rides, runs, swims, walks and hikes sync here automatically. We
          read your activities and profile only (scopes activity:read_all and profile:read_all).{" "}
          <Link to="/privacy#strava" className="font-medium text-brand underline">
            How the app uses your Strava data
          </Link>
          .
        </p>
      </div>
      {answer && "disconnected" in answer ? <DisconnectOutcome result={answer.disconnected} /> : null}
      <SyncBanner status={status} />
      {confirmingDisconnect ? (
        <DisconnectConfirm
          stravaActivities={stravaActivities}
          keepSince={status.keepActivitiesSince}
          onlySignIn={onlySignIn}
          refused={refused}
        />
      ) : null}
      <Card>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <dt className="font-medium text-gray-600">Status</dt>
          <dd data-testid="strava-state">
            {status.connected ? (status.tokenExpired ? "Token expired" : "Connected") : "Not connected"}
          </dd>
          {status.athleteId ? (
            <>
              <dt className="font-medium text-gray-600">Strava account</dt>
              <dd data-testid="strava-athlete">{athleteLabel(status)}</dd>
            </>
          ) : null}
          {status.sync?.lastSyncAt ? (
            <>
              <dt className="font-medium text-gray-600">Last sync</dt>
              <dd data-testid="strava-last-sync">{dates.dateTime(status.sync.lastSyncAt)}</dd>
            </>
          ) : null}
        </dl>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {/* The last sync is in the list above: the chip does not repeat it. */}
          <StravaConnectButton status={status} returnTo="/profile/strava" showLastSync={false} />
          <SyncNowForm status={status} error={error} />
          {status.connected && !confirmingDisconnect ? <DisconnectStravaButton /> : null}
          <Link to="/dashboard" className="font-medium text-brand hover:underline">
            Back to dashboard
          </Link>
        </div>
        <div className="mt-6">
          <KeepAgreement status={status} stravaActivities={stravaActivities} />
        </div>
      </Card>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
