import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { balanceTeams } from "~/modules/challenges/challenges.server";

/** POST: spread a team challenge's participants over its teams by recent volume (decision 049). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return balanceTeams(context.app, idParam(params.id, "Challenge"));
  });
}
