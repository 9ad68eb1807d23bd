/**
 * The admins' event adapters: the event form dialog (create / update /
 * delete / activate), the /events/{id} admin buttons (remove a registration,
 * cancel the event, retry or hand-mark a refund), check-in and the CSV
 * downloads. The routes let admins only.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, appErrorStatus, orNotFound, parseInput, replyFromError } from "~/lib/http.server";
import { safeRedirect } from "~/lib/redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { formatRupees } from "~/lib/format";
import { icsFileName } from "./calendar";
import { cancelEvent, removeRegistration } from "./cancellation.server";
import { CHECK_IN_MSG, checkIn, checkInList } from "./check-in.server";
import { createEvent, deleteEvent, requireEvent, setEventActive, updateEvent } from "./events.server";
import { participantsCsv, paymentsSummaryCsv } from "./exports.server";
import { markRefundedByHand, REFUND_MSG, retryRefund } from "./refunds.server";
import {
  activeSchema,
  adminEventIntentSchema,
  EVENT_TOASTS,
  eventDetailIntentSchema,
  eventFormSchema,
  markRefundedSchema,
  REGISTRATION_MSG,
  statusFailed,
} from "./schema";

const DETAIL_FAILURES = {
  "cancel-event": "Failed to cancel the event",
  "remove-registration": "Failed to remove registration",
  "retry-refund": "Failed to retry the refund",
  "mark-refunded": "Failed to mark the refund as refunded",
} as const;

/**
 * The money view's buttons on a failed refund (decision 030): Retry, and
 * Mark refunded by hand, whose dialog form needs a note (conform + zod: a
 * missing note answers the form's errors, 400).
 */
async function refundAction(
  app: AppContext,
  admin: User,
  eventId: number,
  refundId: number | undefined,
  form: FormData,
) {
  if (refundId === undefined) throw new AppError(404, REFUND_MSG.notFound);
  if (form.get("intent") === "retry-refund") {
    const { message, refund } = await retryRefund(app, admin, eventId, refundId);
    return redirectWithToast(app, `/events/${eventId}#money`, {
      title: message,
      description: `Refund of ${formatRupees(refund.amount)}: ${refund.status}.`,
      variant: refund.status === "failed" ? "destructive" : "success",
    });
  }
  const submission = parseWithZod(form, { schema: markRefundedSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), refundId }, { status: 400 });
  const { message } = await markRefundedByHand(app, admin, eventId, refundId, submission.value.note);
  return redirectWithToast(app, `/events/${eventId}#money`, { title: message, variant: "success" });
}

/**
 * The admin's participants table posts here (intent remove-registration,
 * registrationId) after the confirmation dialog: the registration is released
 * and the page reloads with a toast (a plain form post: works without
 * JavaScript). The route lets admins only.
 */
export async function eventDetailAction(app: AppContext, admin: User, eventId: number, form: FormData) {
  const parsed = eventDetailIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return data({ ok: false, message: "Unknown intent" }, { status: 400 });
  const input = parsed.data;
  try {
    if (input.intent === "cancel-event") {
      const { message, refunds } = await cancelEvent(app, admin, eventId);
      return await redirectWithToast(app, `/events/${eventId}`, {
        title: message,
        description: `Every registration was cancelled; ${refunds} full refund${refunds === 1 ? "" : "s"} started.`,
        variant: "success",
      });
    }
    if (input.intent === "retry-refund" || input.intent === "mark-refunded")
      return await refundAction(app, admin, eventId, input.refundId, form);
    if (input.registrationId === undefined) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
    const { message, refund } = await removeRegistration(app, admin, eventId, input.registrationId);
    return await redirectWithToast(app, `/events/${eventId}`, {
      title: message,
      description: refund ? `A full refund of ${formatRupees(refund.amount)} has been started.` : undefined,
      variant: "success",
    });
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    return await redirectWithToast(app, `/events/${eventId}`, {
      title: DETAIL_FAILURES[input.intent],
      description: replyFromError(error).message,
      variant: "destructive",
    });
  }
}

// ---- Admin: the event form dialog's action -------------------------------------------

export type AdminEventActionData = { ok: boolean; message: string; result?: SubmissionResult<string[]> };

/**
 * Create, update, delete and activate events from forms (the admin event
 * dialog). `intent` is create | update | delete | toggle; `id` names the event
 * for the last three. With `redirectTo`, success redirects there with the
 * spec's toast (works without JavaScript); otherwise it answers data.
 */
export async function adminEventAction(app: AppContext, _admin: User, form: FormData) {
  let input;
  try {
    input = parseInput(adminEventIntentSchema, Object.fromEntries(form));
  } catch (error) {
    return data<AdminEventActionData>({ ok: false, message: replyFromError(error).message }, { status: 400 });
  }
  const { intent } = input;
  const eventId = input.id;
  const safeTarget = input.redirectTo ? safeRedirect(input.redirectTo, "") || null : null;
  const failures = {
    create: EVENT_TOASTS.createFailed,
    update: EVENT_TOASTS.updateFailed,
    delete: EVENT_TOASTS.deleteFailed,
    toggle: { title: "Failed to update event status" },
  };
  const failure = failures[intent];
  if (intent !== "create" && eventId === undefined)
    return data<AdminEventActionData>({ ok: false, message: REGISTRATION_MSG.notFound }, { status: 404 });

  let success: { title: string };
  try {
    if (input.intent === "delete") {
      await deleteEvent(app, eventId!);
      success = EVENT_TOASTS.deleted;
    } else if (input.intent === "toggle") {
      const parsed = activeSchema.safeParse({ isActive: input.isActive === "true" });
      await setEventActive(app, eventId!, parsed.success && parsed.data.isActive);
      success = { title: parsed.success && parsed.data.isActive ? "Event activated" : "Event deactivated" };
    } else {
      const parsed = parseWithZod(form, { schema: eventFormSchema });
      if (parsed.status !== "success") {
        const first = Object.values(parsed.error ?? {}).flat()[0] ?? failure.title;
        return data<AdminEventActionData>(
          { ok: false, message: first, result: parsed.reply() },
          { status: 400 },
        );
      }
      if (intent === "create") await createEvent(app, parsed.value);
      else await updateEvent(app, eventId!, parsed.value);
      success = intent === "create" ? EVENT_TOASTS.created : EVENT_TOASTS.updated;
    }
  } catch (error) {
    const { status, message } = replyFromError(error, failure.title, { context: `events: ${intent}` });
    return data<AdminEventActionData>(
      { ok: false, message: intent === "toggle" ? statusFailed(message) : message },
      { status },
    );
  }
  if (safeTarget) throw await redirectWithToast(app, safeTarget, { ...success, variant: "success" });
  return data<AdminEventActionData>({ ok: true, message: success.title });
}

// ---- Admin: /admin/events/{id}/check-in ------------------------------------------

export async function checkInPage(app: AppContext, _admin: User, eventId: number) {
  return orNotFound(checkInList(app, eventId));
}

export type CheckInActionData = { ok: boolean; message: string };

/** A scanned or typed code (`code`) or a pick from the list (`registrationId`): the answer shows on the page. */
export async function checkInAction(app: AppContext, admin: User, eventId: number, form: FormData) {
  const code = form.get("code");
  const registrationId = Number(form.get("registrationId"));
  try {
    const by =
      typeof code === "string" && code.trim()
        ? { code }
        : Number.isInteger(registrationId) && registrationId > 0
          ? { registrationId }
          : null;
    if (!by)
      return data<CheckInActionData>({ ok: false, message: CHECK_IN_MSG.codeRequired }, { status: 400 });
    const { message } = await checkIn(app, admin, eventId, by);
    return data<CheckInActionData>({ ok: true, message });
  } catch (error) {
    const { status, message } = replyFromError(error, "Could not check in", { context: "events: check-in" });
    return data<CheckInActionData>({ ok: false, message }, { status });
  }
}

// ---- Admin: CSV downloads ----------------------------------------------------------

/** /admin/events/{id}/participants.csv and /payments.csv: a download named after the event. */
export async function eventCsv(
  app: AppContext,
  _admin: User,
  eventId: number,
  kind: "participants" | "payments",
) {
  const event = await orNotFound(requireEvent(app, eventId));
  const body =
    kind === "participants" ? await participantsCsv(app, eventId) : await paymentsSummaryCsv(app, eventId);
  const name = `${icsFileName(event.title).replace(/\.ics$/, "")}-${kind}.csv`;
  return new Response(`\uFEFF${body}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}
