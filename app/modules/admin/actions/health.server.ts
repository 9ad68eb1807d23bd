/**
 * The Health tab's retry (issue #41 item 4, decision 054): the same function
 * serves POST /api/admin/health/retry and the tab's form (intent health-retry).
 * Where a retry makes sense: a dead letter goes back on its queue, a failed
 * digest is queued again (its member's range of one), a Strava sync runs as an admin sync, a
 * failed refund goes to Razorpay again. Event e-mails retry on their own (cron).
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { buildDigests, queueDigestRange } from "~/modules/digest/digest.server";
import { istWeekNamed } from "~/modules/digest/rules";
import { retryRefund } from "~/modules/events/refunds.server";
import {
  claimDeadLetter,
  FAILURE_LABELS,
  RETRYABLE,
  releaseDeadLetter,
} from "~/modules/health/health.server";
import { adminSyncUser } from "../strava-sync.server";
import { recordId, unknownAction, type AdminActionArea } from "./reply.server";

export const NOTHING_TO_RETRY = "Nothing to retry: it was sent again already or it is gone";
const KIND_MSG = `kind must be one of: ${RETRYABLE.join(", ")}`;

export const retrySchema = z.object({
  kind: z.enum(RETRYABLE as [string, ...string[]], { errorMap: () => ({ message: KIND_MSG }) }),
  id: recordId,
});
export type RetryInput = z.infer<typeof retrySchema>;

/** The queue a dead-letter queue's messages came from (wrangler.toml). */
function queueOf(app: AppContext, deadLetterQueue: string): Queue<unknown> | null {
  const origin = deadLetterQueue.replace(/-dlq$/, "");
  if (origin === "strava-sync") return app.env.SYNC_QUEUE as Queue<unknown>;
  if (origin === "activity-uploads") return app.env.UPLOAD_QUEUE as Queue<unknown>;
  if (origin === "digests") return app.env.DIGEST_QUEUE as Queue<unknown>;
  return null;
}

/** Sends one failed thing again → {message}; 404 when there is nothing of that kind and id to retry. */
export async function retryFailure(
  app: AppContext,
  admin: User,
  input: RetryInput,
): Promise<{ message: string }> {
  switch (input.kind) {
    case "dead_letter": {
      const letter = await claimDeadLetter(app, input.id);
      if (!letter) throw new AppError(404, NOTHING_TO_RETRY);
      const queue = queueOf(app, letter.queue);
      if (!queue) {
        await releaseDeadLetter(app, input.id);
        throw new AppError(409, `No queue takes the messages of ${letter.queue}`);
      }
      try {
        await queue.send(letter.body);
      } catch (error) {
        await releaseDeadLetter(app, input.id);
        throw error;
      }
      return { message: `The message is back on ${letter.queue.replace(/-dlq$/, "")}` };
    }
    case "digest": {
      const [row] = await app.db.all<{ week: string }>(sql`
        SELECT week FROM digest_sends WHERE user_id = ${input.id} AND status = 'failed' ORDER BY week DESC LIMIT 1`);
      if (!row) throw new AppError(404, NOTHING_TO_RETRY);
      const digests = await buildDigests(app, istWeekNamed(row.week), input.id, input.id);
      if (!digests.length) throw new AppError(409, "The member no longer gets the digest");
      await queueDigestRange(app, row.week, input.id, input.id);
      return { message: `The digest of ${row.week} is queued again` };
    }
    case "strava_sync":
      return { message: (await adminSyncUser(app, input.id)).message };
    case "refund": {
      const [row] = await app.db.all<{ event_id: number | null }>(
        sql`SELECT event_id FROM event_refunds WHERE id = ${input.id} AND status = 'failed'`,
      );
      if (!row?.event_id) throw new AppError(404, NOTHING_TO_RETRY);
      const result = await retryRefund(app, admin, row.event_id, input.id);
      return { message: result.message };
    }
    default:
      throw new AppError(400, KIND_MSG);
  }
}

const healthIntentSchema = z.discriminatedUnion(
  "intent",
  [retrySchema.extend({ intent: z.literal("health-retry") })],
  unknownAction,
);

export const healthActions: AdminActionArea<z.infer<typeof healthIntentSchema>> = {
  schema: healthIntentSchema,
  async run(app, admin, input) {
    const { message } = await retryFailure(app, admin, input);
    return { title: `${FAILURE_LABELS[input.kind as keyof typeof FAILURE_LABELS]}: sent again`, message };
  },
  failure: { "health-retry": ({ message }) => ({ title: "Retry failed", message }) },
};
