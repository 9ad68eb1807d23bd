/** Admin view and control of Strava syncs (spec part 2 section 7). */
import { and, asc, eq, sql } from "drizzle-orm";
import { stravaConnections, syncStatus, users } from "~db/schema";
import { memberActivityTotals } from "~/modules/activities/queries.server";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { syncView } from "../strava/status.server";
import { runFirstPageInline, startSync } from "../strava/sync.server";
import { schedulerStatus } from "../strava/scheduler-status.server";

export type { SchedulerStatus } from "../strava/scheduler-status.server";

/**
 * GET /api/admin/strava-sync-status: the members' rows (the spec's answer);
 * with `?include=scheduler`, `{ members, scheduler }` where `scheduler` is
 * what the tab's summary shows (queue, reads per window, a new member's wait).
 */
export async function syncStatusApi(app: AppContext, url: URL) {
  if (url.searchParams.get("include") !== "scheduler") return listSyncStatus(app);
  const [members, scheduler] = await Promise.all([listSyncStatus(app), schedulerStatus(app)]);
  return { members, scheduler };
}

export { schedulerStatus };

/** One row per member with a Strava link or a sync record. */
export async function listSyncStatus(app: AppContext) {
  const rows = await app.db
    .select({
      userId: users.id,
      username: users.username,
      email: users.email,
      stravaId: users.stravaId,
      status: syncStatus,
    })
    .from(users)
    .leftJoin(syncStatus, eq(syncStatus.userId, users.id))
    .where(sql`${users.stravaId} IS NOT NULL OR ${syncStatus.userId} IS NOT NULL`)
    .orderBy(asc(users.username));
  return rows.map((r) => {
    const view = syncView(r.status ?? undefined, app.now());
    return {
      userId: r.userId,
      username: r.username,
      email: r.email,
      stravaId: r.stravaId,
      syncStatus: {
        completed: view.completed,
        error: view.error,
        state: view.state,
        progress: view.progress,
        lastSyncAt: view.lastSyncAt,
        resumesAt: view.resumesAt,
        initiatedBy: r.status?.initiatedBy ?? null,
      },
    };
  });
}

async function requireUserRow(app: AppContext, userId: number) {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!user) throw new AppError(404, "User not found");
  return user;
}

/** Per-member statistics: link, token expiry, counts and totals by type (SQL aggregates). */
export async function userSyncStats(app: AppContext, userId: number) {
  const user = await requireUserRow(app, userId);
  const [connection, status, { totals, byType }] = await Promise.all([
    app.db.query.stravaConnections.findFirst({ where: eq(stravaConnections.userId, userId) }),
    app.db.query.syncStatus.findFirst({ where: eq(syncStatus.userId, userId) }),
    memberActivityTotals(app, userId),
  ]);
  return {
    userId,
    username: user.username,
    stravaConnected: Boolean(connection),
    stravaId: user.stravaId,
    tokenExpired: connection?.tokenExpired ?? false,
    totalActivities: totals?.total ?? 0,
    latestActivityDate: totals?.latest ? new Date(totals.latest).toISOString() : null,
    lastSyncAt: status?.lastSyncAt?.toISOString() ?? null,
    stravaTokenExpiry: connection?.expiresAt.toISOString() ?? null,
    syncStatus: syncView(status, app.now()),
    activityTypes: byType.map((t) => ({
      type: t.type,
      count: t.count,
      totalDistance: Number(t.totalDistance ?? 0),
    })),
  };
}

/**
 * Starts a sync for the member and runs its first page inline, so the answer
 * can say how many activities were saved; further pages continue on the queue.
 * Page 1 is read once, here (it used to be queued too, a second read racing this one).
 */
export async function adminSyncUser(app: AppContext, userId: number) {
  await requireUserRow(app, userId);
  const { job, started } = await startSync(app, userId, "admin", { enqueue: false });
  const savedActivities = started ? await runFirstPageInline(app, job) : 0;
  const after = await app.db.query.syncStatus.findFirst({ where: and(eq(syncStatus.userId, userId)) });
  return {
    message: started
      ? `Successfully synced ${savedActivities} new activities`
      : "A sync is already running for this user",
    savedActivities,
    jobId: job.id,
    syncStatus: syncView(after),
  };
}
