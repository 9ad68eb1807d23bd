import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { checkIn, checkInInputSchema } from "~/modules/events/check-in.server";

export const loader = () => jsonError(405, "Method not allowed");

/** POST {code}: checks the registration in (once, only for this event) → {message, id, name, checkedInAt}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const { code } = parseInput(checkInInputSchema, await readJson(request));
    return checkIn(context.app, admin, idParam(params.id, "Event"), { code });
  });
}
