import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { changeChallengeSharing } from "~/modules/challenges/challenges.server";
import { participationSharingSchema } from "~/modules/privacy/schema";

/** PATCH {shareActivities}: what other participants see of the member in this challenge. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { shareActivities } = parseInput(participationSharingSchema, await readJson(request));
    return changeChallengeSharing(context.app, user, idParam(params.id, "Challenge"), shareActivities);
  });
}
