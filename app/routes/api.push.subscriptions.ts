import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { deletePushSubscription, savePushSubscription } from "~/modules/notifications/notifications.server";
import { pushSubscriptionSchema, pushUnsubscribeSchema } from "~/modules/notifications/schema";

/**
 * POST {endpoint, keys: {p256dh, auth}} (the browser's PushSubscription.toJSON()): Web Push on
 * for this device (201). DELETE {endpoint}: off for this device (docs/decisions/053-web-push.md).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const body = await readJson(request);
    if (request.method === "DELETE")
      return deletePushSubscription(context.app, user, parseInput(pushUnsubscribeSchema, body).endpoint);
    const saved = await savePushSubscription(context.app, user, parseInput(pushSubscriptionSchema, body));
    return Response.json(saved, { status: 201 });
  });
}
