import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { removeRegistration } from "~/modules/events/lifecycle.server";

export const loader = () => jsonError(405, "Method not allowed");

/** DELETE: an admin removes a member's registration from the event (it is released, kept for history, and what was paid is refunded in full). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
    return removeRegistration(
      context.app,
      admin,
      idParam(params.id, "Event"),
      idParam(params.registrationId, "Registration"),
    );
  });
}
