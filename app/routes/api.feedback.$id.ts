import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { getOwnFeedback } from "~/modules/feedback/feedback.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return getOwnFeedback(context.app, user, idParam(params.id, "Feedback"));
  });
}
