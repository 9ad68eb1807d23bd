import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { listOwnFeedback } from "~/modules/feedback/feedback.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => ({
    feedback: await listOwnFeedback(context.app, await requireVerifiedUser(context.app, request)),
  }));
}
