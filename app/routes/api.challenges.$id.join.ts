import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput, readJson } from "~/lib/http.server";
import { joinChallenge } from "~/modules/challenges/challenges.server";
import { joinSharingSchema } from "~/modules/privacy/schema";

/** Optional body {shareActivities}: what other participants will see (default: the profile's choice). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { shareActivities } = parseInput(joinSharingSchema, await readJson(request));
    return Response.json(
      await joinChallenge(context.app, user, idParam(params.id, "Challenge"), shareActivities),
      { status: 201 },
    );
  });
}
