/**
 * A test seam, reachable only with ENABLE_TEST_PAGES (never in production):
 * links the signed-in member to a Strava athlete whose tokens the caller
 * registered with the provider fakes (POST /_control/strava/tokens), then runs
 * the backfill's pages in this request with the sync's own code (`syncPage`)
 * instead of through the queue. The end-to-end tests start from a synced
 * member this way instead of waiting on the local queue; the connect journey
 * itself (OAuth, queue, banner) stays in tests/e2e/strava.spec.ts.
 */
import { z } from "zod";
import type { AppContext } from "~workers/load-context";
import { saveStravaConnection } from "./connection.server";
import { PER_PAGE, startSync, syncPage } from "./sync.server";

export const testStravaMemberSchema = z.object({
  athleteId: z.number().int().positive(),
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresAt: z.number().int().positive(),
  keepActivities: z.boolean().default(false),
});

/** Answers how many activities the backfill saved. */
export async function connectAndBackfillInline(
  app: AppContext,
  userId: number,
  input: z.infer<typeof testStravaMemberSchema>,
): Promise<{ activities: number }> {
  const nowSeconds = Math.floor(app.now().getTime() / 1000);
  await saveStravaConnection(
    app,
    userId,
    {
      token_type: "Bearer",
      access_token: input.accessToken,
      refresh_token: input.refreshToken,
      expires_at: input.expiresAt,
      expires_in: input.expiresAt - nowSeconds,
      athlete: { id: input.athleteId },
    },
    "read,activity:read_all,profile:read_all",
    input.keepActivities,
  );
  const { job } = await startSync(app, userId, "connect", { mode: "backfill", enqueue: false });
  let activities = 0;
  // A full page queues the next one as well; the job's own page counter makes the two runs agree.
  for (let page = 1; ; page++) {
    const saved = await syncPage(app, { type: "sync-page", userId, jobId: job.id, page });
    activities += saved;
    if (saved < PER_PAGE) return { activities };
  }
}
