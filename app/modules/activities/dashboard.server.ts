/**
 * Everything the dashboard page shows (/dashboard, and / for a signed-in
 * member): the same stats, timeline and list functions as the /api routes,
 * run together, plus the Strava connection for the button and sync banner.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { requireVerifiedUser } from "~/lib/guards.server";
import { getStravaStatus } from "~/modules/strava/status.server";
import { listActivities } from "./list.server";
import { queryOf, timelineQuery } from "./schema";
import { getDashboardStats } from "./stats.server";
import { getTimeline } from "./timeline.server";

export const RECENT_ACTIVITIES = 3;

/** A card whose data failed shows the spec's message instead of taking the page down. */
async function settle<T>(what: string, promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(`dashboard: ${what} failed`, error);
    return null;
  }
}

export async function dashboardData(app: AppContext, user: User, request: Request) {
  const url = new URL(request.url);
  // Bad timeline values in the address fall back to the defaults (the /api answers them 400).
  const parsed = timelineQuery.safeParse(queryOf(url));
  const timelineParams = parsed.success ? parsed.data : timelineQuery.parse({});
  const [stats, timeline, recent, strava] = await Promise.all([
    getDashboardStats(app, user),
    settle("timeline", getTimeline(app, user, timelineParams)),
    settle("recent activities", listActivities(app, user, { page: 1, limit: RECENT_ACTIVITIES })),
    settle("strava status", getStravaStatus(app, user)),
  ]);
  return {
    username: user.username,
    stats,
    timeline,
    recent: recent?.activities ?? null,
    strava,
    shareUrl: `${url.origin}${url.pathname}`,
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;

export async function loadDashboard(app: AppContext, request: Request): Promise<DashboardData> {
  return dashboardData(app, await requireVerifiedUser(app, request), request);
}
