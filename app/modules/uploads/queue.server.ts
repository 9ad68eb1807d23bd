/**
 * The activity-uploads queue consumer: one message per stored upload. A
 * malformed message is acked and logged; a failure is retried with backoff,
 * and on the last attempt the upload is marked refused so the page stops waiting.
 */
import { eq } from "drizzle-orm";
import { uploads } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { uploadMessageSchema } from "./messages";
import { processUpload } from "./uploads.server";

export const UPLOAD_MAX_ATTEMPTS = 3;
export const UPLOAD_FAILED = "The file could not be processed. Please try again later.";

export async function handleUploadBatch(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = uploadMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed upload message", message.id);
      message.ack();
      continue;
    }
    try {
      await processUpload(app, parsed.data.uploadId);
      message.ack();
    } catch (error) {
      console.error("upload message failed", message.id, error);
      if (message.attempts >= UPLOAD_MAX_ATTEMPTS) {
        await app.db
          .update(uploads)
          .set({ status: "refused", message: UPLOAD_FAILED })
          .where(eq(uploads.id, parsed.data.uploadId));
        message.ack();
      } else message.retry({ delaySeconds: 10 * message.attempts });
    }
  }
}
