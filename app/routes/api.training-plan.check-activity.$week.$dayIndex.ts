import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { checkWorkoutActivity } from "~/modules/wari/plan.server";
import { dayParam, WARI_MSG, weekParam } from "~/modules/wari/schema";

/** {hasMatchingActivity, message, date, workout, activity}: a ride on that workout's date. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const week = weekParam(params.week);
    const day = dayParam(params.dayIndex);
    if (week === null) return jsonError(404, WARI_MSG.weekNotFound);
    if (day === null) return jsonError(404, WARI_MSG.dayNotFound);
    return checkWorkoutActivity(context.app, user.id, week, day);
  });
}
