import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { adminSyncUser, userSyncStats } from "~/modules/admin/strava-sync.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return userSyncStats(context.app, idParam(params.id, "User"));
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return adminSyncUser(context.app, idParam(params.id, "User"));
  });
}
