import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { initializePayment } from "~/modules/events/register.server";
import { initializePaymentSchema } from "~/modules/events/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** {name, email, phone, emergencyContact, amount} → {orderId, amount, currency, keyId, registration}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Event");
    return initializePayment(
      context.app,
      user,
      id,
      parseInput(initializePaymentSchema, await readJson(request)),
    );
  });
}
