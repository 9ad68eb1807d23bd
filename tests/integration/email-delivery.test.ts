/**
 * Receipts and reminders survive an e-mail outage (issue #34 item 7,
 * docs/decisions/031): a send the provider refuses is recorded as failed and
 * tried again by the cron; a sent one is never sent again, however many times
 * the cron runs, concurrently or not.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { MAX_EMAIL_ATTEMPTS } from "~/modules/events/deliveries.server";
import {
  createEventAs,
  daysFromNow,
  failNextEmails,
  mailsWithSubject,
  payForPlace,
  runQuarterHourCron,
  signedInMember,
  type Member,
} from "./event-helpers";

let admin: Member;
beforeAll(async () => {
  admin = await signedInMember({ isAdmin: true });
});

const delivery = (kind: string, eventId: number, userId: number) =>
  env.DB.prepare(
    `SELECT d.status, d.attempts, d.last_error, r.receipt_sent_at, r.reminder_7d_sent_at
     FROM event_registrations r LEFT JOIN email_deliveries d ON d.registration_id = r.id AND d.kind = ?
     WHERE r.event_id = ? AND r.user_id = ?`,
  )
    .bind(kind, eventId, userId)
    .first<{
      status: string | null;
      attempts: number | null;
      last_error: string | null;
      receipt_sent_at: number | null;
      reminder_7d_sent_at: number | null;
    }>();

describe("receipts", () => {
  it("a receipt whose first send failed is sent by the cron exactly once, never twice", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const event = await createEventAs(admin, { title: "Outage Ride" });
    const m = await signedInMember();
    await failNextEmails(1);
    await payForPlace(m, event);
    expect(await mailsWithSubject(m.email, "Receipt: Outage Ride")).toHaveLength(0);
    expect(await delivery("receipt", event.id, m.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      receipt_sent_at: null,
    });
    expect((await delivery("receipt", event.id, m.id))!.last_error).toContain("500");
    expect(logged).toHaveBeenCalled();

    await Promise.all([runQuarterHourCron(), runQuarterHourCron()]);
    await runQuarterHourCron();
    const receipts = await mailsWithSubject(m.email, "Receipt: Outage Ride");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain("Amount paid: ₹1,500\n");
    const sent = await delivery("receipt", event.id, m.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(sent!.receipt_sent_at).not.toBeNull();
  });

  it("a receipt sent the first time is never sent again by the cron", async () => {
    const event = await createEventAs(admin, { title: "Calm Ride" });
    const m = await signedInMember();
    await payForPlace(m, event);
    await runQuarterHourCron();
    await runQuarterHourCron();
    expect(await mailsWithSubject(m.email, "Receipt: Calm Ride")).toHaveLength(1);
    expect(await delivery("receipt", event.id, m.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it(`gives up after ${MAX_EMAIL_ATTEMPTS} failed sends`, async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const event = await createEventAs(admin, { title: "Hopeless Ride" });
    const m = await signedInMember();
    await failNextEmails(1);
    await payForPlace(m, event);
    await env.DB.prepare(
      "UPDATE email_deliveries SET attempts = ? WHERE kind = 'receipt' AND registration_id = (SELECT id FROM event_registrations WHERE event_id = ? AND user_id = ?)",
    )
      .bind(MAX_EMAIL_ATTEMPTS, event.id, m.id)
      .run();
    await runQuarterHourCron();
    expect(await mailsWithSubject(m.email, "Receipt: Hopeless Ride")).toHaveLength(0);
    expect(await delivery("receipt", event.id, m.id)).toMatchObject({
      status: "failed",
      attempts: MAX_EMAIL_ATTEMPTS,
    });
  });
});

describe("reminders", () => {
  it("a reminder whose send failed goes out on the next cron run, once", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const event = await createEventAs(admin, { title: "Next Week Ride", date: daysFromNow(5) });
    const m = await signedInMember();
    await payForPlace(m, event);
    await failNextEmails(1);
    await runQuarterHourCron();
    expect(await mailsWithSubject(m.email, "Reminder: Next Week Ride is in a week")).toHaveLength(0);
    expect(await delivery("reminder_7d", event.id, m.id)).toMatchObject({
      status: "failed",
      attempts: 1,
      reminder_7d_sent_at: null,
    });

    await Promise.all([runQuarterHourCron(), runQuarterHourCron()]);
    await runQuarterHourCron();
    expect(await mailsWithSubject(m.email, "Reminder: Next Week Ride is in a week")).toHaveLength(1);
    expect(await delivery("reminder_7d", event.id, m.id)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("the provider's idempotency key", () => {
  it("the same Idempotency-Key is delivered once", async () => {
    const send = () =>
      fetch(`${env.FAKES_URL}/email/emails`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${env.EMAIL_API_KEY}`,
          "idempotency-key": "receipt-test-1",
        },
        body: JSON.stringify({
          from: "a@example.com",
          to: ["idem@example.com"],
          subject: "Once",
          text: "x",
        }),
      });
    const [first, second] = [await send(), await send()];
    expect(first.status).toBe(200);
    expect(((await first.json()) as { id: string }).id).toBe(((await second.json()) as { id: string }).id);
    expect(await mailsWithSubject("idem@example.com", "Once")).toHaveLength(1);
  });
});
