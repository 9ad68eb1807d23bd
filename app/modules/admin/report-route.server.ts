/**
 * The GET /api/admin/reports/* calls share one shape: admin only; a report
 * that takes query values reads them from the address. Like
 * every answer of the Worker they are sent with `Cache-Control: no-store`
 * (member data; docs/decisions/017-response-headers.md).
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";

export function reportLoader(report: (app: AppContext, url: URL) => Promise<unknown>) {
  return async ({ request, context }: LoaderFunctionArgs) =>
    apiHandler(async () => {
      await requireAdmin(context.app, request);
      return Response.json(await report(context.app, new URL(request.url)));
    });
}
