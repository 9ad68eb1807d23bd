import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { setChallengeActive } from "~/modules/challenges/challenges.server";
import { activeSchema } from "~/modules/challenges/schema";

/** PATCH {isActive}: activate or deactivate a challenge. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    const { isActive } = parseInput(activeSchema, await readJson(request));
    return setChallengeActive(context.app, idParam(params.id, "Challenge"), isActive);
  });
}
