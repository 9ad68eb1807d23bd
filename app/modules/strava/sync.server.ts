/**
 * The Strava sync engine. A sync is a job row plus a chain of queue
 * messages, one page (up to 200 activities) each:
 *   message {page P} → fetch page P → map it to rows → one db.batch
 *   (activities' saveActivities): upsert the page, refresh what derives from
 *   the activities (challenge progress, the fitness profile), advance the job (nextPage = P + 1, counters) → send
 *   {page P + 1} unless the page was the last.
 * Redelivered messages (P < nextPage) are no-ops, so work is idempotent; a
 * chain broken by a crash between commit and send is resumed by the cron
 * watchdog. Rate limits and 5xx answers defer the same message with a delay;
 * only real errors reach the dead-letter queue and the member's error state.
 * See docs/decisions/003-strava-sync.md.
 */
import { and, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { stravaConnections, syncJobs, syncStatus, users, SYNC_TRIGGERS } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { newestActivityStart } from "~/modules/activities/queries.server";
import {
  deleteActivities,
  deleteStravaActivitiesStatements,
  saveActivities,
} from "~/modules/activities/store.server";
import { stravaPolylinesStatement } from "~/modules/activities/tracks.server";
import { toActivityRow, type StravaActivityJson } from "./activity-mapper";
import {
  StravaDeferred,
  StravaNotConnected,
  StravaNotFound,
  StravaUnauthorized,
  stravaGet,
} from "./client.server";
import { timeScale } from "./budget.server";
import { scaledSeconds, workClassFor } from "./scheduler";
import type { SyncMessage } from "./sync-messages";
import { batchSql, oneRow } from "~db/client";

export const PER_PAGE = 200;
/** Incremental syncs look this far behind the newest activity held, to pick up edits. */
export const RECHECK_WINDOW_SECONDS = 7 * 24 * 3600;
/** A running job with no progress for this long is resumed by the cron watchdog. */
export const STALE_JOB_SECONDS = 10 * 60;
/** Consecutive 5xx deferrals before the job is reported as failed. */
export const MAX_SERVER_ERRORS = 6;
/** Minimum time between two webhook-triggered syncs of one member (docs/decisions/014-strava-webhook-trust.md). */
export const WEBHOOK_FOLD_SECONDS = 10 * 60;

type Trigger = (typeof SYNC_TRIGGERS)[number];
type SyncPage = Extract<SyncMessage, { type: "sync-page" }>;
type WebhookEvent = Extract<SyncMessage, { type: "webhook-event" }>;

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);

/** The fold interval in real seconds (scaled only in the simulation). */
export const foldSeconds = (app: AppContext) => scaledSeconds(WEBHOOK_FOLD_SECONDS, timeScale(app));

/** At most this many unanswered create/update hints are kept per member (then one overflow marker). */
export const WEBHOOK_HINTS_PER_MEMBER = 20;

/**
 * The statement that answers the member's webhook hints with a read that
 * started at `readStartMs` and returned `ids`: a hint is answered when its
 * activity came back, or when it is older than a fold interval (an unknown
 * or older activity had its read). When none is left, the delayed folded
 * sync has nothing to do (docs/decisions/027-sync-scheduler.md).
 */
function answerHintsStatements(app: AppContext, userId: number, readStartMs: number, ids: number[]) {
  const expired = readStartMs - foldSeconds(app) * 1000;
  return [
    sql`UPDATE strava_connections SET webhook_hints = (
        SELECT json_group_array(json(h.value)) FROM json_each(strava_connections.webhook_hints) h
        WHERE NOT (json_extract(h.value, '$[1]') <= ${readStartMs}
          AND (json_extract(h.value, '$[0]') IN (SELECT value FROM json_each(${JSON.stringify(ids)}))
            OR json_extract(h.value, '$[1]') <= ${expired})))
      WHERE user_id = ${userId} AND webhook_hints <> '[]'`,
    sql`UPDATE strava_connections SET webhook_sync_pending = 0
      WHERE user_id = ${userId} AND webhook_sync_pending = 1 AND webhook_hints = '[]'`,
  ];
}

/**
 * Starts a sync for the member unless one is already under way (then that job
 * is returned). Backfill when nothing is held yet, incremental otherwise.
 * `enqueue: false` leaves page 1 to the caller, who runs it inline
 * (`runFirstPageInline`): one read of page 1, not a second one racing it on the queue.
 */
export async function startSync(
  app: AppContext,
  userId: number,
  trigger: Trigger,
  opts: { mode?: "backfill" | "incremental"; enqueue?: boolean } = {},
) {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.userId, userId),
  });
  if (!connection)
    throw new AppError(400, "Strava is not connected for this user", { code: "strava_not_connected" });
  const running = await app.db.query.syncJobs.findFirst({
    where: and(eq(syncJobs.userId, userId), inArray(syncJobs.status, ["queued", "running", "deferred"])),
    orderBy: desc(syncJobs.id),
  });
  if (running) return { job: running, started: false };

  const newest = await newestActivityStart(app, userId);
  const mode = opts.mode ?? (newest ? "incremental" : "backfill");
  const now = app.now();
  const job = oneRow(
    await app.db
      .insert(syncJobs)
      .values({
        userId,
        mode,
        initiatedBy: trigger,
        status: "queued",
        afterEpoch:
          mode === "incremental" && newest ? Math.max(0, epoch(newest) - RECHECK_WINDOW_SECONDS) : null,
        beforeEpoch: mode === "backfill" ? epoch(now) + 60 : null,
        updatedAt: now,
      })
      .returning(),
  );
  const statusValues = {
    state: "queued" as const,
    mode,
    error: null,
    progressCurrent: 0,
    progressTotal: 0,
    currentJobId: job.id,
    initiatedBy: trigger,
    startedAt: now,
    resumesAt: null,
    updatedAt: now,
  };
  await app.db
    .insert(syncStatus)
    .values({ userId, ...statusValues })
    .onConflictDoUpdate({ target: syncStatus.userId, set: statusValues });
  if (opts.enqueue !== false) await app.env.SYNC_QUEUE.send(firstPage(job));
  return { job, started: true };
}

const firstPage = (job: { id: number; userId: number }): SyncPage => ({
  type: "sync-page",
  userId: job.userId,
  jobId: job.id,
  page: 1,
});

/** The member's sync state when an inline first page failed for a reason the sync has no rule for. */
export const INLINE_SYNC_FAILED = "Sync failed. Please try again later.";

/**
 * Runs page 1 of a job started with `enqueue: false` in this request and
 * answers how many activities it saved; later pages follow on the queue.
 * Rate limits and 5xx answers are deferred to the queue as for any page;
 * any other failure ends the job in the error state (retrying an answer the
 * sync has no rule for would not change it) and is thrown for the caller to
 * report.
 */
export async function runFirstPageInline(app: AppContext, job: { id: number; userId: number }) {
  try {
    return await syncPage(app, firstPage(job));
  } catch (error) {
    await failJob(app, job.id, job.userId, INLINE_SYNC_FAILED);
    throw error;
  }
}

/** Applies one queue message. Throws only for real errors (the queue retries, then dead-letters). */
export async function processSyncMessage(app: AppContext, message: SyncMessage): Promise<void> {
  if (message.type === "sync-page") await syncPage(app, message);
  else if (message.type === "webhook-sync") await runFoldedSync(app, message.userId);
  else await applyWebhookEvent(app, message);
}

/** Fetches and stores one page; returns how many activities it saved (for inline admin syncs). */
export async function syncPage(app: AppContext, message: SyncPage): Promise<number> {
  const job = await app.db.query.syncJobs.findFirst({
    where: and(eq(syncJobs.id, message.jobId), eq(syncJobs.userId, message.userId)),
  });
  // Unknown, finished, or a redelivery of a page already stored: nothing to do.
  if (!job || job.status === "completed" || job.status === "error" || message.page < job.nextPage) return 0;
  if (message.page > job.nextPage)
    throw new Error(`sync job ${job.id}: page ${message.page} arrived before page ${job.nextPage}`);

  let page: StravaActivityJson[];
  const readStartMs = app.now().getTime();
  try {
    page = await stravaGet<StravaActivityJson[]>(
      app,
      job.userId,
      "/athlete/activities",
      {
        per_page: PER_PAGE,
        page: message.page,
        after: job.afterEpoch ?? undefined,
        before: job.beforeEpoch ?? undefined,
      },
      { priority: workClassFor(job.initiatedBy, job.mode, message.page) },
    );
  } catch (error) {
    await handleSyncFailure(app, job, message, error);
    return 0;
  }

  const last = page.length < PER_PAGE;
  const now = app.now();
  const saved = job.activitiesSaved + page.length;
  const rows = page.map((activity) => toActivityRow(job.userId, activity, now));
  await saveActivities(
    app,
    job.userId,
    rows,
    [
      sql`UPDATE sync_jobs SET next_page = ${message.page + 1}, pages_done = pages_done + 1,
        activities_saved = ${saved}, server_errors = 0, status = ${last ? "completed" : "running"},
        finished_at = ${last ? epoch(now) : null}, updated_at = ${epoch(now)}
      WHERE id = ${job.id} AND next_page = ${message.page} AND status <> 'error'`,
      sql`UPDATE sync_status SET state = ${last ? "completed" : "running"}, error = NULL, resumes_at = NULL,
        progress_current = ${saved}, progress_total = ${last ? saved : saved + PER_PAGE},
        last_sync_at = ${last ? epoch(now) : sql`last_sync_at`}, updated_at = ${epoch(now)}
      WHERE user_id = ${job.userId} AND current_job_id = ${job.id}`,
      ...stravaPolylinesStatement(app, job.userId, page),
      ...answerHintsStatements(
        app,
        job.userId,
        readStartMs,
        page.map((a) => a.id),
      ),
    ],
    // A disconnect while this page was in flight wins: its activities stay deleted.
    sql`EXISTS (SELECT 1 FROM strava_connections WHERE user_id = ${job.userId})`,
  );
  if (!last)
    await app.env.SYNC_QUEUE.send({
      type: "sync-page",
      userId: job.userId,
      jobId: job.id,
      page: message.page + 1,
    });
  return page.length;
}

async function handleSyncFailure(
  app: AppContext,
  job: typeof syncJobs.$inferSelect,
  message: SyncPage,
  error: unknown,
) {
  if (error instanceof StravaDeferred) {
    const serverErrors = error.reason === "server_error" ? job.serverErrors + 1 : job.serverErrors;
    if (serverErrors > MAX_SERVER_ERRORS) {
      await failJob(app, job.id, job.userId, "Strava is not responding. Please try again later.");
      return;
    }
    const now = app.now();
    // Waiting for Strava's rate limit or the app's budget: the member sees when it goes on.
    const waitsForWindow = error.reason === "rate_limited" || error.reason === "budget";
    const resumesAt = waitsForWindow ? new Date(now.getTime() + error.retryInSeconds * 1000) : null;
    await app.db.batch([
      app.db
        .update(syncJobs)
        .set({ status: "deferred", serverErrors, updatedAt: now })
        .where(eq(syncJobs.id, job.id)),
      app.db
        .update(syncStatus)
        .set({ state: "deferred", resumesAt, updatedAt: now })
        .where(and(eq(syncStatus.userId, job.userId), eq(syncStatus.currentJobId, job.id))),
    ]);
    // A new delayed message (not a retry): waiting for Strava's window does not use up retries.
    await app.env.SYNC_QUEUE.send(message, {
      delaySeconds: Math.min(43_200, Math.max(1, error.retryInSeconds)),
    });
    return;
  }
  if (error instanceof StravaUnauthorized || error instanceof StravaNotConnected) {
    await failJob(app, job.id, job.userId, error.message);
    return;
  }
  throw error;
}

async function failJob(app: AppContext, jobId: number, userId: number, error: string) {
  const now = app.now();
  await app.db.batch([
    app.db
      .update(syncJobs)
      .set({ status: "error", error, finishedAt: now, updatedAt: now })
      .where(eq(syncJobs.id, jobId)),
    app.db
      .update(syncStatus)
      .set({ state: "error", error, updatedAt: now })
      .where(and(eq(syncStatus.userId, userId), eq(syncStatus.currentJobId, jobId))),
  ]);
}

/** Called for messages that exhausted their retries: the member sees the error banner. */
export async function markSyncFailed(app: AppContext, message: SyncMessage, error: string): Promise<void> {
  if (message.type !== "sync-page") return;
  await failJob(app, message.jobId, message.userId, error);
}

const epochNow = (app: AppContext) => Math.floor(app.now().getTime() / 1000);

/**
 * Webhook hints, confirmed with Strava before anything changes
 * (docs/decisions/014-strava-webhook-trust.md): a delete removes the activity
 * only when Strava answers 404 for it with the member's token; a
 * deauthorization disconnects only when Strava refuses the member's token (401
 * and a refused refresh). Create/update hints start the folded sync.
 */
async function applyWebhookEvent(app: AppContext, event: WebhookEvent): Promise<void> {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.athleteId, event.ownerId),
  });
  if (!connection) return; // not (or no longer) one of ours
  const userId = connection.userId;
  const check = async (): Promise<boolean | null> => {
    try {
      await stravaGet(
        app,
        userId,
        event.objectType === "athlete" ? "/athlete" : `/activities/${event.objectId}`,
      );
      return false;
    } catch (error) {
      if (error instanceof StravaNotFound) return event.objectType === "activity";
      if (error instanceof StravaUnauthorized) return event.objectType === "athlete";
      if (error instanceof StravaDeferred) {
        await app.env.SYNC_QUEUE.send(event, {
          delaySeconds: Math.min(43_200, Math.max(1, error.retryInSeconds)),
        });
        return null;
      }
      if (error instanceof StravaNotConnected) return null;
      throw error;
    }
  };
  if (event.objectType === "athlete") {
    if (event.updates?.authorized === "false" && (await check())) await disconnectStrava(app, userId);
    return;
  }
  if (event.aspectType === "delete") {
    if (await check()) await deleteActivities(app, userId, [event.objectId]);
    return;
  }
  // Messages queued before folding existed: fold them like new hints.
  if (await claimFoldedSync(app, userId)) await startSync(app, userId, "webhook");
}

/** What a disconnect did: the Strava activities it deleted, or that they were kept by the member's agreement. */
export interface DisconnectResult {
  deletedActivities: number;
  kept: boolean;
}

/**
 * Removes the member's Strava link and tokens, clears `users.strava_id` and the Strava photo,
 * stops their queued and running sync jobs and, unless they agreed at connect
 * time to keep them (`users.keep_strava_activities_at`), deletes their Strava
 * activities with the "activities changed" statements (challenge progress,
 * fitness profile): all in ONE db.batch. Calls nothing at Strava: the in-app
 * disconnect revokes first (disconnect.server.ts), a confirmed webhook
 * deauthorization means Strava already has (docs/decisions/021).
 */
export async function disconnectStrava(app: AppContext, userId: number): Promise<DisconnectResult> {
  const user = await app.db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: { keepStravaActivitiesAt: true },
  });
  const kept = Boolean(user?.keepStravaActivitiesAt);
  const now = epoch(app.now());
  const results = await batchSql(app.env.DB, [
    ...(kept ? [] : deleteStravaActivitiesStatements(app, userId)),
    sql`DELETE FROM strava_connections WHERE user_id = ${userId}`,
    sql`UPDATE users SET strava_id = NULL, strava_photo_url = NULL, updated_at = ${now} WHERE id = ${userId}`,
    sql`UPDATE sync_jobs SET status = 'error', error = 'Strava was disconnected', finished_at = ${now},
        updated_at = ${now}
      WHERE user_id = ${userId} AND status IN ('queued', 'running', 'deferred')`,
    sql`UPDATE sync_status SET state = 'idle', error = NULL, current_job_id = NULL, resumes_at = NULL,
        progress_current = 0, progress_total = 0, updated_at = ${now}
      WHERE user_id = ${userId}`,
  ]);
  return { deletedActivities: kept ? 0 : (results[0]?.results.length ?? 0), kept };
}

/** STRAVA_QUIET_REFRESH_HOURS: hours of silence before the cron refreshes an athlete (default 24). */
export const DEFAULT_QUIET_REFRESH_HOURS = 24;
export function quietRefreshSeconds(app: AppContext): number {
  const raw = app.env.STRAVA_QUIET_REFRESH_HOURS;
  const hours = raw === undefined || raw === "" ? NaN : Number(raw);
  const value = Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_QUIET_REFRESH_HOURS;
  return scaledSeconds(value * 3600, timeScale(app));
}

/**
 * Reads the work already waiting will spend: one per running, queued or
 * deferred job page (at least), one per folded webhook sync on the queue.
 * One aggregate each over small indexed sets.
 */
export async function queuedReads(app: AppContext): Promise<number> {
  const row = await app.db.get<{ jobs: number; hooks: number }>(sql`
    SELECT (SELECT count(*) FROM sync_jobs WHERE status IN ('queued', 'running', 'deferred')) AS jobs,
      (SELECT count(*) FROM strava_connections WHERE webhook_sync_pending = 1) AS hooks`);
  return (row?.jobs ?? 0) + (row?.hooks ?? 0);
}

/**
 * Cron: resume chains whose next message was lost (no progress for a while),
 * then refresh athletes whose edit hints wait for a read (first), and quiet
 * athletes: no webhook and no sync for
 * STRAVA_QUIET_REFRESH_HOURS, oldest first, as many as `readsAvailable`
 * (each costs at least one read). An athlete whose webhooks keep arriving is
 * never polled: the webhooks keep them fresh.
 */
export async function refreshConnectedMembers(
  app: AppContext,
  opts: { maxMembers: number; readsAvailable: number },
) {
  // A real-time watchdog for lost messages, never scaled: a chain is never resumed while its message is on its way.
  const staleBefore = new Date(app.now().getTime() - STALE_JOB_SECONDS * 1000);
  const stale = await app.db
    .select()
    .from(syncJobs)
    .where(and(inArray(syncJobs.status, ["queued", "running"]), lt(syncJobs.updatedAt, staleBefore)))
    .limit(50);
  for (const job of stale) {
    await app.db.update(syncJobs).set({ updatedAt: app.now() }).where(eq(syncJobs.id, job.id));
    await app.env.SYNC_QUEUE.send({
      type: "sync-page",
      userId: job.userId,
      jobId: job.id,
      page: job.nextPage,
    });
  }

  const slots = Math.max(0, Math.min(opts.maxMembers, opts.readsAvailable));
  if (slots === 0) return { resumed: stale.length, started: 0 };
  const quietSince = epochNow(app) - quietRefreshSeconds(app);
  const lastHeard = sql`max(coalesce(${stravaConnections.lastWebhookAt}, 0), coalesce(${syncStatus.lastSyncAt}, 0))`;
  // Hints no read has answered: edits waiting for spare reads (no folded sync), and hints whose
  // folded sync should have run a fold interval ago (its message was lost, e.g. a failed queue
  // send after the webhook's answer): never left for the quiet refresh (decision 059).
  const lostSince = epochNow(app) - 2 * foldSeconds(app);
  const waitingEdits = sql`(${stravaConnections.webhookHints} <> '[]' AND (${stravaConnections.webhookSyncPending} = 0
    OR coalesce(${stravaConnections.webhookSyncAt}, 0) <= ${lostSince}))`;
  const candidates = await app.db
    .select({ userId: stravaConnections.userId })
    .from(stravaConnections)
    .leftJoin(syncStatus, eq(syncStatus.userId, stravaConnections.userId))
    .where(
      and(
        eq(stravaConnections.tokenExpired, false),
        sql`coalesce(${syncStatus.state}, 'idle') NOT IN ('queued', 'running', 'deferred')`,
        // Quiet athletes, and first those whose hints wait for a read (webhook.server.ts noteHint).
        or(sql`${lastHeard} <= ${quietSince}`, waitingEdits),
      ),
    )
    .orderBy(sql`CASE WHEN ${waitingEdits} THEN 0 ELSE 1 END`, lastHeard)
    .limit(slots);
  let started = 0;
  for (const { userId } of candidates) {
    if ((await startSync(app, userId, "cron")).started) started++;
  }
  return { resumed: stale.length, started };
}

/** Takes the member's webhook sync slot for this interval (conditional UPDATE); clears the pending flag. */
export async function claimFoldedSync(app: AppContext, userId: number): Promise<boolean> {
  const now = app.now();
  const lapsed = new Date(now.getTime() - foldSeconds(app) * 1000);
  const [claimed] = await app.db
    .update(stravaConnections)
    .set({ webhookSyncAt: now, webhookSyncPending: false })
    .where(
      and(
        eq(stravaConnections.userId, userId),
        eq(stravaConnections.tokenExpired, false),
        or(isNull(stravaConnections.webhookSyncAt), lte(stravaConnections.webhookSyncAt, lapsed)),
      ),
    )
    .returning({ userId: stravaConnections.userId });
  return Boolean(claimed);
}

/** The delayed message of a folded interval: start the sync now, or wait out what is left of the interval. */
export async function runFoldedSync(app: AppContext, userId: number): Promise<void> {
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.userId, userId),
  });
  if (!connection || !connection.webhookSyncPending) return;
  if (await claimFoldedSync(app, userId)) {
    await syncForHints(app, userId);
    return;
  }
  if (connection.tokenExpired) {
    await app.db
      .update(stravaConnections)
      .set({ webhookSyncPending: false })
      .where(eq(stravaConnections.userId, userId));
    return;
  }
  const dueAt = epoch(connection.webhookSyncAt ?? app.now()) + foldSeconds(app);
  await app.env.SYNC_QUEUE.send(
    { type: "webhook-sync", userId },
    { delaySeconds: Math.max(1, dueAt - epochNow(app)) },
  );
}

/**
 * Starts the webhook sync; when a sync is already running (a backfill, the
 * cron's refresh) its read may have come before these hints, so they stay
 * pending for one folded sync at the end of the interval.
 */
export async function syncForHints(app: AppContext, userId: number): Promise<void> {
  if ((await startSync(app, userId, "webhook")).started) return;
  await keepHintsPending(app, userId);
}

/** Sets the pending flag; only the hint that sets it sends the one delayed "webhook-sync" message. */
export async function keepHintsPending(app: AppContext, userId: number): Promise<void> {
  const [pending] = await app.db
    .update(stravaConnections)
    .set({ webhookSyncPending: true })
    .where(and(eq(stravaConnections.userId, userId), eq(stravaConnections.webhookSyncPending, false)))
    .returning({ webhookSyncAt: stravaConnections.webhookSyncAt });
  if (!pending) return; // a delayed sync is already on the queue
  const dueAt = epoch(pending.webhookSyncAt ?? app.now()) + foldSeconds(app);
  await app.env.SYNC_QUEUE.send(
    { type: "webhook-sync", userId },
    { delaySeconds: Math.max(1, dueAt - epochNow(app)) },
  );
}
