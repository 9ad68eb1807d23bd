/**
 * The sync engine's entry points for queue messages. The page-by-page
 * Strava backfill lands with the Strava issue; until then a message for a job
 * that no longer exists (or has finished) is a no-op, which keeps redelivery
 * idempotent.
 */
import { and, eq } from "drizzle-orm";
import { syncJobs, syncStatus } from "../../../db/schema";
import type { AppContext } from "../../../workers/load-context";
import type { SyncMessage } from "./sync-messages";

export async function processSyncMessage(app: AppContext, message: SyncMessage): Promise<void> {
  if (message.type === "sync-page") {
    const job = await app.db.query.syncJobs.findFirst({
      where: and(eq(syncJobs.id, message.jobId), eq(syncJobs.userId, message.userId)),
    });
    if (!job || job.status === "completed" || job.status === "error") return;
    throw new Error(`sync job ${job.id}: page sync is not available in this build`);
  }
  // Webhook events are applied by the Strava module (activity upsert/delete, deauthorization).
  throw new Error(`unsupported sync message ${message.type}`);
}

/** Called for messages that exhausted their retries: the member sees the error banner. */
export async function markSyncFailed(app: AppContext, message: SyncMessage, error: string): Promise<void> {
  if (message.type !== "sync-page") return;
  const now = app.now();
  await app.db.batch([
    app.db
      .update(syncJobs)
      .set({ status: "error", error, finishedAt: now })
      .where(eq(syncJobs.id, message.jobId)),
    app.db
      .update(syncStatus)
      .set({ state: "error", error, updatedAt: now })
      .where(and(eq(syncStatus.userId, message.userId), eq(syncStatus.currentJobId, message.jobId))),
  ]);
}
