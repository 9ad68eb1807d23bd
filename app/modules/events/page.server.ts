/**
 * The event pages' adapters `(ctx, user, input)`: the routes guard and read
 * the id (`idParam`), these call the same module functions as the /api
 * routes. An unknown event is a thrown 404 (the routes' error boundaries say
 * "Event not found"). This file: /events, /events/{id} for members and
 * guests, its .ics, and the member's cancel and leave-waitlist buttons. The
 * registration form pages are registration-page.server.ts; admins' actions
 * are admin-page.server.ts.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { appErrorStatus, orNotFound, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { formatRupees } from "~/lib/format";
import { eventIcs, icsFileName } from "./calendar";
import { fullEventIds, isFull } from "./capacity.server";
import { cancellationQuote, cancelOwnRegistration } from "./cancellation.server";
import { eventView, listEvents, requireEvent } from "./events.server";
import { paymentsSummary } from "./exports.server";
import { eventMoney } from "./money.server";
import { ownCheckIn } from "./receipts.server";
import { describeRefundRule } from "./refund-rule";
import {
  findOwnRegistration,
  listRegistrations,
  ownRegistrationView,
  ownRegistrationsByEvent,
  type OwnRegistrationMap,
} from "./registrations.server";
import { prefillFor } from "./registration-page.server";
import { leaveWaitlist, listWaitlist, ownWaitlistPlace } from "./waitlist.server";

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
  // Everything the page needs that depends only on the ids is read at once (one wave of D1 round trips);
  // only the refund quote waits for the member's registration.
  const member = user && !user.isAdmin ? user : null;
  const [row, ownRow, full, waitlist, checkIn] = await Promise.all([
    orNotFound(requireEvent(app, eventId)),
    member ? findOwnRegistration(app, eventId, member.id) : null,
    member ? isFull(app, eventId) : false,
    member ? ownWaitlistPlace(app, member, eventId) : null,
    member ? ownCheckIn(app, member.id, eventId) : null,
  ]);
  const event = eventView(row);
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
  if (user.isAdmin) {
    const [registrations, waitlistEntries, money, summary] = await Promise.all([
      listRegistrations(app, event.id),
      listWaitlist(app, event.id),
      eventMoney(app, event.id),
      paymentsSummary(app, event.id),
    ]);
    return { ...base, registrations, waitlistEntries, money, summary, own: null };
  }
  // A released registration is no registration: the member may register again.
  const own = ownRow && !ownRow.releasedAt ? ownRegistrationView(ownRow) : null;
  const quote = own ? await cancellationQuote(app, row, own) : null;
  return { ...base, registrations: null, own, full, waitlist, quote, checkIn: own ? checkIn : null };
}

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
