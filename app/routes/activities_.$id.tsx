import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam } from "~/lib/http.server";
import { ActivityDetail, ActivityNotFound } from "~/modules/activities/components/activity-detail";
import { activityPageWithStravaDetail } from "~/modules/strava/activity-detail.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.activity.name ?? "Activity not found"} · CycleWari Community` },
];

/**
 * /activities/{id}: the owner's activity (Strava's detail read on the first view, decision 050), another
 * member's public one for an admin or when shared with the viewer in a challenge (404 otherwise).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return activityPageWithStravaDetail(context.app, user, idParam(params.id, "Activity"));
}

export default function ActivityDetailRoute() {
  return <ActivityDetail data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <ActivityNotFound /> }} />;
}
