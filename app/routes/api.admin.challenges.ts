import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { createChallenge } from "~/modules/challenges/challenges.server";
import { challengeInputSchema } from "~/modules/challenges/schema";

/** POST: create a challenge of any goal kind (issue #39 item 1); the same body as POST /api/challenges. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    const input = parseInput(challengeInputSchema, await readJson(request));
    return Response.json(await createChallenge(context.app, admin, input), { status: 201 });
  });
}
