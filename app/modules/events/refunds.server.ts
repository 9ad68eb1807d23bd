/**
 * Refunds of event payments and the registration audit trail
 * (docs/decisions/025-registration-states.md). One refund row per payment
 * record (UNIQUE), made before Razorpay is called, with our idempotency key;
 * sending it again (the cron's retry) sends the same key and body, so Razorpay
 * never refunds twice. Refund webhooks and the API answer move a refund only
 * out of 'pending', so their order does not matter.
 */
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import {
  eventRefunds,
  payments,
  registrationAudit,
  type AUDIT_ACTORS,
  type eventRegistrations,
  type events,
  type User,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { CLUB_TIME_ZONE, formatEventDate, formatRupees } from "~/lib/format";
import { mail } from "./mail.server";
import { createRefund, RazorpayError } from "./razorpay.server";
import { isPaid } from "./schema";

export type AuditActor = (typeof AUDIT_ACTORS)[number];
type RefundRow = typeof eventRefunds.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

/** A registration's state, read from its columns (decision 025's table). */
export function registrationStateOf(r: RegistrationRow, now: Date): string {
  if (r.releasedAt) return "cancelled";
  if (isPaid(r.paymentStatus)) return r.checkedInAt ? "checked_in" : "paid";
  return r.holdExpiresAt && r.holdExpiresAt > now ? "held" : "expired";
}

/** Appends one edge to a registration's audit trail. */
export async function audit(
  app: AppContext,
  registrationId: number,
  actor: AuditActor,
  actorUserId: number | null,
  fromState: string,
  toState: string,
  note: string | null = null,
) {
  await app.db
    .insert(registrationAudit)
    .values({ registrationId, actor, actorUserId, fromState, toState, note, at: app.now() });
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
    latePayment?: boolean;
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

/** Tries in all before a refund Razorpay keeps refusing or cannot take is marked failed. */
export const MAX_REFUND_ATTEMPTS = 6;
/** Tries before a refund Razorpay refuses outright (4xx other than 429) is marked failed. */
export const MAX_REFUSED_ATTEMPTS = 2;
/** The wait after the n-th failed try: 15 minutes, doubling, at most 12 hours. */
export const refundBackoffMs = (attempts: number) =>
  Math.min(15 * 60_000 * 2 ** Math.max(0, attempts - 1), 12 * 3_600_000);

/**
 * Asks Razorpay for the refund (same key and body on every try) and writes
 * its id and answer; a status already set by a webhook is kept. Every try is
 * counted. A failed try waits (`next_attempt_at`, with backoff) for the cron;
 * after MAX_REFUND_ATTEMPTS tries, or MAX_REFUSED_ATTEMPTS when Razorpay
 * refuses it (4xx), the refund is marked failed for an admin to settle
 * (decision 030). Returns the row as it stands.
 */
export async function sendRefund(app: AppContext, refund: RefundRow, now = app.now()): Promise<RefundRow> {
  const [counted] = await app.db
    .update(eventRefunds)
    .set({ attempts: sql`${eventRefunds.attempts} + 1`, updatedAt: now })
    .where(eq(eventRefunds.id, refund.id))
    .returning({ attempts: eventRefunds.attempts });
  const attempts = counted?.attempts ?? refund.attempts + 1;
  try {
    const answer = await createRefund(
      app,
      refund.paymentId,
      { amount: refund.amount, speed: "normal", notes: { refund_key: refund.idempotencyKey } },
      refund.idempotencyKey,
    );
    await app.db
      .update(eventRefunds)
      .set({ nextAttemptAt: null, lastError: null })
      .where(eq(eventRefunds.id, refund.id));
    await settleRefund(app, refund.id, answer.id, answer.status, "system");
  } catch (error) {
    const upstream = error instanceof RazorpayError ? error.upstreamStatus : null;
    const lastError = error instanceof RazorpayError ? error.detail : String(error).slice(0, 200);
    const refused = upstream !== null && upstream >= 400 && upstream < 500 && upstream !== 429;
    const giveUp = attempts >= (refused ? MAX_REFUSED_ATTEMPTS : MAX_REFUND_ATTEMPTS);
    console.error(`events: refund ${refund.id} try ${attempts} failed${giveUp ? ", giving up" : ""}`, error);
    const [moved] = await app.db
      .update(eventRefunds)
      .set({
        lastError,
        nextAttemptAt: giveUp ? null : new Date(now.getTime() + refundBackoffMs(attempts)),
        ...(giveUp ? { status: "failed" as const } : {}),
        updatedAt: now,
      })
      .where(and(eq(eventRefunds.id, refund.id), eq(eventRefunds.status, "pending")))
      .returning({ registrationId: eventRefunds.registrationId });
    if (giveUp && moved?.registrationId)
      await audit(app, moved.registrationId, "system", null, "refund_pending", "refund_failed", lastError);
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

/**
 * The cron's refunds: those not yet accepted by Razorpay whose next try is
 * due, soonest first. A failed try moves its refund's `next_attempt_at`
 * forward, so refunds Razorpay keeps refusing never hold up the others.
 */
export async function sendPendingRefunds(app: AppContext, now = app.now(), limit = 20) {
  const due = await app.db
    .select()
    .from(eventRefunds)
    .where(
      and(
        eq(eventRefunds.status, "pending"),
        isNull(eventRefunds.razorpayRefundId),
        or(isNull(eventRefunds.nextAttemptAt), lte(eventRefunds.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(sql`coalesce(${eventRefunds.nextAttemptAt}, 0)`), asc(eventRefunds.id))
    .limit(limit);
  let sent = 0;
  for (const refund of due) if ((await sendRefund(app, refund, now)).razorpayRefundId) sent++;
  return { refunds: sent };
}

export const REFUND_MSG = {
  notFound: "Refund not found",
  notFailed: "Only a failed refund can be retried or marked refunded",
  retried: "The refund was sent to Razorpay again",
  retryFailed: "Razorpay did not take the refund yet; it will be tried again",
  markedByHand: "The refund is marked as refunded by hand",
} as const;

/** A refund as the admin's money view and /api show it. */
export function refundView(r: RefundRow) {
  return {
    id: r.id,
    registrationId: r.registrationId,
    paymentId: r.paymentId,
    razorpayRefundId: r.razorpayRefundId,
    amount: r.amount,
    status: r.status,
    byHand: r.settledByUserId !== null || r.note !== null,
    note: r.note,
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    lastError: r.lastError,
    latePayment: r.latePayment,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
export type RefundView = ReturnType<typeof refundView>;

async function requireRefund(app: AppContext, eventId: number, refundId: number) {
  const row = await app.db.query.eventRefunds.findFirst({
    where: and(eq(eventRefunds.id, refundId), eq(eventRefunds.eventId, eventId)),
  });
  if (!row) throw new AppError(404, REFUND_MSG.notFound);
  return row;
}

/**
 * Admin: a failed refund is made again, as a new Razorpay refund (a new
 * idempotency key: the old key would answer the old, failed refund) with its
 * tries counted from zero. 409 unless it is failed, so a double click sends one.
 */
export async function retryRefund(app: AppContext, admin: User, eventId: number, refundId: number) {
  const row = await requireRefund(app, eventId, refundId);
  const now = app.now();
  const [reset] = await app.db
    .update(eventRefunds)
    .set({
      status: "pending",
      idempotencyKey: randomKey(),
      razorpayRefundId: null,
      attempts: 0,
      nextAttemptAt: null,
      lastError: null,
      updatedAt: now,
    })
    .where(and(eq(eventRefunds.id, row.id), eq(eventRefunds.status, "failed")))
    .returning();
  if (!reset) throw new AppError(409, REFUND_MSG.notFailed, { code: "refund_not_failed" });
  if (reset.registrationId)
    await audit(app, reset.registrationId, "admin", admin.id, "refund_failed", "refund_pending", "Retried");
  const sent = await sendRefund(app, reset, now);
  return {
    message: sent.razorpayRefundId || sent.status !== "pending" ? REFUND_MSG.retried : REFUND_MSG.retryFailed,
    refund: refundView(sent),
  };
}

/**
 * Admin: a failed refund was settled outside the app (a bank transfer, the
 * Razorpay dashboard): it becomes processed, with who did it and their note.
 */
export async function markRefundedByHand(
  app: AppContext,
  admin: User,
  eventId: number,
  refundId: number,
  note: string,
) {
  const row = await requireRefund(app, eventId, refundId);
  const [marked] = await app.db
    .update(eventRefunds)
    .set({ status: "processed", settledByUserId: admin.id, note, nextAttemptAt: null, updatedAt: app.now() })
    .where(and(eq(eventRefunds.id, row.id), eq(eventRefunds.status, "failed")))
    .returning();
  if (!marked) throw new AppError(409, REFUND_MSG.notFailed, { code: "refund_not_failed" });
  if (marked.registrationId)
    await audit(
      app,
      marked.registrationId,
      "admin",
      admin.id,
      "refund_failed",
      "refunded",
      `By hand: ${note}`,
    );
  return { message: REFUND_MSG.markedByHand, refund: refundView(marked) };
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

// ---- Late money ---------------------------------------------------------------

export type LateRefund = RefundRow;

export const lateRefundMessage = (amount: number) =>
  `Your payment arrived after this registration was cancelled, so you are not registered. The full ${formatRupees(amount)} is being refunded to the account you paid from (usually 5-7 working days).`;

/**
 * A payment recorded for a registration that was cancelled or removed, or
 * for a cancelled event (decision 030): refunded in full at once (the
 * registration stays cancelled), audited, and the member is e-mailed.
 * Recording is once per payment, so a replay refunds nothing more.
 */
export async function refundLatePayment(
  app: AppContext,
  event: typeof events.$inferSelect,
  registration: RegistrationRow,
  payment: PaymentRow,
): Promise<RefundRow | null> {
  if (!payment.paymentId || payment.amount <= 0) return null;
  const recorded = await recordRefund(app, {
    paymentRecordId: payment.id,
    registrationId: registration.id,
    eventId: registration.eventId,
    paymentId: payment.paymentId,
    amount: payment.amount,
    latePayment: true,
  });
  if (!recorded) return null;
  await audit(
    app,
    registration.id,
    "system",
    null,
    "cancelled",
    "refund_pending",
    "Payment arrived after the registration was cancelled",
  );
  const sent = await sendRefund(app, recorded);
  await mail(app, registration.email, `Payment refunded: ${event.title}`, [
    `Hello ${registration.name},`,
    `We received your payment of ${formatRupees(payment.amount)} for ${event.title} (${formatEventDate(event.date.toISOString(), CLUB_TIME_ZONE)}) after your registration had been cancelled${event.cancelledAt ? ", because the event itself has been cancelled" : ""}. You are not registered.`,
    `The full ${formatRupees(payment.amount)} is being refunded to the account you paid from (usually 5-7 working days).`,
  ]);
  return sent;
}

/** The refund of a late payment (see refundLatePayment) by its payment record, or null. */
export async function lateRefundOf(app: AppContext, paymentRecordId: number) {
  return (
    (await app.db.query.eventRefunds.findFirst({
      where: and(eq(eventRefunds.paymentRecordId, paymentRecordId), eq(eventRefunds.latePayment, true)),
    })) ?? null
  );
}
