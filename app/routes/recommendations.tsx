import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { RecommendationsPage } from "~/modules/recommendations/components/recommendations-page";
import { recommendationsAction, recommendationsPage } from "~/modules/recommendations/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Workout Recommendations · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return recommendationsPage(context.app, user, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return recommendationsAction(context.app, user, new URL(request.url), await readForm(request));
}

export default function RecommendationsRoute() {
  return <RecommendationsPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
