/**
 * Loaders and actions of the feedback pages. They call the same module
 * functions as the /api routes; actions answer with a redirect carrying the
 * spec's toast (so every form works without JavaScript) or with the failure.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import { requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { AppError, idParam, readForm, redirect } from "~/lib/http.server";
import { setToastCookie } from "~/lib/toast.server";
import {
  getFeedbackForAdmin,
  getOwnFeedback,
  listFeedbackForAdmin,
  listOwnFeedback,
  respondToFeedback,
  submitFeedback,
} from "./feedback.server";
import {
  adminListQuerySchema,
  FEEDBACK_MSG,
  FEEDBACK_TOASTS,
  feedbackSchema,
  responseSchema,
} from "./schema";
import { readSubmission } from "./submission.server";

async function withToast(app: AppContext, to: string, toast: { title: string; description?: string }) {
  return redirect(to, {
    headers: { "Set-Cookie": await setToastCookie(app, { ...toast, variant: "success" }) },
  });
}

/** A load that failed shows the spec's message on the page instead of taking it down. */
async function orNull<T>(what: string, promise: Promise<T>): Promise<T | null> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) throw error;
    console.error(`feedback: ${what} failed`, error);
    return null;
  }
}

/** Thrown AppError 404s become the page's not-found state rather than the app's 404 page. */
async function orMissing<T>(promise: Promise<T>): Promise<{ item: T | null; missing: boolean }> {
  try {
    return { item: await promise, missing: false };
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return { item: null, missing: true };
    console.error("feedback: loading one failed", error);
    return { item: null, missing: false };
  }
}

// ---- /feedback -------------------------------------------------------------

export async function feedbackFormPage(app: AppContext, request: Request) {
  await requireVerifiedUser(app, request);
  return {
    submitted: new URL(request.url).searchParams.has("submitted"),
    supportEmail: app.env.SUPPORT_EMAIL,
  };
}

export async function feedbackFormAction(app: AppContext, request: Request) {
  const user = await requireVerifiedUser(app, request);
  let submission: Awaited<ReturnType<typeof readSubmission>>;
  try {
    submission = await readSubmission(request);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data({ message: error.message, result: undefined }, { status: error.status });
  }
  // The text fields only: the screenshot is checked by submitFeedback and never echoed back to the form.
  const textFields = new FormData();
  for (const [name, value] of Object.entries(submission.fields)) textFields.set(name, String(value));
  const parsed = parseWithZod(textFields, { schema: feedbackSchema });
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0] ?? FEEDBACK_MSG.submitFailed;
    return data({ message: first, result: parsed.reply() }, { status: 400 });
  }
  try {
    await submitFeedback(app, user, parsed.value, submission.screenshot);
  } catch (error) {
    if (!(error instanceof AppError)) console.error("feedback: submit failed", error);
    const status = error instanceof AppError ? error.status : 500;
    const message = error instanceof AppError ? error.message : FEEDBACK_MSG.submitFailed;
    const errors =
      error instanceof AppError ? (error.extra.errors as Record<string, string[]> | undefined) : undefined;
    return data(
      { message, result: parsed.reply({ fieldErrors: errors }) },
      { status, headers: error instanceof AppError ? error.headers : undefined },
    );
  }
  throw await withToast(app, "/feedback?submitted=1", FEEDBACK_TOASTS.submitted);
}

// ---- /feedback/history and /feedback/history/{id} ----------------------------

export async function feedbackHistoryPage(app: AppContext, request: Request) {
  const user = await requireVerifiedUser(app, request);
  return { items: await orNull("history", listOwnFeedback(app, user)) };
}

export async function feedbackDetailPage(app: AppContext, request: Request, id: string | undefined) {
  const user = await requireVerifiedUser(app, request);
  const feedbackId = Number(id);
  const found =
    Number.isSafeInteger(feedbackId) && feedbackId > 0
      ? await orMissing(getOwnFeedback(app, user, feedbackId))
      : { item: null, missing: true };
  // The page shows "Feedback not found…" with a 404 status, so clients and crawlers see what it is.
  return data(found, { status: found.missing ? 404 : 200 });
}

// ---- /admin/feedback and /admin/feedback/{id} -------------------------------

export async function adminFeedbackListPage(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const params = Object.fromEntries(new URL(request.url).searchParams);
  // Bad values in the address fall back to the defaults (the /api answers them 400).
  const parsed = adminListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : adminListQuerySchema.parse({});
  return { query, list: await orNull("admin list", listFeedbackForAdmin(app, query)) };
}

export async function adminFeedbackDetailPage(app: AppContext, request: Request, id: string | undefined) {
  await requireAdmin(app, request);
  const feedbackId = Number(id);
  if (!Number.isSafeInteger(feedbackId) || feedbackId <= 0) return { item: null, missing: true };
  return orMissing(getFeedbackForAdmin(app, feedbackId));
}

export async function adminFeedbackRespondAction(app: AppContext, request: Request, id: string | undefined) {
  await requireAdmin(app, request);
  const feedbackId = idParam(id, "Feedback");
  const parsed = parseWithZod(await readForm(request), { schema: responseSchema });
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0] ?? FEEDBACK_TOASTS.updateFailed.description;
    return data({ message: first, result: parsed.reply() }, { status: 400 });
  }
  try {
    await respondToFeedback(app, feedbackId, parsed.value);
  } catch (error) {
    if (!(error instanceof AppError)) console.error("feedback: respond failed", error);
    const status = error instanceof AppError ? error.status : 500;
    return data(
      {
        message: status === 404 ? FEEDBACK_MSG.notFound : FEEDBACK_TOASTS.updateFailed.description,
        result: parsed.reply(),
      },
      { status },
    );
  }
  throw await withToast(app, `/admin/feedback/${feedbackId}?tab=response`, FEEDBACK_TOASTS.updated);
}
