/**
 * The waitlist: a full event's members line up, and every freed place is
 * offered to the first in line as a held registration (one conditional
 * INSERT … SELECT that counts the cap in its WHERE).
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { eventRegistrations, eventWaitlist, registrationAudit, users, type User } from "~db/schema";
import { memberZone, notify } from "~/modules/notifications/notifications.server";
import { waitlistOfferNotification } from "~/modules/notifications/rules";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { formatEventDate, CLUB_TIME_ZONE } from "~/lib/format";
import { epochSeconds, hasRoom, holdMinutes, noQueue } from "./capacity.server";
import { isPast, requireEvent } from "./events.server";
import { mail } from "./mail.server";
import { audit } from "./refunds.server";
import { REGISTRATION_MSG, type InitializePaymentInput } from "./schema";

/** The member's offered waitlist entry (if any) ends: given back ('left') or let lapse ('lapsed'). */
export async function closeOffer(
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

/** Places offered per call: a bound, never reached unless the cap rose by that much. */
const OFFERS_PER_CALL = 50;

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
    // The bell and the member's phone too (issue #41): a hold of minutes is worth a push.
    await notify(
      app,
      waitlistOfferNotification({
        userId: offer.user_id,
        registrationId: offer.id,
        eventId,
        title: event.title,
        expiresAt: new Date(hold * 1000),
        zone: await memberZone(app, offer.user_id),
      }),
    );
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
