import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { hmacSha256Hex } from "~/modules/events/signature";
import worker from "~workers/app";
import { call, createUser, json, login } from "./helpers";
import type { EventView } from "~/modules/events/events.server";
import type { PaymentStart } from "~/modules/events/register.server";

interface Checkout {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

const DAY = 86_400_000;
const future = (days = 30) => new Date(Date.now() + days * DAY).toISOString();
const details = {
  name: "Asha Patil",
  email: "asha@example.com",
  phone: "9876543210",
  emergencyContact: "Ravi 9812345678",
};

/** Pays an order in the fake's checkout, as the browser would: the payment id and signature the handler receives. */
async function payInFake(orderId: string): Promise<Checkout> {
  const res = await fetch(`${env.FAKES_URL}/_control/razorpay/pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ order_id: orderId, method: "card" }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Checkout;
}

const verifyBody = (c: Checkout) => ({
  orderId: c.razorpay_order_id,
  paymentId: c.razorpay_payment_id,
  signature: c.razorpay_signature,
});

let admin: { cookie: string; id: number };
let member: { cookie: string; id: number };

async function newMember() {
  const m = await createUser();
  return { id: m.id, cookie: await login(m.username, m.password), username: m.username, email: m.email };
}

async function createEvent(body: Partial<EventView> = {}): Promise<EventView> {
  const res = await call("/api/events", {
    cookie: admin.cookie,
    body: {
      title: "Century Ride",
      description: "100 km through the hills.",
      date: future(),
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

const registrationStatus = async (eventId: number, userId: number) =>
  (
    await env.DB.prepare("SELECT payment_status FROM event_registrations WHERE event_id = ? AND user_id = ?")
      .bind(eventId, userId)
      .first<{ payment_status: string }>()
  )?.payment_status;

beforeAll(async () => {
  const a = await createUser({ isAdmin: true });
  admin = { id: a.id, cookie: await login(a.username, a.password) };
  member = await newMember();
});

describe("admin event management", () => {
  it("creates, reads, updates, toggles and deletes an event", async () => {
    const created = await createEvent({ title: "  Night Ride ", maxParticipants: 20 });
    expect(created).toMatchObject({
      title: "Night Ride",
      fee: 150000,
      maxParticipants: 20,
      isActive: true,
      location: "Pune",
    });

    expect(await json(await call(`/api/events/${created.id}`))).toMatchObject({
      id: created.id,
      title: "Night Ride",
    });

    const put = await call(`/api/events/${created.id}`, {
      method: "PUT",
      cookie: admin.cookie,
      body: { ...created, title: "Night Ride 2", fee: 0, maxParticipants: "" },
    });
    expect(put.status).toBe(200);
    expect(await json(put)).toMatchObject({ title: "Night Ride 2", fee: 0, maxParticipants: null });

    const off = await call(`/api/admin/events/${created.id}`, {
      method: "PATCH",
      cookie: admin.cookie,
      body: { isActive: false },
    });
    expect(await json(off)).toMatchObject({ isActive: false });
    // Inactive events leave the public list but stay in the admin's.
    expect(
      (await json<EventView[]>(await call("/api/events", { cookie: member.cookie }))).some(
        (e) => e.id === created.id,
      ),
    ).toBe(false);
    expect(
      (await json<EventView[]>(await call("/api/events", { cookie: admin.cookie }))).some(
        (e) => e.id === created.id,
      ),
    ).toBe(true);

    const del = await call(`/api/events/${created.id}`, { method: "DELETE", cookie: admin.cookie });
    expect(await json(del)).toEqual({ message: "Event deleted successfully" });
    expect((await call(`/api/events/${created.id}`)).status).toBe(404);
    expect((await call(`/api/events/${created.id}`, { method: "DELETE", cookie: admin.cookie })).status).toBe(
      404,
    );
    expect(
      (
        await call(`/api/admin/events/${created.id}`, {
          method: "PATCH",
          cookie: admin.cookie,
          body: { isActive: true },
        })
      ).status,
    ).toBe(404);
  });

  it.each([
    [{ title: "" }, "title", "Title is required"],
    [{ description: " " }, "description", "Description is required"],
    [{ date: "" }, "date", "Date is required"],
    [{ location: "" }, "location", "Location is required"],
    [{ fee: -1 }, "fee", "Fee must be positive"],
    [{ maxParticipants: 0 }, "maxParticipants", "Maximum participants must be a whole number of 1 or more"],
  ])("refuses %j with the spec's message", async (change, field, message) => {
    const res = await call("/api/events", {
      cookie: admin.cookie,
      body: { title: "T", description: "D", date: future(), location: "L", fee: 0, ...change },
    });
    expect(res.status).toBe(400);
    const body = await json<{ message: string; errors: Record<string, string[]> }>(res);
    expect(body.errors[field]).toEqual([message]);
  });

  it("answers guests 401 and members 403 on every admin call", async () => {
    const event = await createEvent();
    const calls: [string, string, unknown?][] = [
      ["/api/events", "POST", { title: "x" }],
      [`/api/events/${event.id}`, "PUT", { title: "x" }],
      [`/api/events/${event.id}`, "DELETE"],
      [`/api/admin/events/${event.id}`, "PATCH", { isActive: false }],
      [`/api/events/${event.id}/registrations`, "GET"],
    ];
    for (const [path, method, body] of calls) {
      expect((await call(path, { method, body })).status, `${method} ${path} as guest`).toBe(401);
      const res = await call(path, { method, body, cookie: member.cookie });
      expect(res.status, `${method} ${path} as member`).toBe(403);
      expect(await json(res)).toMatchObject({ message: "Admin access required" });
    }
    expect((await getEvent(event.id)).isActive).toBe(true);
  });

  it("answers 404 for unknown and malformed ids", async () => {
    for (const path of [
      "/api/events/999999",
      "/api/events/abc",
      "/api/events/0",
      "/api/events/1.5/registrations/user",
    ]) {
      expect((await call(path, { cookie: admin.cookie })).status, path).toBe(404);
    }
    expect((await call("/api/events/999999/registrations", { cookie: admin.cookie })).status).toBe(404);
    expect(
      (
        await call("/api/events/999999/initialize-payment", {
          cookie: member.cookie,
          body: { ...details, amount: 100 },
        })
      ).status,
    ).toBe(404);
  });
});

async function getEvent(id: number) {
  return json<EventView>(await call(`/api/events/${id}`));
}

describe("registration and payment", () => {
  it("initializes, pays in the fake checkout, verifies, and shows the member as registered", async () => {
    const event = await createEvent({ fee: 150000 });
    const m = await newMember();

    const init = await call(`/api/events/${event.id}/initialize-payment`, {
      cookie: m.cookie,
      body: { ...details, amount: 150000 },
    });
    expect(init.status).toBe(200);
    const start = await json<PaymentStart>(init);
    expect(start).toMatchObject({
      amount: 150000,
      currency: "INR",
      keyId: "rzp_test_fake",
      registration: { paymentStatus: "pending" },
    });
    expect(start.orderId).toMatch(/^order_/);

    // The order really exists at the provider, for the fee.
    const orders = (await (await fetch(`${env.FAKES_URL}/_control/razorpay/orders`)).json()) as {
      id: string;
      amount: number;
      currency: string;
    }[];
    expect(orders.find((o) => o.id === start.orderId)).toMatchObject({ amount: 150000, currency: "INR" });

    const own = await call(`/api/events/${event.id}/registrations/user`, { cookie: m.cookie });
    expect(await json(own)).toMatchObject({
      eventId: event.id,
      paymentStatus: "pending",
      name: details.name,
      phone: details.phone,
    });

    const checkout = await payInFake(start.orderId!);
    const verify = await call(`/api/events/${event.id}/verify-payment`, {
      cookie: m.cookie,
      body: verifyBody(checkout),
    });
    expect(verify.status).toBe(200);
    expect(await json(verify)).toMatchObject({
      message: "You've successfully registered for the event!",
      registration: { paymentStatus: "paid" },
    });

    const map = await json<Record<string, { paymentStatus: string; event: { title: string } }>>(
      await call("/api/user/event-registrations", { cookie: m.cookie }),
    );
    expect(map[event.id]).toMatchObject({ paymentStatus: "paid", event: { title: "Century Ride" } });
    const payment = await env.DB.prepare("SELECT status, payment_id, amount FROM payments WHERE order_id = ?")
      .bind(start.orderId)
      .first();
    expect(payment).toEqual({ status: "paid", payment_id: checkout.razorpay_payment_id, amount: 150000 });

    // Idempotent: the same verification again is still a success and changes nothing.
    const again = await call(`/api/events/${event.id}/verify-payment`, {
      cookie: m.cookie,
      body: verifyBody(checkout),
    });
    expect(again.status).toBe(200);
    expect(await registrationStatus(event.id, m.id)).toBe("paid");

    // Already paid: a new initialization is a conflict.
    const twice = await call(`/api/events/${event.id}/initialize-payment`, {
      cookie: m.cookie,
      body: { ...details, amount: 150000 },
    });
    expect(twice.status).toBe(409);
    expect(await json(twice)).toMatchObject({ message: "You are already registered for this event" });

    // The admin's list carries the member.
    const list = await json<
      {
        userId: number;
        paymentStatus: string;
        user: { username: string; email: string; profileImageUrl: string | null };
      }[]
    >(await call(`/api/events/${event.id}/registrations`, { cookie: admin.cookie }));
    expect(list).toEqual([
      expect.objectContaining({
        userId: m.id,
        paymentStatus: "paid",
        user: { id: m.id, username: m.username, email: m.email, profileImageUrl: null },
      }),
    ]);
  });

  it("refuses a bad signature with 400 and leaves the registration pending", async () => {
    const event = await createEvent();
    const m = await newMember();
    const start = await json<PaymentStart>(
      await call(`/api/events/${event.id}/initialize-payment`, {
        cookie: m.cookie,
        body: { ...details, amount: event.fee },
      }),
    );
    const checkout = await payInFake(start.orderId!);
    const forged = await hmacSha256Hex(
      "not-the-secret",
      `${checkout.razorpay_order_id}|${checkout.razorpay_payment_id}`,
    );
    for (const signature of [forged, "zz", ""]) {
      const res = await call(`/api/events/${event.id}/verify-payment`, {
        cookie: m.cookie,
        body: { ...verifyBody(checkout), signature },
      });
      expect(res.status).toBe(400);
      expect((await json(res)).message).toBe("Could not verify your payment. Please contact support.");
    }
    expect(await registrationStatus(event.id, m.id)).toBe("pending");

    // Someone else's order is not found for this member.
    const other = await newMember();
    expect(
      (
        await call(`/api/events/${event.id}/verify-payment`, {
          cookie: other.cookie,
          body: verifyBody(checkout),
        })
      ).status,
    ).toBe(404);
  });

  it("refuses a validly signed payment the provider does not know", async () => {
    const event = await createEvent();
    const m = await newMember();
    const start = await json<PaymentStart>(
      await call(`/api/events/${event.id}/initialize-payment`, {
        cookie: m.cookie,
        body: { ...details, amount: event.fee },
      }),
    );
    const paymentId = "pay_DoesNotExist01";
    const signature = await hmacSha256Hex("fake-razorpay-secret", `${start.orderId}|${paymentId}`);
    const res = await call(`/api/events/${event.id}/verify-payment`, {
      cookie: m.cookie,
      body: { orderId: start.orderId, paymentId, signature },
    });
    expect(res.status).toBe(502);
    expect(await registrationStatus(event.id, m.id)).toBe("pending");
  });

  it("checks the form with the spec's messages and the amount against the fee", async () => {
    const event = await createEvent({ fee: 50000 });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "A" }, "name", "Name must be at least 2 characters"],
      [{ email: "nope" }, "email", "Please enter a valid email address"],
      [{ phone: "12345" }, "phone", "Please enter a valid phone number"],
      [{ emergencyContact: "Mum" }, "emergencyContact", "Please enter a valid emergency contact"],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(`/api/events/${event.id}/initialize-payment`, {
        cookie: member.cookie,
        body: { ...details, amount: 50000, ...change },
      });
      expect(res.status).toBe(400);
      expect((await json<{ errors: Record<string, string[]> }>(res)).errors[field]).toEqual([message]);
    }
    const wrong = await call(`/api/events/${event.id}/initialize-payment`, {
      cookie: member.cookie,
      body: { ...details, amount: 100 },
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toMatchObject({ message: "Amount must equal the event fee" });
    expect(await registrationStatus(event.id, member.id)).toBeUndefined();
  });

  it("refuses inactive and past events with 400, and guests with 401", async () => {
    const inactive = await createEvent({ isActive: false });
    const past = await createEvent({ date: new Date(Date.now() - DAY).toISOString() });
    const a = await call(`/api/events/${inactive.id}/initialize-payment`, {
      cookie: member.cookie,
      body: { ...details, amount: inactive.fee },
    });
    expect(a.status).toBe(400);
    expect((await json(a)).message).toBe("This event is not open for registration");
    const b = await call(`/api/events/${past.id}/initialize-payment`, {
      cookie: member.cookie,
      body: { ...details, amount: past.fee },
    });
    expect(b.status).toBe(400);
    expect((await json(b)).message).toBe("This event has already taken place");
    expect(
      (await call(`/api/events/${past.id}/initialize-payment`, { body: { ...details, amount: past.fee } }))
        .status,
    ).toBe(401);
    expect(
      (
        await call(`/api/events/${past.id}/verify-payment`, {
          body: { orderId: "o", paymentId: "p", signature: "s" },
        })
      ).status,
    ).toBe(401);
    expect((await call("/api/user/event-registrations")).status).toBe(401);
    expect((await call(`/api/events/${past.id}/registrations/user`)).status).toBe(401);
    // Reading events needs no session.
    expect((await call(`/api/events/${past.id}`)).status).toBe(200);
    expect((await call("/api/events")).status).toBe(200);
  });

  it("enforces the cap atomically: concurrent registrations never exceed it, the rest get 409", async () => {
    const event = await createEvent({ maxParticipants: 2 });
    const members = await Promise.all([newMember(), newMember(), newMember(), newMember()]);
    const answers = await Promise.all(
      members.map((m) =>
        call(`/api/events/${event.id}/initialize-payment`, {
          cookie: m.cookie,
          body: { ...details, amount: event.fee },
        }),
      ),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 409, 409]);
    const full = answers.find((r) => r.status === 409)!;
    expect(await json(full)).toMatchObject({
      message: "This event is full: all places have been taken",
      code: "event_full",
    });
    const count = await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE event_id = ?")
      .bind(event.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(2);

    // A member who already holds a place can still retry the payment when the event is full.
    const holder = members[answers.findIndex((r) => r.status === 200)];
    const retry = await call(`/api/events/${event.id}/initialize-payment`, {
      cookie: holder.cookie,
      body: { ...details, name: "New Name", amount: event.fee },
    });
    expect(retry.status).toBe(200);
    expect((await json<PaymentStart>(retry)).registration).toMatchObject({ paymentStatus: "pending" });
  });

  it("registers a free event as paid without Razorpay", async () => {
    const event = await createEvent({ fee: 0 });
    const m = await newMember();
    const res = await call(`/api/events/${event.id}/initialize-payment`, {
      cookie: m.cookie,
      body: { ...details, amount: 0 },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      orderId: null,
      amount: 0,
      currency: "INR",
      registration: { paymentStatus: "paid" },
    });
    const orders = await env.DB.prepare(
      "SELECT count(*) AS n FROM payments p JOIN event_registrations r ON r.id = p.registration_id WHERE r.event_id = ?",
    )
      .bind(event.id)
      .first<{ n: number }>();
    expect(orders?.n).toBe(0);
    expect(
      (
        await call(`/api/events/${event.id}/initialize-payment`, {
          cookie: m.cookie,
          body: { ...details, amount: 0 },
        })
      ).status,
    ).toBe(409);
  });
});

describe("POST /api/webhooks/razorpay", () => {
  async function webhook(body: unknown, secret = "fake-razorpay-webhook-secret") {
    const raw = JSON.stringify(body);
    // No Origin header: a provider's server call, exempt from the same-origin rule.
    return call("/api/webhooks/razorpay", {
      body: raw,
      headers: {
        Origin: "https://api.razorpay.com",
        "Content-Type": "application/json",
        "X-Razorpay-Signature": await hmacSha256Hex(secret, raw),
      },
    });
  }

  it("marks the order paid on payment.captured, idempotently, and refuses a bad signature", async () => {
    const event = await createEvent();
    const m = await newMember();
    const start = await json<PaymentStart>(
      await call(`/api/events/${event.id}/initialize-payment`, {
        cookie: m.cookie,
        body: { ...details, amount: event.fee },
      }),
    );
    const checkout = await payInFake(start.orderId!);
    const payload = {
      entity: "event",
      event: "payment.captured",
      payload: {
        payment: {
          entity: {
            id: checkout.razorpay_payment_id,
            order_id: start.orderId,
            amount: event.fee,
            currency: "INR",
            status: "captured",
          },
        },
      },
    };

    const forged = await webhook(payload, "wrong-secret");
    expect(forged.status).toBe(400);
    expect(await registrationStatus(event.id, m.id)).toBe("pending");

    for (let i = 0; i < 2; i++) {
      const res = await webhook(payload);
      expect(res.status).toBe(200);
      expect(await json(res)).toEqual({ ok: true, handled: true });
      expect(await registrationStatus(event.id, m.id)).toBe("paid");
    }
    // The checkout's own verification after the webhook is still a success.
    const verify = await call(`/api/events/${event.id}/verify-payment`, {
      cookie: m.cookie,
      body: verifyBody(checkout),
    });
    expect(verify.status).toBe(200);

    // Other events and unknown orders are acknowledged and ignored.
    expect(await json(await webhook({ event: "payment.failed", payload: {} }))).toEqual({
      ok: true,
      handled: false,
    });
    const unknown = {
      ...payload,
      payload: { payment: { entity: { ...payload.payload.payment.entity, order_id: "order_Unknown" } } },
    };
    expect(await json(await webhook(unknown))).toEqual({ ok: true, handled: false });
  });
});

describe("page actions (forms without JavaScript)", () => {
  // A browser's form post carries Host (Remix compares it with Origin).
  const headers = { Host: "localhost:8787" };
  const form = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    return body;
  };
  const eventFields = {
    title: "Form Ride",
    description: "Made in the dialog.",
    date: "2030-06-07T06:30",
    location: "Satara",
    fee: "1500.50",
    maxParticipants: "30",
    isActive: "on",
  };
  const latest = () =>
    env.DB.prepare("SELECT * FROM events WHERE title LIKE 'Form Ride%' ORDER BY id DESC").first<
      Record<string, unknown>
    >();

  it("the admin event form creates, updates, toggles and deletes through adminEventAction, with the spec's toasts", async () => {
    const created = await call("/events?index", {
      cookie: admin.cookie,
      headers,
      body: form({ intent: "create", redirectTo: "/events", ...eventFields }),
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("Location")).toBe("/events");
    const row = await latest();
    // Rupees → paise; the datetime-local value is India time.
    expect(row).toMatchObject({
      title: "Form Ride",
      fee: 150050,
      max_participants: 30,
      is_active: 1,
      date: Date.parse("2030-06-07T01:00:00Z") / 1000,
    });
    const page = await (
      await call("/events", {
        cookie: `${admin.cookie}; ${created.headers.get("Set-Cookie")!.split(";")[0]}`,
      })
    ).text();
    expect(page).toContain("Event created successfully");

    const id = String(row!.id);
    const updated = await call("/events?index", {
      cookie: admin.cookie,
      headers,
      body: form({
        intent: "update",
        id,
        redirectTo: "/events",
        ...eventFields,
        title: "Form Ride 2",
        maxParticipants: "",
        isActive: "",
      }),
    });
    expect(updated.status).toBe(302);
    expect(await latest()).toMatchObject({ title: "Form Ride 2", max_participants: null, is_active: 0 });

    const invalid = await call("/events?index", {
      cookie: admin.cookie,
      headers,
      body: form({ intent: "update", id, ...eventFields, title: "", fee: "-5" }),
    });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    expect(html).toContain("Title is required");
    expect(html).toContain("Fee must be positive");

    expect(
      (
        await call("/events?index", {
          cookie: admin.cookie,
          headers,
          body: form({ intent: "toggle", id, isActive: "true", redirectTo: "/events" }),
        })
      ).status,
    ).toBe(302);
    expect((await latest())?.is_active).toBe(1);
    expect(
      (
        await call("/events?index", {
          cookie: admin.cookie,
          headers,
          body: form({ intent: "delete", id, redirectTo: "/events" }),
        })
      ).status,
    ).toBe(302);
    expect(await env.DB.prepare("SELECT id FROM events WHERE id = ?").bind(Number(id)).first()).toBeNull();
    expect(
      (await call("/events?index", { cookie: admin.cookie, headers, body: form({ intent: "delete", id }) }))
        .status,
    ).toBe(404);
  });

  it("the admin event form sets the refund rule and refuses a partial window longer than the full one", async () => {
    const created = await call("/events?index", {
      cookie: admin.cookie,
      headers,
      body: form({
        intent: "create",
        ...eventFields,
        title: "Form Ride refunds",
        refundFullDays: "10",
        refundPartialPercent: "30",
        refundPartialDays: "2",
      }),
    });
    expect(created.status).toBeLessThan(400);
    expect(await latest()).toMatchObject({
      title: "Form Ride refunds",
      refund_full_days: 10,
      refund_partial_percent: 30,
      refund_partial_days: 2,
    });
    const id = String((await latest())!.id);
    const invalid = await call("/events?index", {
      cookie: admin.cookie,
      headers,
      body: form({ intent: "update", id, ...eventFields, refundFullDays: "2", refundPartialDays: "5" }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(
      "Partial refund days must be a whole number from 0 to 365, at most the full refund days",
    );
    expect(await latest()).toMatchObject({ refund_full_days: 10, refund_partial_days: 2 });
    await env.DB.prepare("DELETE FROM events WHERE id = ?").bind(Number(id)).run();
  });

  it("sends members to the dashboard and guests to sign-in instead of running the admin form", async () => {
    const asMember = await call("/events?index", {
      cookie: member.cookie,
      headers,
      body: form({ intent: "create", ...eventFields, title: "Form Ride member" }),
    });
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get("Location")).toBe("/dashboard");
    const asGuest = await call("/events?index", {
      headers,
      body: form({ intent: "create", ...eventFields }),
    });
    expect(asGuest.status).toBe(302);
    expect(asGuest.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);
    expect(await env.DB.prepare("SELECT id FROM events WHERE title = 'Form Ride member'").first()).toBeNull();
  });

  it("the registration form posts to /events/{id}/register: errors in the page, then the payment step", async () => {
    const event = await createEvent({ fee: 50000 });
    const m = await newMember();
    const bad = await call(`/events/${event.id}/register`, {
      cookie: m.cookie,
      headers,
      body: form({ name: "A", email: "x", phone: "1", emergencyContact: "2", amount: "50000" }),
    });
    expect(bad.status).toBe(400);
    const html = await bad.text();
    for (const message of [
      "Name must be at least 2 characters",
      "Please enter a valid email address",
      "Please enter a valid phone number",
      "Please enter a valid emergency contact",
    ]) {
      expect(html).toContain(message);
    }
    expect(await registrationStatus(event.id, m.id)).toBeUndefined();

    const good = await call(`/events/${event.id}/register`, {
      cookie: m.cookie,
      headers,
      body: form({ ...details, amount: "50000" }),
    });
    expect(good.status).toBe(200);
    const page = await good.text();
    expect(page).toContain("Paying needs JavaScript");
    expect(page).toContain(">₹500<");
    expect(await registrationStatus(event.id, m.id)).toBe("pending");

    // The payment page is prefilled from the pending registration; without one it sends to the form.
    expect(await (await call(`/events/${event.id}/payment`, { cookie: m.cookie })).text()).toContain(
      details.phone,
    );
    const other = await newMember();
    const redirect = await call(`/events/${event.id}/payment`, { cookie: other.cookie });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("Location")).toBe(`/events/${event.id}/register`);
    expect((await call("/events/abc/register", { cookie: m.cookie })).status).toBe(404);
    expect((await call("/events/999999", { cookie: m.cookie })).status).toBe(404);
  });
});

describe("seat holds (unpaid registrations release their place)", () => {
  const initialize = (m: { cookie: string }, event: EventView, extra: Record<string, unknown> = {}) =>
    call(`/api/events/${event.id}/initialize-payment`, {
      cookie: m.cookie,
      body: { ...details, amount: event.fee, ...extra },
    });
  /** Moves a registration's hold to `at` (seconds), as if its time had run out. */
  const expireHold = (eventId: number, userId: number, at = Math.floor(Date.now() / 1000) - 60) =>
    env.DB.prepare("UPDATE event_registrations SET hold_expires_at = ? WHERE event_id = ? AND user_id = ?")
      .bind(at, eventId, userId)
      .run();
  const registration = (eventId: number, userId: number) =>
    env.DB.prepare(
      "SELECT id, payment_status, hold_expires_at, released_at, release_reason FROM event_registrations WHERE event_id = ? AND user_id = ?",
    )
      .bind(eventId, userId)
      .first<{
        id: number;
        payment_status: string;
        hold_expires_at: number | null;
        released_at: number | null;
        release_reason: string | null;
      }>();
  const razorpayRequests = async () =>
    (await (await fetch(`${env.FAKES_URL}/_control/razorpay/requests`)).json()) as {
      method: string;
      path: string;
    }[];
  /** Runs the Worker's real `scheduled` handler (the quarter-hourly trigger) at `scheduledTime`. */
  async function runCron(scheduledTime: Date) {
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), env, ctx);
    await waitOnExecutionContext(ctx);
  }
  async function failInFake(orderId: string) {
    const res = await fetch(`${env.FAKES_URL}/_control/razorpay/fail`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ order_id: orderId }),
    });
    expect(res.status).toBe(200);
  }

  it("a pending registration holds its place for EVENT_HOLD_MINUTES, then the place is free for another member", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const [holder, other] = await Promise.all([newMember(), newMember()]);
    const before = Math.floor(Date.now() / 1000);
    expect((await initialize(holder, event)).status).toBe(200);
    const held = await registration(event.id, holder.id);
    // 30 minutes (wrangler.toml's default) from now.
    expect(held?.hold_expires_at).toBeGreaterThanOrEqual(before + 30 * 60);
    expect(held?.hold_expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);

    // While the hold runs the event is full; retrying does not extend the hold.
    const full = await initialize(other, event);
    expect(full.status).toBe(409);
    expect(await json(full)).toMatchObject({ code: "event_full" });
    expect((await initialize(holder, event)).status).toBe(200);
    expect((await registration(event.id, holder.id))?.hold_expires_at).toBe(held?.hold_expires_at);

    // The hold runs out: the place counts no more, before any cron run.
    await expireHold(event.id, holder.id);
    const taken = await initialize(other, event);
    expect(taken.status).toBe(200);
    expect((await json<PaymentStart>(taken)).registration).toMatchObject({ paymentStatus: "pending" });
    // The late holder cannot take it back while the other member's hold runs.
    const late = await initialize(holder, event);
    expect(late.status).toBe(409);
    expect(await json(late)).toMatchObject({ code: "event_full" });
  });

  it("the 30-way race for the one place an expired hold left still has exactly one winner", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const holder = await newMember();
    expect((await initialize(holder, event)).status).toBe(200);
    await expireHold(event.id, holder.id);
    const racers = await Promise.all(Array.from({ length: 30 }, () => newMember()));
    const answers = await Promise.all(racers.map((m) => initialize(m, event)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    const live = await env.DB.prepare(
      "SELECT count(*) AS n FROM event_registrations WHERE event_id = ? AND released_at IS NULL AND (payment_status IN ('paid','completed') OR (payment_status = 'pending' AND hold_expires_at > unixepoch()))",
    )
      .bind(event.id)
      .first<{ n: number }>();
    expect(live?.n).toBe(1);
  });

  it("the cron asks Razorpay about each expired hold: paid there → paid here, unpaid → released, and the member may register again", async () => {
    const event = await createEvent({ maxParticipants: 2 });
    const [payer, quitter, third] = await Promise.all([newMember(), newMember(), newMember()]);
    const paidStart = await json<PaymentStart>(await initialize(payer, event));
    const unpaidStart = await json<PaymentStart>(await initialize(quitter, event));
    // The payer paid in the checkout but the tab closed before verify-payment; the quitter's card was declined.
    const checkout = await payInFake(paidStart.orderId!);
    await failInFake(unpaidStart.orderId!);
    // Holds that ran out long ago, so this run settles exactly these two.
    const longAgo = Date.parse("2001-01-01T00:00:00Z") / 1000;
    await expireHold(event.id, payer.id, longAgo);
    await expireHold(event.id, quitter.id, longAgo + 1);

    const seen = (await razorpayRequests()).length;
    await runCron(new Date("2001-01-01T00:15:00Z"));
    const calls = (await razorpayRequests()).slice(seen);
    expect(calls).toEqual([
      { method: "GET", path: `/razorpay/v1/orders/${paidStart.orderId}/payments` },
      { method: "GET", path: `/razorpay/v1/orders/${unpaidStart.orderId}/payments` },
    ]);

    expect(await registration(event.id, payer.id)).toMatchObject({
      payment_status: "paid",
      released_at: null,
      hold_expires_at: null,
    });
    expect(
      await env.DB.prepare("SELECT status, payment_id FROM payments WHERE order_id = ?")
        .bind(paidStart.orderId)
        .first(),
    ).toEqual({ status: "paid", payment_id: checkout.razorpay_payment_id });
    expect(await registration(event.id, quitter.id)).toMatchObject({
      payment_status: "pending",
      release_reason: "expired",
      released_at: Date.parse("2001-01-01T00:15:00Z") / 1000,
    });

    // Released: gone from the member's views and the admin's list, history kept.
    expect(
      (await call(`/api/events/${event.id}/registrations/user`, { cookie: quitter.cookie })).status,
    ).toBe(404);
    expect(
      (
        await json<Record<string, unknown>>(
          await call("/api/user/event-registrations", { cookie: quitter.cookie }),
        )
      )[event.id],
    ).toBeUndefined();
    const list = await json<{ userId: number }[]>(
      await call(`/api/events/${event.id}/registrations`, { cookie: admin.cookie }),
    );
    expect(list.map((r) => r.userId)).toEqual([payer.id]);
    expect(await json(await call(`/api/admin/users/${quitter.id}/events`, { cookie: admin.cookie }))).toEqual(
      [],
    );

    // A second run finds nothing due and asks Razorpay nothing.
    const seenAgain = (await razorpayRequests()).length;
    await runCron(new Date("2001-01-01T00:30:00Z"));
    expect((await razorpayRequests()).length).toBe(seenAgain);

    // The freed place: the quitter registers again (a new hold and order); then the event is full.
    const again = await initialize(quitter, event);
    expect(again.status).toBe(200);
    const againStart = await json<PaymentStart>(again);
    expect(againStart.orderId).not.toBe(unpaidStart.orderId);
    expect(await registration(event.id, quitter.id)).toMatchObject({
      payment_status: "pending",
      released_at: null,
      release_reason: null,
    });
    expect((await initialize(third, event)).status).toBe(409);
  });

  it("a late payment for a released registration is kept: verify and the webhook mark it paid, over the cap if its place was taken", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const [slow, fast] = await Promise.all([newMember(), newMember()]);
    const slowStart = await json<PaymentStart>(await initialize(slow, event));
    await expireHold(event.id, slow.id, Date.parse("2001-02-01T00:00:00Z") / 1000);
    await runCron(new Date("2001-02-01T00:15:00Z"));
    expect(await registration(event.id, slow.id)).toMatchObject({ release_reason: "expired" });
    expect((await initialize(fast, event)).status).toBe(200);

    // The slow member's checkout, still open, takes the money after the release.
    const checkout = await payInFake(slowStart.orderId!);
    const verify = await call(`/api/events/${event.id}/verify-payment`, {
      cookie: slow.cookie,
      body: verifyBody(checkout),
    });
    expect(verify.status).toBe(200);
    expect(await json(verify)).toMatchObject({ registration: { paymentStatus: "paid" } });
    expect(await registration(event.id, slow.id)).toMatchObject({
      payment_status: "paid",
      released_at: null,
      release_reason: null,
    });
    const list = await json<{ userId: number; paymentStatus: string }[]>(
      await call(`/api/events/${event.id}/registrations`, { cookie: admin.cookie }),
    );
    expect(list.map((r) => r.userId).sort()).toEqual([slow.id, fast.id].sort());

    // The webhook path does the same for a released registration nobody verified.
    const late = await newMember();
    const event2 = await createEvent({ maxParticipants: 1 });
    const lateStart = await json<PaymentStart>(await initialize(late, event2));
    await expireHold(event2.id, late.id, Date.parse("2001-03-01T00:00:00Z") / 1000);
    await runCron(new Date("2001-03-01T00:15:00Z"));
    expect(await registration(event2.id, late.id)).toMatchObject({ release_reason: "expired" });
    const paid = await payInFake(lateStart.orderId!);
    const raw = JSON.stringify({
      entity: "event",
      event: "payment.captured",
      payload: {
        payment: {
          entity: {
            id: paid.razorpay_payment_id,
            order_id: lateStart.orderId,
            amount: event2.fee,
            currency: "INR",
            status: "captured",
          },
        },
      },
    });
    const hook = await call("/api/webhooks/razorpay", {
      body: raw,
      headers: {
        Origin: "https://api.razorpay.com",
        "Content-Type": "application/json",
        "X-Razorpay-Signature": await hmacSha256Hex("fake-razorpay-webhook-secret", raw),
      },
    });
    expect(hook.status).toBe(200);
    expect(await registration(event2.id, late.id)).toMatchObject({
      payment_status: "paid",
      released_at: null,
    });
  });

  it("the cron's work is bounded: at most 20 expired holds per run, the rest next run", async () => {
    const event = await createEvent();
    const due = Date.parse("2001-04-01T00:00:00Z") / 1000;
    const users = await Promise.all(Array.from({ length: 21 }, () => createUser()));
    await env.DB.batch(
      users.map((u) =>
        env.DB.prepare(
          "INSERT INTO event_registrations (event_id, user_id, name, email, phone, emergency_contact, payment_status, hold_expires_at) VALUES (?, ?, 'Some One', ?, '9876543210', 'Kin 9812345678', 'pending', ?)",
        ).bind(event.id, u.id, u.email, due),
      ),
    );
    const released = () =>
      env.DB.prepare(
        "SELECT count(*) AS n FROM event_registrations WHERE event_id = ? AND release_reason = 'expired'",
      )
        .bind(event.id)
        .first<{ n: number }>();
    await runCron(new Date("2001-04-01T00:15:00Z"));
    expect((await released())?.n).toBe(20);
    await runCron(new Date("2001-04-01T00:30:00Z"));
    expect((await released())?.n).toBe(21);
  });

  it("the member's own double click still gets one registration, not 'full'", async () => {
    const event = await createEvent({ maxParticipants: 1 });
    const m = await newMember();
    const answers = await Promise.all([initialize(m, event), initialize(m, event)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    const count = await env.DB.prepare("SELECT count(*) AS n FROM event_registrations WHERE event_id = ?")
      .bind(event.id)
      .first<{ n: number }>();
    expect(count?.n).toBe(1);
  });

  describe("DELETE /api/admin/events/{id}/registrations/{registrationId}", () => {
    it("answers guests 401 and members 403, removes for admins (the place is freed), and 404 for unknown ones", async () => {
      const event = await createEvent({ maxParticipants: 1, fee: 0 });
      const [registered, waiting] = await Promise.all([newMember(), newMember()]);
      expect((await initialize(registered, event)).status).toBe(200);
      const { id } = (await registration(event.id, registered.id))!;
      const path = `/api/admin/events/${event.id}/registrations/${id}`;

      expect((await call(path, { method: "DELETE" })).status).toBe(401);
      const asMember = await call(path, { method: "DELETE", cookie: registered.cookie });
      expect(asMember.status).toBe(403);
      expect(await json(asMember)).toMatchObject({ message: "Admin access required" });
      expect(await registration(event.id, registered.id)).toMatchObject({
        payment_status: "paid",
        released_at: null,
      });
      expect((await initialize(waiting, event)).status).toBe(409);

      const removed = await call(path, { method: "DELETE", cookie: admin.cookie });
      expect(removed.status).toBe(200);
      expect(await json(removed)).toEqual({ message: "Registration removed", id });
      // Kept for history (with its payment status), but it holds no place and leaves every list.
      expect(await registration(event.id, registered.id)).toMatchObject({
        payment_status: "paid",
        release_reason: "removed",
      });
      expect(
        await json(await call(`/api/events/${event.id}/registrations`, { cookie: admin.cookie })),
      ).toEqual([]);
      expect(
        (await call(`/api/events/${event.id}/registrations/user`, { cookie: registered.cookie })).status,
      ).toBe(404);
      expect((await initialize(waiting, event)).status).toBe(200);

      expect((await call(path, { method: "DELETE", cookie: admin.cookie })).status).toBe(404);
      const other = await createEvent();
      expect(
        (
          await call(`/api/admin/events/${other.id}/registrations/${id}`, {
            method: "DELETE",
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(`/api/admin/events/${event.id}/registrations/abc`, {
            method: "DELETE",
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(`/api/admin/events/999999/registrations/${id}`, {
            method: "DELETE",
            cookie: admin.cookie,
          })
        ).status,
      ).toBe(404);
      expect((await call(path, { method: "PUT", cookie: admin.cookie })).status).toBe(405);
    });

    it("the participants table's form removes through the page action; members are sent away", async () => {
      const event = await createEvent();
      const m = await newMember();
      expect((await initialize(m, event)).status).toBe(200);
      const { id } = (await registration(event.id, m.id))!;
      const body = () => {
        const f = new FormData();
        f.set("intent", "remove-registration");
        f.set("registrationId", String(id));
        return f;
      };
      const headers = { Host: "localhost:8787" };
      const asMember = await call(`/events/${event.id}`, { cookie: m.cookie, headers, body: body() });
      expect(asMember.status).toBe(302);
      expect(asMember.headers.get("Location")).toBe("/dashboard");
      expect(await registration(event.id, m.id)).toMatchObject({ released_at: null });

      const res = await call(`/events/${event.id}`, { cookie: admin.cookie, headers, body: body() });
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/events/${event.id}`);
      expect(await registration(event.id, m.id)).toMatchObject({ release_reason: "removed" });
      const page = await (
        await call(`/events/${event.id}`, {
          cookie: `${admin.cookie}; ${res.headers.get("Set-Cookie")!.split(";")[0]}`,
        })
      ).text();
      expect(page).toContain("Registration removed");
    });
  });
});
