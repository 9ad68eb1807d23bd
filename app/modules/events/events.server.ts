/**
 * Events themselves: the view every page and /api route answers, the list and
 * one event for everyone, and create / edit / delete / activate for admins.
 * Registrations live in registrations.server.ts (reading), register.server.ts
 * (registering), payment.server.ts (paying), cancellation.server.ts and
 * waitlist.server.ts. Money is in paise; dates are ISO strings in views.
 */
import { asc, eq } from "drizzle-orm";
import { events, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { oneRow } from "~db/client";
import { REGISTRATION_MSG, type EventInput } from "./schema";
import { eventAnnounced } from "~/modules/club/feed.server";

type EventRow = typeof events.$inferSelect;

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

/** An event counts as completed when its date is before now. */
export const isPast = (event: { date: string | Date }, now: Date) =>
  new Date(event.date).getTime() < now.getTime();

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

export async function createEvent(app: AppContext, input: EventInput): Promise<EventView> {
  const row = oneRow(await app.db.insert(events).values(input).returning());
  if (row.isActive) await eventAnnounced(app, row);
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
