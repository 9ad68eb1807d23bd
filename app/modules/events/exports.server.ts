/**
 * Admin exports of one event (issue #15 item 6): the participants (name,
 * e-mail, phone, emergency contact, status, amount, payment id, check-in
 * time) and a payments summary, as JSON for /api and CSV through the
 * formula-guarded writer in app/lib/csv.ts. Amounts in the CSV are rupees with
 * two decimals (a number a spreadsheet can add up); JSON keeps paise.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { eventRefunds, eventRegistrations, payments } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { toCsv } from "~/lib/csv";
import { formatDateTime, formatEventDate, CLUB_TIME_ZONE } from "~/lib/format";
import { requireEvent } from "./events.server";
import { registrationStateOf } from "./refunds.server";
import { eventMoney, timelineText } from "./money.server";
import { refundState } from "./refunds.server";

const rupees = (paise: number) => (paise / 100).toFixed(2);

export async function participants(app: AppContext, eventId: number) {
  await requireEvent(app, eventId);
  const now = app.now();
  const rows = await app.db
    .select()
    .from(eventRegistrations)
    .where(
      and(
        eq(eventRegistrations.eventId, eventId),
        // Holds that ran out unpaid were never participants.
        sql`coalesce(${eventRegistrations.releaseReason}, '') <> 'expired'`,
      ),
    )
    .orderBy(asc(sql`lower(${eventRegistrations.name})`), asc(eventRegistrations.id));
  const ids = rows.map((r) => r.id);
  const paid = ids.length
    ? await app.db
        .select()
        .from(payments)
        .where(and(inArray(payments.registrationId, ids), eq(payments.status, "paid")))
    : [];
  const refunds = ids.length
    ? await app.db.select().from(eventRefunds).where(inArray(eventRefunds.registrationId, ids))
    : [];
  return rows.map((r) => {
    const own = paid.filter((p) => p.registrationId === r.id);
    const ownRefunds = refunds.filter((f) => f.registrationId === r.id);
    // Several refunds (a re-taken or twice-paid registration): summed; the status is the least settled one.
    const refund = ownRefunds.length
      ? {
          status: (["failed", "pending", "processed"] as const).find((s) =>
            ownRefunds.some((f) => f.status === s),
          )!,
          amount: ownRefunds.reduce((sum, f) => sum + f.amount, 0),
        }
      : null;
    return {
      registrationId: r.id,
      name: r.name,
      email: r.email,
      phone: r.phone,
      emergencyContact: r.emergencyContact,
      status: registrationStateOf(r, now),
      refund: refund ? { status: refundState(refund.status), amount: refund.amount } : null,
      amount: own.reduce((sum, p) => sum + p.amount, 0),
      paymentId:
        own
          .map((p) => p.paymentId)
          .filter(Boolean)
          .join(" ") || null,
      checkedInAt: r.checkedInAt?.toISOString() ?? null,
    };
  });
}

export async function participantsCsv(app: AppContext, eventId: number) {
  const list = await participants(app, eventId);
  const history = new Map(
    (await eventMoney(app, eventId)).map((r) => [
      r.id,
      r.timeline.map((t) => timelineText(t, formatEventDate(t.at, CLUB_TIME_ZONE))).join("; "),
    ]),
  );
  return toCsv(
    [
      "Name",
      "Email",
      "Phone",
      "Emergency contact",
      "Status",
      "Amount (₹)",
      "Payment id",
      "Refund",
      "Refund (₹)",
      "Checked in",
      "History",
    ],
    list.map((p) => ({
      Name: p.name,
      Email: p.email,
      Phone: p.phone,
      "Emergency contact": p.emergencyContact,
      Status: p.status,
      "Amount (₹)": rupees(p.amount),
      "Payment id": p.paymentId,
      Refund: p.refund?.status ?? "",
      "Refund (₹)": p.refund ? rupees(p.refund.amount) : "",
      "Checked in": p.checkedInAt ? formatDateTime(p.checkedInAt, CLUB_TIME_ZONE) : "",
      History: history.get(p.registrationId) ?? "",
    })),
  );
}

/** Money in and out for one event, in paise. */
export async function paymentsSummary(app: AppContext, eventId: number) {
  const event = await requireEvent(app, eventId);
  const [collected] = await app.db
    .select({ count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.eventId, eventId), eq(payments.status, "paid")));
  const refundRows = await app.db
    .select({
      status: eventRefunds.status,
      count: sql<number>`count(*)`,
      amount: sql<number>`coalesce(sum(${eventRefunds.amount}), 0)`,
    })
    .from(eventRefunds)
    .where(eq(eventRefunds.eventId, eventId))
    .groupBy(eventRefunds.status);
  const refund = (status: "pending" | "processed" | "failed") =>
    refundRows.find((r) => r.status === status) ?? { count: 0, amount: 0 };
  const refunded = refund("processed").amount;
  const pending = refund("pending").amount;
  const [byHand] = await app.db
    .select({ count: sql<number>`count(*)`, amount: sql<number>`coalesce(sum(${eventRefunds.amount}), 0)` })
    .from(eventRefunds)
    .where(and(eq(eventRefunds.eventId, eventId), sql`${eventRefunds.note} IS NOT NULL`));
  return {
    eventId: event.id,
    title: event.title,
    date: event.date.toISOString(),
    fee: event.fee,
    payments: collected?.count ?? 0,
    collected: collected?.amount ?? 0,
    refunded,
    refundsPending: pending,
    refundsFailed: refund("failed").amount,
    net: (collected?.amount ?? 0) - refunded - pending,
    /** How many of each (decision 030): payments collected, refunds processed, pending, failed, settled by hand. */
    counts: {
      payments: collected?.count ?? 0,
      refunded: refund("processed").count,
      pending: refund("pending").count,
      failed: refund("failed").count,
      byHand: byHand?.count ?? 0,
    },
    refundedByHand: byHand?.amount ?? 0,
  };
}

export async function paymentsSummaryCsv(app: AppContext, eventId: number) {
  const s = await paymentsSummary(app, eventId);
  const columns = [
    "Event",
    "Date",
    "Fee (₹)",
    "Payments",
    "Collected (₹)",
    "Refunded (₹)",
    "Refunds pending (₹)",
    "Refunds failed (₹)",
    "Net (₹)",
  ];
  return toCsv(columns, [
    {
      Event: s.title,
      Date: formatEventDate(s.date, CLUB_TIME_ZONE),
      "Fee (₹)": rupees(s.fee),
      Payments: s.payments,
      "Collected (₹)": rupees(s.collected),
      "Refunded (₹)": rupees(s.refunded),
      "Refunds pending (₹)": rupees(s.refundsPending),
      "Refunds failed (₹)": rupees(s.refundsFailed),
      "Net (₹)": rupees(s.net),
    },
  ]);
}
