/**
 * Events that run themselves (issue #15, docs/decisions/025-registration-states.md):
 * the seat count under concurrent registrations, promotions, cancellations and
 * expired holds; cancellation with refunds through the Razorpay fake (never
 * twice, webhooks in any order); the waitlist; whole-event cancellation;
 * guests browsing read-only.
 */
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { hmacSha256Hex } from "~/modules/events/signature";
import worker from "~workers/app";
import { call, createUser, json, login, mailbox } from "./helpers";
import type { EventView } from "~/modules/events/events.server";
import type { PaymentStart } from "~/modules/events/register.server";

const DAY = 86_400_000;
const future = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const details = {
  name: "Asha Patil",
  email: "asha@example.com",
  phone: "9876543210",
  emergencyContact: "Ravi 9812345678",
};
const FAKE_REFUND_URL = "http://127.0.0.1:9/unreachable";

interface Member {
  id: number;
  cookie: string;
  email: string;
}
interface FakeRefund {
  id: string;
  entity: "refund";
  amount: number;
  payment_id: string;
  status: string;
  notes: Record<string, string>;
}

let admin: Member;

async function newMember(): Promise<Member> {
  const m = await createUser();
  return { id: m.id, cookie: await login(m.username, m.password), email: m.email };
}

async function createEvent(body: Partial<EventView> = {}): Promise<EventView> {
  const res = await call("/api/events", {
    cookie: admin.cookie,
    body: {
      title: "Sahyadri 250",
      description: "250 km in a day.",
      date: future(30),
      location: "Pune",
      fee: 150000,
      maxParticipants: null,
      isActive: true,
      ...body,
    },
  });
  expect(res.status).toBe(201);
  return json<EventView>(res);
}

const initialize = (m: Member, event: EventView) =>
  call(`/api/events/${event.id}/initialize-payment`, {
    cookie: m.cookie,
    body: { ...details, email: m.email, amount: event.fee },
  });

/** Registers and pays through the fake checkout, as the browser would. */
async function registerPaid(m: Member, event: EventView) {
  const start = await json<PaymentStart>(await initialize(m, event));
  const paid = await fetch(`${env.FAKES_URL}/_control/razorpay/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ order_id: start.orderId, method: "card" }),
  });
  const checkout = (await paid.json()) as Record<string, string>;
  const verify = await call(`/api/events/${event.id}/verify-payment`, {
    cookie: m.cookie,
    body: {
      orderId: checkout.razorpay_order_id,
      paymentId: checkout.razorpay_payment_id,
      signature: checkout.razorpay_signature,
    },
  });
  expect(verify.status).toBe(200);
  return checkout.razorpay_payment_id;
}

const joinWaitlist = (m: Member, event: EventView) =>
  call(`/api/events/${event.id}/waitlist`, { cookie: m.cookie, body: { ...details, email: m.email } });

const expireHold = (eventId: number, userId: number, at = Math.floor(Date.now() / 1000) - 60) =>
  env.DB.prepare("UPDATE event_registrations SET hold_expires_at = ? WHERE event_id = ? AND user_id = ?")
    .bind(at, eventId, userId)
    .run();

/** Registrations holding a place now (decision 016's rule, read straight from D1). */
async function holders(eventId: number) {
  const row = await env.DB.prepare(
    "SELECT count(*) AS n FROM event_registrations WHERE event_id = ? AND released_at IS NULL AND (payment_status IN ('paid','completed') OR (payment_status = 'pending' AND hold_expires_at > unixepoch()))",
  )
    .bind(eventId)
    .first<{ n: number }>();
  return row!.n;
}

async function runCron(scheduledTime = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

const fakeRefunds = async (paymentId: string) =>
  ((await (await fetch(`${env.FAKES_URL}/_control/razorpay/refunds`)).json()) as FakeRefund[]).filter(
    (r) => r.payment_id === paymentId,
  );

const refundRows = (registrationId: number) =>
  env.DB.prepare(
    "SELECT amount, status, razorpay_refund_id, idempotency_key FROM event_refunds WHERE registration_id = ?",
  )
    .bind(registrationId)
    .all<{ amount: number; status: string; razorpay_refund_id: string | null; idempotency_key: string }>()
    .then((r) => r.results);

const registrationRow = (eventId: number, userId: number) =>
  env.DB.prepare(
    "SELECT id, payment_status, released_at, release_reason, hold_expires_at FROM event_registrations WHERE event_id = ? AND user_id = ?",
  )
    .bind(eventId, userId)
    .first<{
      id: number;
      payment_status: string;
      released_at: number | null;
      release_reason: string | null;
      hold_expires_at: number | null;
    }>();

const auditTrail = (registrationId: number) =>
  env.DB.prepare(
    "SELECT actor, from_state, to_state FROM registration_audit WHERE registration_id = ? ORDER BY id",
  )
    .bind(registrationId)
    .all<{ actor: string; from_state: string; to_state: string }>()
    .then((r) => r.results.map((a) => `${a.actor}:${a.from_state}>${a.to_state}`));

async function signedWebhook(raw: string) {
  return call("/api/webhooks/razorpay", {
    body: raw,
    headers: {
      Origin: "https://api.razorpay.com",
      "Content-Type": "application/json",
      "X-Razorpay-Signature": await hmacSha256Hex("fake-razorpay-webhook-secret", raw),
    },
  });
}

/** Settles the refund in the fake and delivers the fake's own signed webhook body to the Worker. */
async function refundWebhook(refundId: string, event: "refund.processed" | "refund.failed") {
  const res = await fetch(`${env.FAKES_URL}/_control/razorpay/refund-webhook`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url: FAKE_REFUND_URL, event, refund_id: refundId }),
  });
  expect(res.status).toBe(200);
  const { payload } = (await res.json()) as { payload: unknown };
  const answer = await signedWebhook(JSON.stringify(payload));
  expect(answer.status).toBe(200);
  return json<{ ok: boolean; handled: boolean }>(answer);
}

const cancelOwn = (m: Member, event: EventView) =>
  call(`/api/events/${event.id}/cancel`, { cookie: m.cookie, method: "POST" });

beforeAll(async () => {
  const a = await createUser({ isAdmin: true });
  admin = { id: a.id, cookie: await login(a.username, a.password), email: a.email };
});

/** The member's in-app notifications of one kind. */
const bell = (userId: number, kind: string) =>
  env.DB.prepare("SELECT title, link FROM notifications WHERE user_id = ? AND kind = ? ORDER BY id")
    .bind(userId, kind)
    .all<{ title: string; link: string }>()
    .then((r) => r.results);

describe("the seat count (one conditional statement per change)", () => {
  it("never exceeds the cap under concurrent registrations, promotions, cancellations and expired holds", async () => {
    const event = await createEvent({ maxParticipants: 3 });
    const [a, b, c] = await Promise.all([newMember(), newMember(), newMember()]);
    await registerPaid(a, event);
    await registerPaid(b, event);
    expect((await initialize(c, event)).status).toBe(200);
    const waiting = await Promise.all(Array.from({ length: 4 }, () => newMember()));
    for (const w of waiting) expect((await joinWaitlist(w, event)).status).toBe(201);
    await expireHold(event.id, c.id);
    const racers = await Promise.all(Array.from({ length: 8 }, () => newMember()));

    // All at once: new registrations, two cancellations (each offers places), the cron (releases the
    // expired hold and offers), and the cron's sweep again.
    const answers = await Promise.all([
      ...racers.map((m) => initialize(m, event)),
      cancelOwn(a, event),
      cancelOwn(b, event),
      runCron(),
      runCron(),
    ]);
    expect(await holders(event.id)).toBeLessThanOrEqual(3);
    // People were waiting: the freed places went to the line, never to a newcomer.
    for (const res of answers.slice(0, racers.length) as Response[]) expect(res.status).toBe(409);
    await runCron();
    expect(await holders(event.id)).toBe(3);
    const offered = await env.DB.prepare(
      "SELECT user_id FROM event_waitlist WHERE event_id = ? AND status = 'offered' ORDER BY position",
    )
      .bind(event.id)
      .all<{ user_id: number }>();
    expect(offered.results.map((r) => r.user_id)).toEqual(waiting.slice(0, 3).map((w) => w.id));
  });
});

describe("cancellation and refunds", () => {
  it("refunds by the event's rule: full, partial, none; the confirmation e-mail names it", async () => {
    const early = await createEvent({ date: future(30), title: "Early bird" });
    const late = await createEvent({ date: future(3), title: "Late rider" });
    const tooLate = await createEvent({ date: future(0.5), title: "Last minute" });
    const m = await newMember();
    const paymentIds = [];
    for (const e of [early, late, tooLate]) paymentIds.push(await registerPaid(m, e));

    // The page's confirmation names the event and the refund.
    const page = await (await call(`/events/${late.id}`, { cookie: m.cookie })).text();
    expect(page).toContain("Cancel your registration for");
    expect(page).toContain("You will be refunded ₹750 (50% of ₹1,500)");

    const full = await cancelOwn(m, early);
    expect(full.status).toBe(200);
    expect(await json(full)).toMatchObject({
      message: "Your registration has been cancelled",
      refund: { amount: 150000, status: "pending" },
    });
    expect((await json(await cancelOwn(m, late))).refund).toMatchObject({ amount: 75000 });
    expect((await json(await cancelOwn(m, tooLate))).refund).toBeNull();

    expect((await fakeRefunds(paymentIds[0])).map((r) => r.amount)).toEqual([150000]);
    expect((await fakeRefunds(paymentIds[1])).map((r) => r.amount)).toEqual([75000]);
    expect(await fakeRefunds(paymentIds[2])).toEqual([]);
    const row = await registrationRow(early.id, m.id);
    expect(row).toMatchObject({ release_reason: "cancelled", payment_status: "paid" });
    expect(await auditTrail(row!.id)).toEqual([
      "member:new>held",
      "member:held>paid",
      "member:paid>cancelled",
      "member:cancelled>refund_pending",
    ]);
    const mails = await mailbox(m.email);
    expect(mails.find((x) => x.subject === `Registration cancelled: ${early.title}`)?.text).toContain(
      "A refund of ₹1,500 ",
    );
    // Cancelling again: nothing left to cancel, nothing refunded twice.
    expect((await cancelOwn(m, early)).status).toBe(404);
    expect(await fakeRefunds(paymentIds[0])).toHaveLength(1);
    // The member may register again.
    expect((await initialize(m, early)).status).toBe(200);
  });

  it("a retry sends the same idempotency key: Razorpay answers the same refund, never a second one", async () => {
    const event = await createEvent();
    const m = await newMember();
    const paymentId = await registerPaid(m, event);
    await cancelOwn(m, event);
    const reg = await registrationRow(event.id, m.id);
    const [first] = await refundRows(reg!.id);
    expect(first.razorpay_refund_id).toMatch(/^rfnd_/);
    // As if our process died before it stored Razorpay's answer: the cron sends it again.
    await env.DB.prepare("UPDATE event_refunds SET razorpay_refund_id = NULL WHERE registration_id = ?")
      .bind(reg!.id)
      .run();
    await runCron();
    const [again] = await refundRows(reg!.id);
    expect(again.razorpay_refund_id).toBe(first.razorpay_refund_id);
    expect(await fakeRefunds(paymentId)).toHaveLength(1);
  });

  it("refund webhooks after, twice, and before our own answer leave the same state; failed is recorded", async () => {
    const event = await createEvent();
    const [after, before, failing] = await Promise.all([newMember(), newMember(), newMember()]);
    const payAfter = await registerPaid(after, event);
    const payBefore = await registerPaid(before, event);
    const payFailing = await registerPaid(failing, event);

    // After the member's action, twice.
    await cancelOwn(after, event);
    const [refundAfter] = await fakeRefunds(payAfter);
    expect(await refundWebhook(refundAfter.id, "refund.processed")).toEqual({ ok: true, handled: true });
    expect(await refundWebhook(refundAfter.id, "refund.processed")).toEqual({ ok: true, handled: true });
    const regAfter = await registrationRow(event.id, after.id);
    expect(await refundRows(regAfter!.id)).toMatchObject([{ status: "processed", amount: 150000 }]);
    expect((await auditTrail(regAfter!.id)).filter((a) => a.endsWith(">refunded"))).toEqual([
      "razorpay:refund_pending>refunded",
    ]);

    // Before our answer was stored: found by the key in its notes; our retry then changes nothing.
    await cancelOwn(before, event);
    const regBefore = await registrationRow(event.id, before.id);
    await env.DB.prepare("UPDATE event_refunds SET razorpay_refund_id = NULL WHERE registration_id = ?")
      .bind(regBefore!.id)
      .run();
    const [refundBefore] = await fakeRefunds(payBefore);
    expect(refundBefore.notes.refund_key).toBe((await refundRows(regBefore!.id))[0].idempotency_key);
    await refundWebhook(refundBefore.id, "refund.processed");
    await runCron();
    expect(await refundRows(regBefore!.id)).toMatchObject([
      { status: "processed", razorpay_refund_id: refundBefore.id },
    ]);
    expect(await fakeRefunds(payBefore)).toHaveLength(1);

    // A refund Razorpay failed stays failed; a late 'processed' replay cannot turn it.
    await cancelOwn(failing, event);
    const [refundFailing] = await fakeRefunds(payFailing);
    await refundWebhook(refundFailing.id, "refund.failed");
    const regFailing = await registrationRow(event.id, failing.id);
    expect(await refundRows(regFailing!.id)).toMatchObject([{ status: "failed" }]);
  });

  it("a refund made in Razorpay's dashboard first is recorded: the member's later cancellation refunds nothing more", async () => {
    const event = await createEvent();
    const m = await newMember();
    const paymentId = await registerPaid(m, event);
    const made = await fetch(`${env.FAKES_URL}/razorpay/v1/payments/${paymentId}/refund`, {
      method: "POST",
      headers: {
        authorization: `Basic ${btoa("rzp_test_fake:fake-razorpay-secret")}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ amount: 150000 }),
    });
    const refund = (await made.json()) as FakeRefund;
    expect(await refundWebhook(refund.id, "refund.processed")).toEqual({ ok: true, handled: true });
    const res = await cancelOwn(m, event);
    expect(res.status).toBe(200);
    expect((await json(res)).refund).toBeNull();
    expect(await fakeRefunds(paymentId)).toHaveLength(1);
    const reg = await registrationRow(event.id, m.id);
    expect(await refundRows(reg!.id)).toMatchObject([{ status: "processed", amount: 150000 }]);
  });

  it("a checked-in or unknown registration cannot be cancelled; guests get 401", async () => {
    const event = await createEvent();
    const m = await newMember();
    expect((await cancelOwn(m, event)).status).toBe(404);
    await registerPaid(m, event);
    await env.DB.prepare(
      "UPDATE event_registrations SET checked_in_at = unixepoch() WHERE event_id = ? AND user_id = ?",
    )
      .bind(event.id, m.id)
      .run();
    const refused = await cancelOwn(m, event);
    expect(refused.status).toBe(409);
    expect(await json(refused)).toMatchObject({ message: "This registration can no longer be cancelled" });
    expect((await call(`/api/events/${event.id}/cancel`, { method: "POST" })).status).toBe(401);
  });

  it("admins remove one registration (full refund) or cancel the whole event (full refunds, everyone told)", async () => {
    const event = await createEvent({ date: future(0.5) });
    const [x, y, z] = await Promise.all([newMember(), newMember(), newMember()]);
    const payX = await registerPaid(x, event);
    const payY = await registerPaid(y, event);
    expect((await initialize(z, event)).status).toBe(200);
    const regX = await registrationRow(event.id, x.id);

    // Even when the member's own rule would refund nothing, the admin refunds in full.
    const removed = await call(`/api/admin/events/${event.id}/registrations/${regX!.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await json(removed)).toMatchObject({
      message: "Registration removed",
      refund: { amount: 150000 },
    });
    expect((await fakeRefunds(payX)).map((r) => r.amount)).toEqual([150000]);

    const path = `/api/admin/events/${event.id}/cancel`;
    expect((await call(path, { method: "POST" })).status).toBe(401);
    expect((await call(path, { method: "POST", cookie: y.cookie })).status).toBe(403);
    const cancelled = await call(path, { method: "POST", cookie: admin.cookie });
    expect(cancelled.status).toBe(200);
    expect(await json(cancelled)).toMatchObject({ cancelled: 2, refunds: 1 });
    expect((await fakeRefunds(payY)).map((r) => r.amount)).toEqual([150000]);
    expect(await holders(event.id)).toBe(0);
    expect((await mailbox(z.email))[0].text).toContain("has been cancelled by the organisers");
    expect((await call(path, { method: "POST", cookie: admin.cookie })).status).toBe(409);
    expect((await initialize(x, event)).status).toBe(400);
  });
});

describe("the waitlist", () => {
  it("full → join (place shown); a freed place is offered by e-mail; a lapsed offer goes to the next", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const [holder, first, second] = await Promise.all([newMember(), newMember(), newMember()]);
    expect(await json(await joinWaitlist(first, event))).toMatchObject({
      message: "This event still has places: register instead",
    });
    const payHolder = await registerPaid(holder, event);

    // The page offers "Join waitlist" in place of "Register Now".
    const page = await (await call(`/events/${event.id}`, { cookie: first.cookie })).text();
    expect(page).toContain("Join waitlist");
    expect(page).not.toContain("Register Now");
    // So does its card on the /events list (one query for the whole list).
    const listHtml = await (await call("/events", { cookie: first.cookie })).text();
    expect(listHtml).toMatch(new RegExp(`<a[^>]*href="/events/${event.id}/register"[^>]*>Join waitlist</a>`));

    expect(await json(await joinWaitlist(first, event))).toMatchObject({ waitlist: { position: 1 } });
    expect((await joinWaitlist(first, event)).status).toBe(409);
    expect(await json(await joinWaitlist(second, event))).toMatchObject({ waitlist: { position: 2 } });
    expect(
      await json(await call(`/api/events/${event.id}/waitlist`, { cookie: second.cookie })),
    ).toMatchObject({ status: "waiting", position: 2 });
    expect(await (await call(`/events/${event.id}`, { cookie: second.cookie })).text()).toContain(
      "number 2 in line",
    );

    // Admin sees the list; guests 401, members 403.
    const list = `/api/admin/events/${event.id}/waitlist`;
    expect((await call(list)).status).toBe(401);
    expect((await call(list, { cookie: first.cookie })).status).toBe(403);
    expect(
      (await json<{ userId: number; place: number }[]>(await call(list, { cookie: admin.cookie }))).map(
        (w) => [w.userId, w.place],
      ),
    ).toEqual([
      [first.id, 1],
      [second.id, 2],
    ]);

    // The holder cancels: the first in line gets a held place and an e-mail with the link.
    const cancelled = await json(await cancelOwn(holder, event));
    expect(cancelled.refund).toMatchObject({ amount: 150000 });
    expect(await fakeRefunds(payHolder)).toHaveLength(1);
    expect(await registrationRow(event.id, first.id)).toMatchObject({ payment_status: "pending" });
    const offer = (await mailbox(first.email)).find((x) => x.subject === `A place is free: ${event.title}`);
    expect(offer?.text).toContain(`/events/${event.id}/payment`);
    // And in the bell (issue #41): the hold's end written in IST, the link to pay.
    await vi.waitFor(async () => expect(await bell(first.id, "waitlist_offer")).toHaveLength(1), {
      timeout: 10_000,
    });
    expect((await bell(first.id, "waitlist_offer"))[0]).toMatchObject({
      title: expect.stringMatching(
        new RegExp(`^A place is free at ${event.title}: pay by .+ IST to keep it$`),
      ),
      link: `/events/${event.id}/payment`,
    });
    expect(await holders(event.id)).toBe(1);
    expect(
      await json(await call(`/api/events/${event.id}/waitlist`, { cookie: second.cookie })),
    ).toMatchObject({ position: 1 });

    // The offer lapses: the cron releases it and offers the place to the next one.
    await expireHold(event.id, first.id, Math.floor(Date.parse("2001-01-01T00:00:00Z") / 1000));
    await runCron();
    expect(await registrationRow(event.id, first.id)).toMatchObject({ release_reason: "expired" });
    const lapsed = await env.DB.prepare(
      "SELECT status FROM event_waitlist WHERE event_id = ? AND user_id = ?",
    )
      .bind(event.id, first.id)
      .first<{ status: string }>();
    expect(lapsed?.status).toBe("lapsed");
    expect(await registrationRow(event.id, second.id)).toMatchObject({ payment_status: "pending" });

    // The second pays the offered place: registered.
    await registerPaid(second, event);
    const done = await env.DB.prepare("SELECT status FROM event_waitlist WHERE event_id = ? AND user_id = ?")
      .bind(event.id, second.id)
      .first<{ status: string }>();
    expect(done?.status).toBe("registered");
    expect(await holders(event.id)).toBe(1);
  });

  it("leaving the waitlist; guests get 401 on the member calls", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const [holder, w] = await Promise.all([newMember(), newMember()]);
    await registerPaid(holder, event);
    await joinWaitlist(w, event);
    const left = await call(`/api/events/${event.id}/waitlist`, { method: "DELETE", cookie: w.cookie });
    expect(await json(left)).toEqual({ message: "You have left the waitlist" });
    expect((await call(`/api/events/${event.id}/waitlist`, { cookie: w.cookie })).status).toBe(404);
    expect((await call(`/api/events/${event.id}/waitlist`)).status).toBe(401);
    expect((await call(`/api/events/${event.id}/waitlist`, { body: details })).status).toBe(401);
  });
});

describe("guests browse events read-only", () => {
  it("/events and /events/{id} answer guests with the event and 'Sign in to register', no member data", async () => {
    const event = await createEvent({ maxParticipants: 5, title: "Guest Ride" });
    const m = await newMember();
    await registerPaid(m, event);
    const list = await call("/events");
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain("Guest Ride");
    expect(listHtml).toContain("Sign in to register");
    const detail = await call(`/events/${event.id}`);
    expect(detail.status).toBe(200);
    const html = await detail.text();
    expect(html).toContain("Sign in to register");
    expect(html).not.toContain("Register Now");
    expect(html).not.toContain(m.email);
    expect(html).not.toContain("Registration Statistics");
    expect(html).not.toMatch(/"registrations":\[/);
  });
});

interface Mail {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; content: string }[];
}
const mails = async (to: string) =>
  (await (await fetch(`${env.FAKES_URL}/email/messages?to=${encodeURIComponent(to)}`)).json()) as Mail[];
const decode = (b64: string) => new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)));

describe("receipts and calendar", () => {
  it("a paid registration gets one receipt: ₹ en-IN, payment id, date, QR code and .ics attached", async () => {
    const event = await createEvent({ title: "Receipt Ride", fee: 12345600 });
    const m = await newMember();
    const paymentId = await registerPaid(m, event);
    // A replayed webhook after verify sends nothing more.
    const order = await env.DB.prepare("SELECT order_id FROM payments WHERE payment_id = ?")
      .bind(paymentId)
      .first<{ order_id: string }>();
    await signedWebhook(
      JSON.stringify({
        event: "payment.captured",
        payload: {
          payment: {
            entity: { id: paymentId, order_id: order!.order_id, amount: 12345600, status: "captured" },
          },
        },
      }),
    );
    const receipts = (await mails(m.email)).filter((x) => x.subject === "Receipt: Receipt Ride");
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    const code = (await env.DB.prepare(
      "SELECT check_in_code FROM event_registrations WHERE event_id = ? AND user_id = ?",
    )
      .bind(event.id, m.id)
      .first<{ check_in_code: string }>())!.check_in_code;
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    expect(receipt.text).toContain("Amount paid: ₹1,23,456");
    expect(receipt.text).toContain(`Razorpay payment id: ${paymentId}`);
    expect(receipt.text).toMatch(/Paid on: \d{1,2} \w{3} \d{4}, \d{1,2}:\d\d [ap]m IST/);
    expect(receipt.text).toContain(`Check-in code: ${code}`);
    expect(receipt.html).toContain("<svg");
    expect(receipt.attachments.map((a) => a.filename)).toEqual(["check-in-qr.svg", "Receipt-Ride.ics"]);
    expect(decode(receipt.attachments[0].content)).toMatch(/^<svg/);
    expect(decode(receipt.attachments[1].content)).toContain(`UID:event-${event.id}@localhost:8787`);

    // The member's page shows the same QR code and code, never the registration id as the code.
    const page = await (await call(`/events/${event.id}`, { cookie: m.cookie })).text();
    expect(page).toContain('data-testid="check-in-qr"');
    expect(page).toContain(code);
  });

  it("Add to calendar: an RFC 5545 file (CRLF, folded lines, UID, DTSTAMP) with public data, for guests too", async () => {
    const event = await createEvent({
      title: "Calendar, Ride; 250 km",
      description: `Start at the temple gate. ${"Bring lights and a spare tube. ".repeat(6)}`,
    });
    const res = await call(`/events/${event.id}/calendar`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toContain('filename="Calendar-Ride-250-km.ics"');
    const ics = await res.text();
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    const lines = ics.split("\r\n");
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    expect(ics).toContain(`UID:event-${event.id}@localhost:8787`);
    expect(ics).toMatch(/DTSTAMP:\d{8}T\d{6}Z/);
    expect(ics).toContain("SUMMARY:Calendar\\, Ride\\; 250 km");
    expect((await call("/events/987654/calendar")).status).toBe(404);
  });
});

describe("reminders", () => {
  it("the cron sends the 7-day and 1-day reminders once each, whatever the number of runs", async () => {
    const week = await createEvent({ title: "Week Away", date: future(5) });
    const day = await createEvent({ title: "Day Away", date: future(0.5) });
    const m = await newMember();
    await registerPaid(m, week);
    await registerPaid(m, day);
    await Promise.all([runCron(), runCron()]);
    await runCron();
    const subjects = (await mails(m.email)).map((x) => x.subject).filter((s) => s.startsWith("Reminder"));
    expect(subjects.sort()).toEqual(["Reminder: Day Away is tomorrow", "Reminder: Week Away is in a week"]);
    // The same reminders in the bell (issue #41), once each however many runs.
    await vi.waitFor(async () => expect(await bell(m.id, "event_reminder")).toHaveLength(2), {
      timeout: 10_000,
    });
    expect(
      (await bell(m.id, "event_reminder")).map((n) => [n.title.replace(/: .*/, ""), n.link]).sort(),
    ).toEqual([
      ["Day Away is tomorrow", `/events/${day.id}`],
      ["Week Away is in a week", `/events/${week.id}`],
    ]);
  });
});

describe("check-in", () => {
  it("a code works once and only for its event; by list pick too; admin only; the page is a phone page", async () => {
    const event = await createEvent({ title: "Check-in Ride" });
    const other = await createEvent({ title: "Other Ride" });
    const [m, n, o] = await Promise.all([newMember(), newMember(), newMember()]);
    await registerPaid(m, event);
    await registerPaid(n, event);
    await registerPaid(o, other);
    const codeOf = async (eventId: number, userId: number) =>
      (await env.DB.prepare(
        "SELECT check_in_code FROM event_registrations WHERE event_id = ? AND user_id = ?",
      )
        .bind(eventId, userId)
        .first<{ check_in_code: string }>())!.check_in_code;
    const path = `/api/admin/events/${event.id}/check-in`;
    const code = await codeOf(event.id, m.id);
    expect((await call(path, { body: { code } })).status).toBe(401);
    expect((await call(path, { body: { code }, cookie: m.cookie })).status).toBe(403);
    const first = await call(path, { body: { code: code.toLowerCase() }, cookie: admin.cookie });
    expect(first.status).toBe(200);
    expect(await json(first)).toMatchObject({ message: "Asha Patil is checked in" });
    const again = await call(path, { body: { code }, cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toMatch(/^Already checked in at /);
    const elsewhere = await call(path, {
      body: { code: await codeOf(other.id, o.id) },
      cookie: admin.cookie,
    });
    expect(elsewhere.status).toBe(409);
    expect(await json(elsewhere)).toMatchObject({ message: "This code is for another event" });
    const unknown = await call(path, { body: { code: "NOPE" }, cookie: admin.cookie });
    expect(unknown.status).toBe(404);
    expect((await call(path, { body: {}, cookie: admin.cookie })).status).toBe(400);
    // The registration id is not a code.
    const regN = await registrationRow(event.id, n.id);
    expect((await call(path, { body: { code: String(regN!.id) }, cookie: admin.cookie })).status).toBe(404);
    expect(await auditTrail(regN!.id)).not.toContain("admin:paid>checked_in");

    // The page: admin only; a pick from the list checks in (a plain form post).
    const page = `/admin/events/${event.id}/check-in`;
    expect((await call(page)).status).toBe(302);
    expect((await call(page, { cookie: m.cookie })).headers.get("Location")).toBe("/dashboard");
    const html = await (await call(page, { cookie: admin.cookie })).text();
    expect(html).toContain("1 of 2 arrived");
    expect(html).toContain("Scan with camera");
    const form = new FormData();
    form.set("registrationId", String(regN!.id));
    const picked = await call(page, {
      cookie: admin.cookie,
      body: form,
      headers: { Host: "localhost:8787" },
    });
    expect(picked.status).toBe(200);
    expect(await auditTrail(regN!.id)).toContain("admin:paid>checked_in");
  });
});

describe("exports", () => {
  it("participants CSV (formula-guarded) and payments summary; /api twins are admin only", async () => {
    const event = await createEvent({ title: "Export Ride" });
    const [m, n] = await Promise.all([newMember(), newMember()]);
    await createUser();
    const payM = await registerPaid(m, event);
    await registerPaid(n, event);
    await env.DB.prepare(
      "UPDATE event_registrations SET name = '=HYPERLINK(1)' WHERE event_id = ? AND user_id = ?",
    )
      .bind(event.id, n.id)
      .run();
    await cancelOwn(n, event);

    const csv = await call(`/admin/events/${event.id}/participants.csv`, { cookie: admin.cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const text = await csv.text();
    expect(text).toContain(
      "Name,Email,Phone,Emergency contact,Status,Amount (₹),Payment id,Refund,Refund (₹),Checked in",
    );
    expect(text).toContain(`Asha Patil,${m.email},9876543210,Ravi 9812345678,paid,1500.00,${payM},,,`);
    expect(text).toContain("'=HYPERLINK(1)");
    expect(text).toContain("cancelled,1500.00");
    expect((await call(`/admin/events/${event.id}/participants.csv`, { cookie: m.cookie })).status).toBe(302);

    const summary = await call(`/api/admin/events/${event.id}/payments-summary`, { cookie: admin.cookie });
    expect(await json(summary)).toMatchObject({
      payments: 2,
      collected: 300000,
      refundsPending: 150000,
      net: 150000,
    });
    const summaryCsv = await (
      await call(`/admin/events/${event.id}/payments.csv`, { cookie: admin.cookie })
    ).text();
    expect(summaryCsv).toContain("Export Ride");
    expect(summaryCsv).toContain("3000.00");
    for (const api of [
      `/api/admin/events/${event.id}/participants`,
      `/api/admin/events/${event.id}/payments-summary`,
    ]) {
      expect((await call(api)).status).toBe(401);
      expect((await call(api, { cookie: m.cookie })).status).toBe(403);
    }
    expect(
      (
        await json<{ status: string }[]>(
          await call(`/api/admin/events/${event.id}/participants`, { cookie: admin.cookie }),
        )
      )
        .map((p) => p.status)
        .sort(),
    ).toEqual(["cancelled", "paid"]);
  });
});

// ---- Money you can trust (issue #34, decision 030) --------------------------------

/** Pays an order through the fake checkout (no verify): what the browser's checkout hands back. */
async function payOrder(orderId: string | null) {
  const paid = await fetch(`${env.FAKES_URL}/_control/razorpay/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ order_id: orderId, method: "card" }),
  });
  return (await paid.json()) as Record<string, string>;
}

const verifyCheckout = (m: Member, event: EventView, checkout: Record<string, string>) =>
  call(`/api/events/${event.id}/verify-payment`, {
    cookie: m.cookie,
    body: {
      orderId: checkout.razorpay_order_id,
      paymentId: checkout.razorpay_payment_id,
      signature: checkout.razorpay_signature,
    },
  });

/** Makes the fake answer the next `count` refund requests on a payment with `status`. */
async function refundFault(paymentId: string, status: 400 | 500 | 503, count = 100) {
  const res = await fetch(`${env.FAKES_URL}/_control/razorpay/refund-faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status, count, payment_id: paymentId }),
  });
  expect(res.status).toBe(200);
}

const refundRequests = async (paymentId: string) =>
  ((await (await fetch(`${env.FAKES_URL}/_control/razorpay/requests`)).json()) as { path: string }[]).filter(
    (r) => r.path.endsWith(`/payments/${paymentId}/refund`),
  ).length;

const refundState = (registrationId: number) =>
  env.DB.prepare(
    "SELECT id, status, attempts, next_attempt_at, last_error, late_payment FROM event_refunds WHERE registration_id = ? ORDER BY id",
  )
    .bind(registrationId)
    .all<{
      id: number;
      status: string;
      attempts: number;
      next_attempt_at: number | null;
      last_error: string | null;
      late_payment: number;
    }>()
    .then((r) => r.results);

/** The next try of every waiting refund is due now (the cron's clock is the real one). */
const refundsDueNow = () =>
  env.DB.prepare(
    "UPDATE event_refunds SET next_attempt_at = unixepoch() - 1 WHERE status = 'pending' AND next_attempt_at IS NOT NULL",
  ).run();

describe("late money is refunded, never revives a cancelled registration", () => {
  it("a payment after the member cancelled: refunded in full, still cancelled, told by e-mail and by verify", async () => {
    const event = await createEvent();
    const m = await newMember();
    const start = await json<PaymentStart>(await initialize(m, event));
    expect((await json(await cancelOwn(m, event))).refund).toBeNull();
    const checkout = await payOrder(start.orderId);

    const answer = await verifyCheckout(m, event, checkout);
    expect(answer.status).toBe(409);
    const body = await json(answer);
    expect(body).toMatchObject({ code: "registration_cancelled", refund: { amount: 150000 } });
    expect(body.message).toContain("so you are not registered. The full ₹1,500 is being refunded");
    const reg = await registrationRow(event.id, m.id);
    expect(reg).toMatchObject({ payment_status: "pending", release_reason: "cancelled" });
    expect(reg!.released_at).not.toBeNull();
    expect((await fakeRefunds(checkout.razorpay_payment_id)).map((r) => r.amount)).toEqual([150000]);
    expect(await refundState(reg!.id)).toMatchObject([{ late_payment: 1 }]);
    expect((await mailbox(m.email)).map((e) => e.subject)).toContain(`Payment refunded: ${event.title}`);
    expect(await call(`/api/events/${event.id}/registrations/user`, { cookie: m.cookie })).toHaveProperty(
      "status",
      404,
    );
    // Verify again (or the webhook after it): the same answer, nothing refunded twice.
    expect((await verifyCheckout(m, event, checkout)).status).toBe(409);
    expect(await fakeRefunds(checkout.razorpay_payment_id)).toHaveLength(1);
  });

  it("a payment (by webhook) for a cancelled event: refunded in full, the registration stays cancelled", async () => {
    const event = await createEvent();
    const m = await newMember();
    const start = await json<PaymentStart>(await initialize(m, event));
    expect(
      (await call(`/api/admin/events/${event.id}/cancel`, { method: "POST", cookie: admin.cookie })).status,
    ).toBe(200);
    const res = await fetch(`${env.FAKES_URL}/_control/razorpay/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: FAKE_REFUND_URL, event: "payment.captured", order_id: start.orderId }),
    });
    const { payload } = (await res.json()) as {
      payload: { payload: { payment: { entity: { id: string } } } };
    };
    expect((await signedWebhook(JSON.stringify(payload))).status).toBe(200);
    const paymentId = payload.payload.payment.entity.id;
    const reg = await registrationRow(event.id, m.id);
    expect(reg).toMatchObject({ payment_status: "pending", release_reason: "event_cancelled" });
    expect((await fakeRefunds(paymentId)).map((r) => r.amount)).toEqual([150000]);
    expect(await auditTrail(reg!.id)).toContain("system:cancelled>refund_pending");
    expect(await holders(event.id)).toBe(0);
  });
});

describe("every paid payment is refunded, not only the first", () => {
  it("cancel → register again → pay → cancel refunds both payments; so do admin removal and event cancellation", async () => {
    const event = await createEvent();
    const [m, r, c] = await Promise.all([newMember(), newMember(), newMember()]);
    const first = await registerPaid(m, event);
    expect((await json(await cancelOwn(m, event))).refund).toMatchObject({ amount: 150000 });
    const second = await registerPaid(m, event);
    expect((await json(await cancelOwn(m, event))).refund).toMatchObject({ amount: 150000 });
    expect((await fakeRefunds(first)).map((f) => f.amount)).toEqual([150000]);
    expect((await fakeRefunds(second)).map((f) => f.amount)).toEqual([150000]);

    // Admin removal of a re-taken registration.
    await registerPaid(r, event);
    await cancelOwn(r, event);
    const again = await registerPaid(r, event);
    const regR = await registrationRow(event.id, r.id);
    const removed = await call(`/api/admin/events/${event.id}/registrations/${regR!.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(await json(removed)).toMatchObject({ refund: { amount: 150000 } });
    expect(await fakeRefunds(again)).toHaveLength(1);

    // Two paid orders of one registration (two checkouts), then the whole event is cancelled.
    const orderA = await json<PaymentStart>(await initialize(c, event));
    const orderB = await json<PaymentStart>(await initialize(c, event));
    expect(orderB.orderId).not.toBe(orderA.orderId);
    const payA = await payOrder(orderA.orderId);
    const payB = await payOrder(orderB.orderId);
    expect((await verifyCheckout(c, event, payA)).status).toBe(200);
    expect((await verifyCheckout(c, event, payB)).status).toBe(200);
    const cancelled = await call(`/api/admin/events/${event.id}/cancel`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(await json(cancelled)).toMatchObject({ cancelled: 1, refunds: 1 });
    expect(await fakeRefunds(payA.razorpay_payment_id)).toHaveLength(1);
    expect(await fakeRefunds(payB.razorpay_payment_id)).toHaveLength(1);
  });
});

describe("refunds cannot stall", () => {
  it("21 refunds Razorpay keeps failing do not block the 22nd; a failing one is marked failed after the bounded tries", async () => {
    const event = await createEvent();
    const members = await Promise.all(Array.from({ length: 22 }, () => newMember()));
    const paymentIds: string[] = [];
    for (const m of members) paymentIds.push(await registerPaid(m, event));
    for (const id of paymentIds.slice(0, 21)) await refundFault(id, 503);

    const cancelled = await call(`/api/admin/events/${event.id}/cancel`, {
      method: "POST",
      cookie: admin.cookie,
    });
    expect(await json(cancelled)).toMatchObject({ cancelled: 22, refunds: 22 });
    const first = await registrationRow(event.id, members[0]!.id);
    expect(await refundState(first!.id)).toMatchObject([{ status: "pending", attempts: 1 }]);
    expect((await refundState(first!.id))[0]!.next_attempt_at).toBeGreaterThan(Date.now() / 1000);

    await runCron();
    expect((await fakeRefunds(paymentIds[21]!)).map((r) => r.amount)).toEqual([150000]);

    // Each further try is due only after its backoff; after MAX tries the refund is failed.
    for (let run = 0; run < 8; run++) {
      await refundsDueNow();
      await runCron();
    }
    expect(await refundRequests(paymentIds[0]!)).toBe(6);
    const [failed] = await refundState(first!.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 6, next_attempt_at: null });
    expect(failed!.last_error).toContain("503");
    expect(await auditTrail(first!.id)).toContain("system:refund_pending>refund_failed");
  }, 240_000);

  it("a refund Razorpay refuses (4xx) is marked failed sooner", async () => {
    const event = await createEvent();
    const m = await newMember();
    const paymentId = await registerPaid(m, event);
    await refundFault(paymentId, 400);
    expect((await json(await cancelOwn(m, event))).refund).toMatchObject({ status: "pending" });
    const reg = await registrationRow(event.id, m.id);
    await refundsDueNow();
    await runCron();
    expect(await refundState(reg!.id)).toMatchObject([{ status: "failed", attempts: 2 }]);
    expect(await refundRequests(paymentId)).toBe(2);
  });
});

describe("an admin settles a failed refund", () => {
  async function failedRefund() {
    const event = await createEvent();
    const m = await newMember();
    const paymentId = await registerPaid(m, event);
    await refundFault(paymentId, 400, 2);
    await cancelOwn(m, event);
    const reg = await registrationRow(event.id, m.id);
    await refundsDueNow();
    await runCron();
    const [refund] = await refundState(reg!.id);
    expect(refund).toMatchObject({ status: "failed" });
    return { event, m, paymentId, reg: reg!, refundId: refund!.id };
  }

  it("retry: guest 401, member 403, unknown 404, a failed one is sent again (409 unless failed)", async () => {
    const { event, m, paymentId, reg, refundId } = await failedRefund();
    const path = `/api/admin/events/${event.id}/refunds/${refundId}/retry`;
    expect((await call(path, { method: "POST" })).status).toBe(401);
    expect((await call(path, { method: "POST", cookie: m.cookie })).status).toBe(403);
    expect(
      (
        await call(`/api/admin/events/${event.id}/refunds/999999/retry`, {
          method: "POST",
          cookie: admin.cookie,
        })
      ).status,
    ).toBe(404);
    const retried = await call(path, { method: "POST", cookie: admin.cookie });
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({
      message: "The refund was sent to Razorpay again",
      refund: { status: "pending", attempts: 1, amount: 150000 },
    });
    expect((await fakeRefunds(paymentId)).map((r) => r.amount)).toEqual([150000]);
    const again = await call(path, { method: "POST", cookie: admin.cookie });
    expect(again.status).toBe(409);
    expect(await json(again)).toMatchObject({ code: "refund_not_failed" });
    expect(await auditTrail(reg.id)).toContain("admin:refund_failed>refund_pending");
  });

  it("mark refunded by hand: a note is required; guest 401, member 403; 409 unless failed", async () => {
    const { event, m, reg, refundId } = await failedRefund();
    const path = `/api/admin/events/${event.id}/refunds/${refundId}/mark-refunded`;
    const note = { note: "Paid back by bank transfer, UTR 1234" };
    expect((await call(path, { body: note })).status).toBe(401);
    expect((await call(path, { body: note, cookie: m.cookie })).status).toBe(403);
    const missing = await call(path, { body: {}, cookie: admin.cookie });
    expect(missing.status).toBe(400);
    expect(await json(missing)).toMatchObject({ errors: { note: ["Say how the money was returned"] } });
    expect((await call(path, { body: { note: "x".repeat(501) }, cookie: admin.cookie })).status).toBe(400);
    const marked = await call(path, { body: note, cookie: admin.cookie });
    expect(marked.status).toBe(200);
    expect(await json(marked)).toMatchObject({
      refund: { status: "processed", byHand: true, note: note.note },
    });
    expect((await call(path, { body: note, cookie: admin.cookie })).status).toBe(409);
    const trail = await env.DB.prepare(
      "SELECT actor, actor_user_id, to_state, note FROM registration_audit WHERE registration_id = ? ORDER BY id DESC LIMIT 1",
    )
      .bind(reg.id)
      .first();
    expect(trail).toMatchObject({ actor: "admin", actor_user_id: admin.id, to_state: "refunded" });
    expect(trail!.note).toContain("UTR 1234");
    const summary = await json(
      await call(`/api/admin/events/${event.id}/payments-summary`, { cookie: admin.cookie }),
    );
    expect(summary).toMatchObject({ refunded: 150000, refundsFailed: 0, counts: { refunded: 1, failed: 0 } });
  });
});

describe("the audit trail", () => {
  it("one row per state change, with who and when; shown to admins and in the participants CSV", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const [m, w] = await Promise.all([newMember(), newMember()]);
    await registerPaid(m, event);
    expect((await joinWaitlist(w, event)).status).toBe(201);
    const reg = await registrationRow(event.id, m.id);
    const code = await env.DB.prepare("SELECT check_in_code FROM event_registrations WHERE id = ?")
      .bind(reg!.id)
      .first<{ check_in_code: string }>();
    await call(`/api/admin/events/${event.id}/check-in`, {
      cookie: admin.cookie,
      body: { code: code!.check_in_code },
    });
    const removed = await call(`/api/admin/events/${event.id}/registrations/${reg!.id}`, {
      method: "DELETE",
      cookie: admin.cookie,
    });
    expect(removed.status).toBe(200);
    expect(await auditTrail(reg!.id)).toEqual([
      "member:new>held",
      "member:held>paid",
      "admin:paid>checked_in",
      "admin:checked_in>cancelled",
      "admin:cancelled>refund_pending",
    ]);
    const offered = await registrationRow(event.id, w.id);
    expect(await auditTrail(offered!.id)).toEqual(["member:new>waitlisted", "system:waitlisted>offered"]);
    const at = await env.DB.prepare(
      "SELECT min(at) AS at, max(at) AS last FROM registration_audit WHERE registration_id = ?",
    )
      .bind(reg!.id)
      .first<{ at: number; last: number }>();
    expect(at!.at).toBeGreaterThan(0);

    const detail = await call(`/api/admin/events/${event.id}/registrations/${reg!.id}`, {
      cookie: admin.cookie,
    });
    expect(detail.status).toBe(200);
    const view = await json<{ timeline: { to: string; actorUsername: string | null }[] }>(detail);
    expect(view.timeline.map((t) => t.to)).toEqual([
      "held",
      "paid",
      "checked_in",
      "cancelled",
      "refund_pending",
    ]);
    expect((await call(`/api/admin/events/${event.id}/registrations/${reg!.id}`)).status).toBe(401);
    expect(
      (await call(`/api/admin/events/${event.id}/registrations/${reg!.id}`, { cookie: m.cookie })).status,
    ).toBe(403);

    const csv = await (
      await call(`/admin/events/${event.id}/participants.csv`, { cookie: admin.cookie })
    ).text();
    expect(csv).toContain(",History");
    expect(csv).toMatch(/held by [^;]+; .* paid by [^;]+; .* checked_in by .* refund_pending by/);
  });
});
