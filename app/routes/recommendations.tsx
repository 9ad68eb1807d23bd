import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RecommendationsPage } from "~/modules/recommendations/components/recommendations-page";
import { recommendationsAction, recommendationsPage } from "~/modules/recommendations/page.server";

export const meta: MetaFunction = () => [{ title: "Workout Recommendations · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return recommendationsPage(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return recommendationsAction(context.app, request);
}

export default function RecommendationsRoute() {
  return <RecommendationsPage data={useLoaderData<typeof loader>()} />;
}
