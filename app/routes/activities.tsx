import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { ActivitiesPage } from "~/modules/activities/components/activities-page";
import { activitiesPage } from "~/modules/activities/page.server";
import { getSyncStatus } from "~/modules/strava/status.server";
import { HintWaitNotice } from "~/modules/strava/ui";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Activities · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  // The member's sync row beside the list: the "opened" signal, and when their latest activities are expected.
  const [{ status, ...page }, sync] = await Promise.all([
    activitiesPage(context.app, user, new URL(request.url)),
    getSyncStatus(context.app, user.id),
  ]);
  return data({ ...page, stravaExpectedBy: sync.expectedBy }, { status });
}

export default function ActivitiesRoute() {
  const { stravaExpectedBy, ...page } = useLoaderData<typeof loader>();
  return (
    <ActivitiesPage
      data={page}
      notice={stravaExpectedBy ? <HintWaitNotice expectedBy={stravaExpectedBy} /> : null}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
