import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { leaderboard } from "~/modules/challenges/challenges.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return leaderboard(context.app, idParam(params.id, "Challenge"), user.id);
  });
}
