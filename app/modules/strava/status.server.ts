/** What the member sees of their Strava link and sync: one read of two rows. */
import { eq } from "drizzle-orm";
import { stravaConnections, syncStatus, type User } from "../../../db/schema";
import type { AppContext } from "../../../workers/load-context";

export interface SyncStatusView {
  completed: boolean;
  error: string | null;
  progress: { current: number; total: number };
  state: string;
  startedAt: string | null;
  lastSyncAt: string | null;
}

export interface StravaStatus {
  connected: boolean;
  athleteId: number | null;
  tokenExpired: boolean;
  sync: SyncStatusView | null;
}

export function syncView(row: typeof syncStatus.$inferSelect | undefined): SyncStatusView {
  const state = row?.state ?? "idle";
  return {
    completed: state === "completed" || state === "idle",
    error: state === "error" ? (row?.error ?? "Unknown error") : null,
    progress: { current: row?.progressCurrent ?? 0, total: row?.progressTotal ?? 0 },
    state,
    startedAt: row?.startedAt?.toISOString() ?? null,
    lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
  };
}

export async function getSyncStatus(app: AppContext, userId: number): Promise<SyncStatusView> {
  return syncView(await app.db.query.syncStatus.findFirst({ where: eq(syncStatus.userId, userId) }));
}

export async function getStravaStatus(app: AppContext, user: User): Promise<StravaStatus> {
  const [connection, sync] = await Promise.all([
    app.db.query.stravaConnections.findFirst({ where: eq(stravaConnections.userId, user.id) }),
    app.db.query.syncStatus.findFirst({ where: eq(syncStatus.userId, user.id) }),
  ]);
  return {
    connected: Boolean(connection),
    athleteId: connection?.athleteId ?? null,
    tokenExpired: connection?.tokenExpired ?? false,
    sync: connection ? syncView(sync) : null,
  };
}
