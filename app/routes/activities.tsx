import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { ActivitiesPage } from "~/modules/activities/components/activities-page";
import { activitiesPage } from "~/modules/activities/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Activities · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  const { status, ...page } = await activitiesPage(context.app, user, new URL(request.url));
  return data(page, { status });
}

export default function ActivitiesRoute() {
  return <ActivitiesPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
