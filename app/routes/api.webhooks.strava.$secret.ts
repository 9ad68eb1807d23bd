import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  handleWebhookEvent,
  verifyWebhookSubscription,
  webhookNotFound,
  webhookPathAllowed,
} from "~/modules/strava/webhook.server";

/**
 * Strava's subscription handshake (GET) and events (POST, answered at once) at
 * /api/webhooks/strava/<STRAVA_WEBHOOK_PATH_SECRET>; any other secret is 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!(await webhookPathAllowed(context.app, params.secret))) return webhookNotFound();
  return verifyWebhookSubscription(context.app, new URL(request.url));
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (!(await webhookPathAllowed(context.app, params.secret))) return webhookNotFound();
  return handleWebhookEvent(context.app, request);
}
