/**
 * The activity-uploads queue consumer: one message per stored upload. A
 * malformed message is acked and logged; a failure is retried with backoff,
 * and on the last attempt the upload is marked refused (its file deleted) so
 * the page stops waiting. A consumer that dies instead of throwing (out of
 * memory or CPU on a hostile file) never reaches that catch: after the
 * retries the message lands on the dead-letter queue (wrangler.toml), whose
 * consumer here does the same. The cron sweeps what both missed
 * (failStaleUploads).
 */
import type { AppContext } from "~workers/load-context";
import { uploadMessageSchema } from "./messages";
import { backfillTracks, failUpload, processUpload } from "./uploads.server";

export const UPLOAD_MAX_ATTEMPTS = 3;
export const UPLOAD_FAILED = "The file could not be processed. Please try again later.";
export const UPLOAD_CRASHED =
  "The file could not be processed: reading it stopped before the end. Please upload a smaller file.";
/** The dead-letter queue's name ends so (wrangler.toml: activity-uploads-dlq). */
export const DEAD_LETTER_SUFFIX = "-dlq";

export async function handleUploadBatch(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  const deadLetter = batch.queue.endsWith(DEAD_LETTER_SUFFIX);
  for (const message of batch.messages) {
    const parsed = uploadMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed upload message", message.id);
      message.ack();
      continue;
    }
    const body = parsed.data;
    if (body.type === "backfill-tracks") {
      try {
        await backfillTracks(app, body.afterId);
        message.ack();
      } catch (error) {
        console.error("track backfill step failed", message.id, error);
        if (message.attempts >= UPLOAD_MAX_ATTEMPTS || deadLetter) message.ack();
        else message.retry({ delaySeconds: 10 * message.attempts });
      }
      continue;
    }
    if (deadLetter) {
      console.error("upload message dead-lettered", message.id, body.uploadId);
      await failUpload(app, body.uploadId, UPLOAD_CRASHED);
      message.ack();
      continue;
    }
    try {
      await processUpload(app, body.uploadId);
      message.ack();
    } catch (error) {
      console.error("upload message failed", message.id, error);
      if (message.attempts >= UPLOAD_MAX_ATTEMPTS) {
        await failUpload(app, body.uploadId, UPLOAD_FAILED);
        message.ack();
      } else message.retry({ delaySeconds: 10 * message.attempts });
    }
  }
}
