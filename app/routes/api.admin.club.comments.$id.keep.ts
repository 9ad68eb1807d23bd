import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { keepComment } from "~/modules/club/feed.server";

/** POST: an admin keeps a reported comment of the club feed (its reports are cleared). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    return keepComment(context.app, admin, idParam(params.id, "Comment"));
  });
}
