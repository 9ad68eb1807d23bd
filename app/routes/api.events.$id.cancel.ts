import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { cancelOwnRegistration } from "~/modules/events/cancellation.server";

export const loader = () => jsonError(405, "Method not allowed");

/** POST: the member cancels their registration → {message, id, refund: {amount, status} | null}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return cancelOwnRegistration(context.app, user, idParam(params.id, "Event"));
  });
}
