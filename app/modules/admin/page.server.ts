/**
 * The admin pages' adapters `(ctx, admin, input)`: the routes guard and parse
 * the address, these read the data and run the intents. /admin reads only
 * the selected tab's data; its action's intents live by area in `actions/`
 * and call the same module functions as the /api routes.
 */
import { data } from "@remix-run/cloudflare";
import { count, eq } from "drizzle-orm";
import { z } from "zod";
import { feedback, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { appErrorStatus, replyFromError, requireFound } from "~/lib/http.server";
import { publicUser } from "~/modules/auth/auth.server";
import {
  balanceTeams,
  challengeView,
  leaderboardPage,
  listChallenges,
  progressAudit,
  recalculateChallengeProgress,
  requireChallenge,
  setParticipantProgress,
  teamBoard,
} from "~/modules/challenges/challenges.server";
import { progressPercent } from "~/modules/challenges/rules";
import { progressSchema } from "~/modules/challenges/schema";
import { whyItCounted } from "~/modules/challenges/why.server";
import { listEvents } from "~/modules/events/events.server";
import { adminEditions } from "~/modules/wari/editions.server";
import { healthReport } from "~/modules/health/health.server";
import { reportedComments } from "~/modules/club/feed.server";
import { FEEDBACK_STATUSES } from "~/modules/feedback/schema";
import { challengeActions } from "./actions/challenges.server";
import { eventActions } from "./actions/events.server";
import {
  answer,
  answerAreaIntent,
  answerIntent,
  parseIntent,
  recordId,
  requestFailed,
  UNKNOWN_ACTION,
  unknownAction,
  type AdminFormInput,
} from "./actions/reply.server";
import { healthActions } from "./actions/health.server";
import { clubActions } from "./actions/club.server";
import { userActions } from "./actions/users.server";
import { wariActions } from "./actions/wari.server";
import {
  activitiesByType,
  activityCountBuckets,
  activityTrends,
  distanceBuckets,
  distanceQuantiles,
  participationOverTime,
  userActivitiesReport,
  userParticipation,
} from "./reports.server";
import { progressListQuerySchema, userListQuerySchema } from "./schema";
import { adminSyncUser, listSyncStatus, schedulerStatus, userSyncStats } from "./strava-sync.server";
import { tabOf } from "./tabs";
import { listUsers, userActivities, userChallenges, userEvents, userSportSummary } from "./users.server";

export type { AdminActionResult } from "./actions/reply.server";

/** The user dashboard lists this many newest activities. */
export const USER_PAGE_ACTIVITIES = 5;

/** A failed read shows the tab's error (with Retry) instead of taking the page down. */
async function attempt<T>(what: string, promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    console.error(`admin: ${what} failed`, error);
    return null;
  }
}

async function feedbackCounts(app: AppContext) {
  const rows = await app.db
    .select({ status: feedback.status, n: count() })
    .from(feedback)
    .groupBy(feedback.status);
  return Object.fromEntries(
    FEEDBACK_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.n ?? 0]),
  ) as Record<(typeof FEEDBACK_STATUSES)[number], number>;
}

async function analysis(app: AppContext) {
  const [byType, trends, participation, overTime, perUser] = await Promise.all([
    attempt("activities by type", activitiesByType(app)),
    attempt("activity trends", activityTrends(app)),
    attempt("participation", userParticipation(app)),
    attempt("participation over time", participationOverTime(app)),
    attempt("user activities", userActivitiesReport(app)),
  ]);
  return {
    byType,
    trends,
    participation,
    overTime,
    perUser,
    distribution: perUser ? distanceBuckets(perUser.users) : null,
    /** The chart's buckets: the community's quantiles (the 50 km steps stay as the report's table). */
    quantiles: perUser ? distanceQuantiles(perUser.users) : null,
    countDistribution: perUser ? activityCountBuckets(perUser.users) : null,
  };
}

/** /admin?tab=…: the selected tab's data; a tab whose read fails shows its error instead. */
export async function adminPage(app: AppContext, admin: User, { url }: { url: URL }) {
  const tab = tabOf(url);
  const base = { tab, adminId: admin.id };
  switch (tab) {
    case "users": {
      const parsed = userListQuerySchema.safeParse({
        search: url.searchParams.get("q") ?? "",
        page: url.searchParams.get("page") ?? 1,
      });
      const query = parsed.success ? parsed.data : userListQuerySchema.parse({});
      return { ...base, users: { query, list: await attempt("users", listUsers(app, query)) } };
    }
    case "events":
      return { ...base, events: await attempt("events", listEvents(app, admin)) };
    case "challenges":
      return { ...base, challenges: await attempt("challenges", listChallenges(app)) };
    case "wari":
      return { ...base, wari: await attempt("Wari editions", adminEditions(app)) };
    case "feedback":
      return { ...base, feedback: await attempt("feedback counts", feedbackCounts(app)) };
    case "sync":
      return {
        ...base,
        sync: await attempt("sync status", listSyncStatus(app)),
        scheduler: await attempt("sync scheduler", schedulerStatus(app)),
      };
    case "analysis":
      return { ...base, analysis: await analysis(app) };
    case "club":
      return { ...base, club: await attempt("reported comments", reportedComments(app)) };
    case "health":
      return { ...base, health: await attempt("health", healthReport(app)) };
    default:
      return base;
  }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPage>>;

// ---- the /admin action ---------------------------------------------------------

/**
 * One intent of the /admin form. Its area (Users and Sync, Challenges, Events, Wari)
 * parses the whole form with its zod union and runs it; an intent no area
 * owns is a 400 'Unknown action'.
 */
export async function adminAction(app: AppContext, admin: User, input: AdminFormInput) {
  const intent = String(input.form.get("intent") ?? "");
  return (
    answerAreaIntent(userActions, app, admin, input, intent) ??
    answerAreaIntent(challengeActions, app, admin, input, intent) ??
    answerAreaIntent(eventActions, app, admin, input, intent) ??
    answerAreaIntent(wariActions, app, admin, input, intent) ??
    answerAreaIntent(healthActions, app, admin, input, intent) ??
    answerAreaIntent(clubActions, app, admin, input, intent) ??
    answer(app, input, { ok: false, intent, title: "Error", message: UNKNOWN_ACTION }, 400)
  );
}

// ---- /admin/users/{id} ---------------------------------------------------------

/** The user dashboard of member `id` (404 'User not found' when there is none). */
export async function adminUserPage(app: AppContext, admin: User, { id }: { id: number }) {
  const user = requireFound(await app.db.query.users.findFirst({ where: eq(users.id, id) }), "User");
  const [summary, recent, challenges, events, sync] = await Promise.all([
    userSportSummary(app, id),
    userActivities(app, id, USER_PAGE_ACTIVITIES, admin.id),
    userChallenges(app, id),
    userEvents(app, id),
    userSyncStats(app, id).then(
      (stats) => ({ stats, error: null }),
      (error: unknown) => {
        const { message } = replyFromError(error, requestFailed(500), {
          context: "admin: user sync statistics",
        });
        return { stats: null, error: `Error fetching Strava sync statistics: ${message}` };
      },
    ),
  ]);
  return {
    user: publicUser(user),
    summary,
    recent,
    challenges,
    events,
    sync: sync.stats,
    syncError: sync.error,
  };
}

/** The panel's "Sync now": an admin sync of member `id`. */
export async function adminUserAction(
  app: AppContext,
  _admin: User,
  { id, ...input }: AdminFormInput & { id: number },
) {
  return answerIntent(
    app,
    input,
    "sync-user",
    async () => ({ title: "Sync Initiated", message: (await adminSyncUser(app, id)).message }),
    ({ message }) => ({ title: `Error syncing Strava activities: ${message}`, message: "" }),
  );
}

// ---- /admin/challenges/{id} ----------------------------------------------------

/** The challenge's progress page (404 'Challenge not found' when there is none). */
export async function adminChallengePage(
  app: AppContext,
  admin: User,
  { id, url }: { id: number; url: URL },
) {
  const row = await requireChallenge(app, id).catch((error: unknown) => {
    if (appErrorStatus(error) === 404) return null;
    throw error;
  });
  const challenge = challengeView(requireFound(row, "Challenge"));
  const parsed = progressListQuerySchema.safeParse({
    q: url.searchParams.get("q") ?? "",
    page: url.searchParams.get("page") ?? 1,
  });
  const query = parsed.success ? parsed.data : progressListQuerySchema.parse({});
  // ?why={userId}: that participant's "why it counted" list beside the correction form (issue #39 item 4).
  const whyUser = Number(url.searchParams.get("why"));
  const [board, audit, why, teams] = await Promise.all([
    leaderboardPage(app, id, query),
    progressAudit(app, id),
    Number.isSafeInteger(whyUser) && whyUser > 0 ? whyItCounted(app, admin, id, whyUser) : null,
    teamBoard(app, id),
  ]);
  return {
    challenge,
    query,
    entries: board.entries.map((e) => ({
      ...e,
      percent: progressPercent(e.progress, challenge.target),
    })),
    why,
    /** The team board (members and total per team), for "Balance teams"; [] without teams. */
    teams,
    total: board.total,
    pages: board.pages,
    audit: audit.slice(0, 20).map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
  };
}

const challengePageIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("recalculate") }),
    z.object({ intent: z.literal("balance-teams") }),
    progressSchema.extend({ intent: z.literal("progress"), userId: recordId }),
  ],
  unknownAction,
);

/** Recalculate everyone's progress, balance the teams, or correct one participant's progress (audited). */
export async function adminChallengeAction(
  app: AppContext,
  admin: User,
  { id, form }: { id: number; form: FormData },
) {
  const posted = form.get("intent");
  const intent = posted === "recalculate" || posted === "balance-teams" ? posted : "progress";
  try {
    const input = parseIntent(challengePageIntentSchema, form);
    if (input.intent === "recalculate") {
      const result = await recalculateChallengeProgress(app, id);
      return { ok: true, intent, message: result.message };
    }
    if (input.intent === "balance-teams") {
      const result = await balanceTeams(app, id);
      return { ok: true, intent, message: result.message };
    }
    await setParticipantProgress(app, admin, id, input.userId, input.progress);
    return { ok: true, intent, message: "Progress updated" };
  } catch (error) {
    const { status, message } = replyFromError(error, requestFailed(500), { context: `admin ${intent}` });
    return data({ ok: false, intent, message }, { status });
  }
}
