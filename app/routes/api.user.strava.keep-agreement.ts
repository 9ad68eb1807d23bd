import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { withdrawKeepAgreement } from "~/modules/strava/disconnect.server";

export const loader = () => jsonError(405, "Method not allowed", {}, { Allow: "DELETE" });

/**
 * DELETE /api/user/strava/keep-agreement: withdraw "Keep my imported
 * activities if I disconnect Strava". After a disconnect that kept them, the
 * kept Strava activities are deleted. Answers {deletedActivities}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed", {}, { Allow: "DELETE" });
    return withdrawKeepAgreement(context.app, user.id);
  });
}
