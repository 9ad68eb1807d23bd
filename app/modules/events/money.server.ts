/**
 * The admin's money view of one event (decision 030): every registration that
 * was more than a lapsed hold, with its payments, its refunds and their
 * states, and its audit trail as a timeline (who, what, when). Four queries
 * over indexed columns, whatever the number of registrations.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { eventRefunds, eventRegistrations, payments, registrationAudit, users } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { requireEvent } from "./events.server";
import { REGISTRATION_MSG } from "./schema";
import { refundView, registrationStateOf, type RefundView } from "./refunds.server";

export interface TimelineEntry {
  from: string;
  to: string;
  /** 'member', 'admin', 'system' or 'razorpay'. */
  actor: string;
  /** The acting user's id and username when a person acted. */
  actorUserId: number | null;
  actorUsername: string | null;
  note: string | null;
  at: string;
}

export interface MoneyRegistration {
  id: number;
  userId: number;
  username: string;
  name: string;
  state: string;
  releaseReason: string | null;
  payments: {
    id: number;
    orderId: string;
    paymentId: string | null;
    amount: number;
    status: string;
    at: string;
  }[];
  refunds: RefundView[];
  timeline: TimelineEntry[];
}

/** The event's registrations (lapsed holds left out) with their money and timeline, newest first. */
export async function eventMoney(
  app: AppContext,
  eventId: number,
  registrationId?: number,
): Promise<MoneyRegistration[]> {
  await requireEvent(app, eventId);
  const now = app.now();
  const one = registrationId === undefined ? undefined : eq(eventRegistrations.id, registrationId);
  const rows = await app.db
    .select({ r: eventRegistrations, username: users.username })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        one ?? sql`coalesce(${eventRegistrations.releaseReason}, '') <> 'expired'`,
      ),
    )
    .orderBy(sql`${eventRegistrations.registrationDate} DESC`, sql`${eventRegistrations.id} DESC`);
  if (rows.length === 0) return [];
  const [paid, refunds, trail] = await Promise.all([
    app.db
      .select()
      .from(payments)
      .where(and(eq(payments.eventId, eventId), inArray(payments.status, ["paid", "failed"])))
      .orderBy(asc(payments.id)),
    app.db.select().from(eventRefunds).where(eq(eventRefunds.eventId, eventId)).orderBy(asc(eventRefunds.id)),
    app.db
      .select({ a: registrationAudit, username: users.username })
      .from(registrationAudit)
      .leftJoin(users, eq(users.id, registrationAudit.actorUserId))
      .where(
        sql`${registrationAudit.registrationId} IN (SELECT id FROM event_registrations WHERE event_id = ${eventId})`,
      )
      .orderBy(asc(registrationAudit.at), asc(registrationAudit.id)),
  ]);
  return rows.map(({ r, username }) => ({
    id: r.id,
    userId: r.userId,
    username,
    name: r.name,
    state: registrationStateOf(r, now),
    releaseReason: r.releaseReason,
    payments: paid
      .filter((p) => p.registrationId === r.id)
      .map((p) => ({
        id: p.id,
        orderId: p.orderId,
        paymentId: p.paymentId,
        amount: p.amount,
        status: p.status,
        at: p.updatedAt.toISOString(),
      })),
    refunds: refunds.filter((f) => f.registrationId === r.id).map(refundView),
    timeline: trail
      .filter(({ a }) => a.registrationId === r.id)
      .map(({ a, username: actorUsername }) => ({
        from: a.fromState,
        to: a.toState,
        actor: a.actor,
        actorUserId: a.actorUserId,
        actorUsername,
        note: a.note,
        at: a.at.toISOString(),
      })),
  }));
}

/** GET /api/admin/events/{id}/registrations/{registrationId}: one registration's money and timeline. */
export async function registrationMoney(app: AppContext, eventId: number, registrationId: number) {
  const [row] = await eventMoney(app, eventId, registrationId);
  if (!row) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
  return row;
}

/** One line of a timeline, as the CSV export writes it. */
export const timelineText = (t: TimelineEntry, when: string) =>
  `${when} ${t.to} by ${t.actorUsername ?? t.actor}${t.note ? ` (${t.note})` : ""}`;
