import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { memberTimeZone } from "~/lib/time-zone";
import { editManualActivity, removeManualActivity } from "~/modules/uploads/manual.server";
import { manualEntrySchema } from "~/modules/uploads/schema";

export const loader = () => jsonError(405, "Method not allowed");

/**
 * One of the member's own manual entries (404 for another's or a non-manual activity).
 * PUT: the whole entry again, as for POST /api/activities/manual (400 with the field's message, 409 duplicate).
 * DELETE: removes it.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE" && request.method !== "PUT") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Manual activity");
    if (request.method === "DELETE") return removeManualActivity(context.app, user, id);
    const input = parseInput(manualEntrySchema(memberTimeZone(user)), await readJson(request));
    return editManualActivity(context.app, user, id, input);
  });
}
