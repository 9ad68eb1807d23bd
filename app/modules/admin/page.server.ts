/**
 * /admin: one loader that reads only the selected tab's data, and one action
 * whose intents call the same module functions as the /api routes. Every
 * intent answers JSON-ish data for fetchers (toggles, dialogs) and, for a
 * plain form post without JavaScript, a redirect back with the toast.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import { requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { AppError, idParam, readForm, redirect } from "~/lib/http.server";
import { setToastCookie } from "~/lib/toast.server";
import {
  createChallenge,
  deleteChallenge,
  listChallenges,
  setChallengeActive,
  updateChallenge,
} from "~/modules/challenges/challenges.server";
import { challengeInputSchema } from "~/modules/challenges/schema";
import { deleteEvent, listEvents, setEventActive } from "~/modules/events/events.server";
import { EVENT_TOASTS, statusFailed } from "~/modules/events/schema";
import { FEEDBACK_STATUSES } from "~/modules/feedback/schema";
import { feedback, users } from "~db/schema";
import { count, eq } from "drizzle-orm";

/** The user dashboard lists this many newest activities. */
export const USER_PAGE_ACTIVITIES = 5;
import {
  activitiesByType,
  activityCountBuckets,
  activityTrends,
  distanceBuckets,
  userActivitiesReport,
  userParticipation,
} from "./reports.server";
import { tabOf } from "./tabs";
import { ADMIN_MSG, createUserSchema, USER_TOASTS, userListQuerySchema } from "./schema";
import { adminSyncUser, listSyncStatus, userSyncStats } from "./strava-sync.server";
import {
  createUserByAdmin,
  deleteUserByAdmin,
  listUsers,
  setUserFlag,
  userActivities,
  userChallenges,
  userEvents,
  userSportSummary,
  type AdminUserFlag,
} from "./users.server";
import { publicUser } from "~/modules/auth/auth.server";

/** A failed read shows the tab's error (with Retry) instead of taking the page down. */
const requestFailed = (status: number) => `Request failed with status ${status}`;

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
  const [byType, trends, participation, perUser] = await Promise.all([
    attempt("activities by type", activitiesByType(app)),
    attempt("activity trends", activityTrends(app)),
    attempt("participation", userParticipation(app)),
    attempt("user activities", userActivitiesReport(app)),
  ]);
  return {
    byType,
    trends,
    participation,
    perUser,
    distribution: perUser ? distanceBuckets(perUser.users) : null,
    countDistribution: perUser ? activityCountBuckets(perUser.users) : null,
  };
}

export async function adminPage(app: AppContext, request: Request) {
  const admin = await requireAdmin(app, request);
  const url = new URL(request.url);
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
    case "feedback":
      return { ...base, feedback: await attempt("feedback counts", feedbackCounts(app)) };
    case "sync":
      return { ...base, sync: await attempt("sync status", listSyncStatus(app)) };
    case "analysis":
      return { ...base, analysis: await analysis(app) };
    default:
      return base;
  }
}

export type AdminPageData = Awaited<ReturnType<typeof adminPage>>;

export interface AdminActionResult {
  ok: boolean;
  intent: string;
  title: string;
  message: string;
  /** Delete refusals carry the counts. */
  summary?: { activities: number; challenges: number; events: number };
  errors?: Record<string, string[]>;
}

const FLAGS: Record<string, AdminUserFlag> = {
  isAdmin: "isAdmin",
  isVerified: "isVerified",
  isActive: "isActive",
};

function wantsJson(form: FormData) {
  return form.get("_fetcher") === "1";
}

async function done(
  app: AppContext,
  request: Request,
  form: FormData,
  result: AdminActionResult,
  status = 200,
) {
  if (wantsJson(form)) return data(result, { status });
  // Without JavaScript: back to the tab with a toast.
  const back = new URL(request.url);
  back.searchParams.delete("index");
  const toast = await setToastCookie(app, {
    title: result.title,
    description: result.message,
    variant: result.ok ? "success" : "destructive",
  });
  return redirect(`${back.pathname}${back.search}`, { headers: { "Set-Cookie": toast } });
}

/** Part 2 §8: admin calls show the server's message, or 'Request failed with status {code}'. */
function failure(intent: string, title: string, error: unknown): AdminActionResult & { status: number } {
  if (error instanceof Response)
    return {
      ok: false,
      intent,
      title,
      message: error.status === 404 ? "Not found" : requestFailed(error.status),
      status: error.status,
    };
  if (!(error instanceof AppError)) console.error(`admin ${intent} failed`, error);
  const status = error instanceof AppError ? error.status : 500;
  const message = error instanceof AppError ? error.message : requestFailed(status);
  const summary =
    error instanceof AppError ? (error.extra.summary as AdminActionResult["summary"]) : undefined;
  const errors = error instanceof AppError ? (error.extra.errors as AdminActionResult["errors"]) : undefined;
  return { ok: false, intent, title, message, summary, errors, status };
}

/**
 * The challenge dialog's fields as the /api body: the target distance is typed
 * in km (stored in metres) and the target time in days when creating, hours
 * when editing (spec part 2 section 9 keeps that inconsistency).
 */
export function challengeFormInput(form: FormData, creating: boolean) {
  const text = (name: string) => String(form.get(name) ?? "");
  // The dialog's date-time inputs carry no zone: they are India time, the community's clock.
  const moment = (name: string) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text(name)) ? `${text(name)}:00+05:30` : text(name);
  const number = (name: string, factor: number) => {
    const raw = text(name).trim();
    return raw === "" ? null : Number.isFinite(Number(raw)) ? Math.round(Number(raw) * factor) : raw;
  };
  return {
    title: text("title"),
    description: text("description"),
    startDate: moment("startDate"),
    endDate: moment("endDate"),
    sportType: text("sportType") || undefined,
    targetDistance: number("targetDistanceKm", 1000),
    targetTime: creating ? number("targetTimeDays", 86400) : number("targetTimeHours", 3600),
    isActive: form.get("isActive") === "on" || form.get("isActive") === "true",
  };
}

export async function adminAction(app: AppContext, request: Request) {
  const admin = await requireAdmin(app, request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  /** `failTitle` may be built from the server's message ('Failed to update event status: {message}'). */
  const reply = async (
    run: () => Promise<AdminActionResult>,
    failTitle: string | ((message: string) => string),
    describe?: (message: string) => string,
  ) => {
    try {
      return await done(app, request, form, await run());
    } catch (error) {
      const { status, ...result } = failure(intent, "", error);
      if (typeof failTitle === "function")
        return done(app, request, form, { ...result, title: failTitle(result.message), message: "" }, status);
      return done(
        app,
        request,
        form,
        { ...result, title: failTitle, message: describe ? describe(result.message) : result.message },
        status,
      );
    }
  };

  switch (intent) {
    case "user-flag": {
      const flag = FLAGS[String(form.get("flag"))];
      if (!flag) break;
      const value = form.get("value") === "true";
      const toasts = USER_TOASTS[flag];
      return reply(async () => {
        await setUserFlag(app, admin, idParam(String(form.get("userId") ?? ""), "User"), flag, value);
        return { ok: true, intent, title: value ? toasts.on : toasts.off, message: "" };
      }, "Error");
    }
    case "create-user": {
      const parsed = parseWithZod(form, { schema: createUserSchema });
      if (parsed.status !== "success") {
        const errors = (parsed.error ?? {}) as Record<string, string[]>;
        const missing = Object.values(errors).flat().includes(ADMIN_MSG.missingFields);
        const message = missing
          ? ADMIN_MSG.missingFields
          : (Object.values(errors).flat()[0] ?? ADMIN_MSG.missingFields);
        return done(
          app,
          request,
          form,
          {
            ok: false,
            intent,
            title: missing ? "Missing Fields" : USER_TOASTS.createFailed,
            message,
            errors,
          },
          400,
        );
      }
      return reply(async () => {
        const user = await createUserByAdmin(app, parsed.value);
        return { ok: true, intent, title: USER_TOASTS.created, message: `${user.username} can now sign in.` };
      }, USER_TOASTS.createFailed);
    }
    case "delete-user":
      return reply(async () => {
        const result = await deleteUserByAdmin(app, admin, idParam(String(form.get("userId") ?? ""), "User"));
        return { ok: true, intent, title: "User Deleted", message: result.message };
      }, USER_TOASTS.deleteFailed);
    case "sync-user":
      return reply(
        async () => {
          const result = await adminSyncUser(app, idParam(String(form.get("userId") ?? ""), "User"));
          return { ok: true, intent, title: "Sync Initiated", message: result.message };
        },
        "Sync Error",
        (message) => `Failed to sync Strava activities: ${message}`,
      );
    case "challenge-active": {
      const value = form.get("value") === "true";
      return reply(
        async () => {
          await setChallengeActive(app, idParam(String(form.get("challengeId") ?? ""), "Challenge"), value);
          return {
            ok: true,
            intent,
            title: value ? "Challenge activated" : "Challenge deactivated",
            message: "",
          };
        },
        (message) => `Failed to update challenge status: ${message}`,
      );
    }
    case "create-challenge":
    case "update-challenge": {
      const creating = intent === "create-challenge";
      const parsed = challengeInputSchema.safeParse(challengeFormInput(form, creating));
      if (!parsed.success) {
        const errors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues)
          (errors[String(issue.path[0] ?? "form")] ??= []).push(issue.message);
        return done(
          app,
          request,
          form,
          {
            ok: false,
            intent,
            title: creating ? "Failed to create challenge" : "Failed to update challenge",
            message: parsed.error.issues[0]?.message ?? "",
            errors,
          },
          400,
        );
      }
      return reply(
        async () => {
          if (creating) await createChallenge(app, admin, parsed.data);
          else
            await updateChallenge(
              app,
              idParam(String(form.get("challengeId") ?? ""), "Challenge"),
              parsed.data,
            );
          return {
            ok: true,
            intent,
            title: creating ? "Challenge created successfully" : "Challenge updated successfully",
            message: "",
          };
        },
        creating ? "Failed to create challenge" : "Failed to update challenge",
      );
    }
    case "event-active": {
      const value = form.get("value") === "true";
      return reply(async () => {
        await setEventActive(app, idParam(String(form.get("eventId") ?? ""), "Event"), value);
        return { ok: true, intent, title: value ? "Event activated" : "Event deactivated", message: "" };
      }, statusFailed);
    }
    case "delete-event":
      return reply(async () => {
        await deleteEvent(app, idParam(String(form.get("eventId") ?? ""), "Event"));
        return { ok: true, intent, title: EVENT_TOASTS.deleted.title, message: "" };
      }, EVENT_TOASTS.deleteFailed.title);
    case "delete-challenge":
      return reply(async () => {
        await deleteChallenge(app, idParam(String(form.get("challengeId") ?? ""), "Challenge"));
        return { ok: true, intent, title: "Challenge deleted successfully", message: "" };
      }, "Failed to delete challenge");
  }
  return done(app, request, form, { ok: false, intent, title: "Error", message: "Unknown action" }, 400);
}

// ---- /admin/users/{id} ---------------------------------------------------------

/** The user dashboard: non-admins get the spec's 'Admin access required' (403), an unknown id 'User not found' (404). */
export async function adminUserPage(app: AppContext, request: Request, idText: string | undefined) {
  const viewer = await requireVerifiedUser(app, request);
  if (!viewer.isAdmin) return data({ state: "forbidden" as const }, { status: 403 });
  const id = Number(idText);
  const user =
    Number.isSafeInteger(id) && id > 0
      ? await app.db.query.users.findFirst({ where: eq(users.id, id) })
      : undefined;
  if (!user) return data({ state: "missing" as const }, { status: 404 });
  const [summary, recent, challenges, events, sync] = await Promise.all([
    userSportSummary(app, id),
    userActivities(app, id, USER_PAGE_ACTIVITIES, viewer.id),
    userChallenges(app, id),
    userEvents(app, id),
    userSyncStats(app, id).then(
      (stats) => ({ stats, error: null }),
      (error: unknown) => {
        console.error("admin: user sync statistics failed", error);
        const { message } = failure("sync-stats", "", error);
        return { stats: null, error: `Error fetching Strava sync statistics: ${message}` };
      },
    ),
  ]);
  return {
    state: "ok" as const,
    user: publicUser(user),
    summary,
    recent,
    challenges,
    events,
    sync: sync.stats,
    syncError: sync.error,
  };
}

export async function adminUserAction(app: AppContext, request: Request, idText: string | undefined) {
  await requireAdmin(app, request);
  const form = await readForm(request);
  const id = idParam(idText, "User");
  try {
    const result = await adminSyncUser(app, id);
    return done(app, request, form, {
      ok: true,
      intent: "sync-user",
      title: "Sync Initiated",
      message: result.message,
    });
  } catch (error) {
    const { status, ...result } = failure("sync-user", "", error);
    return done(
      app,
      request,
      form,
      { ...result, title: `Error syncing Strava activities: ${result.message}`, message: "" },
      status,
    );
  }
}
