import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { markRefundedByHand } from "~/modules/events/refunds.server";
import { markRefundedSchema } from "~/modules/events/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** POST {note}: a failed refund settled outside the app becomes processed, with the admin's note (decision 030). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const { note } = parseInput(markRefundedSchema, await readJson(request));
    return markRefundedByHand(
      context.app,
      admin,
      idParam(params.id, "Event"),
      idParam(params.refundId, "Refund"),
      note,
    );
  });
}
