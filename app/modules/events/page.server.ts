/**
 * The event pages' adapters `(ctx, user, input)`: the routes guard and read
 * the id (`idParam`), these call the same module functions as the /api
 * routes. An unknown event is a thrown 404 (the routes' error boundaries say
 * "Event not found"). The registration form posts to /events/{id}/register
 * from the dialog (a fetcher) and from the full pages (a plain form, so it
 * works without JavaScript); the answer carries the payment order or the
 * form's errors.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import {
  AppError,
  appErrorStatus,
  orNotFound,
  parseInput,
  redirect,
  replyFromError,
} from "~/lib/http.server";
import { safeRedirect } from "~/lib/redirect";
import { redirectWithToast } from "~/lib/toast.server";
import { formatRupees } from "~/lib/format";
import {
  createEvent,
  deleteEvent,
  getEvent,
  getOwnRegistration,
  initializePayment,
  listEvents,
  listRegistrations,
  ownRegistrationsByEvent,
  requireEvent,
  setEventActive,
  updateEvent,
  type OwnRegistrationMap,
  type PaymentStart,
} from "./events.server";
import {
  cancellationQuote,
  cancelEvent,
  cancelOwnRegistration,
  fullEventIds,
  isFull,
  joinWaitlist,
  leaveWaitlist,
  listWaitlist,
  ownWaitlistPlace,
  removeRegistration,
} from "./lifecycle.server";
import { describeRefundRule } from "./refund-rule";
import { eventIcs, icsFileName } from "./calendar";
import { ownCheckIn } from "./receipts.server";
import { CHECK_IN_MSG, checkIn, checkInList } from "./check-in.server";
import { paymentsSummary, participantsCsv, paymentsSummaryCsv } from "./exports.server";
import { eventMoney } from "./money.server";
import { markRefundedByHand, REFUND_MSG, retryRefund } from "./refunds.server";
import {
  activeSchema,
  adminEventIntentSchema,
  EVENT_TOASTS,
  eventDetailIntentSchema,
  eventFormSchema,
  initializePaymentSchema,
  markRefundedSchema,
  REGISTRATION_MSG,
  statusFailed,
} from "./schema";

/** What step 1 of the form is prefilled with: the signed-in member's name and e-mail. */
export function prefillFor(user: User) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return { name: name || user.username, email: user.email, phone: "", emergencyContact: "" };
}
export type Prefill = ReturnType<typeof prefillFor>;

// ---- /events ----------------------------------------------------------------

/** Guests browse the active events read-only (no registrations of anyone: decision 025). */
export async function eventsPage(app: AppContext, user: User | null) {
  const [events, registrations, full] = await Promise.all([
    listEvents(app, user),
    user ? ownRegistrationsByEvent(app, user) : ({} as OwnRegistrationMap),
    user ? fullEventIds(app) : ([] as number[]),
  ]);
  return {
    events,
    registrations,
    /** Events that are full (or have a waitlist): "Join waitlist" instead of "Register Now". Members only. */
    full,
    signedIn: Boolean(user),
    prefill: user ? prefillFor(user) : { name: "", email: "", phone: "", emergencyContact: "" },
    checkoutUrl: app.env.RAZORPAY_CHECKOUT_URL,
    now: app.now().toISOString(),
  };
}

// ---- /events/{id} -------------------------------------------------------------

export async function eventDetailPage(app: AppContext, user: User | null, eventId: number, url: URL) {
  const event = await orNotFound(getEvent(app, eventId));
  const base = {
    event,
    isAdmin: user?.isAdmin ?? false,
    signedIn: Boolean(user),
    now: app.now().toISOString(),
    q: url.searchParams.get("q") ?? "",
    refundRule: describeRefundRule(event),
    full: false,
    waitlist: null,
    waitlistEntries: null,
    quote: null,
    checkIn: null,
    money: null,
    summary: null,
  };
  // Guests see the event only: no registrations, no counts of who is coming (decision 025).
  if (!user) return { ...base, registrations: null, own: null };
  if (user.isAdmin)
    return {
      ...base,
      registrations: await listRegistrations(app, event.id),
      waitlistEntries: await listWaitlist(app, event.id),
      money: await eventMoney(app, event.id),
      summary: await paymentsSummary(app, event.id),
      own: null,
    };
  const own = await getOwnRegistration(app, user, event.id);
  const [full, waitlist, quote, checkIn] = await Promise.all([
    isFull(app, event.id),
    ownWaitlistPlace(app, user, event.id),
    own ? cancellationQuote(app, await requireEvent(app, event.id), own) : null,
    own ? ownCheckIn(app, user.id, event.id) : null,
  ]);
  return { ...base, registrations: null, own, full, waitlist, quote, checkIn };
}
export type EventDetailLoaderData = Awaited<ReturnType<typeof eventDetailPage>>;

/** GET /events/{id}/calendar: the event's .ics (public data; inactive events only for admins). */
export async function eventCalendarFile(app: AppContext, user: User | null, eventId: number) {
  const event = await orNotFound(requireEvent(app, eventId));
  if (!event.isActive && !user?.isAdmin) throw new Response("Event not found", { status: 404 });
  return new Response(eventIcs(event, app.env.APP_URL, app.now()), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="${icsFileName(event.title)}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * /events/{id}/cancel (member, a plain form from the event page's
 * confirmation): cancels the member's registration, refunds by the event's
 * rule and returns to the event with a toast naming the refund.
 */
export async function cancelRegistrationAction(app: AppContext, user: User, eventId: number) {
  try {
    const result = await cancelOwnRegistration(app, user, eventId);
    return await redirectWithToast(app, `/events/${eventId}`, {
      title: result.message,
      description: result.refund
        ? `A refund of ${formatRupees(result.refund.amount)} is on its way.`
        : "No refund is due by the event's refund rule.",
      variant: "success",
    });
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    return await redirectWithToast(app, `/events/${eventId}`, {
      title: "Could not cancel the registration",
      description: replyFromError(error).message,
      variant: "destructive",
    });
  }
}

/** /events/{id}/waitlist (member): `intent=leave` leaves the waitlist (joining posts the registration form). */
export async function leaveWaitlistAction(app: AppContext, user: User, eventId: number) {
  try {
    const { message } = await leaveWaitlist(app, user, eventId);
    return await redirectWithToast(app, `/events/${eventId}`, { title: message, variant: "success" });
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    return await redirectWithToast(app, `/events/${eventId}`, {
      title: replyFromError(error).message,
      variant: "destructive",
    });
  }
}

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

// ---- /events/{id}/register and /events/{id}/payment ------------------------------

/** The form page: the event and the member's registration (prefilled from it when there is one). */
export async function registrationPage(
  app: AppContext,
  user: User,
  eventId: number,
  kind: "register" | "payment",
) {
  const event = await orNotFound(getEvent(app, eventId));
  const own = await getOwnRegistration(app, user, event.id);
  if (kind === "payment" && !own) throw redirect(`/events/${event.id}/register`);
  const [full, waitlist] = await Promise.all([isFull(app, event.id), ownWaitlistPlace(app, user, event.id)]);
  const prefill = own
    ? { name: own.name, email: own.email, phone: own.phone, emergencyContact: own.emergencyContact }
    : prefillFor(user);
  return {
    event,
    own,
    prefill,
    checkoutUrl: app.env.RAZORPAY_CHECKOUT_URL,
    now: app.now().toISOString(),
    full,
    waitlist,
  };
}

export type RegisterActionData =
  | { ok: true; start: PaymentStart; message?: undefined; result?: undefined }
  | { ok: false; message: string; result?: SubmissionResult<string[]>; start?: undefined };

/** Step 1 posted: validate, then initialize the payment (or register a free event as paid). */
export async function registerAction(app: AppContext, user: User, eventId: number, form: FormData) {
  const parsed = parseWithZod(form, { schema: initializePaymentSchema });
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0] ?? REGISTRATION_MSG.initFailed;
    return data<RegisterActionData>({ ok: false, message: first, result: parsed.reply() }, { status: 400 });
  }
  if (form.get("intent") === "join-waitlist") {
    let joined;
    try {
      joined = await joinWaitlist(app, user, eventId, parsed.value);
    } catch (error) {
      const { status, message } = replyFromError(error, REGISTRATION_MSG.initFailed, {
        context: "events: join waitlist",
        hideServerErrors: true,
      });
      return data<RegisterActionData>(
        { ok: false, message, result: parsed.reply({ formErrors: [message] }) },
        { status },
      );
    }
    throw await redirectWithToast(app, `/events/${eventId}`, {
      title: joined.message,
      description: `You are number ${joined.waitlist.position} in line.`,
      variant: "success",
    });
  }
  try {
    return data<RegisterActionData>({
      ok: true,
      start: await initializePayment(app, user, eventId, parsed.value),
    });
  } catch (error) {
    // Rules the member can act on (full, already registered, closed) are said as they are; anything else is the spec's toast text.
    const { status, message } = replyFromError(error, REGISTRATION_MSG.initFailed, {
      context: "events: initialize payment",
      hideServerErrors: true,
    });
    return data<RegisterActionData>(
      { ok: false, message, result: parsed.reply({ formErrors: [message] }) },
      { status },
    );
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
