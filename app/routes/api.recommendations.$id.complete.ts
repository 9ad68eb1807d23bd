import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { completeRecommendation } from "~/modules/recommendations/recommendations.server";

/** Mark as Complete: only the owner's pending recommendation (404 otherwise; 409 when no longer pending). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return completeRecommendation(context.app, user.id, idParam(params.id, "Recommendation"));
  });
}
