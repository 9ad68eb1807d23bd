import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { removeRegistration } from "~/modules/events/events.server";

export const loader = () => jsonError(405, "Method not allowed");

/** DELETE: an admin removes a member's registration from the event (it is released, kept for history). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
    return removeRegistration(
      context.app,
      idParam(params.id, "Event"),
      idParam(params.registrationId, "Registration"),
    );
  });
}
