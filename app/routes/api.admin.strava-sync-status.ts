import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { syncStatusApi } from "~/modules/admin/strava-sync.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return Response.json(await syncStatusApi(context.app, new URL(request.url)));
  });
}
