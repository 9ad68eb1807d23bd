import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { disconnectMember } from "~/modules/strava/disconnect.server";
import { disconnectBodySchema } from "~/modules/strava/schema";

export const loader = () => jsonError(405, "Method not allowed", {}, { Allow: "DELETE" });

/**
 * DELETE /api/user/strava: disconnect Strava (revoke at Strava, remove the
 * link and tokens, delete the Strava activities unless the member agreed to
 * keep them). Answers {deletedActivities, kept, revokedAtStrava}. A Strava-only
 * account sends `{"confirmNoSignIn": true}` (else 409 `only_sign_in`).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed", {}, { Allow: "DELETE" });
    const { confirmNoSignIn } = parseInput(disconnectBodySchema, await readJson(request));
    return disconnectMember(context.app, user.id, { confirmNoSignIn });
  });
}
