/**
 * The Strava sync queue consumer. Every message is acked or retried
 * explicitly: malformed messages are acked and logged (retrying cannot fix
 * them), failures are retried with backoff, and messages arriving on the
 * dead-letter queue put the member's sync into the error state.
 */
import type { AppContext } from "~workers/load-context";
import { markSyncFailed, processSyncMessage } from "./sync.server";
import { syncMessageSchema, type SyncMessage } from "./sync-messages";

export const DEAD_LETTER_SUFFIX = "-dlq";

/** Exponential backoff for transient failures, capped at 15 minutes. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(900, 15 * 2 ** Math.max(0, attempts - 1));
}

export async function handleSyncBatch(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  const deadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const message of batch.messages) {
    const parsed = syncMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed sync message", message.id, parsed.error.issues[0]?.message);
      message.ack();
      continue;
    }
    try {
      if (deadLetter) {
        await markSyncFailed(app, parsed.data, "Sync failed after several attempts. Please try again later.");
      } else {
        await processSyncMessage(app, parsed.data as SyncMessage);
      }
      message.ack();
    } catch (error) {
      console.error("sync message failed", message.id, error);
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts) });
    }
  }
}
