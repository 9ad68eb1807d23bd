import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { cancelEvent } from "~/modules/events/cancellation.server";

export const loader = () => jsonError(405, "Method not allowed");

/** POST: cancels the whole event; every registration is released and refunded in full. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    return cancelEvent(context.app, admin, idParam(params.id, "Event"));
  });
}
