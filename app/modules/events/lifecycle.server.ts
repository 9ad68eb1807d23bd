/**
 * The life of a registration after "register and pay"
 * (docs/decisions/025-registration-states.md): the member's cancellation with
 * a refund by the event's rule, the admin's removal and whole-event
 * cancellation with full refunds, and the waitlist that offers every freed
 * place to the first in line. Every change to who holds a place is one
 * conditional statement (the cap is counted in its WHERE).
 */
import { and, asc, eq, inArray, isNotNull, isNull, notExists, sql } from "drizzle-orm";
import {
  eventRefunds,
  eventRegistrations,
  events,
  eventWaitlist,
  payments,
  registrationAudit,
  users,
  type User,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { formatEventDate, formatRupees, CLUB_TIME_ZONE } from "~/lib/format";
import {
  epochSeconds,
  hasRoom,
  holdMinutes,
  holdsPlace,
  isPast,
  noQueue,
  requireEvent,
} from "./events.server";
import { mail } from "./mail.server";
import { refundFor } from "./refund-rule";
import { audit, recordRefund, registrationStateOf, sendRefund, type AuditActor } from "./refunds.server";
import { isPaid, REGISTRATION_MSG, type InitializePaymentInput } from "./schema";

type RegistrationRow = typeof eventRegistrations.$inferSelect;
type EventRow = typeof events.$inferSelect;

/** A registration's state, read from its columns (the decision record's table). */
export { registrationStateOf as registrationState } from "./refunds.server";

/** The member's offered waitlist entry (if any) ends: given back ('left') or let lapse ('lapsed'). */
async function closeOffer(
  app: AppContext,
  r: { eventId: number; userId: number },
  status: "left" | "lapsed",
) {
  await app.db
    .update(eventWaitlist)
    .set({ status, updatedAt: app.now() })
    .where(
      and(
        eq(eventWaitlist.eventId, r.eventId),
        eq(eventWaitlist.userId, r.userId),
        eq(eventWaitlist.status, "offered"),
      ),
    );
}

/** Refunds made on Workers per request; the cron sends the rest (`sendPendingRefunds`). */
const REFUNDS_PER_REQUEST = 20;
/** Places offered per call: a bound, never reached unless the cap rose by that much. */
const OFFERS_PER_CALL = 50;

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

// ---- Waitlist -------------------------------------------------------------------

/**
 * Offers freed places to the waitlist, first in line first: each offer is
 * one conditional INSERT … SELECT from the waitlist WHERE the event has room
 * (so it can never exceed the cap), creating a held registration with the
 * details the member gave; the entry becomes 'offered' and the member gets an
 * e-mail with a link to pay within EVENT_HOLD_MINUTES. Returns how many were offered.
 */
export async function offerFreedPlaces(app: AppContext, eventId: number): Promise<number> {
  let offered = 0;
  for (let i = 0; i < OFFERS_PER_CALL; i++) {
    const now = app.now();
    const nowSeconds = epochSeconds(now);
    const hold = nowSeconds + holdMinutes(app.env) * 60;
    const rows = await app.db.all<{ id: number; user_id: number; email: string; name: string }>(sql`
      INSERT INTO event_registrations (event_id, user_id, name, email, phone, emergency_contact, payment_status, hold_expires_at, registration_date, updated_at)
      SELECT w.event_id, w.user_id, w.name, w.email, w.phone, w.emergency_contact, 'pending', ${hold}, ${nowSeconds}, ${nowSeconds}
      FROM event_waitlist w
      WHERE w.event_id = ${eventId} AND w.status = 'waiting'
        AND NOT EXISTS (SELECT 1 FROM event_registrations r WHERE r.event_id = w.event_id AND r.user_id = w.user_id AND r.released_at IS NULL)
        AND EXISTS (SELECT 1 FROM events e WHERE e.id = ${eventId} AND e.is_active = 1 AND e.cancelled_at IS NULL AND e.date > ${nowSeconds})
        AND ${hasRoom(eventId, now)}
      ORDER BY w.position
      LIMIT 1
      ON CONFLICT (event_id, user_id) DO UPDATE SET
        name = excluded.name, email = excluded.email, phone = excluded.phone, emergency_contact = excluded.emergency_contact,
        payment_status = 'pending', hold_expires_at = excluded.hold_expires_at, released_at = NULL, release_reason = NULL,
        registration_date = excluded.registration_date, updated_at = excluded.updated_at,
        check_in_code = NULL, checked_in_at = NULL, reminder_7d_sent_at = NULL, reminder_1d_sent_at = NULL, receipt_sent_at = NULL
      WHERE event_registrations.released_at IS NOT NULL
      RETURNING id, user_id, email, name`);
    const offer = rows[0];
    if (!offer) break;
    offered++;
    await app.db
      .update(eventWaitlist)
      .set({ status: "offered", offeredAt: now, offerExpiresAt: new Date(hold * 1000), updatedAt: now })
      .where(
        and(
          eq(eventWaitlist.eventId, eventId),
          eq(eventWaitlist.userId, offer.user_id),
          eq(eventWaitlist.status, "waiting"),
        ),
      );
    // The waitlist entry had no registration yet: its joining is written now, at the time it happened.
    const entry = await app.db.query.eventWaitlist.findFirst({
      where: and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, offer.user_id)),
    });
    await app.db.insert(registrationAudit).values({
      registrationId: offer.id,
      actor: "member",
      actorUserId: offer.user_id,
      fromState: "new",
      toState: "waitlisted",
      at: entry?.createdAt ?? now,
    });
    await audit(app, offer.id, "system", null, "waitlisted", "offered");
    const event = await requireEvent(app, eventId);
    const url = `${app.env.APP_URL.replace(/\/$/, "")}/events/${eventId}/payment`;
    await mail(app, offer.email, `A place is free: ${event.title}`, [
      `Hello ${offer.name},`,
      `A place has come free at ${event.title} (${formatEventDate(event.date.toISOString(), CLUB_TIME_ZONE)}) and it is yours if you pay within ${holdMinutes(app.env)} minutes.`,
      `Complete Payment: ${url}`,
      "If you let it lapse, the place goes to the next person on the waitlist.",
    ]);
  }
  return offered;
}

export interface WaitlistPlace {
  status: "waiting" | "offered";
  /** 1 = first in line (waiting entries at or before the member's). */
  position: number;
  offerExpiresAt: string | null;
}

/** The member's place on the event's waitlist, or null. */
export async function ownWaitlistPlace(app: AppContext, user: Pick<User, "id">, eventId: number) {
  const entry = await app.db.query.eventWaitlist.findFirst({
    where: and(
      eq(eventWaitlist.eventId, eventId),
      eq(eventWaitlist.userId, user.id),
      inArray(eventWaitlist.status, ["waiting", "offered"]),
    ),
  });
  if (!entry) return null;
  const [ahead] = await app.db.all<{ n: number }>(sql`
    SELECT count(*) AS n FROM event_waitlist
    WHERE event_id = ${eventId} AND status = 'waiting' AND position <= ${entry.position}`);
  return {
    status: entry.status as WaitlistPlace["status"],
    position: entry.status === "waiting" ? (ahead?.n ?? 1) : 0,
    offerExpiresAt: entry.offerExpiresAt?.toISOString() ?? null,
  } satisfies WaitlistPlace;
}

/** GET /api/events/{id}/waitlist: the member's place; 404 for an unknown event or when not on the list. */
export async function requireOwnWaitlistPlace(app: AppContext, user: Pick<User, "id">, eventId: number) {
  await requireEvent(app, eventId);
  const place = await ownWaitlistPlace(app, user, eventId);
  if (!place) throw new AppError(404, REGISTRATION_MSG.waitlistNotFound);
  return place;
}

/** Whether the event is full for a new member at `now` (no room, or people already waiting). */
export async function isFull(app: AppContext, eventId: number) {
  const [row] = await app.db.all<{ open: number }>(
    sql`SELECT (${hasRoom(eventId, app.now())} AND ${noQueue(eventId)}) AS open`,
  );
  return !row?.open;
}

/**
 * The capped events that take no direct registration now (every place held,
 * or somebody waiting): the /events list offers "Join waitlist" on them. One
 * query for the whole list, over the registrations' (event, status) index.
 */
export async function fullEventIds(app: AppContext): Promise<number[]> {
  const rows = await app.db.all<{ id: number }>(sql`
    SELECT e.id AS id FROM events e
    WHERE e.max_participants IS NOT NULL AND e.cancelled_at IS NULL AND (
      (SELECT count(*) FROM event_registrations WHERE event_id = e.id AND ${holdsPlace(app.now())}) >= e.max_participants
      OR EXISTS (SELECT 1 FROM event_waitlist w WHERE w.event_id = e.id AND w.status = 'waiting'))`);
  return rows.map((r) => r.id);
}

/**
 * Joins the waitlist with the registration form's details: only while the
 * event is full (else 409: register instead), once (409 when already on it),
 * not with a live registration. The position is taken in the same INSERT.
 */
export async function joinWaitlist(
  app: AppContext,
  user: User,
  eventId: number,
  input: Omit<InitializePaymentInput, "amount">,
) {
  const event = await requireEvent(app, eventId);
  const now = app.now();
  if (!event.isActive || event.cancelledAt)
    throw new AppError(400, REGISTRATION_MSG.inactive, { code: "event_inactive" });
  if (isPast(event, now)) throw new AppError(400, REGISTRATION_MSG.past, { code: "event_past" });
  const registered = await app.db.query.eventRegistrations.findFirst({
    where: and(
      eq(eventRegistrations.eventId, eventId),
      eq(eventRegistrations.userId, user.id),
      isNull(eventRegistrations.releasedAt),
    ),
  });
  if (registered) throw new AppError(409, REGISTRATION_MSG.alreadyPaid, { code: "already_registered" });
  const nowSeconds = epochSeconds(now);
  const rows = await app.db.all<{ id: number }>(sql`
    INSERT INTO event_waitlist (event_id, user_id, name, email, phone, emergency_contact, position, status, created_at, updated_at)
    SELECT ${eventId}, ${user.id}, ${input.name}, ${input.email}, ${input.phone}, ${input.emergencyContact},
      coalesce((SELECT max(position) FROM event_waitlist WHERE event_id = ${eventId}), 0) + 1, 'waiting', ${nowSeconds}, ${nowSeconds}
    WHERE NOT (${hasRoom(eventId, now)} AND ${noQueue(eventId)})
    ON CONFLICT (event_id, user_id) DO UPDATE SET
      name = excluded.name, email = excluded.email, phone = excluded.phone, emergency_contact = excluded.emergency_contact,
      position = excluded.position, status = 'waiting', offered_at = NULL, offer_expires_at = NULL, updated_at = excluded.updated_at
    WHERE event_waitlist.status IN ('left', 'lapsed', 'registered')
    RETURNING id`);
  if (!rows[0]) {
    const place = await ownWaitlistPlace(app, user, eventId);
    if (place) throw new AppError(409, REGISTRATION_MSG.waitlistAlready, { code: "already_waitlisted" });
    throw new AppError(409, REGISTRATION_MSG.waitlistNotFull, { code: "event_not_full" });
  }
  return {
    message: REGISTRATION_MSG.waitlistJoined,
    waitlist: (await ownWaitlistPlace(app, user, eventId))!,
  };
}

/** The member leaves the waitlist (only while waiting; an offered place is cancelled like a registration). */
export async function leaveWaitlist(app: AppContext, user: User, eventId: number) {
  await requireEvent(app, eventId);
  const [row] = await app.db
    .update(eventWaitlist)
    .set({ status: "left", updatedAt: app.now() })
    .where(
      and(
        eq(eventWaitlist.eventId, eventId),
        eq(eventWaitlist.userId, user.id),
        eq(eventWaitlist.status, "waiting"),
      ),
    )
    .returning({ id: eventWaitlist.id });
  if (!row) throw new AppError(404, REGISTRATION_MSG.waitlistNotFound);
  return { message: REGISTRATION_MSG.waitlistLeft };
}

/** Admin: the event's waitlist in line order (waiting and offered), with the member's username. */
export async function listWaitlist(app: AppContext, eventId: number) {
  await requireEvent(app, eventId);
  const rows = await app.db
    .select({ w: eventWaitlist, username: users.username, userEmail: users.email })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.userId))
    .where(and(eq(eventWaitlist.eventId, eventId), inArray(eventWaitlist.status, ["waiting", "offered"])))
    .orderBy(asc(eventWaitlist.position));
  return rows.map(({ w, username, userEmail }, index) => ({
    id: w.id,
    userId: w.userId,
    username,
    email: userEmail,
    name: w.name,
    status: w.status,
    place: index + 1,
    joinedAt: w.createdAt.toISOString(),
    offerExpiresAt: w.offerExpiresAt?.toISOString() ?? null,
  }));
}
export type WaitlistEntry = Awaited<ReturnType<typeof listWaitlist>>[number];

/**
 * After the cron released expired holds: an offered entry whose hold lapsed
 * becomes 'lapsed', and each event's freed places go to the next in line.
 */
export async function afterHoldsReleased(
  app: AppContext,
  released: { id: number; eventId: number; userId: number }[],
) {
  for (const r of released) {
    await audit(app, r.id, "system", null, "expired", "cancelled");
    await closeOffer(app, r, "lapsed");
  }
  for (const eventId of new Set(released.map((r) => r.eventId))) await offerFreedPlaces(app, eventId);
}

/** The cron's sweep: events with people waiting get any free place offered (a raised cap, a missed offer). */
export async function offerWaitingPlaces(app: AppContext, limit = 20) {
  const rows = await app.db.all<{ event_id: number }>(sql`
    SELECT DISTINCT event_id FROM event_waitlist WHERE status = 'waiting' ORDER BY event_id LIMIT ${limit}`);
  let offered = 0;
  for (const { event_id } of rows) offered += await offerFreedPlaces(app, event_id);
  return offered;
}
