/** Events for the tests that need a paid place: an admin's event and a member's paid registration. */
import {
  createExecutionContext,
  createScheduledController,
  env,
  waitOnExecutionContext,
} from "cloudflare:test";
import { expect } from "vitest";
import type { EventView } from "~/modules/events/events.server";
import type { PaymentStart } from "~/modules/events/register.server";
import worker from "~workers/app";
import { call, createUser, json, login } from "./helpers";

export const DAY_MS = 86_400_000;
export const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

export interface Member {
  id: number;
  username: string;
  password: string;
  cookie: string;
  email: string;
}

export async function signedInMember(opts: Parameters<typeof createUser>[0] = {}): Promise<Member> {
  const m = await createUser(opts);
  return { ...m, cookie: await login(m.username, m.password) };
}

/** POST /api/events as `admin` (a member with isAdmin). */
export async function createEventAs(admin: Member, body: Partial<EventView> = {}): Promise<EventView> {
  const res = await call("/api/events", {
    cookie: admin.cookie,
    body: {
      title: "Deccan Loop",
      description: "A day on the plateau.",
      date: daysFromNow(30),
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

/** Registers and pays through the fake checkout and verify-payment, as the browser would; the payment id. */
export async function payForPlace(m: Member, event: EventView): Promise<string> {
  const started = await call(`/api/events/${event.id}/initialize-payment`, {
    cookie: m.cookie,
    body: {
      name: "Meera Kulkarni",
      email: m.email,
      phone: "9876543210",
      emergencyContact: "Anil 9812345678",
      amount: event.fee,
    },
  });
  expect(started.status).toBe(200);
  const start = await json<PaymentStart>(started);
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
  return checkout.razorpay_payment_id!;
}

/** One run of the quarter-hourly cron (holds, refunds, waitlist, reminders, e-mail retries). */
export async function runQuarterHourCron(scheduledTime = new Date()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ scheduledTime, cron: "*/15 * * * *" }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/** The fake mailbox's messages to `to` with this subject. */
export async function mailsWithSubject(to: string, subject: string) {
  const res = await fetch(`${env.FAKES_URL}/email/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { subject: string; text: string }[]).filter((m) => m.subject === subject);
}

/** The fake e-mail provider answers the next `count` sends with a 500 and delivers nothing. */
export async function failNextEmails(count = 1) {
  const res = await fetch(`${env.FAKES_URL}/_control/email/fail-next`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ count }),
  });
  expect(res.status).toBe(200);
}
