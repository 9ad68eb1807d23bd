import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeedbackHistoryPage } from "~/modules/feedback/components/feedback-history";
import { feedbackHistoryPage } from "~/modules/feedback/page.server";

export const meta: MetaFunction = () => [{ title: "Feedback History · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return feedbackHistoryPage(context.app, request);
}

export default function FeedbackHistoryRoute() {
  return <FeedbackHistoryPage items={useLoaderData<typeof loader>().items} />;
}
