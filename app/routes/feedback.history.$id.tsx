import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam } from "~/lib/http.server";
import { FeedbackDetailMissing, FeedbackDetailPage } from "~/modules/feedback/components/feedback-history";
import { feedbackDetailPage } from "~/modules/feedback/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item?.subject ?? "Feedback"} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return feedbackDetailPage(context.app, user, idParam(params.id, "Feedback"));
}

export default function FeedbackDetailRoute() {
  return <FeedbackDetailPage item={useLoaderData<typeof loader>().item} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <FeedbackDetailMissing /> }} />;
}
