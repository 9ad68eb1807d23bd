/**
 * The /recommendations page's loader and action. Same module functions as the
 * /api routes; the action answers with a redirect carrying the spec's toast
 * (so it works without JavaScript), or with the failure for the form.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { idParam, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  SPORTS,
  STATUSES,
  TOASTS,
  type FitnessProfile,
  type RecommendationSport,
  type RecommendationStatus,
} from "./constants";
import { emptyProfileValues } from "./fitness-profile";
import { getFitnessProfile } from "./fitness-profile.server";
import {
  completeRecommendation,
  countRecommendations,
  generateRecommendations,
  listRecommendations,
  skipRecommendation,
} from "./recommendations.server";
import { pageIntentSchema, type PageIntent } from "./schema";
import { hasAnyActivity } from "~/modules/activities/queries.server";
import { getStravaStatus } from "~/modules/strava/status.server";

export function statusOf(url: URL): RecommendationStatus {
  const value = url.searchParams.get("status");
  return (STATUSES as readonly string[]).includes(value ?? "") ? (value as RecommendationStatus) : "pending";
}

/** Tabs (?status=, default pending), the list of that tab, the counts, and the fitness profile panel. */
export async function recommendationsPage(app: AppContext, user: User, url: URL) {
  const status = statusOf(url);
  const [listing, profile, firstRun] = await Promise.all([
    Promise.all([listRecommendations(app, user.id, status), countRecommendations(app, user.id)]).catch(
      (error: unknown) => {
        console.error("loading recommendations failed", error);
        return null;
      },
    ),
    // Spec §3: the empty default profile stands in when the profile cannot be read.
    getFitnessProfile(app, user.id).catch((error: unknown): FitnessProfile => {
      console.error("loading the fitness profile failed", error);
      return { id: null, userId: user.id, lastUpdated: app.now().toISOString(), ...emptyProfileValues() };
    }),
    firstRunOf(app, user),
  ]);
  const preferred = profile.preferredSportTypes.filter((s): s is RecommendationSport =>
    (SPORTS as readonly string[]).includes(s),
  );
  return {
    status,
    items: listing?.[0] ?? [],
    counts: listing?.[1] ?? { pending: 0, completed: 0, skipped: 0 },
    loadError: listing === null,
    profile,
    /** The generator's sport checkboxes start with the member's preferred sports. */
    defaultSports: preferred,
    firstRun,
  };
}

/**
 * A member with no activity yet gets the first-run card (issue #20 item 2):
 * `{ connected }` says whether Strava is linked (its first sync is on the
 * way); null once any activity is in, or when the state cannot be read.
 */
async function firstRunOf(app: AppContext, user: User): Promise<{ connected: boolean } | null> {
  try {
    const [any, strava] = await Promise.all([hasAnyActivity(app, user.id), getStravaStatus(app, user)]);
    return any ? null : { connected: strava.connected };
  } catch (error) {
    console.error("reading the first-run state failed", error);
    return null;
  }
}

function failure(intent: PageIntent, error: unknown) {
  // idParam's thrown 404 is this form's "not found", not the page's.
  if (error instanceof Response)
    return data(
      { intent, ok: false as const, message: "Recommendation not found", result: undefined },
      { status: error.status },
    );
  const { status, message } = replyFromError(error, undefined, { context: `recommendations ${intent}` });
  return data({ intent, ok: false as const, message, result: undefined }, { status });
}

/** Intents (`pageIntentSchema`): generate (the generator form), complete and skip (a pending item's buttons). */
export async function recommendationsAction(app: AppContext, user: User, url: URL, formData: FormData) {
  const submission = parseWithZod(formData, { schema: pageIntentSchema });
  if (submission.status !== "success") {
    const first = Object.values(submission.error ?? {}).flat()[0] ?? "Invalid input";
    return data(
      { intent: "generate" as const, ok: false as const, message: first, result: submission.reply() },
      { status: 400 },
    );
  }
  const input = submission.value;

  if (input.intent === "generate") {
    const { intent, ...options } = input;
    try {
      await generateRecommendations(app, user.id, options);
    } catch (error) {
      return failure(intent, error);
    }
    throw await redirectWithToast(app, "/recommendations?status=pending", {
      ...TOASTS.generated,
      variant: "success",
    });
  }

  const { intent } = input;
  try {
    const id = idParam(input.id, "Recommendation");
    if (intent === "complete") await completeRecommendation(app, user.id, id);
    else await skipRecommendation(app, user.id, id);
  } catch (error) {
    return failure(intent, error);
  }
  throw await redirectWithToast(app, `/recommendations?status=${statusOf(url)}`, {
    ...(intent === "complete" ? TOASTS.completed : TOASTS.skipped),
    variant: "success",
  });
}
