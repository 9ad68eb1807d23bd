import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { healthReport } from "~/modules/health/health.server";

/** GET: what failed in the last 7 days, with counts per kind and the last cron runs (decision 054). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return Response.json(await healthReport(context.app));
  });
}
