import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminFeedbackListPage } from "~/modules/feedback/components/admin-feedback";
import { adminFeedbackListPage } from "~/modules/feedback/page.server";

export const meta: MetaFunction = () => [{ title: "Feedback Management · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return adminFeedbackListPage(context.app, request);
}

export default function AdminFeedbackRoute() {
  return <AdminFeedbackListPage data={useLoaderData<typeof loader>()} />;
}
