import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { getOptionalUser, requireTestPages } from "~/lib/guards.server";
import { StravaConnectButton } from "~/modules/strava/components/strava-panel";
import { getStravaStatus } from "~/modules/strava/status.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** Developer page: is Strava configured, and what does the server know of my link? (ENABLE_TEST_PAGES only) */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireTestPages(context.app);
  const user = await getOptionalUser(context.app, request);
  const { env } = context.app;
  return {
    configured: Boolean(env.STRAVA_CLIENT_ID && env.STRAVA_CLIENT_SECRET),
    oauthUrl: env.STRAVA_OAUTH_URL,
    apiUrl: env.STRAVA_API_URL,
    signedInAs: user?.username ?? null,
    status: user ? await getStravaStatus(context.app, user) : null,
  };
}

export default function TestStrava() {
  const data = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-2xl space-y-4 px-4 py-10">
      <h1 className="text-2xl font-bold">Strava connection test</h1>
      <dl className="grid grid-cols-[10rem_1fr] gap-2 rounded-lg border border-gray-200 bg-white p-4 text-sm">
        <dt className="font-medium">Configured</dt>
        <dd>{data.configured ? "yes" : "no"}</dd>
        <dt className="font-medium">OAuth base</dt>
        <dd className="break-all">{data.oauthUrl}</dd>
        <dt className="font-medium">API base</dt>
        <dd className="break-all">{data.apiUrl}</dd>
        <dt className="font-medium">Signed in as</dt>
        <dd>{data.signedInAs ?? "nobody"}</dd>
        <dt className="font-medium">Link</dt>
        <dd>
          {data.status
            ? data.status.connected
              ? `athlete #${data.status.athleteId}${data.status.tokenExpired ? " (token expired)" : ""}`
              : "not connected"
            : "—"}
        </dd>
      </dl>
      {data.signedInAs ? (
        <StravaConnectButton status={data.status} returnTo="/test-strava" />
      ) : (
        <Link to="/test-login" className="font-medium text-brand underline">
          Sign in on the session test page first
        </Link>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
