/**
 * The dashboard page (/dashboard, and / for a signed-in member): a module of
 * its own because it composes others (activities' stats, timeline and list,
 * the Strava connection for the button and sync banner, the recommendations
 * card), so none of them has to import another for it. The same functions as
 * the /api routes, run together. The route guards; this adapter takes the user.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { listActivities, toActivityRow } from "~/modules/activities/list.server";
import { queryOf, timelineQuery } from "~/modules/activities/schema";
import { getDashboardStats } from "~/modules/activities/stats.server";
import { getTimeline } from "~/modules/activities/timeline.server";
import { getHighlights } from "~/modules/activities/highlights.server";
import { getStravaStatus } from "~/modules/strava/status.server";
import { myParticipations } from "~/modules/challenges/challenges.server";
import { wariLabels } from "~/modules/wari/editions.server";
import { finisherBadges } from "~/modules/wari/results.server";
import { clubFeed } from "~/modules/club/feed.server";

/** The club feed's items on the dashboard (issue #41: a short version of /club). */
export const DASHBOARD_FEED_ITEMS = 3;

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

/** Everything the dashboard shows for `user`; `url` carries the timeline's ?period/?chart choices. */
export async function loadDashboard(app: AppContext, user: User, url: URL) {
  // Bad timeline values in the address fall back to the defaults (the /api answers them 400).
  const parsed = timelineQuery.safeParse(queryOf(url));
  const timelineParams = parsed.success ? parsed.data : timelineQuery.parse({});
  const [stats, timeline, recent, strava, challenges, highlights, wari, wariBadges, club] = await Promise.all(
    [
      getDashboardStats(app, user),
      settle("timeline", getTimeline(app, user, timelineParams)),
      settle("recent activities", listActivities(app, user, { page: 1, limit: RECENT_ACTIVITIES })),
      settle("strava status", getStravaStatus(app, user)),
      settle("challenges", myParticipations(app, user)),
      settle("highlights", getHighlights(app, user.id)),
      settle("wari edition", wariLabels(app)),
      settle("wari badges", finisherBadges(app, user.id)),
      settle("club feed", clubFeed(app, user, { limit: DASHBOARD_FEED_ITEMS })),
    ],
  );
  return {
    username: user.username,
    stats,
    timeline,
    recent: recent?.activities.map(toActivityRow) ?? null,
    strava,
    /** Challenges the member completed (issue #20 item 3: a badge on the dashboard), newest end first. */
    completedChallenges: (challenges ?? [])
      .filter((p) => p.percent >= 100)
      .map((p) => ({ id: p.challengeId, title: p.challenge.title, endDate: p.challenge.endDate })),
    /** Personal records, this year against last, the weekly strip (issue #20 item 8); null if they failed. */
    highlights,
    shareUrl: `${url.origin}${url.pathname}`,
    /** The current Wari edition's button ('Wari 2026 Challenge'). */
    wariButton: wari?.button ?? "Wari Challenge",
    /** The Wari editions the member finished (issue #38 item 5): a badge each. */
    wariBadges: wariBadges ?? [],
    /** The club feed's newest items (issue #41); null if it failed. */
    club: club?.items ?? null,
    isAdmin: user.isAdmin,
  };
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
