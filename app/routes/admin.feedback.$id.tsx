import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/guards.server";
import { idParam, readForm } from "~/lib/http.server";
import { AdminFeedbackDetailPage, AdminFeedbackMissing } from "~/modules/feedback/components/admin-feedback";
import { adminFeedbackDetailPage, adminFeedbackRespondAction } from "~/modules/feedback/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Feedback #${data?.item?.id ?? ""} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminFeedbackDetailPage(context.app, admin, idParam(params.id, "Feedback"));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminFeedbackRespondAction(
    context.app,
    admin,
    idParam(params.id, "Feedback"),
    await readForm(request),
  );
}

export default function AdminFeedbackDetailRoute() {
  return (
    <AdminFeedbackDetailPage
      item={useLoaderData<typeof loader>().item}
      actionData={useActionData<typeof action>()}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <AdminFeedbackMissing /> }} />;
}
