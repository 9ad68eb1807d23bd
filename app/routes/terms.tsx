import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { TermsPage } from "~/modules/legal/components/terms-page";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Terms of use · CycleWari Community" }];

/** /terms: public, no guard (Strava launch readiness, issue #13). */
export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.app.env.SUPPORT_EMAIL };
}

export default function TermsRoute() {
  return <TermsPage supportEmail={useLoaderData<typeof loader>().supportEmail} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
