import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { handleWebhookEvent, verifyWebhookSubscription } from "~/modules/strava/webhook.server";

/** Strava's subscription handshake (GET) and events (POST, answered at once; the work is queued). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return verifyWebhookSubscription(context.app, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return handleWebhookEvent(context.app, request);
}
