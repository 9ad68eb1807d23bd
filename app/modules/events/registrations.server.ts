/**
 * Reading registrations: the member's own (one event, or all of them keyed by
 * event) and an event's list for admins. Released registrations are left out.
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { eventRegistrations, events, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { avatarFor } from "~/modules/privacy/photos.server";
import { requireEvent } from "./events.server";

type RegistrationRow = typeof eventRegistrations.$inferSelect;

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

export async function findOwnRegistration(app: AppContext, eventId: number, userId: number) {
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
