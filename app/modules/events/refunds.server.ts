/**
 * Refunds of event payments and the registration audit trail
 * (docs/decisions/025-registration-states.md). One refund row per payment
 * record (UNIQUE), made before Razorpay is called, with our idempotency key;
 * sending it again (the cron's retry) sends the same key and body, so Razorpay
 * never refunds twice. Refund webhooks and the API answer move a refund only
 * out of 'pending', so their order does not matter.
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { eventRefunds, payments, registrationAudit, type AUDIT_ACTORS } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { createRefund } from "./razorpay.server";

export type AuditActor = (typeof AUDIT_ACTORS)[number];
type RefundRow = typeof eventRefunds.$inferSelect;

/** Appends one edge to a registration's audit trail. */
export async function audit(
  app: AppContext,
  registrationId: number,
  actor: AuditActor,
  actorUserId: number | null,
  fromState: string,
  toState: string,
) {
  await app.db
    .insert(registrationAudit)
    .values({ registrationId, actor, actorUserId, fromState, toState, at: app.now() });
}

/** The audit trail's name for a refund status. */
export const refundState = (status: RefundRow["status"]) =>
  status === "processed" ? "refunded" : status === "failed" ? "refund_failed" : "refund_pending";

const randomKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");

/**
 * Records the refund of a payment record (at most one per record): the row,
 * or null when that payment already has one (nothing more is refunded).
 */
export async function recordRefund(
  app: AppContext,
  input: {
    paymentRecordId: number;
    registrationId: number;
    eventId: number;
    paymentId: string;
    amount: number;
  },
): Promise<RefundRow | null> {
  const now = app.now();
  const [row] = await app.db
    .insert(eventRefunds)
    .values({ ...input, idempotencyKey: randomKey(), status: "pending", createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Asks Razorpay for the refund (same key and body on every try) and writes
 * its id and answer; a status already set by a webhook is kept. A failure
 * leaves it pending for the cron. Returns the row as it stands.
 */
export async function sendRefund(app: AppContext, refund: RefundRow): Promise<RefundRow> {
  try {
    const answer = await createRefund(
      app,
      refund.paymentId,
      { amount: refund.amount, speed: "normal", notes: { refund_key: refund.idempotencyKey } },
      refund.idempotencyKey,
    );
    await settleRefund(app, refund.id, answer.id, answer.status, "system");
  } catch (error) {
    console.error(`events: refund ${refund.id} not sent yet`, error);
  }
  return (await app.db.query.eventRefunds.findFirst({ where: eq(eventRefunds.id, refund.id) })) ?? refund;
}

/**
 * Writes Razorpay's refund id (once) and moves the status out of 'pending'
 * (only from there: a second webhook or a late API answer changes nothing),
 * with an audit row when it moved.
 */
async function settleRefund(
  app: AppContext,
  id: number,
  razorpayRefundId: string,
  status: RefundRow["status"],
  actor: AuditActor,
) {
  const now = app.now();
  await app.db
    .update(eventRefunds)
    .set({
      razorpayRefundId: sql`coalesce(${eventRefunds.razorpayRefundId}, ${razorpayRefundId})`,
      updatedAt: now,
    })
    .where(eq(eventRefunds.id, id));
  if (status === "pending") return;
  const [moved] = await app.db
    .update(eventRefunds)
    .set({ status, updatedAt: now })
    .where(and(eq(eventRefunds.id, id), eq(eventRefunds.status, "pending")))
    .returning({ registrationId: eventRefunds.registrationId });
  if (moved?.registrationId)
    await audit(app, moved.registrationId, actor, null, "refund_pending", refundState(status));
}

/** Refunds made but not yet accepted by Razorpay (it could not be reached): sent again, oldest first. */
export async function sendPendingRefunds(app: AppContext, limit = 20) {
  const due = await app.db
    .select()
    .from(eventRefunds)
    .where(and(eq(eventRefunds.status, "pending"), isNull(eventRefunds.razorpayRefundId)))
    .orderBy(asc(eventRefunds.updatedAt), asc(eventRefunds.id))
    .limit(limit);
  let sent = 0;
  for (const refund of due) if ((await sendRefund(app, refund)).razorpayRefundId) sent++;
  return { refunds: sent };
}

/** The part of a refund webhook the app reads (https://razorpay.com/docs/webhooks/payloads/refunds/). */
export interface RefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  status: string;
  notes?: Record<string, string> | unknown[];
}

/**
 * `refund.processed` / `refund.failed` (and `refund.created`): finds our
 * refund by Razorpay's id, else by the key we sent in its notes (a webhook
 * that beat our API answer), else records a refund made in Razorpay's
 * dashboard on one of our payments (so a later cancellation refunds nothing
 * more). Returns whether it concerned one of our payments.
 */
export async function applyRefundWebhook(app: AppContext, event: string, refund: RefundEntity) {
  const key = !Array.isArray(refund.notes) ? refund.notes?.refund_key : undefined;
  const status: RefundRow["status"] =
    event === "refund.processed" ? "processed" : event === "refund.failed" ? "failed" : "pending";
  let row = await app.db.query.eventRefunds.findFirst({
    where: key
      ? or(eq(eventRefunds.razorpayRefundId, refund.id), eq(eventRefunds.idempotencyKey, key))
      : eq(eventRefunds.razorpayRefundId, refund.id),
  });
  if (!row) {
    const record = await app.db.query.payments.findFirst({
      where: eq(payments.paymentId, refund.payment_id),
    });
    if (!record || refund.amount <= 0) return false;
    const now = app.now();
    [row] = await app.db
      .insert(eventRefunds)
      .values({
        paymentRecordId: record.id,
        registrationId: record.registrationId,
        eventId: record.eventId,
        paymentId: refund.payment_id,
        idempotencyKey: `external-${refund.id}`,
        razorpayRefundId: refund.id,
        amount: refund.amount,
        status: "pending",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return true;
  }
  await settleRefund(app, row.id, refund.id, status, "razorpay");
  return true;
}
