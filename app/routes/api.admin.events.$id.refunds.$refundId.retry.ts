import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { retryRefund } from "~/modules/events/refunds.server";

export const loader = () => jsonError(405, "Method not allowed");

/** POST: sends a failed refund to Razorpay again → {message, refund}; 409 unless it failed (decision 030). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    return retryRefund(context.app, admin, idParam(params.id, "Event"), idParam(params.refundId, "Refund"));
  });
}
