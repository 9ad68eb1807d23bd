import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput } from "~/lib/http.server";
import { queryOf, timelineQuery } from "~/modules/activities/schema";
import { getTimelineForApi } from "~/modules/activities/timeline.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return getTimelineForApi(context.app, user, parseInput(timelineQuery, queryOf(request.url)));
  });
}
