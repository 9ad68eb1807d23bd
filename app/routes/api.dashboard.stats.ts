import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getDashboardStats } from "~/modules/activities/stats.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => getDashboardStats(context.app, await requireVerifiedUser(context.app, request)));
}
