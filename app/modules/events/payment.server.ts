/**
 * Paying (step 2): the checkout's signed answer is verified with Razorpay and
 * the order recorded paid. `markOrderPaid` is the one place a payment is
 * recorded, whichever of the member's verify, the webhook or the cron comes
 * first; money for a registration that is gone is refunded (decision 030).
 */
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { eventRegistrations, events, eventWaitlist, payments, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { newCheckInCode } from "./check-in.server";
import { requireEvent } from "./events.server";
import { fetchPayment } from "./razorpay.server";
import { sendReceiptForOrder } from "./receipts.server";
import {
  audit,
  lateRefundMessage,
  lateRefundOf,
  refundLatePayment,
  registrationStateOf,
  type LateRefund,
} from "./refunds.server";
import { findOwnRegistration, ownRegistrationView } from "./registrations.server";
import { REGISTRATION_MSG, type VerifyPaymentInput } from "./schema";
import { verifyPaymentSignature } from "./signature";
import { eventRegistered } from "~/modules/club/feed.server";

/** Who recorded a payment: the member's verify, Razorpay's webhook, or the cron. */
export type PaidBy = { actor: "member"; userId: number } | { actor: "razorpay" | "system"; userId: null };

/**
 * Marks an order's payment and its registration paid, idempotently: a second
 * call (verify after the webhook, or a replayed webhook) changes nothing. A
 * registration already 'completed' stays so. Late money for a hold that ran
 * out makes the registration paid again, over the cap if the place was taken
 * since (docs/decisions/016-seat-holds.md); a payment already recorded never
 * revives a registration an admin removed afterwards. Money that arrives for
 * a registration the member cancelled or an admin removed, or for a cancelled
 * event, never revives it: it is recorded and refunded in full at once, and
 * the member is told (decision 030). Returns that refund, if any.
 */
export async function markOrderPaid(
  app: AppContext,
  orderId: string,
  paymentId: string,
  by: PaidBy,
): Promise<{ lateRefund: LateRefund | null }> {
  const now = app.now();
  const [before] = await app.db
    .select({ r: eventRegistrations, cancelledAt: events.cancelledAt })
    .from(payments)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(payments.orderId, orderId));
  const unrecordedOrder = app.db
    .select({ id: payments.registrationId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), ne(payments.status, "paid")));
  // The registration first: its condition reads the payment before the last statement records it.
  const [revived, , recorded] = await app.db.batch([
    app.db
      .update(eventRegistrations)
      .set({
        paymentStatus: "paid",
        holdExpiresAt: null,
        releasedAt: null,
        releaseReason: null,
        checkInCode: sql`coalesce(${eventRegistrations.checkInCode}, ${newCheckInCode()})`,
        updatedAt: now,
      })
      .where(
        and(
          sql`${eventRegistrations.id} IN ${unrecordedOrder}`,
          inArray(eventRegistrations.paymentStatus, ["pending", "paid"]),
          // Only a live registration or a hold that ran out: never one cancelled or removed, nor a cancelled event's.
          sql`(${eventRegistrations.releasedAt} IS NULL OR ${eventRegistrations.releaseReason} = 'expired')`,
          sql`${eventRegistrations.eventId} IN (SELECT id FROM events WHERE cancelled_at IS NULL)`,
        ),
      )
      .returning({ id: eventRegistrations.id }),
    // A place offered from the waitlist and paid: the entry is done.
    app.db
      .update(eventWaitlist)
      .set({ status: "registered", updatedAt: now })
      .where(
        and(
          eq(eventWaitlist.status, "offered"),
          sql`(${eventWaitlist.eventId}, ${eventWaitlist.userId}) IN (SELECT event_id, user_id FROM event_registrations WHERE id IN ${unrecordedOrder} AND released_at IS NULL)`,
        ),
      ),
    app.db
      .update(payments)
      .set({ status: "paid", paymentId, updatedAt: now })
      .where(and(eq(payments.orderId, orderId), ne(payments.status, "paid")))
      .returning(),
  ]);
  // Once per live paid registration, whichever of verify, webhook or cron got here first.
  await sendReceiptForOrder(app, orderId);
  const payment = recorded[0];
  if (!payment || !before) return { lateRefund: null };
  if (revived[0]) {
    const from = registrationStateOf(before.r, now);
    if (from !== "paid") await audit(app, before.r.id, by.actor, by.userId, from, "paid");
    await eventRegistered(app, await requireEvent(app, before.r.eventId), before.r.userId);
    return { lateRefund: null };
  }
  const dead =
    before.cancelledAt !== null || (before.r.releasedAt !== null && before.r.releaseReason !== "expired");
  if (!dead) return { lateRefund: null };
  const event = await requireEvent(app, before.r.eventId);
  return { lateRefund: await refundLatePayment(app, event, before.r, payment) };
}

/** A payment Razorpay reports for `order`: captured or authorized, for that order and its full amount. */
export const settlesOrder = (
  payment: { order_id: string; amount: number; status: string },
  order: { orderId: string; amount: number },
) =>
  payment.order_id === order.orderId &&
  payment.amount === order.amount &&
  (payment.status === "captured" || payment.status === "authorized");

/**
 * Step 2: checks the checkout's signature (HMAC-SHA256 of `orderId|paymentId`
 * with the key secret), asks Razorpay for the payment to confirm it settles
 * this order, and marks the registration paid. Calling it again for the same
 * payment answers the same success.
 */
export async function verifyPayment(app: AppContext, user: User, eventId: number, input: VerifyPaymentInput) {
  await requireEvent(app, eventId);
  const [found] = await app.db
    .select({ payment: payments, registration: eventRegistrations })
    .from(payments)
    .innerJoin(eventRegistrations, eq(eventRegistrations.id, payments.registrationId))
    .where(
      and(
        eq(payments.orderId, input.orderId),
        eq(eventRegistrations.eventId, eventId),
        eq(eventRegistrations.userId, user.id),
      ),
    );
  if (!found) throw new AppError(404, REGISTRATION_MSG.orderNotFound);
  const valid = await verifyPaymentSignature(
    app.env.RAZORPAY_KEY_SECRET,
    input.orderId,
    input.paymentId,
    input.signature,
  );
  if (!valid) throw new AppError(400, REGISTRATION_MSG.verifyFailed, { code: "invalid_signature" });

  const alreadyDone = found.payment.status === "paid" && found.payment.paymentId === input.paymentId;
  if (!alreadyDone) {
    const payment = await fetchPayment(app, input.paymentId);
    if (!settlesOrder(payment, found.payment))
      throw new AppError(400, REGISTRATION_MSG.verifyFailed, { code: "payment_not_settled" });
    await markOrderPaid(app, input.orderId, input.paymentId, { actor: "member", userId: user.id });
  }
  // Money that came after the registration was cancelled (or the event was) is refunded, and the answer says so.
  const late = await lateRefundOf(app, found.payment.id);
  if (late)
    throw new AppError(409, lateRefundMessage(late.amount), {
      code: "registration_cancelled",
      refund: { amount: late.amount, status: late.status },
    });
  const registration = await findOwnRegistration(app, eventId, user.id);
  return {
    message: "You've successfully registered for the event!",
    registration: ownRegistrationView(registration!),
  };
}
