import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { setEventActive } from "~/modules/events/events.server";
import { activeSchema } from "~/modules/events/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** PATCH {isActive}: activate or deactivate an event. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    const { isActive } = parseInput(activeSchema, await readJson(request));
    return setEventActive(context.app, idParam(params.id, "Event"), isActive);
  });
}
