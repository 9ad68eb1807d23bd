/**
 * Strava webhooks (https://developers.strava.com/docs/webhooks/). Strava does
 * not sign events, so an event is a hint, never an order
 * (docs/decisions/014-strava-webhook-trust.md):
 * - the callback path carries a secret (`/api/webhooks/strava/<secret>`,
 *   compared in constant time; 404 otherwise, and when the setting is missing);
 * - `subscription_id` must be the app's (`STRAVA_WEBHOOK_SUBSCRIPTION_ID`),
 *   and the athlete one of ours; anything else is answered 200 and ignored;
 * - create/update hints fold into at most one incremental sync per member per
 *   `WEBHOOK_FOLD_SECONDS` (one queue message per member per interval); an
 *   update of an activity we hold is read at once only from spare budget,
 *   else by the athlete's next read;
 * - delete and deauthorization hints are confirmed with Strava, with the
 *   member's token, before anything changes: at most
 *   `WEBHOOK_CHECKS_PER_INTERVAL` such reads per member per interval, and
 *   delete hints only for activities we hold.
 */
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { stravaConnections } from "~db/schema";
import { holdsStravaActivity } from "~/modules/activities/queries.server";
import type { AppContext } from "~workers/load-context";
import { sha256Hex, timingSafeEqual } from "~/lib/encoding";
import { AppError, jsonError, readJson } from "~/lib/http.server";
import {
  claimFoldedSync,
  foldSeconds,
  keepHintsPending,
  syncForHints,
  WEBHOOK_HINTS_PER_MEMBER,
} from "./sync.server";
import type { SyncMessage } from "./sync-messages";
import { spareReads } from "./cron.server";

/** Reads per member per fold interval spent confirming delete and deauthorization hints. */
export const WEBHOOK_CHECKS_PER_INTERVAL = 5;

/**
 * Strava wants a 200 within 2 s and retries otherwise. Noting a hint is a few
 * D1 statements and a queue send, done before the answer when they take less
 * than this; on a loaded database the answer goes out at this point and the
 * work finishes after it (waitUntil). See docs/decisions/027-sync-scheduler.md.
 */
export const WEBHOOK_ANSWER_MS = 1000;

const encoder = new TextEncoder();

/** Whether the path segment is the configured secret (constant time over SHA-256 digests; false when unset). */
export async function webhookPathAllowed(app: AppContext, secret: string | undefined): Promise<boolean> {
  const expected = app.env.STRAVA_WEBHOOK_PATH_SECRET;
  if (!expected || !secret) return false;
  const [a, b] = await Promise.all([sha256Hex(secret), sha256Hex(expected)]);
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}

export const webhookNotFound = () => jsonError(404, "Not found");

export function verifyWebhookSubscription(app: AppContext, url: URL): Response {
  const mode = url.searchParams.get("hub.mode");
  const token = url.searchParams.get("hub.verify_token");
  const challenge = url.searchParams.get("hub.challenge");
  if (
    mode !== "subscribe" ||
    !challenge ||
    !app.env.STRAVA_WEBHOOK_VERIFY_TOKEN ||
    token !== app.env.STRAVA_WEBHOOK_VERIFY_TOKEN
  ) {
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

const ignored = () => Response.json({ ok: true });

/** Validates the event, keeps only hints worth acting on, and answers 200 within WEBHOOK_ANSWER_MS. */
export async function handleWebhookEvent(app: AppContext, request: Request): Promise<Response> {
  // The shared JSON reader: at most 64 KB (413), malformed JSON 400; a Strava event is a few hundred bytes.
  const body = await readJson(request).catch((error: unknown) =>
    error instanceof AppError && error.status === 413 ? error : null,
  );
  if (body instanceof AppError) return body.toResponse();
  const parsed = eventSchema.safeParse(body);
  if (!parsed.success) return jsonError(400, "Invalid webhook event");
  const e = parsed.data;
  const subscriptionId = app.env.STRAVA_WEBHOOK_SUBSCRIPTION_ID;
  if (
    !subscriptionId ||
    e.subscription_id === undefined ||
    String(e.subscription_id) !== subscriptionId.trim()
  )
    return ignored();
  return answerWithin(app, WEBHOOK_ANSWER_MS, noteHint(app, e));
}

/**
 * Answers 200 once `work` is done or `ms` have passed, whichever comes first;
 * work still running then goes on after the answer. A failure before the
 * answer is thrown (a 500: Strava delivers the event again).
 */
async function answerWithin(app: AppContext, ms: number, work: Promise<unknown>): Promise<Response> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  let answered = false;
  app.waitUntil(
    work.catch((error: unknown) => {
      if (answered) console.error("webhook hint failed after the answer", error);
    }),
  );
  try {
    await Promise.race([work, late]);
  } finally {
    answered = true;
    clearTimeout(timer);
  }
  return ignored();
}

/** Records what the event asks for: a folded sync, or a confirmation read on the queue. */
async function noteHint(app: AppContext, e: z.infer<typeof eventSchema>): Promise<void> {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.athleteId, e.owner_id),
  });
  if (!connection) return; // not (or no longer) one of ours: no read
  const userId = connection.userId;

  if (e.object_type === "athlete") {
    // Only a deauthorization matters; it is confirmed with Strava on the queue.
    if (e.updates?.authorized !== "false" || e.object_id !== e.owner_id) return;
    if (await claimCheck(app, userId)) await app.env.SYNC_QUEUE.send(hintMessage(e));
    return;
  }
  if (e.aspect_type === "delete") {
    const held = await holdsStravaActivity(app, userId, e.object_id);
    if (held && (await claimCheck(app, userId))) await app.env.SYNC_QUEUE.send(hintMessage(e));
    return;
  }
  // A member whose token Strava refused cannot be synced until they reconnect.
  if (connection.tokenExpired) return;
  await recordHint(app, userId, e.object_id);
  // An edit of an activity we hold comes last: it waits for the athlete's next
  // read (a create's, or the cron's, which visits athletes with hints first)
  // unless the budget has reads nothing else wants. Its fields are never
  // applied from the hint: the read brings them (docs/decisions/027).
  if (
    e.aspect_type === "update" &&
    !connection.webhookSyncPending &&
    (await holdsStravaActivity(app, userId, e.object_id)) &&
    (await spareReads(app, 1)) < 1
  )
    return;
  await foldSync(app, userId);
}

function hintMessage(e: z.infer<typeof eventSchema>): SyncMessage {
  return {
    type: "webhook-event",
    objectType: e.object_type,
    aspectType: e.aspect_type,
    objectId: e.object_id,
    ownerId: e.owner_id,
    updates: e.updates,
  };
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Claims one confirmation read for the member in the current interval (one
 * conditional UPDATE, so concurrent events cannot exceed the cap).
 */
async function claimCheck(app: AppContext, userId: number): Promise<boolean> {
  const now = epoch(app.now());
  const lapsed = now - foldSeconds(app);
  const rows = await app.db.all<{ user_id: number }>(sql`
    UPDATE strava_connections SET
      webhook_checks = CASE WHEN webhook_checks_start IS NULL OR webhook_checks_start <= ${lapsed} THEN 1 ELSE webhook_checks + 1 END,
      webhook_checks_start = CASE WHEN webhook_checks_start IS NULL OR webhook_checks_start <= ${lapsed} THEN ${now} ELSE webhook_checks_start END
    WHERE user_id = ${userId}
      AND (webhook_checks_start IS NULL OR webhook_checks_start <= ${lapsed} OR webhook_checks < ${WEBHOOK_CHECKS_PER_INTERVAL})
    RETURNING user_id`);
  return rows.length > 0;
}

/**
 * Notes the hint: the athlete is not quiet (`last_webhook_at`, for the cron's
 * quiet-athlete refresh) and the activity waits for a read (`webhook_hints`,
 * answered in sync.server.ts; a newer hint for the same activity replaces the older). One statement; past WEBHOOK_HINTS_PER_MEMBER
 * unanswered hints the list becomes one overflow marker that no read answers,
 * so the folded sync still runs.
 */
async function recordHint(app: AppContext, userId: number, activityId: number): Promise<void> {
  const nowMs = app.now().getTime();
  const hint = JSON.stringify([activityId, nowMs]);
  await app.db.run(sql`
    UPDATE strava_connections SET
      last_webhook_at = ${Math.floor(nowMs / 1000)},
      webhook_hints = CASE
        WHEN json_array_length(webhook_hints) < ${WEBHOOK_HINTS_PER_MEMBER}
          OR EXISTS (SELECT 1 FROM json_each(webhook_hints) h WHERE json_extract(h.value, '$[0]') = ${activityId})
          THEN json_insert(
            (SELECT json_group_array(json(h.value)) FROM json_each(strava_connections.webhook_hints) h
              WHERE json_extract(h.value, '$[0]') <> ${activityId}),
            '$[#]', json(${hint}))
        ELSE json_array(json_array(0, ${nowMs})) END
    WHERE user_id = ${userId}`);
}

/**
 * Folds a create/update hint into the member's webhook sync: the first hint
 * of an interval starts an incremental sync at once; later ones set a pending
 * flag, and only the hint that sets it sends one delayed "webhook-sync"
 * message for the end of the interval.
 */
export async function foldSync(app: AppContext, userId: number): Promise<void> {
  if (await claimFoldedSync(app, userId)) {
    await syncForHints(app, userId);
    return;
  }
  await keepHintsPending(app, userId);
}
