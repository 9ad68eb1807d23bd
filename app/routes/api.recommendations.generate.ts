import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { generateRecommendations } from "~/modules/recommendations/recommendations.server";
import { generateSchema } from "~/modules/recommendations/schema";

/** {sportTypes?, difficultyPreference?, targetImprovement} → the new pending recommendations (201). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const input = parseInput(generateSchema, await readJson(request));
    return Response.json(await generateRecommendations(context.app, user.id, input), { status: 201 });
  });
}
