import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { activityTrackForApi } from "~/modules/activities/tracks.server";

/** GET /api/activities/{id}/track: the activity's track as the viewer may see it (decision 050); 404 otherwise. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return activityTrackForApi(context.app, user, idParam(params.id, "Activity"));
  });
}
