import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { updateWeekProgress } from "~/modules/wari/plan.server";
import { progressSchema, WARI_MSG, weekParam } from "~/modules/wari/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** {completedWorkouts: ["week{n}_day{index}_{type}", …]} → {message, week, progress: {completedWorkouts}}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const week = weekParam(params.week);
    if (week === null) return jsonError(404, WARI_MSG.weekNotFound);
    const { completedWorkouts } = parseInput(progressSchema, await readJson(request));
    return updateWeekProgress(context.app, user.id, week, completedWorkouts);
  });
}
