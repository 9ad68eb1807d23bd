/**
 * Events: the list and detail for everyone, registration and Razorpay payment
 * for members, registration lists and create / edit / delete / activate for
 * admins. Pages and /api routes call these functions and return the same
 * shapes. Money is in paise; dates are ISO strings in views.
 */
import { z } from "zod";
import { and, asc, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { eventRegistrations, events, eventWaitlist, payments, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, readTextCapped } from "~/lib/http.server";
import { createOrder, fetchPayment, publicKeyId } from "./razorpay.server";
import { sendReceiptForOrder, sendReceipts } from "./receipts.server";
import {
  applyRefundWebhook,
  audit,
  lateRefundMessage,
  lateRefundOf,
  refundLatePayment,
  registrationStateOf,
  type LateRefund,
} from "./refunds.server";
import {
  CURRENCY,
  isPaid,
  REGISTRATION_MSG,
  type EventInput,
  type InitializePaymentInput,
  type VerifyPaymentInput,
} from "./schema";
import { verifyHmacSha256, verifyPaymentSignature } from "./signature";
import { oneRow } from "~db/client";
import { avatarFor } from "~/modules/privacy/photos.server";

type EventRow = typeof events.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;

export function eventView(e: EventRow) {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    date: e.date.toISOString(),
    location: e.location,
    fee: e.fee,
    maxParticipants: e.maxParticipants,
    isActive: e.isActive,
    refundFullDays: e.refundFullDays,
    refundPartialPercent: e.refundPartialPercent,
    refundPartialDays: e.refundPartialDays,
    cancelledAt: e.cancelledAt?.toISOString() ?? null,
  };
}
export type EventView = ReturnType<typeof eventView>;

/** The member's own registration, with the details they typed (to prefill 'Complete Payment'). */
export function ownRegistrationView(r: RegistrationRow) {
  return {
    id: r.id,
    eventId: r.eventId,
    userId: r.userId,
    registrationDate: r.registrationDate.toISOString(),
    paymentStatus: r.paymentStatus,
    name: r.name,
    email: r.email,
    phone: r.phone,
    emergencyContact: r.emergencyContact,
  };
}
export type OwnRegistration = ReturnType<typeof ownRegistrationView>;

/** An event counts as completed when its date is before now. */
export const isPast = (event: { date: string | Date }, now: Date) =>
  new Date(event.date).getTime() < now.getTime();

// ---- Reading ----------------------------------------------------------------

/** Admins see every event; everyone else the active ones. Soonest first. */
export async function listEvents(app: AppContext, viewer: Pick<User, "isAdmin"> | null) {
  const rows = await app.db
    .select()
    .from(events)
    .where(viewer?.isAdmin ? undefined : eq(events.isActive, true))
    .orderBy(asc(events.date), asc(events.id));
  return rows.map(eventView);
}

export async function requireEvent(app: AppContext, id: number): Promise<EventRow> {
  const row = await app.db.query.events.findFirst({ where: eq(events.id, id) });
  if (!row) throw new AppError(404, REGISTRATION_MSG.notFound);
  return row;
}

export async function getEvent(app: AppContext, id: number): Promise<EventView> {
  return eventView(await requireEvent(app, id));
}

/**
 * Admin: an event's registrations with the member (username, email, the
 * picture an admin may see: decision 029), newest first.
 */
export async function listRegistrations(app: AppContext, eventId: number) {
  await requireEvent(app, eventId);
  const rows = await app.db
    .select({
      r: eventRegistrations,
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        profileImageUrl: users.profileImageUrl,
        stravaPhotoUrl: users.stravaPhotoUrl,
        showStravaPhoto: users.showStravaPhoto,
      },
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(and(eq(eventRegistrations.eventId, eventId), isNull(eventRegistrations.releasedAt)))
    .orderBy(desc(eventRegistrations.registrationDate), desc(eventRegistrations.id));
  return rows.map(({ r, user }) => ({
    id: r.id,
    eventId: r.eventId,
    userId: r.userId,
    registrationDate: r.registrationDate.toISOString(),
    paymentStatus: r.paymentStatus,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      profileImageUrl: avatarFor(null, user),
    },
  }));
}
export type AdminRegistration = Awaited<ReturnType<typeof listRegistrations>>[number];

async function findOwnRegistration(app: AppContext, eventId: number, userId: number) {
  return (
    (await app.db.query.eventRegistrations.findFirst({
      where: and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.userId, userId)),
    })) ?? null
  );
}

/** The member's registration for one event, or null (also when it was released: the member may register again). */
export async function getOwnRegistration(
  app: AppContext,
  user: Pick<User, "id">,
  eventId: number,
): Promise<OwnRegistration | null> {
  await requireEvent(app, eventId);
  const row = await findOwnRegistration(app, eventId, user.id);
  return row && !row.releasedAt ? ownRegistrationView(row) : null;
}

/** The member's registrations keyed by event id, each with the event's title, date and location. */
export async function ownRegistrationsByEvent(app: AppContext, user: Pick<User, "id">) {
  const rows = await app.db
    .select({
      r: eventRegistrations,
      event: { title: events.title, date: events.date, location: events.location },
    })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(and(eq(eventRegistrations.userId, user.id), isNull(eventRegistrations.releasedAt)));
  const map: Record<string, OwnRegistration & { event: { title: string; date: string; location: string } }> =
    {};
  for (const { r, event } of rows)
    map[r.eventId] = { ...ownRegistrationView(r), event: { ...event, date: event.date.toISOString() } };
  return map;
}
export type OwnRegistrationMap = Awaited<ReturnType<typeof ownRegistrationsByEvent>>;

// ---- Registration and payment ------------------------------------------------

export interface PaymentStart {
  /** Null for a free event, which is registered as paid at once. */
  orderId: string | null;
  amount: number;
  currency: string;
  keyId: string | null;
  registration: OwnRegistration;
}

/** EVENT_HOLD_MINUTES: how long an unpaid registration holds its place (whole minutes, 1 to 1440; default 30). */
export function holdMinutes(env: Pick<AppContext["env"], "EVENT_HOLD_MINUTES">): number {
  const n = Number(env.EVENT_HOLD_MINUTES);
  return env.EVENT_HOLD_MINUTES?.trim() && Number.isInteger(n) && n >= 1 && n <= 1440
    ? n
    : DEFAULT_HOLD_MINUTES;
}
export const DEFAULT_HOLD_MINUTES = 30;

export const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
/**
 * A paid registration's check-in code (its QR code's content): 12 random
 * characters of an unambiguous alphabet (about 59 bits), not derived from the id.
 */
export function newCheckInCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => CODE_ALPHABET[b % 30]).join("");
}

/**
 * Whether the registration row in scope holds a place at `now`: not released,
 * and paid (or completed) or pending within its hold. Unqualified columns, so
 * inside a subquery it reads the subquery's row.
 */
export const holdsPlace = (now: Date) =>
  sql`(released_at IS NULL AND (payment_status IN ('paid', 'completed') OR (payment_status = 'pending' AND hold_expires_at > ${epochSeconds(now)})))`;

/** The event has room at `now`: no cap, or fewer registrations holding a place than the cap. */
export const hasRoom = (eventId: number, now: Date) => sql`(
  (SELECT max_participants FROM events WHERE id = ${eventId}) IS NULL
  OR (SELECT count(*) FROM event_registrations WHERE event_id = ${eventId} AND ${holdsPlace(now)})
   < (SELECT max_participants FROM events WHERE id = ${eventId}))`;

/** Nobody is waiting for a place: a freed place goes to the first in line, not to whoever asks first. */
export const noQueue = (eventId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM event_waitlist WHERE event_id = ${eventId} AND status = 'waiting')`;

/**
 * Inserts the member's registration only while the event has room: one
 * statement, so two members racing for the last place cannot both get it.
 * Paid and unexpired pending registrations count; expired holds and released
 * ones do not. Returns the new row's id, or null when the event is full (or
 * the member registered in the meantime: the caller reads that back).
 */
async function insertRegistrationIfRoom(
  app: AppContext,
  event: EventRow,
  user: User,
  input: InitializePaymentInput,
  status: "pending" | "paid",
) {
  const now = app.now();
  const holdUntil = status === "pending" ? epochSeconds(now) + holdMinutes(app.env) * 60 : null;
  const rows = await app.db.all<{ id: number }>(sql`
    INSERT INTO event_registrations (event_id, user_id, name, email, phone, emergency_contact, payment_status, hold_expires_at, check_in_code)
    SELECT ${event.id}, ${user.id}, ${input.name}, ${input.email}, ${input.phone}, ${input.emergencyContact}, ${status}, ${holdUntil}, ${status === "paid" ? newCheckInCode() : null}
    WHERE ${hasRoom(event.id, now)} AND ${noQueue(event.id)}
    ON CONFLICT (event_id, user_id) DO NOTHING
    RETURNING id`);
  return rows[0]?.id ?? null;
}

/**
 * The member's own unpaid registration again (new details, a retry, or a
 * registration that was released): one conditional statement. While its hold
 * runs it keeps its place and the same deadline (retrying never extends a
 * hold); once expired or released it takes a place, with a new hold, only if
 * the event has room. Returns the id, or null when it could not.
 */
async function renewRegistrationIfRoom(
  app: AppContext,
  existing: RegistrationRow,
  input: InitializePaymentInput,
  status: "pending" | "paid",
) {
  const now = app.now();
  const nowSeconds = epochSeconds(now);
  const newHold = status === "pending" ? nowSeconds + holdMinutes(app.env) * 60 : null;
  const live = sql`(released_at IS NULL AND payment_status = 'pending' AND hold_expires_at > ${nowSeconds})`;
  const rows = await app.db.all<{ id: number }>(sql`
    UPDATE event_registrations SET
      name = ${input.name}, email = ${input.email}, phone = ${input.phone}, emergency_contact = ${input.emergencyContact},
      payment_status = ${status},
      hold_expires_at = CASE WHEN ${status} = 'pending' AND ${live} THEN hold_expires_at ELSE ${newHold} END,
      registration_date = CASE WHEN released_at IS NULL THEN registration_date ELSE ${nowSeconds} END,
      released_at = NULL, release_reason = NULL, updated_at = ${nowSeconds},
      check_in_code = ${status === "paid" ? newCheckInCode() : null}, checked_in_at = NULL,
      reminder_7d_sent_at = NULL, reminder_1d_sent_at = NULL, receipt_sent_at = NULL
    WHERE id = ${existing.id}
      AND (payment_status = 'pending' OR released_at IS NOT NULL)
      AND (${live} OR (${hasRoom(existing.eventId, now)} AND ${noQueue(existing.eventId)}))
    RETURNING id`);
  return rows[0]?.id ?? null;
}

/** Creates or refreshes the member's pending registration (capacity enforced), or throws the rule it breaks. */
async function upsertRegistration(
  app: AppContext,
  event: EventRow,
  user: User,
  input: InitializePaymentInput,
): Promise<RegistrationRow> {
  const status = event.fee === 0 ? "paid" : "pending";
  const existing = await findOwnRegistration(app, event.id, user.id);
  if (existing && !existing.releasedAt && isPaid(existing.paymentStatus))
    throw new AppError(409, REGISTRATION_MSG.alreadyPaid, { code: "already_registered" });
  const id = existing
    ? await renewRegistrationIfRoom(app, existing, input, status)
    : await insertRegistrationIfRoom(app, event, user, input, status);
  const row = id
    ? await app.db.query.eventRegistrations.findFirst({ where: eq(eventRegistrations.id, id) })
    : await findOwnRegistration(app, event.id, user.id);
  if (id && row) {
    const from = existing ? registrationStateOf(existing, app.now()) : "new";
    const to = status === "paid" ? "paid" : "held";
    if (from !== to) await audit(app, row.id, "member", user.id, from, to);
    return row;
  }
  if (row && !row.releasedAt && isPaid(row.paymentStatus))
    throw new AppError(409, REGISTRATION_MSG.alreadyPaid, { code: "already_registered" });
  // The member's own second request, racing the first (a double click): the first one's registration.
  if (!existing && row && !row.releasedAt) return row;
  throw new AppError(409, REGISTRATION_MSG.full, { code: "event_full" });
}

/**
 * Step 1 of registration: checks the event is open and the amount is its fee,
 * creates or updates the pending registration, then a Razorpay order for the
 * fee. A free event is registered as paid without Razorpay.
 */
export async function initializePayment(
  app: AppContext,
  user: User,
  eventId: number,
  input: InitializePaymentInput,
): Promise<PaymentStart> {
  const event = await requireEvent(app, eventId);
  if (!event.isActive) throw new AppError(400, REGISTRATION_MSG.inactive, { code: "event_inactive" });
  if (isPast(event, app.now())) throw new AppError(400, REGISTRATION_MSG.past, { code: "event_past" });
  if (input.amount !== event.fee)
    throw new AppError(400, REGISTRATION_MSG.amount, { errors: { amount: [REGISTRATION_MSG.amount] } });
  const keyId = event.fee === 0 ? null : publicKeyId(app);
  const registration = await upsertRegistration(app, event, user, input);
  if (event.fee === 0) await sendReceipts(app, [registration.id]);
  if (event.fee === 0)
    return {
      orderId: null,
      amount: 0,
      currency: CURRENCY,
      keyId,
      registration: ownRegistrationView(registration),
    };

  const order = await createOrder(app, {
    amount: event.fee,
    currency: CURRENCY,
    receipt: `event${event.id}-reg${registration.id}`,
    notes: { eventId: String(event.id), registrationId: String(registration.id), userId: String(user.id) },
  });
  await app.db.insert(payments).values({
    registrationId: registration.id,
    eventId: event.id,
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    status: "created",
  });
  return {
    orderId: order.id,
    amount: order.amount,
    currency: order.currency,
    keyId,
    registration: ownRegistrationView(registration),
  };
}

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

/** The part of Razorpay's payment webhook the app reads (https://razorpay.com/docs/webhooks/payloads/payments/). */
const webhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string().min(1).max(100),
            order_id: z.string().min(1).max(100),
            amount: z.number().int().nonnegative(),
            status: z.string().max(50),
          }),
        })
        .optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string().min(1).max(100),
            payment_id: z.string().min(1).max(100),
            amount: z.number().int().nonnegative(),
            status: z.string().max(50),
            notes: z.union([z.record(z.string().max(500)), z.array(z.unknown()).max(0)]).optional(),
          }),
        })
        .optional(),
    })
    .optional(),
});
/** Razorpay's largest webhook bodies are a few KB. */
const WEBHOOK_MAX_BYTES = 256 * 1024;

/**
 * POST /api/webhooks/razorpay: the body is trusted only with a valid
 * X-Razorpay-Signature (HMAC-SHA256 of the raw body with the webhook secret).
 * `payment.captured` (and `order.paid`) mark the order paid, idempotently;
 * `refund.processed` / `refund.failed` settle our refund (refunds.server.ts);
 * other events and unknown orders are acknowledged and ignored.
 */
export async function handleRazorpayWebhook(app: AppContext, request: Request): Promise<Response> {
  const raw = await readTextCapped(request, WEBHOOK_MAX_BYTES);
  const valid = await verifyHmacSha256(
    app.env.RAZORPAY_WEBHOOK_SECRET,
    raw,
    request.headers.get("X-Razorpay-Signature"),
  );
  if (!valid) throw new AppError(400, "Invalid webhook signature", { code: "invalid_signature" });
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new AppError(400, "Invalid JSON body");
  }
  // Signed is not the same as well-formed: a shape we cannot read is a 400, never a 500.
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success) throw new AppError(400, "Invalid webhook payload", { code: "invalid_payload" });
  const body = parsed.data;
  const refund = body.payload?.refund?.entity;
  if (body.event.startsWith("refund.") && refund)
    return Response.json({ ok: true, handled: await applyRefundWebhook(app, body.event, refund) });
  const payment = body.payload?.payment?.entity;
  if ((body.event !== "payment.captured" && body.event !== "order.paid") || !payment) {
    return Response.json({ ok: true, handled: false });
  }
  const order = await app.db.query.payments.findFirst({ where: eq(payments.orderId, payment.order_id) });
  if (!order || !settlesOrder(payment, order)) return Response.json({ ok: true, handled: false });
  await markOrderPaid(app, payment.order_id, payment.id, { actor: "razorpay", userId: null });
  return Response.json({ ok: true, handled: true });
}

// ---- Admin --------------------------------------------------------------------

export async function createEvent(app: AppContext, input: EventInput): Promise<EventView> {
  const row = oneRow(await app.db.insert(events).values(input).returning());
  return eventView(row);
}

export async function updateEvent(app: AppContext, id: number, input: EventInput): Promise<EventView> {
  const [row] = await app.db
    .update(events)
    .set({ ...input, updatedAt: app.now() })
    .where(eq(events.id, id))
    .returning();
  if (!row) throw new AppError(404, REGISTRATION_MSG.notFound);
  return eventView(row);
}

/** Deletes the event with its registrations and payment records (cascade). */
export async function deleteEvent(app: AppContext, id: number) {
  const deleted = await app.db.delete(events).where(eq(events.id, id)).returning({ id: events.id });
  if (deleted.length === 0) throw new AppError(404, REGISTRATION_MSG.notFound);
  return { message: "Event deleted successfully" };
}

export async function setEventActive(app: AppContext, id: number, isActive: boolean): Promise<EventView> {
  const [row] = await app.db
    .update(events)
    .set({ isActive, updatedAt: app.now() })
    .where(eq(events.id, id))
    .returning();
  if (!row) throw new AppError(404, REGISTRATION_MSG.notFound);
  return eventView(row);
}
