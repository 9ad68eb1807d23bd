import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { FeedbackHistoryPage } from "~/modules/feedback/components/feedback-history";
import { feedbackHistoryPage } from "~/modules/feedback/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Feedback History · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return feedbackHistoryPage(context.app, user);
}

export default function FeedbackHistoryRoute() {
  return <FeedbackHistoryPage items={useLoaderData<typeof loader>().items} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
