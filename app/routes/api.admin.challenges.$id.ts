import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { patchChallenge, setChallengeActive } from "~/modules/challenges/challenges.server";
import { activeSchema } from "~/modules/challenges/schema";

/**
 * PATCH {isActive}: activate or deactivate a challenge. Any other field
 * (goalType, target, minPerDay, sportTypes, title, …) changes just those
 * fields, checked like a whole challenge (issue #39 item 1).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    const id = idParam(params.id, "Challenge");
    const body = await readJson(request);
    if (
      body &&
      typeof body === "object" &&
      !Array.isArray(body) &&
      Object.keys(body).some((k) => k !== "isActive")
    )
      return patchChallenge(context.app, id, body as Record<string, unknown>);
    const { isActive } = parseInput(activeSchema, body);
    return setChallengeActive(context.app, id, isActive);
  });
}
