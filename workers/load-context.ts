/**
 * One typed context for every entry point: Remix loaders/actions (production
 * `fetch` and the Vite dev proxy), the queue consumer and the cron handler all
 * call `createAppContext` and pass the result down. No module-level state.
 */
import type { SQL } from "drizzle-orm";
// Relative, not ~/: vite.config.ts loads this file (getLoadContext) without the aliases,
// so these two files and what they import must use relative paths or packages only.
import { heatmapChangedStatement } from "../app/modules/activities/heatmap.server";
import { ACTIVITY_SUMMARY_STATEMENTS } from "../app/modules/activities/summaries.server";
import { refreshMemberProgress } from "../app/modules/challenges/progress.server";
import { CLUB_MILESTONE_STATEMENTS } from "../app/modules/club/milestones-sql.server";
import { markFitnessProfileStale } from "../app/modules/recommendations/profile-stale.server";
import { markTrainingLoadStale } from "../app/modules/wari/load-stale.server";
import { createDb, type Db } from "../db/client";
import type { Env } from "./env";

/**
 * What derives from a member's activities, refreshed by
 * `~/modules/activities/store.server` in the same db.batch as every write of
 * the activities table. Composed here, above the modules, so `activities`
 * needs to import none of them (they read activities through it).
 */
export const ACTIVITIES_CHANGED: readonly ((userId: number) => SQL)[] = [
  refreshMemberProgress,
  markFitnessProfileStale,
  markTrainingLoadStale,
  // The dashboard's day totals and records (issue #36), rebuilt for the member.
  ...ACTIVITY_SUMMARY_STATEMENTS,
  // The club feed's goal percentages and personal bests (decision 051), after progress and records.
  ...CLUB_MILESTONE_STATEMENTS,
  // The member's heatmaps are drawn again on their next view (issue #36).
  heatmapChangedStatement,
];

export interface AppContext {
  env: Env;
  db: Db;
  /** Keep background work (e-mail, queue sends) alive after the response. */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The clock, injectable for tests. */
  now: () => Date;
  /**
   * Answers shared by the loaders of one incoming GET/HEAD request (root and
   * route loaders run together and need the same signed-in user). Absent for
   * requests that run an action, whose loaders must see the action's writes.
   */
  requestMemo?: Map<string, Promise<unknown>>;
  /**
   * The nonce of this request's Content-Security-Policy (workers/app.ts), given
   * to the page's inline scripts by app/entry.server.tsx. Absent under
   * `npm run dev` (Vite sends no CSP) and outside requests.
   */
  cspNonce?: string;
  /** The "activities changed" statements (ACTIVITIES_CHANGED): challenge progress, the fitness profile, Wari's training load, the activity summaries. */
  activitiesChanged: readonly ((userId: number) => SQL)[];
}

declare module "@remix-run/cloudflare" {
  interface AppLoadContext {
    app: AppContext;
  }
}

export function createAppContext(
  env: Env,
  waitUntil?: (promise: Promise<unknown>) => void,
  request?: Request,
  cspNonce?: string,
): AppContext {
  const readOnly = request?.method === "GET" || request?.method === "HEAD";
  return {
    ...(readOnly ? { requestMemo: new Map() } : {}),
    ...(cspNonce ? { cspNonce } : {}),
    env,
    db: createDb(env.DB),
    waitUntil:
      waitUntil ??
      ((promise) => void promise.catch((error) => console.error("background task failed", error))),
    now: () => new Date(),
    activitiesChanged: ACTIVITIES_CHANGED,
  };
}

interface CloudflareContext {
  cloudflare: { env: Env; ctx: { waitUntil(promise: Promise<unknown>): void } };
}

/** Used by workers/app.ts and by `cloudflareDevProxyVitePlugin` in vite.config.ts. */
export function getLoadContext({ request, context }: { request: Request; context: CloudflareContext }) {
  const { env, ctx } = context.cloudflare;
  return { app: createAppContext(env, (promise) => ctx.waitUntil(promise), request) };
}
