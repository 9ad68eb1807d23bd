import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { AdminPage } from "~/modules/admin/components/admin-page";
import { adminAction, adminPage } from "~/modules/admin/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminPage(context.app, admin, { url: new URL(request.url) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminAction(context.app, admin, { form: await readForm(request), url: request.url });
}

export default function AdminRoute() {
  return <AdminPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
