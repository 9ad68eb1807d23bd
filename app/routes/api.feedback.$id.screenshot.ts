import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { screenshotResponse } from "~/modules/feedback/feedback.server";

/** The screenshot, for its author and admins (the pages' <img> use this address too). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return screenshotResponse(context.app, user, idParam(params.id, "Feedback"));
  });
}
