/**
 * The /wari page's adapters `(ctx, user, input)`: the route guards, these
 * call the same module functions as the /api routes. Register and generate answer with a redirect carrying the spec's
 * toast (so they work without JavaScript); a workout toggle redirects back to
 * its week, or answers the refusal for the page (alert) and fetchers (toast).
 */
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, appErrorStatus, parseInput, redirect, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { getActivityAnalysis } from "./analysis.server";
import { getRegistration, listEventHistory, registerForEvent } from "./event.server";
import { generatePlanFor, getCurrentPlan, updateWeekProgress } from "./plan.server";
import { editionTexts } from "./edition";
import { getCurrentEdition, type CurrentEdition } from "./editions.server";
import { memberEventResult } from "./results.server";
import { parseWorkoutKey } from "./workouts";
import { packFitness } from "./components/fitness-chart";
import { getFitnessChart } from "./training-load.server";
import { WARI_MSG, WARI_TOASTS, wariIntentSchema, type WariIntent } from "./schema";

export const WARI_TABS = ["plan", "analysis", "history"] as const;
export type WariTab = (typeof WARI_TABS)[number];

export function parseWariTab(value: string | null): WariTab {
  return (WARI_TABS as readonly (string | null)[]).includes(value) ? (value as WariTab) : "plan";
}

/** The dashboard of one tab (?tab=, default plan); a failed load shows the spec's message instead. */
/** The edition as the page shows it: the row, its spec texts and whether registration is open. */
function editionView(current: CurrentEdition | null) {
  return current
    ? { ...current.edition, texts: editionTexts(current.edition), registrationOpen: current.registrationOpen }
    : null;
}
export type WariEditionView = NonNullable<ReturnType<typeof editionView>>;

export async function wariPage(app: AppContext, user: User, url: URL) {
  const tab = parseWariTab(url.searchParams.get("tab"));
  let current: CurrentEdition | null = null;
  try {
    current = await getCurrentEdition(app);
    const edition = current?.edition ?? null;
    const [registration, plan, analysis, history, fitness, result] = await Promise.all([
      edition ? getRegistration(app, user.id, edition.year) : null,
      getCurrentPlan(app, user.id, edition),
      getActivityAnalysis(app, user.id),
      listEventHistory(app, user.id),
      getFitnessChart(app, user.id, edition),
      memberEventResult(app, user.id, current),
    ]);
    return {
      tab,
      now: app.now().toISOString(),
      edition: editionView(current),
      mode: current?.mode ?? ("training" as const),
      result,
      stravaLinked: user.stravaId !== null,
      loadError: null,
      registration,
      plan,
      analysis,
      history,
      // The chart's points only, as one string: decoding two years of daily points slowed hydration.
      fitness: packFitness(fitness),
    };
  } catch (error) {
    console.error("wari: loading the dashboard failed", error);
    return {
      tab,
      now: app.now().toISOString(),
      edition: editionView(current),
      mode: current?.mode ?? ("training" as const),
      result: null,
      stravaLinked: user.stravaId !== null,
      loadError: WARI_MSG.loadFailed,
      registration: null,
      plan: null,
      analysis: null,
      history: [],
      fitness: null,
    };
  }
}

export type WariPageData = Awaited<ReturnType<typeof wariPage>>;

function refusal(intent: WariIntent, title: string, error: unknown, fallback: string) {
  const { status, message } = replyFromError(error, fallback, {
    context: `wari: ${intent}`,
    hideServerErrors: true,
  });
  return data({ intent, ok: false as const, title, message }, { status });
}

/** Intents (parsed by `wariIntentSchema`): register, generate, toggle (a workout's tick). */
export async function wariAction(app: AppContext, user: User, form: FormData) {
  let input;
  try {
    input = parseInput(wariIntentSchema, Object.fromEntries(form));
  } catch (error) {
    return refusal("toggle", WARI_TOASTS.updateFailed.title, error, "Unknown action");
  }

  if (input.intent === "register") {
    let name: string;
    try {
      const current = await getCurrentEdition(app);
      if (!current) throw new AppError(400, WARI_MSG.noCurrentEdition);
      name = (await registerForEvent(app, user.id, { eventYear: current.edition.year })).registration
        .eventName;
    } catch (error) {
      // Registered already (another tab, a second click): say so and show the page as it is.
      if (error instanceof AppError && error.extra.code === "already_registered")
        throw await redirectWithToast(app, "/wari", {
          ...WARI_TOASTS.alreadyRegistered,
          description: error.message,
        });
      return refusal(input.intent, WARI_TOASTS.registrationFailed.title, error, "Please try again later.");
    }
    throw await redirectWithToast(app, "/wari", {
      ...WARI_TOASTS.registered,
      description: `You are registered for ${name}.`,
      variant: "success",
    });
  }

  if (input.intent === "generate") {
    try {
      await generatePlanFor(app, user.id);
    } catch (error) {
      // A plan that already exists is not a failure worth an error: show it.
      if (error instanceof AppError && error.extra.code === "plan_exists") throw redirect("/wari?tab=plan");
      // A past edition's plan is a record: say why nothing was generated.
      if (error instanceof AppError && error.extra.code === "edition_past")
        return refusal(input.intent, WARI_TOASTS.generateFailed.title, error, WARI_MSG.generateFailed);
      if (appErrorStatus(error) === null) console.error("wari: generate failed", error);
      throw await redirectWithToast(app, "/wari?tab=plan&generate=failed", {
        ...WARI_TOASTS.generateFailed,
        variant: "destructive",
      });
    }
    throw await redirectWithToast(app, "/wari?tab=plan", { ...WARI_TOASTS.generated, variant: "success" });
  }

  const { key } = input;
  const parsed = parseWorkoutKey(key);
  if (!parsed)
    return data(
      {
        intent: input.intent,
        ok: false as const,
        title: WARI_TOASTS.updateFailed.title,
        message: WARI_MSG.wrongWeekKey,
      },
      { status: 400 },
    );
  const complete = input.complete === "true";
  try {
    const plan = await getCurrentPlan(app, user.id);
    const current = plan?.progress[`week${parsed.week}`]?.completedWorkouts ?? [];
    const next = complete ? [...current.filter((k) => k !== key), key] : current.filter((k) => k !== key);
    await updateWeekProgress(app, user.id, parsed.week, next);
  } catch (error) {
    const cannot = appErrorStatus(error) === 400;
    return refusal(
      input.intent,
      cannot ? WARI_TOASTS.cannotComplete.title : WARI_TOASTS.updateFailed.title,
      error,
      WARI_MSG.updateFailed,
    );
  }
  // A fetcher (JavaScript) stays on the page and revalidates; a plain form goes back to the week.
  if (input.via === "fetcher")
    return data({ intent: input.intent, ok: true as const, title: "", message: "" });
  throw redirect(`/wari?tab=plan&week=${parsed.week}#week-${parsed.week}`);
}
