/** What the member sees of their Strava link and sync: one read of two rows. */
import { eq } from "drizzle-orm";
import { stravaConnections, syncStatus, type User } from "~db/schema";
import type { BatchItem } from "drizzle-orm/batch";
import type { BatchPart } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { memberSyncAvailableAt } from "./member-sync";
import { expectedHintRead, noteOpened } from "./hint-wait.server";

export interface SyncStatusView {
  completed: boolean;
  error: string | null;
  progress: { current: number; total: number };
  /** idle, queued, running, waiting (for Strava's rate limit / the app's budget), deferred (Strava errors), completed, error. */
  state: string;
  startedAt: string | null;
  lastSyncAt: string | null;
  /** While `state` is "waiting": when the next Strava window opens and the sync goes on (ISO). */
  resumesAt: string | null;
  /** While the member's "sync now" cooldown runs: when they can start a sync again (ISO). */
  nextSyncAt: string | null;
  /**
   * While a webhook sync or the member's "sync now" waits for the app's Strava
   * reads: when their latest activities are expected (ISO; decision 059), else null.
   */
  expectedBy: string | null;
}

export interface StravaStatus {
  connected: boolean;
  athleteId: number | null;
  /** The linked athlete's name (null for links made before it was kept). */
  athleteName: string | null;
  tokenExpired: boolean;
  /**
   * Since when the member agreed to keep their imported activities if they
   * disconnect Strava (ISO), or null: then a disconnect deletes them.
   */
  keepActivitiesSince: string | null;
  sync: SyncStatusView | null;
}

export function syncView(
  row: typeof syncStatus.$inferSelect | undefined,
  now: Date = new Date(),
): SyncStatusView {
  const waiting = row?.state === "deferred" && row.resumesAt !== null;
  const state = waiting ? "waiting" : (row?.state ?? "idle");
  const nextSync = memberSyncAvailableAt(row?.memberSyncAt ?? null);
  return {
    completed: state === "completed" || state === "idle",
    error: state === "error" ? (row?.error ?? "Unknown error") : null,
    progress: { current: row?.progressCurrent ?? 0, total: row?.progressTotal ?? 0 },
    state,
    startedAt: row?.startedAt?.toISOString() ?? null,
    lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
    resumesAt: waiting ? row.resumesAt!.toISOString() : null,
    nextSyncAt: nextSync && nextSync > now ? nextSync.toISOString() : null,
    expectedBy: null,
  };
}

/**
 * The view for a member who opened a page: notes the "opened" signal (at most
 * once per 15 minutes) and, when their hint read is deferred, when it is
 * expected (hint-wait.server.ts).
 */
async function memberView(
  app: AppContext,
  userId: number,
  row: typeof syncStatus.$inferSelect | undefined,
): Promise<SyncStatusView> {
  const view = syncView(row, app.now());
  if (!row) return view;
  await noteOpened(app, userId, row.openedAt);
  const hintWaits = row.initiatedBy === "webhook" || row.initiatedBy === "user";
  if (view.state === "waiting" && hintWaits && row.resumesAt)
    view.expectedBy = await expectedHintRead(app, userId, row.resumesAt);
  return view;
}

export async function getSyncStatus(app: AppContext, userId: number): Promise<SyncStatusView> {
  return memberView(
    app,
    userId,
    await app.db.query.syncStatus.findFirst({ where: eq(syncStatus.userId, userId) }),
  );
}

export async function getStravaStatus(app: AppContext, user: User): Promise<StravaStatus> {
  const part = stravaStatusPart(app, user);
  return part.assemble(await app.db.batch(part.statements));
}

/** The connection and sync status reads, as a part of a page's one batch (the dashboard). */
export function stravaStatusPart(
  app: AppContext,
  user: Pick<User, "id" | "keepStravaActivitiesAt">,
): BatchPart<StravaStatus> & { statements: [BatchItem<"sqlite">, BatchItem<"sqlite">] } {
  return {
    statements: [
      app.db.select().from(stravaConnections).where(eq(stravaConnections.userId, user.id)).limit(1),
      app.db.select().from(syncStatus).where(eq(syncStatus.userId, user.id)).limit(1),
    ],
    assemble: async (results) => {
      const [[connection], [sync]] = results as [
        (typeof stravaConnections.$inferSelect)[],
        (typeof syncStatus.$inferSelect)[],
      ];
      return {
        connected: Boolean(connection),
        athleteId: connection?.athleteId ?? null,
        athleteName: connection?.athleteName ?? null,
        tokenExpired: connection?.tokenExpired ?? false,
        keepActivitiesSince: user.keepStravaActivitiesAt?.toISOString() ?? null,
        sync: connection ? await memberView(app, user.id, sync) : null,
      };
    },
  };
}
