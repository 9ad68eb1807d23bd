/**
 * Check-in at the start (docs/decisions/025-registration-states.md): an admin
 * scans the member's QR code (its opaque check-in code) or picks them from
 * the list. One conditional UPDATE: a code works once, and only for its
 * event; otherwise a clear 404 / 409.
 */
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { eventRegistrations, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { z } from "zod";
import { AppError } from "~/lib/http.server";
import { CLUB_TIME_ZONE, formatDateTime } from "~/lib/format";
import { requireEvent } from "./events.server";
import { audit } from "./refunds.server";
import { isPaid } from "./schema";

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ23456789";
/**
 * A paid registration's check-in code (its QR code's content): 12 random
 * characters of an unambiguous alphabet (about 59 bits), not derived from the id.
 */
export function newCheckInCode(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => CODE_ALPHABET[b % 30]).join("");
}

export const CHECK_IN_MSG = {
  codeRequired: "Enter a check-in code",
  unknown: "Unknown check-in code",
  otherEvent: "This code is for another event",
  notPaid: "This registration is not paid",
  cancelled: "This registration was cancelled",
  already: (at: Date) => `Already checked in at ${formatDateTime(at, CLUB_TIME_ZONE)}`,
  done: (name: string) => `${name} is checked in`,
} as const;

/** POST /api/admin/events/{id}/check-in. */
export const checkInInputSchema = z.object({
  code: z
    .string({ required_error: CHECK_IN_MSG.codeRequired })
    .trim()
    .min(1, CHECK_IN_MSG.codeRequired)
    .max(64),
});

/** A code as typed: letters and digits only, upper-case (the QR code carries the same). */
export const normalizeCode = (code: string) =>
  code
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 64);

/** Checks in by code or registration id; returns who, or throws the reason it cannot. */
export async function checkIn(
  app: AppContext,
  admin: User,
  eventId: number,
  by: { code: string } | { registrationId: number },
) {
  await requireEvent(app, eventId);
  const now = app.now();
  const match =
    "code" in by
      ? eq(eventRegistrations.checkInCode, normalizeCode(by.code))
      : eq(eventRegistrations.id, by.registrationId);
  const [done] = await app.db
    .update(eventRegistrations)
    .set({ checkedInAt: now, updatedAt: now })
    .where(
      and(
        match,
        eq(eventRegistrations.eventId, eventId),
        isNull(eventRegistrations.checkedInAt),
        isNull(eventRegistrations.releasedAt),
        inArray(eventRegistrations.paymentStatus, ["paid", "completed"]),
      ),
    )
    .returning();
  if (done) {
    await audit(app, done.id, "admin", admin.id, "paid", "checked_in");
    return {
      message: CHECK_IN_MSG.done(done.name),
      id: done.id,
      name: done.name,
      checkedInAt: now.toISOString(),
    };
  }
  const row = await app.db.query.eventRegistrations.findFirst({ where: match });
  if (!row || ("registrationId" in by && row.eventId !== eventId))
    throw new AppError(404, CHECK_IN_MSG.unknown, { code: "unknown_code" });
  if (row.eventId !== eventId) throw new AppError(409, CHECK_IN_MSG.otherEvent, { code: "other_event" });
  if (row.releasedAt) throw new AppError(409, CHECK_IN_MSG.cancelled, { code: "cancelled" });
  if (!isPaid(row.paymentStatus)) throw new AppError(409, CHECK_IN_MSG.notPaid, { code: "not_paid" });
  throw new AppError(409, CHECK_IN_MSG.already(row.checkedInAt!), { code: "already_checked_in" });
}

/** The check-in page's list: paid, live registrations with arrival time, by name. */
export async function checkInList(app: AppContext, eventId: number) {
  const event = await requireEvent(app, eventId);
  const rows = await app.db
    .select({
      id: eventRegistrations.id,
      name: eventRegistrations.name,
      username: users.username,
      email: eventRegistrations.email,
      phone: eventRegistrations.phone,
      checkedInAt: eventRegistrations.checkedInAt,
    })
    .from(eventRegistrations)
    .innerJoin(users, eq(users.id, eventRegistrations.userId))
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        isNull(eventRegistrations.releasedAt),
        inArray(eventRegistrations.paymentStatus, ["paid", "completed"]),
      ),
    )
    .orderBy(asc(sql`lower(${eventRegistrations.name})`), asc(eventRegistrations.id));
  const participants = rows.map((r) => ({ ...r, checkedInAt: r.checkedInAt?.toISOString() ?? null }));
  return {
    event: { id: event.id, title: event.title, date: event.date.toISOString(), location: event.location },
    participants,
    arrived: participants.filter((p) => p.checkedInAt).length,
  };
}
export type CheckInList = Awaited<ReturnType<typeof checkInList>>;
