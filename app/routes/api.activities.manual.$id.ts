import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { removeManualActivity } from "~/modules/uploads/manual.server";

export const loader = () => jsonError(405, "Method not allowed");

/** DELETE: one of the member's own manual entries (404 for another's or a non-manual activity). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return removeManualActivity(context.app, user, idParam(params.id, "Manual activity"));
  });
}
