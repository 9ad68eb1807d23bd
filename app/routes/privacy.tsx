import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PrivacyPage } from "~/modules/legal/components/privacy-page";
import { scopeReasons } from "~/modules/legal/strava-scopes";
import { STRAVA_SCOPES } from "~/modules/strava/oauth.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Privacy · CycleWari Community" }];

/** /privacy: public, no guard (Strava launch readiness, issue #13). The scopes are the ones the app requests. */
export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.app.env.SUPPORT_EMAIL, stravaScopes: scopeReasons(STRAVA_SCOPES) };
}

export default function PrivacyRoute() {
  return <PrivacyPage {...useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
