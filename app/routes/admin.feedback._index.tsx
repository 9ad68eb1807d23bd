import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/guards.server";
import { AdminFeedbackListPage } from "~/modules/feedback/components/admin-feedback";
import { adminFeedbackListPage } from "~/modules/feedback/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Feedback Management · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminFeedbackListPage(context.app, admin, new URL(request.url));
}

export default function AdminFeedbackRoute() {
  return <AdminFeedbackListPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
