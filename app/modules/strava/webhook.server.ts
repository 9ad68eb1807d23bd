/**
 * Strava webhooks (https://developers.strava.com/docs/webhooks/): the GET
 * handshake echoes hub.challenge when hub.verify_token matches; POSTed events
 * are validated, queued and answered 200 at once (Strava wants it within 2 s).
 */
import { z } from "zod";
import type { AppContext } from "../../../workers/load-context";
import { jsonError } from "~/lib/http.server";
import type { SyncMessage } from "./sync-messages";

export function verifyWebhookSubscription(app: AppContext, url: URL): Response {
  const mode = url.searchParams.get("hub.mode");
  const token = url.searchParams.get("hub.verify_token");
  const challenge = url.searchParams.get("hub.challenge");
  if (mode !== "subscribe" || !challenge || !app.env.STRAVA_WEBHOOK_VERIFY_TOKEN || token !== app.env.STRAVA_WEBHOOK_VERIFY_TOKEN) {
    return jsonError(403, "Verification failed");
  }
  return Response.json({ "hub.challenge": challenge });
}

const eventSchema = z.object({
  object_type: z.enum(["activity", "athlete"]),
  object_id: z.number().int(),
  aspect_type: z.enum(["create", "update", "delete"]),
  owner_id: z.number().int(),
  subscription_id: z.number().int().optional(),
  event_time: z.number().int().optional(),
  updates: z.record(z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional(),
});

export async function handleWebhookEvent(app: AppContext, request: Request): Promise<Response> {
  const parsed = eventSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return jsonError(400, "Invalid webhook event");
  const e = parsed.data;
  const message: SyncMessage = {
    type: "webhook-event",
    objectType: e.object_type,
    aspectType: e.aspect_type,
    objectId: e.object_id,
    ownerId: e.owner_id,
    updates: e.updates,
  };
  await app.env.SYNC_QUEUE.send(message);
  return Response.json({ ok: true });
}
