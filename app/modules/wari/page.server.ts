/**
 * The /wari page's loader and action. Same module functions as the /api
 * routes. Register and generate answer with a redirect carrying the spec's
 * toast (so they work without JavaScript); a workout toggle redirects back to
 * its week, or answers the refusal for the page (alert) and fetchers (toast).
 */
import { data } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import { requireVerifiedUser } from "~/lib/guards.server";
import { AppError, readForm, redirect } from "~/lib/http.server";
import { setToastCookie } from "~/lib/toast.server";
import type { Toast } from "~/ui/toast";
import { getActivityAnalysis } from "./analysis.server";
import { getRegistration, listEventHistory, registerForEvent } from "./event.server";
import { generatePlanFor, getCurrentPlan, updateWeekProgress } from "./plan.server";
import { EVENT_NAME, EVENT_YEAR, parseWorkoutKey } from "./rules";
import { WARI_MSG, WARI_TOASTS } from "./schema";

export const WARI_TABS = ["plan", "analysis", "history"] as const;
export type WariTab = (typeof WARI_TABS)[number];

export function parseWariTab(value: string | null): WariTab {
  return (WARI_TABS as readonly (string | null)[]).includes(value) ? (value as WariTab) : "plan";
}

export async function wariPage(app: AppContext, request: Request) {
  const user = await requireVerifiedUser(app, request);
  const tab = parseWariTab(new URL(request.url).searchParams.get("tab"));
  try {
    const [registration, plan, analysis, history] = await Promise.all([
      getRegistration(app, user.id),
      getCurrentPlan(app, user.id),
      getActivityAnalysis(app, user.id),
      listEventHistory(app, user.id),
    ]);
    return { tab, now: app.now().toISOString(), loadError: null, registration, plan, analysis, history };
  } catch (error) {
    console.error("wari: loading the dashboard failed", error);
    return {
      tab,
      now: app.now().toISOString(),
      loadError: WARI_MSG.loadFailed,
      registration: null,
      plan: null,
      analysis: null,
      history: [],
    };
  }
}

export type WariPageData = Awaited<ReturnType<typeof wariPage>>;
export type WariIntent = "register" | "generate" | "toggle";

async function withToast(app: AppContext, to: string, toast: Toast) {
  return redirect(to, { headers: { "Set-Cookie": await setToastCookie(app, toast) } });
}

function refusal(intent: WariIntent, title: string, error: unknown, fallback: string) {
  if (!(error instanceof AppError)) console.error(`wari: ${intent} failed`, error);
  const status = error instanceof AppError ? error.status : 500;
  const message = error instanceof AppError && status < 500 ? error.message : fallback;
  return data({ intent, ok: false as const, title, message }, { status });
}

export async function wariAction(app: AppContext, request: Request) {
  const user = await requireVerifiedUser(app, request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "") as WariIntent;

  if (intent === "register") {
    try {
      await registerForEvent(app, user.id, { eventYear: EVENT_YEAR, eventName: EVENT_NAME });
    } catch (error) {
      return refusal(intent, WARI_TOASTS.registrationFailed.title, error, "Please try again later.");
    }
    throw await withToast(app, "/wari", { ...WARI_TOASTS.registered, variant: "success" });
  }

  if (intent === "generate") {
    try {
      await generatePlanFor(app, user.id);
    } catch (error) {
      // A plan that already exists is not a failure worth an error: show it.
      if (error instanceof AppError && error.status === 409) throw redirect("/wari?tab=plan");
      if (!(error instanceof AppError)) console.error("wari: generate failed", error);
      throw await withToast(app, "/wari?tab=plan&generate=failed", {
        ...WARI_TOASTS.generateFailed,
        variant: "destructive",
      });
    }
    throw await withToast(app, "/wari?tab=plan", { ...WARI_TOASTS.generated, variant: "success" });
  }

  if (intent === "toggle") {
    const key = String(form.get("key") ?? "");
    const parsed = parseWorkoutKey(key);
    if (!parsed)
      return data(
        { intent, ok: false as const, title: WARI_TOASTS.updateFailed.title, message: WARI_MSG.wrongWeekKey },
        { status: 400 },
      );
    const complete = form.get("complete") === "true";
    try {
      const plan = await getCurrentPlan(app, user.id);
      const current = plan?.progress[`week${parsed.week}`]?.completedWorkouts ?? [];
      const next = complete ? [...current.filter((k) => k !== key), key] : current.filter((k) => k !== key);
      await updateWeekProgress(app, user.id, parsed.week, next);
    } catch (error) {
      const cannot = error instanceof AppError && error.status === 400;
      return refusal(
        intent,
        cannot ? WARI_TOASTS.cannotComplete.title : WARI_TOASTS.updateFailed.title,
        error,
        WARI_MSG.updateFailed,
      );
    }
    // A fetcher (JavaScript) stays on the page and revalidates; a plain form goes back to the week.
    if (form.get("via") === "fetcher") return data({ intent, ok: true as const, title: "", message: "" });
    throw redirect(`/wari?tab=plan&week=${parsed.week}#week-${parsed.week}`);
  }

  return data(
    {
      intent: "toggle" as const,
      ok: false as const,
      title: WARI_TOASTS.updateFailed.title,
      message: "Unknown action",
    },
    { status: 400 },
  );
}
