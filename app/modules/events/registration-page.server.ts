/**
 * /events/{id}/register and /events/{id}/payment: the registration form
 * posts here from the dialog (a fetcher) and from the full pages (a plain
 * form, so it works without JavaScript); the answer carries the payment
 * order or the form's errors. A full event's form joins the waitlist.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { orNotFound, redirect, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { isFull } from "./capacity.server";
import { getEvent } from "./events.server";
import { initializePayment, type PaymentStart } from "./register.server";
import { getOwnRegistration } from "./registrations.server";
import { initializePaymentSchema, REGISTRATION_MSG } from "./schema";
import { joinWaitlist, ownWaitlistPlace } from "./waitlist.server";

/** What step 1 of the form is prefilled with: the signed-in member's name and e-mail. */
export function prefillFor(user: User) {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return { name: name || user.username, email: user.email, phone: "", emergencyContact: "" };
}
export type Prefill = ReturnType<typeof prefillFor>;

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
