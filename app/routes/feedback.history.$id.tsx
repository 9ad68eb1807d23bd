import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FeedbackDetailPage } from "~/modules/feedback/components/feedback-history";
import { feedbackDetailPage } from "~/modules/feedback/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.item?.subject ?? "Feedback"} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return feedbackDetailPage(context.app, request, params.id);
}

export default function FeedbackDetailRoute() {
  const { item, missing } = useLoaderData<typeof loader>();
  return <FeedbackDetailPage item={item} missing={missing} />;
}
