/** The four GET /api/admin/reports/* calls share one shape: admin only, cached privately for 5 minutes. */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AppContext } from "../../../workers/load-context";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { REPORT_CACHE_SECONDS } from "./reports.server";

export function reportLoader(report: (app: AppContext) => Promise<unknown>) {
  return async ({ request, context }: LoaderFunctionArgs) =>
    apiHandler(async () => {
      await requireAdmin(context.app, request);
      return Response.json(await report(context.app), { headers: { "Cache-Control": `private, max-age=${REPORT_CACHE_SECONDS}` } });
    });
}
