/**
 * The dashboard page (/dashboard, and / for a signed-in member): a module of
 * its own because it composes others (activities' stats, timeline and list,
 * the Strava connection for the button and sync banner, the recommendations
 * card), so none of them has to import another for it. The same functions as
 * the /api routes, run together. The route guards; this adapter takes the user.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import type { BatchItem } from "drizzle-orm/batch";
import type { BatchPart } from "~db/client";
import { recentActivitiesPart, toActivityRow } from "~/modules/activities/list.server";
import { queryOf, timelineQuery } from "~/modules/activities/schema";
import { dashboardStatsPart } from "~/modules/activities/stats.server";
import { timelinePart } from "~/modules/activities/timeline.server";
import { highlightsPart } from "~/modules/activities/highlights.server";
import { stravaStatusPart } from "~/modules/strava/status.server";
import { myParticipationsPart } from "~/modules/challenges/challenges.server";
import { editionsPart } from "~/modules/wari/editions.server";
import type { Edition } from "~/modules/wari/edition";
import { finisherBadgesPart } from "~/modules/wari/results.server";
import { clubFeed } from "~/modules/club/feed.server";

/** The club feed's items on the dashboard (issue #41: a short version of /club). */
export const DASHBOARD_FEED_ITEMS = 3;

export const RECENT_ACTIVITIES = 3;

/** Everything the dashboard shows for `user`; `url` carries the timeline's ?period/?chart choices. */
export async function loadDashboard(app: AppContext, user: User, url: URL) {
  // Bad timeline values in the address fall back to the defaults (the /api answers them 400).
  const parsed = timelineQuery.safeParse(queryOf(url));
  const timelineParams = parsed.success ? parsed.data : timelineQuery.parse({});
  const editions = editionsPart(app);
  let editionRows: Edition[] = [];
  const parts = {
    stats: dashboardStatsPart(app, user.id),
    timeline: timelinePart(app, user.id, timelineParams),
    recent: recentActivitiesPart(app, user.id, RECENT_ACTIVITIES),
    strava: stravaStatusPart(app, user),
    challenges: myParticipationsPart(app, user.id),
    highlights: highlightsPart(app, user.id),
    wari: {
      statements: editions.statements,
      assemble: async (results: unknown[]) => {
        const read = await editions.assemble(results);
        editionRows = read.editions;
        return read.labels;
      },
    },
    wariBadges: finisherBadgesPart(app, user.id, () => editionRows),
  };
  // The club feed reads its comments after its items, so it runs beside the batch.
  const [{ stats, timeline, recent, strava, challenges, highlights, wari, wariBadges }, club] =
    await Promise.all([
      loadParts(app, parts),
      clubFeed(app, user, { limit: DASHBOARD_FEED_ITEMS }).catch((error: unknown) => {
        console.error("dashboard: club feed failed", error);
        return null;
      }),
    ]);
  if (!stats) throw new Error("dashboard: the stats failed");
  return {
    username: user.username,
    stats,
    timeline,
    recent: recent?.map(toActivityRow) ?? null,
    strava,
    /** Challenges the member completed (issue #20 item 3: a badge on the dashboard), newest end first. */
    completedChallenges: (challenges ?? [])
      .filter((p) => p.completedAt !== null || p.percent >= 100)
      // When the goal was reached and the final value (issue #39 item 6, the trigger of migration 0027).
      .map((p) => ({
        id: p.challengeId,
        title: p.challenge.title,
        endDate: p.challenge.endDate,
        completedAt: p.completedAt,
        progress: p.progress,
        measure: p.challenge.goalType,
      })),
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

type Parts = Record<string, BatchPart<unknown>>;
type Loaded<P extends Parts> = { [K in keyof P]: Awaited<ReturnType<P[K]["assemble"]>> | null };

/**
 * Every part's statements in one D1 batch (one round trip; eight calls side by side were
 * served one after another, decision 047), each part assembled from its own slice in the
 * order given (a later part may use an earlier one's result). A card whose data failed shows
 * the spec's message instead of taking the page down: if the batch fails, each part runs
 * alone, and a part that fails is null.
 */
async function loadParts<P extends Parts>(app: AppContext, parts: P): Promise<Loaded<P>> {
  const entries = Object.entries(parts);
  const all = entries.flatMap(([, part]) => part.statements) as [BatchItem<"sqlite">];
  let results: unknown[] | null = null;
  try {
    results = await app.db.batch(all);
  } catch (error) {
    console.error("dashboard: the batch failed, reading each card alone", error);
  }
  const loaded: Record<string, unknown> = {};
  let offset = 0;
  for (const [name, part] of entries) {
    const own = results?.slice(offset, offset + part.statements.length);
    offset += part.statements.length;
    try {
      loaded[name] = await part.assemble(
        own ?? (await app.db.batch(part.statements as [BatchItem<"sqlite">])),
      );
    } catch (error) {
      console.error(`dashboard: ${name} failed`, error);
      loaded[name] = null;
    }
  }
  return loaded as Loaded<P>;
}

export type DashboardData = Awaited<ReturnType<typeof loadDashboard>>;
