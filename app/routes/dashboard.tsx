import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { Dashboard } from "~/modules/activities/components/dashboard";
import { loadDashboard } from "~/modules/activities/dashboard.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadDashboard(context.app, request);
}

export default function DashboardRoute() {
  return <Dashboard data={useLoaderData<typeof loader>()} />;
}
