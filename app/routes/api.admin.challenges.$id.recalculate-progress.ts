import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { recalculateChallengeProgress } from "~/modules/challenges/challenges.server";

export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return recalculateChallengeProgress(context.app, idParam(params.id, "Challenge"));
  });
}
