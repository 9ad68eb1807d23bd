import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput } from "~/lib/http.server";
import { listActivitiesForApi } from "~/modules/activities/list.server";
import { activityListQuery, queryOf } from "~/modules/activities/schema";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const query = parseInput(activityListQuery, queryOf(request.url));
    return listActivitiesForApi(context.app, user, query);
  });
}
