import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { joinChallenge } from "~/modules/challenges/challenges.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return Response.json(await joinChallenge(context.app, user, idParam(params.id, "Challenge")), {
      status: 201,
    });
  });
}
