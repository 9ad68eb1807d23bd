/**
 * A member's own "sync now": at most one per MEMBER_SYNC_COOLDOWN_SECONDS, so
 * one person cannot drain the app-wide Strava budget. The cooldown is claimed
 * with one conditional upsert on sync_status (concurrent requests cannot both
 * pass). Admin-started syncs do not go through here.
 */
import { eq, sql } from "drizzle-orm";
import { stravaConnections, syncStatus } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, appErrorStatus, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { MEMBER_SYNC_COOLDOWN_SECONDS, memberSyncAvailableAt } from "./member-sync";
import { startSync } from "./sync.server";
import { noteOpened } from "./hint-wait.server";

export function cooldownMessage(minutes: number): string {
  return `You can sync with Strava once every 15 minutes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

export async function requestMemberSync(app: AppContext, userId: number) {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.userId, userId),
  });
  if (!connection)
    throw new AppError(400, "Strava is not connected for this user", { code: "strava_not_connected" });

  const now = app.now();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const [claimed] = await app.db
    .insert(syncStatus)
    .values({ userId, memberSyncAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: syncStatus.userId,
      set: { memberSyncAt: now },
      setWhere: sql`${syncStatus.memberSyncAt} IS NULL OR ${syncStatus.memberSyncAt} <= ${nowSeconds - MEMBER_SYNC_COOLDOWN_SECONDS}`,
    })
    .returning({ userId: syncStatus.userId });
  if (!claimed) {
    const row = await app.db.query.syncStatus.findFirst({ where: eq(syncStatus.userId, userId) });
    const availableAt = memberSyncAvailableAt(row?.memberSyncAt ?? now) ?? now;
    const retryAfter = Math.max(1, Math.ceil((availableAt.getTime() - now.getTime()) / 1000));
    throw new AppError(
      429,
      cooldownMessage(Math.ceil(retryAfter / 60)),
      { code: "sync_cooldown", nextSyncAt: availableAt.toISOString() },
      { "Retry-After": String(retryAfter) },
    );
  }
  try {
    const { job, started } = await startSync(app, userId, "user");
    // A sync already under way costs the member nothing: give the cooldown back.
    if (!started) await releaseCooldown(app, userId, nowSeconds);
    // Asking is opening the app: the "opened" signal (at most once per 15 minutes), which
    // also wakes a hint read of theirs that waits for a later window (decision 059).
    await noteOpened(app, userId, null);
    return { job, started };
  } catch (error) {
    await releaseCooldown(app, userId, nowSeconds);
    throw error;
  }
}

async function releaseCooldown(app: AppContext, userId: number, claimedAtSeconds: number) {
  await app.db.run(
    sql`UPDATE sync_status SET member_sync_at = NULL WHERE user_id = ${userId} AND member_sync_at = ${claimedAtSeconds}`,
  );
}

/** The Strava page's "Sync now" form (works without JavaScript): redirect with a toast, or the refusal as a form error. */
export async function memberSyncFromForm(app: AppContext, userId: number, returnTo: string) {
  let started: boolean;
  try {
    ({ started } = await requestMemberSync(app, userId));
  } catch (error) {
    const status = appErrorStatus(error);
    if (status === null || status >= 500) throw error;
    const { message, headers } = replyFromError(error);
    return Response.json({ error: message }, { status, headers });
  }
  return redirectWithToast(app, returnTo, {
    title: started ? "Sync started" : "A sync is already running",
    variant: "success",
  });
}
