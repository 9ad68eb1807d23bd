/**
 * The feedback pages' adapters `(ctx, user, input)`: the routes guard and
 * read the id (`idParam`), these call the same module functions as the /api
 * routes. Actions answer with a redirect carrying the spec's toast (so every
 * form works without JavaScript) or with the failure; an unknown feedback is
 * a thrown 404 that the detail routes' error boundaries word.
 */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { orNotFound, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
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

/**
 * A load that failed shows the spec's message on the page instead of taking
 * it down; a module's 404 is thrown on to the route's error boundary.
 */
async function orNull<T>(what: string, promise: Promise<T>): Promise<T | null> {
  try {
    return await orNotFound(promise);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.error(`feedback: ${what} failed`, error);
    return null;
  }
}

// ---- /feedback -------------------------------------------------------------

export async function feedbackFormPage(app: AppContext, _user: User, url: URL) {
  return {
    submitted: url.searchParams.has("submitted"),
    supportEmail: app.env.SUPPORT_EMAIL,
  };
}

/** Reads the request itself: multipart with an optional screenshot, refused early when too large. */
export async function feedbackFormAction(app: AppContext, user: User, request: Request) {
  let submission: Awaited<ReturnType<typeof readSubmission>>;
  try {
    submission = await readSubmission(request);
  } catch (error) {
    const { status, message } = replyFromError(error, undefined, { context: "feedback: reading the form" });
    return data({ message, result: undefined }, { status });
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
    const { status, message, fieldErrors, headers } = replyFromError(error, FEEDBACK_MSG.submitFailed, {
      context: "feedback: submit",
    });
    return data({ message, result: parsed.reply({ fieldErrors }) }, { status, headers });
  }
  throw await redirectWithToast(app, "/feedback?submitted=1", {
    ...FEEDBACK_TOASTS.submitted,
    variant: "success",
  });
}

// ---- /feedback/history and /feedback/history/{id} ----------------------------

export async function feedbackHistoryPage(app: AppContext, user: User) {
  return { items: await orNull("history", listOwnFeedback(app, user)) };
}

/** `item` is null when loading failed (the page says so); an unknown one is a thrown 404. */
export async function feedbackDetailPage(app: AppContext, user: User, feedbackId: number) {
  return { item: await orNull("loading one", getOwnFeedback(app, user, feedbackId)) };
}

// ---- /admin/feedback and /admin/feedback/{id} -------------------------------

export async function adminFeedbackListPage(app: AppContext, _admin: User, url: URL) {
  const params = Object.fromEntries(url.searchParams);
  // Bad values in the address fall back to the defaults (the /api answers them 400).
  const parsed = adminListQuerySchema.safeParse(params);
  const query = parsed.success ? parsed.data : adminListQuerySchema.parse({});
  return { query, list: await orNull("admin list", listFeedbackForAdmin(app, query)) };
}

export async function adminFeedbackDetailPage(app: AppContext, _admin: User, feedbackId: number) {
  return { item: await orNull("loading one (admin)", getFeedbackForAdmin(app, feedbackId)) };
}

export async function adminFeedbackRespondAction(
  app: AppContext,
  _admin: User,
  feedbackId: number,
  form: FormData,
) {
  const parsed = parseWithZod(form, { schema: responseSchema });
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0] ?? FEEDBACK_TOASTS.updateFailed.description;
    return data({ message: first, result: parsed.reply() }, { status: 400 });
  }
  try {
    await respondToFeedback(app, feedbackId, parsed.value);
  } catch (error) {
    const { status } = replyFromError(error, undefined, { context: "feedback: respond" });
    return data(
      {
        message: status === 404 ? FEEDBACK_MSG.notFound : FEEDBACK_TOASTS.updateFailed.description,
        result: parsed.reply(),
      },
      { status },
    );
  }
  throw await redirectWithToast(app, `/admin/feedback/${feedbackId}?tab=response`, {
    ...FEEDBACK_TOASTS.updated,
    variant: "success",
  });
}
