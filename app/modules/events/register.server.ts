/**
 * Registering (step 1 of "register and pay"): the member's registration is
 * created or renewed in one conditional statement while the event has room,
 * then a Razorpay order is made for the fee. A free event is registered as
 * paid at once.
 */
import { eq, sql } from "drizzle-orm";
import { eventRegistrations, events, payments, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { newCheckInCode } from "./check-in.server";
import { epochSeconds, hasRoom, holdMinutes, noQueue } from "./capacity.server";
import { isPast, requireEvent } from "./events.server";
import { createOrder, publicKeyId } from "./razorpay.server";
import { sendReceipts } from "./receipts.server";
import { audit, registrationStateOf } from "./refunds.server";
import { findOwnRegistration, ownRegistrationView, type OwnRegistration } from "./registrations.server";
import { CURRENCY, isPaid, REGISTRATION_MSG, type InitializePaymentInput } from "./schema";
import { eventRegistered } from "~/modules/club/feed.server";

type EventRow = typeof events.$inferSelect;
type RegistrationRow = typeof eventRegistrations.$inferSelect;

export interface PaymentStart {
  /** Null for a free event, which is registered as paid at once. */
  orderId: string | null;
  amount: number;
  currency: string;
  keyId: string | null;
  registration: OwnRegistration;
}

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
    if (to === "paid") await eventRegistered(app, event, user.id);
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
