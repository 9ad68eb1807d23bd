/**
 * Cancelling (docs/decisions/025-registration-states.md): the member's own
 * cancellation with a refund by the event's rule, the admin's removal and
 * whole-event cancellation with full refunds. Each release is one
 * conditional UPDATE; the freed place goes to the waitlist (waitlist.server.ts).
 */
import { and, asc, eq, isNotNull, isNull, notExists } from "drizzle-orm";
import { eventRefunds, eventRegistrations, events, eventWaitlist, payments, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { formatEventDate, formatRupees, CLUB_TIME_ZONE } from "~/lib/format";
import { isPast, requireEvent } from "./events.server";
import { mail } from "./mail.server";
import { refundFor } from "./refund-rule";
import { audit, recordRefund, registrationStateOf, sendRefund, type AuditActor } from "./refunds.server";
import { isPaid, REGISTRATION_MSG } from "./schema";
import { closeOffer, offerFreedPlaces } from "./waitlist.server";

type RegistrationRow = typeof eventRegistrations.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** Refunds made on Workers per request; the cron sends the rest (`sendPendingRefunds`). */
const REFUNDS_PER_REQUEST = 20;

/**
 * The paid payment records of a registration that have no refund yet: what a
 * cancellation refunds. Every one of them, not only the first: a registration
 * re-taken after a cancellation, or paid twice (two checkouts), has several.
 */
export async function unrefundedPayments(app: AppContext, registrationId: number) {
  return app.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.registrationId, registrationId),
        eq(payments.status, "paid"),
        isNotNull(payments.paymentId),
        notExists(
          app.db
            .select({ id: eventRefunds.id })
            .from(eventRefunds)
            .where(eq(eventRefunds.paymentRecordId, payments.id)),
        ),
      ),
    )
    .orderBy(asc(payments.id));
}

export interface CancellationQuote {
  eventTitle: string;
  paid: number;
  percent: number;
  refund: number;
}

/** What cancelling now would refund the member (the confirmation names it). */
export async function cancellationQuote(
  app: AppContext,
  event: EventRow,
  registration: Pick<RegistrationRow, "id" | "paymentStatus">,
): Promise<CancellationQuote> {
  const open = isPaid(registration.paymentStatus) ? await unrefundedPayments(app, registration.id) : [];
  const paid = open.reduce((sum, p) => sum + p.amount, 0);
  const { percent } = refundFor(event, paid, app.now());
  const refund = open.reduce((sum, p) => sum + refundFor(event, p.amount, app.now()).amount, 0);
  return { eventTitle: event.title, paid, percent, refund };
}

type RefundStatus = "pending" | "processed" | "failed";
export interface CancellationResult {
  message: string;
  id: number;
  /** All refunds this cancellation started, summed (status: theirs when they agree, else pending). */
  refund: { amount: number; status: RefundStatus } | null;
  /** One per payment refunded. */
  refunds: { id: number; paymentId: string; amount: number; status: RefundStatus }[];
}

/**
 * Releases one registration (one conditional UPDATE: a second call finds
 * nothing), audits it, refunds `full` or by the event's rule what was paid
 * (once per payment), e-mails the member and offers the place to the waitlist.
 */
async function release(
  app: AppContext,
  event: EventRow,
  row: RegistrationRow,
  how: {
    reason: "cancelled" | "removed" | "event_cancelled";
    actor: AuditActor;
    actorUserId: number;
    full: boolean;
  },
  /** Whether to send a refund now (else the cron sends it). */
  sendNow: () => boolean = () => true,
): Promise<CancellationResult | null> {
  const now = app.now();
  const from = registrationStateOf(row, now);
  const [released] = await app.db
    .update(eventRegistrations)
    .set({ releasedAt: now, releaseReason: how.reason, holdExpiresAt: null, updatedAt: now })
    .where(and(eq(eventRegistrations.id, row.id), isNull(eventRegistrations.releasedAt)))
    .returning({ id: eventRegistrations.id });
  if (!released) return null;
  await audit(app, row.id, how.actor, how.actorUserId, from, "cancelled");
  // An offered place given back: the waitlist entry is done.
  await closeOffer(app, row, "left");

  const refunds: CancellationResult["refunds"] = [];
  for (const payment of await unrefundedPayments(app, row.id)) {
    const amount = how.full ? payment.amount : refundFor(event, payment.amount, now).amount;
    const recorded =
      amount > 0 && payment.paymentId
        ? await recordRefund(app, {
            paymentRecordId: payment.id,
            registrationId: row.id,
            eventId: row.eventId,
            paymentId: payment.paymentId,
            amount,
          })
        : null;
    if (!recorded) continue;
    await audit(app, row.id, how.actor, how.actorUserId, "cancelled", "refund_pending");
    const sent = sendNow() ? await sendRefund(app, recorded) : recorded;
    refunds.push({ id: sent.id, paymentId: sent.paymentId, amount: sent.amount, status: sent.status });
  }
  const refund = refunds.length
    ? {
        amount: refunds.reduce((sum, r) => sum + r.amount, 0),
        status: refunds.every((r) => r.status === refunds[0]!.status) ? refunds[0]!.status : "pending",
      }
    : null;
  const refundLine = refund
    ? `A refund of ${formatRupees(refund.amount)} is on its way to the account you paid from (usually 5-7 working days).`
    : isPaid(row.paymentStatus)
      ? "By the event's refund rule, this cancellation is not refunded."
      : "Nothing was paid, so there is nothing to refund.";
  const why =
    how.reason === "cancelled"
      ? `Your registration for ${event.title} (${formatEventDate(event.date.toISOString(), CLUB_TIME_ZONE)}) has been cancelled, as you asked.`
      : how.reason === "removed"
        ? `An organiser has cancelled your registration for ${event.title} (${formatEventDate(event.date.toISOString(), CLUB_TIME_ZONE)}).`
        : `${event.title} (${formatEventDate(event.date.toISOString(), CLUB_TIME_ZONE)}) has been cancelled by the organisers.`;
  await mail(app, row.email, `Registration cancelled: ${event.title}`, [
    `Hello ${row.name},`,
    why,
    refundLine,
  ]);
  return { message: REGISTRATION_MSG.cancelled, id: row.id, refund, refunds };
}

/** POST /api/events/{id}/cancel and the event page: the member cancels their own registration. */
export async function cancelOwnRegistration(app: AppContext, user: User, eventId: number) {
  const event = await requireEvent(app, eventId);
  const row = await app.db.query.eventRegistrations.findFirst({
    where: and(
      eq(eventRegistrations.eventId, eventId),
      eq(eventRegistrations.userId, user.id),
      isNull(eventRegistrations.releasedAt),
    ),
  });
  if (!row) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
  if (row.checkedInAt || isPast(event, app.now()))
    throw new AppError(409, REGISTRATION_MSG.notCancellable, { code: "not_cancellable" });
  const result = await release(app, event, row, {
    reason: "cancelled",
    actor: "member",
    actorUserId: user.id,
    full: false,
  });
  if (!result) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
  await offerFreedPlaces(app, eventId);
  return result;
}

/**
 * Admin: removes a member's registration (any state) with a full refund of
 * what was paid; the place goes to the waitlist. 404 when the registration
 * is not this event's or already released.
 */
export async function removeRegistration(
  app: AppContext,
  admin: User,
  eventId: number,
  registrationId: number,
) {
  const event = await requireEvent(app, eventId);
  const row = await app.db.query.eventRegistrations.findFirst({
    where: and(eq(eventRegistrations.id, registrationId), eq(eventRegistrations.eventId, eventId)),
  });
  const result = row
    ? await release(app, event, row, { reason: "removed", actor: "admin", actorUserId: admin.id, full: true })
    : null;
  if (!result) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
  await offerFreedPlaces(app, eventId);
  // 016's answer {message, id}, with the refund when one was started.
  return {
    message: REGISTRATION_MSG.removed,
    id: result.id,
    ...(result.refund ? { refund: result.refund, refunds: result.refunds } : {}),
  };
}

/**
 * Admin: cancels the whole event: it is closed (inactive, `cancelled_at`),
 * every live registration is released with a full refund (the first
 * REFUNDS_PER_REQUEST sent at once, the rest by the cron) and e-mailed, and
 * the waitlist is closed.
 */
export async function cancelEvent(app: AppContext, admin: User, eventId: number) {
  await requireEvent(app, eventId);
  const now = app.now();
  const [event] = await app.db
    .update(events)
    .set({ isActive: false, cancelledAt: now, updatedAt: now })
    .where(and(eq(events.id, eventId), isNull(events.cancelledAt)))
    .returning();
  if (!event) throw new AppError(409, REGISTRATION_MSG.eventCancelled, { code: "event_cancelled" });
  await app.db
    .update(eventWaitlist)
    .set({ status: "left", updatedAt: now })
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, "waiting")));
  const live = await app.db
    .select()
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), isNull(eventRegistrations.releasedAt)));
  let refunds = 0;
  let sent = 0;
  const sendNow = () => sent++ < REFUNDS_PER_REQUEST;
  for (const row of live) {
    const result = await release(
      app,
      event,
      row,
      { reason: "event_cancelled", actor: "admin", actorUserId: admin.id, full: true },
      sendNow,
    );
    if (result?.refund) refunds++;
  }
  return { message: "Event cancelled", id: eventId, cancelled: live.length, refunds };
}
