import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput, readJson } from "~/lib/http.server";
import { joinChallenge } from "~/modules/challenges/challenges.server";
import { joinBodySchema } from "~/modules/challenges/schema";

/**
 * Optional body {shareActivities, teamId}: what other participants will see (default: the profile's
 * choice) and, in a team challenge, the team (issue #39 item 2).
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { shareActivities, teamId } = parseInput(joinBodySchema, await readJson(request));
    return Response.json(
      await joinChallenge(context.app, user, idParam(params.id, "Challenge"), shareActivities, teamId),
      { status: 201 },
    );
  });
}
