import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AdminFeedbackDetailPage } from "~/modules/feedback/components/admin-feedback";
import { adminFeedbackDetailPage, adminFeedbackRespondAction } from "~/modules/feedback/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Feedback #${data?.item?.id ?? ""} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return adminFeedbackDetailPage(context.app, request, params.id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return adminFeedbackRespondAction(context.app, request, params.id);
}

export default function AdminFeedbackDetailRoute() {
  const { item, missing } = useLoaderData<typeof loader>();
  return (
    <AdminFeedbackDetailPage item={item} missing={missing} actionData={useActionData<typeof action>()} />
  );
}
