/**
 * The events part of the Cron Triggers (workers/app.ts dispatches every run
 * here and to the Strava cron): unpaid registrations whose hold ran out are
 * settled with Razorpay. For each one the app asks `GET /orders/{id}/payments`
 * for every order it created; a captured or authorized payment for the full
 * amount marks it paid (as verify-payment would), otherwise it is released
 * (kept for history, reason 'expired'). Bounded per run; a registration the
 * provider could not answer for stays pending (it holds no place meanwhile)
 * and goes to the back of the queue. docs/decisions/016-seat-holds.md
 */
import { and, asc, eq, inArray, isNull, lte, or } from "drizzle-orm";
import { eventRegistrations, payments } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { markOrderPaid, settlesOrder } from "./payment.server";
import { afterHoldsReleased, offerWaitingPlaces } from "./waitlist.server";
import { fetchOrderPayments } from "./razorpay.server";
import { sendPendingRefunds } from "./refunds.server";
import { retryFailedReceipts } from "./receipts.server";
import { sendReminders } from "./reminders.server";

/** Registrations settled per run: each costs one Razorpay call per order it has (usually one). */
export const MAX_HOLDS_PER_RUN = 20;

export interface ScheduledRun {
  cron: string;
  scheduledTime: Date;
}

export interface HoldsResult {
  task: "event-holds";
  paid: number;
  released: number;
  failed: number;
  offered: number;
  refunds: number;
  reminders: number;
  /** Receipts sent again after the e-mail provider failed them (docs/decisions/031). */
  receipts: number;
}

/**
 * Expired holds settled (lapsed offers go to the next in line), refunds
 * Razorpay could not take yet sent again, free places offered to waitlists,
 * the 7-day and 1-day reminders (docs/decisions/025-registration-states.md)
 * and the receipts whose first send failed (docs/decisions/031).
 */
export async function handleEventsScheduled(app: AppContext, run: ScheduledRun): Promise<HoldsResult> {
  const holds = await settleExpiredHolds(app, run.scheduledTime);
  const { refunds } = await sendPendingRefunds(app);
  const offered = await offerWaitingPlaces(app);
  const { reminders } = await sendReminders(app, run.scheduledTime);
  const { receipts } = await retryFailedReceipts(app);
  return { task: "event-holds", ...holds, refunds, offered, reminders, receipts };
}

/** Settles up to `limit` pending registrations whose hold ended by `now`, oldest first. */
export async function settleExpiredHolds(app: AppContext, now: Date, limit = MAX_HOLDS_PER_RUN) {
  const due = await app.db
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.paymentStatus, "pending"),
        isNull(eventRegistrations.releasedAt),
        or(isNull(eventRegistrations.holdExpiresAt), lte(eventRegistrations.holdExpiresAt, now)),
      ),
    )
    .orderBy(asc(eventRegistrations.updatedAt), asc(eventRegistrations.id))
    .limit(limit);
  const result = { paid: 0, released: 0, failed: 0 };
  if (due.length === 0) return result;
  const releasedRows: { id: number; eventId: number; userId: number }[] = [];

  const orders = await app.db
    .select({ registrationId: payments.registrationId, orderId: payments.orderId, amount: payments.amount })
    .from(payments)
    .where(
      inArray(
        payments.registrationId,
        due.map((r) => r.id),
      ),
    );

  for (const { id } of due) {
    try {
      let settled = false;
      for (const order of orders.filter((o) => o.registrationId === id)) {
        const { items } = await fetchOrderPayments(app, order.orderId);
        const payment = items.find((p) => settlesOrder(p, order));
        if (payment) {
          await markOrderPaid(app, order.orderId, payment.id, { actor: "system", userId: null });
          settled = true;
          break;
        }
      }
      if (settled) {
        result.paid++;
        continue;
      }
      // Only if it is still an expired, unreleased pending hold (the member may have retried meanwhile).
      const released = await app.db
        .update(eventRegistrations)
        .set({ releasedAt: now, releaseReason: "expired", holdExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(eventRegistrations.id, id),
            eq(eventRegistrations.paymentStatus, "pending"),
            isNull(eventRegistrations.releasedAt),
            or(isNull(eventRegistrations.holdExpiresAt), lte(eventRegistrations.holdExpiresAt, now)),
          ),
        )
        .returning({
          id: eventRegistrations.id,
          eventId: eventRegistrations.eventId,
          userId: eventRegistrations.userId,
        });
      result.released += released.length;
      releasedRows.push(...released);
    } catch (error) {
      console.error(`events: could not settle the hold of registration ${id}`, error);
      result.failed++;
      await app.db.update(eventRegistrations).set({ updatedAt: now }).where(eq(eventRegistrations.id, id));
    }
  }
  await afterHoldsReleased(app, releasedRows);
  return result;
}
