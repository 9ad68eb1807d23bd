import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { requestMemberSync } from "~/modules/strava/member-sync.server";

/** A member asks for a sync of their own account (one at a time, once per 15 minutes: 429 with Retry-After inside it). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { job, started } = await requestMemberSync(context.app, user.id);
    return Response.json(
      { message: started ? "Sync started" : "A sync is already running", jobId: job.id },
      { status: started ? 202 : 200 },
    );
  });
}
