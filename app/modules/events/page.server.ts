/**
 * Loaders and actions of the event pages. They call the same module functions
 * as the /api routes. The registration form posts to /events/{id}/register
 * from the dialog (a fetcher) and from the full pages (a plain form, so it
 * works without JavaScript); the answer carries the payment order or the
 * form's errors.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { AppError, readForm, redirect } from "~/lib/http.server";
import { safeRedirect } from "~/lib/redirect";
import { setToastCookie } from "~/lib/toast.server";
import {
  createEvent,
  deleteEvent,
  getOwnRegistration,
  initializePayment,
  listEvents,
  listRegistrations,
  ownRegistrationsByEvent,
  removeRegistration,
  requireEvent,
  eventView,
  setEventActive,
  updateEvent,
  type PaymentStart,
} from "./events.server";
import {
  activeSchema,
  EVENT_TOASTS,
  eventFormSchema,
  initializePaymentSchema,
  REGISTRATION_MSG,
  statusFailed,
} from "./schema";

/** What step 1 of the form is prefilled with: the signed-in member's name and e-mail. */
export function prefillFor(user: User) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return { name: name || user.username, email: user.email, phone: "", emergencyContact: "" };
}
export type Prefill = ReturnType<typeof prefillFor>;

/** The event id of a page address; anything but a positive whole number is no event. */
function eventIdOf(id: string | undefined): number | null {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

async function findEvent(app: AppContext, id: string | undefined) {
  const eventId = eventIdOf(id);
  if (eventId === null) return null;
  try {
    return eventView(await requireEvent(app, eventId));
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

const missing = () => data({ missing: true as const }, { status: 404 });

// ---- /events ----------------------------------------------------------------

export async function eventsPage(app: AppContext, request: Request) {
  const user = await requireVerifiedUser(app, request);
  const [events, registrations] = await Promise.all([
    listEvents(app, user),
    ownRegistrationsByEvent(app, user),
  ]);
  return {
    events,
    registrations,
    prefill: prefillFor(user),
    checkoutUrl: app.env.RAZORPAY_CHECKOUT_URL,
    now: app.now().toISOString(),
  };
}

// ---- /events/{id} -------------------------------------------------------------

export async function eventDetailPage(app: AppContext, request: Request, id: string | undefined) {
  const user = await requireVerifiedUser(app, request);
  const event = await findEvent(app, id);
  if (!event) return missing();
  const base = {
    missing: false as const,
    event,
    isAdmin: user.isAdmin,
    now: app.now().toISOString(),
    q: new URL(request.url).searchParams.get("q") ?? "",
  };
  if (user.isAdmin) return { ...base, registrations: await listRegistrations(app, event.id), own: null };
  return { ...base, registrations: null, own: await getOwnRegistration(app, user, event.id) };
}

/**
 * The admin's participants table posts here (intent remove-registration,
 * registrationId) after the confirmation dialog: the registration is released
 * and the page reloads with a toast (a plain form post: works without
 * JavaScript). Members and guests are sent away by requireAdmin.
 */
export async function eventDetailAction(app: AppContext, request: Request, id: string | undefined) {
  await requireAdmin(app, request);
  const eventId = eventIdOf(id);
  if (eventId === null) return missing();
  const form = await readForm(request);
  const registrationId = eventIdOf(String(form.get("registrationId") ?? ""));
  if (form.get("intent") !== "remove-registration")
    return data({ ok: false, message: "Unknown intent" }, { status: 400 });
  try {
    if (registrationId === null) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
    const { message } = await removeRegistration(app, eventId, registrationId);
    return await withToast(app, `/events/${eventId}`, { title: message }, "success");
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return await withToast(
      app,
      `/events/${eventId}`,
      { title: "Failed to remove registration", description: error.message },
      "destructive",
    );
  }
}

// ---- /events/{id}/register and /events/{id}/payment ------------------------------

/** The form page: the event and the member's registration (prefilled from it when there is one). */
export async function registrationPage(
  app: AppContext,
  request: Request,
  id: string | undefined,
  kind: "register" | "payment",
) {
  const user = await requireVerifiedUser(app, request);
  const event = await findEvent(app, id);
  if (!event) return missing();
  const own = await getOwnRegistration(app, user, event.id);
  if (kind === "payment" && !own) throw redirect(`/events/${event.id}/register`);
  const prefill = own
    ? { name: own.name, email: own.email, phone: own.phone, emergencyContact: own.emergencyContact }
    : prefillFor(user);
  return {
    missing: false as const,
    event,
    own,
    prefill,
    checkoutUrl: app.env.RAZORPAY_CHECKOUT_URL,
    now: app.now().toISOString(),
  };
}

export type RegisterActionData =
  | { ok: true; start: PaymentStart; message?: undefined; result?: undefined }
  | { ok: false; message: string; result?: SubmissionResult<string[]>; start?: undefined };

/** Step 1 posted: validate, then initialize the payment (or register a free event as paid). */
export async function registerAction(app: AppContext, request: Request, id: string | undefined) {
  const user = await requireVerifiedUser(app, request);
  const eventId = eventIdOf(id);
  if (eventId === null)
    return data<RegisterActionData>({ ok: false, message: REGISTRATION_MSG.notFound }, { status: 404 });
  const parsed = parseWithZod(await readForm(request), { schema: initializePaymentSchema });
  if (parsed.status !== "success") {
    const first = Object.values(parsed.error ?? {}).flat()[0] ?? REGISTRATION_MSG.initFailed;
    return data<RegisterActionData>({ ok: false, message: first, result: parsed.reply() }, { status: 400 });
  }
  try {
    return data<RegisterActionData>({
      ok: true,
      start: await initializePayment(app, user, eventId, parsed.value),
    });
  } catch (error) {
    if (!(error instanceof AppError)) console.error("events: initialize payment failed", error);
    const status = error instanceof AppError ? error.status : 500;
    // Rules the member can act on (full, already registered, closed) are said as they are; anything else is the spec's toast text.
    const message = error instanceof AppError && status < 500 ? error.message : REGISTRATION_MSG.initFailed;
    return data<RegisterActionData>(
      { ok: false, message, result: parsed.reply({ formErrors: [message] }) },
      { status },
    );
  }
}

// ---- Admin: the event form dialog's action -------------------------------------------

export type AdminEventActionData = { ok: boolean; message: string; result?: SubmissionResult<string[]> };

async function withToast(
  app: AppContext,
  to: string,
  toast: { title: string; description?: string },
  variant: "success" | "destructive",
) {
  return redirect(to, { headers: { "Set-Cookie": await setToastCookie(app, { ...toast, variant }) } });
}

/**
 * Create, update, delete and activate events from forms (the admin event
 * dialog). `intent` is create | update | delete | toggle; `id` names the event
 * for the last three. With `redirectTo`, success redirects there with the
 * spec's toast (works without JavaScript); otherwise it answers data.
 */
export async function adminEventAction(app: AppContext, request: Request) {
  await requireAdmin(app, request);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const eventId = eventIdOf(String(form.get("id") ?? ""));
  const redirectTo = String(form.get("redirectTo") ?? "");
  const safeTarget = redirectTo ? safeRedirect(redirectTo, "") || null : null;
  const failures = {
    create: EVENT_TOASTS.createFailed,
    update: EVENT_TOASTS.updateFailed,
    delete: EVENT_TOASTS.deleteFailed,
    toggle: { title: "Failed to update event status" },
  };
  const failure = failures[intent as keyof typeof failures];
  if (!failure) return data<AdminEventActionData>({ ok: false, message: "Unknown intent" }, { status: 400 });
  if (intent !== "create" && eventId === null)
    return data<AdminEventActionData>({ ok: false, message: REGISTRATION_MSG.notFound }, { status: 404 });

  let success: { title: string };
  try {
    if (intent === "delete") {
      await deleteEvent(app, eventId!);
      success = EVENT_TOASTS.deleted;
    } else if (intent === "toggle") {
      const parsed = activeSchema.safeParse({ isActive: form.get("isActive") === "true" });
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
    if (!(error instanceof AppError)) console.error(`events: ${intent} failed`, error);
    const status = error instanceof AppError ? error.status : 500;
    const message = error instanceof AppError ? error.message : failure.title;
    return data<AdminEventActionData>(
      { ok: false, message: intent === "toggle" ? statusFailed(message) : message },
      { status },
    );
  }
  if (safeTarget) throw await withToast(app, safeTarget, success, "success");
  return data<AdminEventActionData>({ ok: true, message: success.title });
}
