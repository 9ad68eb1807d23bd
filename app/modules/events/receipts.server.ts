/**
 * Receipts (docs/decisions/025-registration-states.md): a paid registration
 * gets one e-mail (the marker `receipt_sent_at` is set by a conditional UPDATE
 * before sending, so a second verify, a replayed webhook or the cron never
 * sends it again) with the event, the amount in ₹ (en-IN, two decimals), the
 * Razorpay payment id, the date, the check-in QR code (SVG, attached and
 * inline) and the event as an .ics attachment. A send the e-mail provider
 * refuses clears the marker and is recorded as failed; the cron sends it
 * again (`retryFailedReceipts`, docs/decisions/031).
 */
import { renderSVG } from "uqr";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { eventRegistrations, events, payments } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { formatDateTime, formatEventDate, formatRupees, CLUB_TIME_ZONE } from "~/lib/format";
import { eventIcs, icsFileName } from "./calendar";
import { deliver, deliveryGivenUp, failedDeliveries } from "./deliveries.server";

/** The check-in QR code: the opaque code only (never the id), as SVG. */
export const checkInQrSvg = (code: string) => renderSVG(code, { pixelSize: 6, border: 2 });

const base64 = (text: string) => {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends the receipt of each registration once; returns how many the provider accepted now. */
export async function sendReceipts(app: AppContext, registrationIds: number[]): Promise<number> {
  if (registrationIds.length === 0) return 0;
  const now = app.now();
  // The marker first: only the caller that sets it sends.
  const claimed = await app.db
    .update(eventRegistrations)
    .set({ receiptSentAt: now })
    .where(
      and(
        inArray(eventRegistrations.id, registrationIds),
        isNull(eventRegistrations.receiptSentAt),
        isNull(eventRegistrations.releasedAt),
        inArray(eventRegistrations.paymentStatus, ["paid", "completed"]),
        sql`${eventRegistrations.checkInCode} IS NOT NULL`,
        sql`NOT ${deliveryGivenUp("receipt", sql`${eventRegistrations.id}`)}`,
      ),
    )
    .returning();
  let sent = 0;
  for (const r of claimed) {
    const event = await app.db.query.events.findFirst({ where: eq(events.id, r.eventId) });
    if (!event) continue;
    const payment = await app.db.query.payments.findFirst({
      where: and(eq(payments.registrationId, r.id), eq(payments.status, "paid")),
      orderBy: asc(payments.id),
    });
    const amount = formatRupees(payment?.amount ?? 0);
    const paymentId = payment?.paymentId ?? "none (free event)";
    const paidOn = formatDateTime(payment?.updatedAt ?? now, CLUB_TIME_ZONE);
    const facts: [string, string][] = [
      ["Event", event.title],
      ["When", formatEventDate(event.date, CLUB_TIME_ZONE)],
      ["Where", event.location],
      ["Amount paid", amount],
      ["Razorpay payment id", paymentId],
      ["Paid on", paidOn],
      ["Check-in code", r.checkInCode!],
    ];
    const qr = checkInQrSvg(r.checkInCode!);
    const url = `${app.env.APP_URL.replace(/\/$/, "")}/events/${event.id}`;
    const registration = { id: r.id, registrationDate: Math.floor(r.registrationDate.getTime() / 1000) };
    const delivered = await deliver(app, "receipt", registration, {
      to: r.email,
      subject: `Receipt: ${event.title}`,
      text: [
        `Hello ${r.name},`,
        "Thank you: you are registered. This is your receipt.",
        facts.map(([k, v]) => `${k}: ${v}`).join("\n"),
        "Show the attached QR code (or the check-in code) at the start. The event is attached for your calendar.",
        `Your registration: ${url}`,
      ].join("\n\n"),
      html:
        `<p>Hello ${escapeHtml(r.name)},</p><p>Thank you: you are registered. This is your receipt.</p>` +
        `<table>${facts.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>` +
        `<p>Show this QR code (or the check-in code) at the start:</p><div class="check-in-qr">${qr.replace("<svg ", '<svg width="180" height="180" ')}</div>` +
        `<p><a href="${escapeHtml(url)}">Your registration</a></p>`,
      attachments: [
        { filename: "check-in-qr.svg", content: base64(qr) },
        { filename: icsFileName(event.title), content: base64(eventIcs(event, app.env.APP_URL, now)) },
      ],
    });
    if (delivered) sent++;
  }
  return sent;
}

/** Receipts per cron run sent again after the e-mail provider failed them. */
const RECEIPT_RETRIES_PER_RUN = 20;

/** The cron: receipts whose send failed, tried again (once sent, never again). */
export async function retryFailedReceipts(app: AppContext): Promise<{ receipts: number }> {
  return {
    receipts: await sendReceipts(app, await failedDeliveries(app, "receipt", RECEIPT_RETRIES_PER_RUN)),
  };
}

/** The receipt of the registration an order paid for. */
export async function sendReceiptForOrder(app: AppContext, orderId: string) {
  const rows = await app.db
    .select({ id: payments.registrationId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "paid")));
  return sendReceipts(
    app,
    rows.map((r) => r.id).filter((id): id is number => id !== null),
  );
}

/** The member's own check-in code and QR code (a paid, live registration), or null. */
export async function ownCheckIn(app: AppContext, userId: number, eventId: number) {
  const row = await app.db.query.eventRegistrations.findFirst({
    where: and(
      eq(eventRegistrations.eventId, eventId),
      eq(eventRegistrations.userId, userId),
      isNull(eventRegistrations.releasedAt),
      inArray(eventRegistrations.paymentStatus, ["paid", "completed"]),
    ),
  });
  if (!row?.checkInCode) return null;
  return {
    code: row.checkInCode,
    qr: checkInQrSvg(row.checkInCode),
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}
export type OwnCheckIn = NonNullable<Awaited<ReturnType<typeof ownCheckIn>>>;
