import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/modules/admin/components/admin-page";
import { adminAction, adminPage } from "~/modules/admin/page.server";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return adminPage(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return adminAction(context.app, request);
}

export default function AdminRoute() {
  return <AdminPage data={useLoaderData<typeof loader>()} />;
}
