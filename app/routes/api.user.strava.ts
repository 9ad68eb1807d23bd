import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { disconnectMember } from "~/modules/strava/disconnect.server";

export const loader = () => jsonError(405, "Method not allowed", {}, { Allow: "DELETE" });

/**
 * DELETE /api/user/strava: disconnect Strava (revoke at Strava, remove the
 * link and tokens, delete the Strava activities unless the member agreed to
 * keep them). Answers {deletedActivities, kept, revokedAtStrava}.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed", {}, { Allow: "DELETE" });
    return disconnectMember(context.app, user.id);
  });
}
