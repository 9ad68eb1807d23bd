import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { verifyPayment } from "~/modules/events/payment.server";
import { verifyPaymentSchema } from "~/modules/events/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** {orderId, paymentId, signature} from the checkout → the registration, now paid. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Event");
    return verifyPayment(context.app, user, id, parseInput(verifyPaymentSchema, await readJson(request)));
  });
}
