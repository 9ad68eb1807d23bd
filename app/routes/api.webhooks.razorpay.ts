import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, jsonError } from "~/lib/http.server";
import { handleRazorpayWebhook } from "~/modules/events/razorpay-webhook.server";

export const loader = () => jsonError(405, "Method not allowed");

/** Razorpay's webhook: no session, no same-origin rule (origin.server.ts exempts /api/webhooks/); trusted by its signature only. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(() => handleRazorpayWebhook(context.app, request));
}
