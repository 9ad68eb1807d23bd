/**
 * Leaving with money on the table (issue #34 item 6, docs/decisions/031):
 * deleting an account that holds a paid place in an upcoming event names the
 * places and their refunds first, and on confirmation cancels them through
 * the member's own cancellation (refund by the event's rule, through
 * Razorpay) before deleting. A Strava-only account is warned before it
 * disconnects its only way to sign in, and offered a password first.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, json, linkFromLatestEmail } from "./helpers";
import {
  createEventAs,
  daysFromNow,
  mailsWithSubject,
  payForPlace,
  signedInMember,
  type Member,
} from "./event-helpers";

let admin: Member;
beforeAll(async () => {
  admin = await signedInMember({ isAdmin: true });
});

const userRow = (id: number) => env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(id).first();
const liveRegistrations = async (userId: number) =>
  (await env.DB.prepare(
    "SELECT count(*) AS n FROM event_registrations WHERE user_id = ? AND released_at IS NULL",
  )
    .bind(userId)
    .first<{ n: number }>())!.n;
const refundOf = (paymentId: string) =>
  env.DB.prepare("SELECT amount, status FROM event_refunds WHERE payment_id = ?")
    .bind(paymentId)
    .first<{ amount: number; status: string }>();
const fakeRefunds = async (paymentId: string) =>
  (
    (await (await fetch(`${env.FAKES_URL}/_control/razorpay/refunds`)).json()) as {
      payment_id: string;
      amount: number;
    }[]
  ).filter((r) => r.payment_id === paymentId);

interface Place {
  eventId: number;
  title: string;
  paid: number;
  refund: number;
  percent: number;
}

describe("DELETE /api/user with a paid place in an upcoming event", () => {
  it("answers 409 with the places and their refunds, then cancels and refunds them on confirmation", async () => {
    const m = await signedInMember();
    const soon = await createEventAs(admin, { title: "Three Days Out", date: daysFromNow(3), fee: 150000 });
    const later = await createEventAs(admin, { title: "A Month Out", date: daysFromNow(30), fee: 200000 });
    const past = await createEventAs(admin, { title: "Already Ridden", date: daysFromNow(2), fee: 50000 });
    const soonPay = await payForPlace(m, soon);
    const laterPay = await payForPlace(m, later);
    await payForPlace(m, past);
    // That event has started since: no refund is due for it, and it is not named.
    await env.DB.prepare("UPDATE events SET date = ? WHERE id = ?")
      .bind(Math.floor(Date.now() / 1000) - 3600, past.id)
      .run();

    const warned = await call("/api/user", {
      method: "DELETE",
      cookie: m.cookie,
      body: { password: m.password },
    });
    expect(warned.status).toBe(409);
    const body = await json<{ code: string; message: string; places: Place[] }>(warned);
    expect(body.code).toBe("paid_places");
    expect(body.message).toMatch(/^You have a paid place in an upcoming event/);
    expect(body.places).toEqual([
      expect.objectContaining({
        eventId: soon.id,
        title: "Three Days Out",
        paid: 150000,
        refund: 75000,
        percent: 50,
      }),
      expect.objectContaining({
        eventId: later.id,
        title: "A Month Out",
        paid: 200000,
        refund: 200000,
        percent: 100,
      }),
    ]);
    expect(await userRow(m.id)).not.toBeNull();
    expect(await liveRegistrations(m.id)).toBe(3);
    expect(await refundOf(soonPay)).toBeNull();

    const wrongType = await call("/api/user", {
      method: "DELETE",
      cookie: m.cookie,
      body: { password: m.password, cancelPaidPlaces: "yes" },
    });
    expect(wrongType.status).toBe(400);
    expect((await json(wrongType)).message).toBe("cancelPaidPlaces must be true or false");

    const done = await call("/api/user", {
      method: "DELETE",
      cookie: m.cookie,
      body: { password: m.password, cancelPaidPlaces: true },
    });
    expect(done.status).toBe(200);
    const result = await json<{ cancelledPlaces: { eventId: number; refund: { amount: number } | null }[] }>(
      done,
    );
    expect(result.cancelledPlaces).toEqual([
      { eventId: soon.id, title: "Three Days Out", refund: { amount: 75000, status: expect.any(String) } },
      { eventId: later.id, title: "A Month Out", refund: { amount: 200000, status: expect.any(String) } },
    ]);
    expect(await userRow(m.id)).toBeNull();
    // The refunds went through the refund path: recorded (kept after the account), asked of Razorpay once.
    expect(await refundOf(soonPay)).toMatchObject({ amount: 75000 });
    expect(await refundOf(laterPay)).toMatchObject({ amount: 200000 });
    expect((await fakeRefunds(soonPay)).map((r) => r.amount)).toEqual([75000]);
    expect((await fakeRefunds(laterPay)).map((r) => r.amount)).toEqual([200000]);
    expect(await mailsWithSubject(m.email, "Registration cancelled: A Month Out")).toHaveLength(1);
  });
});

describe("/profile-settings/delete-account with a paid place", () => {
  it("names the place and its refund, refuses without the tick, cancels and deletes with it", async () => {
    const m = await signedInMember();
    const event = await createEventAs(admin, {
      title: "Monsoon Century",
      date: daysFromNow(20),
      fee: 249900,
    });
    const paymentId = await payForPlace(m, event);

    const page = await call("/profile-settings/delete-account", { cookie: m.cookie });
    const html = (await page.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("You have a paid place in an upcoming event");
    expect(html).toContain("Monsoon Century");
    expect(html).toContain("refund ₹2,499");
    expect(html).toContain('name="cancelPaidPlaces"');
    // Without a paid place there is no warning.
    const other = await signedInMember();
    expect(
      await (await call("/profile-settings/delete-account", { cookie: other.cookie })).text(),
    ).not.toContain("paid place");

    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const form = (extra: Record<string, string>) =>
      new URLSearchParams({ intent: "delete", password: m.password, ...extra }).toString();
    const refused = await call("/profile-settings/delete-account", {
      body: form({}),
      cookie: m.cookie,
      headers,
    });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("Monsoon Century");
    expect(await userRow(m.id)).not.toBeNull();
    expect(await refundOf(paymentId)).toBeNull();

    const done = await call("/profile-settings/delete-account", {
      body: form({ cancelPaidPlaces: "on" }),
      cookie: m.cookie,
      headers,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(await userRow(m.id)).toBeNull();
    expect(await refundOf(paymentId)).toMatchObject({ amount: 249900 });
  });
});

describe("disconnecting Strava from a Strava-only account", () => {
  async function stravaOnlyMember() {
    const m = await signedInMember();
    await env.DB.prepare(
      "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'y', ?)",
    )
      .bind(m.id, 700000 + m.id, Math.floor(Date.now() / 1000) + 3600)
      .run();
    await env.DB.prepare("UPDATE users SET password_hash = NULL, strava_id = ? WHERE id = ?")
      .bind(700000 + m.id, m.id)
      .run();
    return m;
  }
  const connected = async (userId: number) =>
    (await env.DB.prepare("SELECT user_id FROM strava_connections WHERE user_id = ?")
      .bind(userId)
      .first()) !== null;

  it("the confirmation warns and offers a password; the disconnect needs the tick (page and API)", async () => {
    const m = await stravaOnlyMember();
    const page = await (await call("/profile/strava?confirm=disconnect", { cookie: m.cookie })).text();
    expect(page).toContain("Strava is your only way to sign in");
    expect(page).toContain("E-mail me a link to set a password");
    expect(page).toContain('name="confirmNoSignIn"');

    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const refused = await call("/profile/strava?confirm=disconnect", {
      body: "intent=disconnect",
      cookie: m.cookie,
      headers,
    });
    expect(refused.status).toBe(409);
    expect(await connected(m.id)).toBe(true);
    const api = await call("/api/user/strava", { method: "DELETE", cookie: m.cookie });
    expect(api.status).toBe(409);
    expect(await json(api)).toMatchObject({
      code: "only_sign_in",
      message: expect.stringMatching(/^Strava is the only way you sign in to this account/),
    });
    expect(await connected(m.id)).toBe(true);

    // The offer: the forgot-password e-mail to the member's own address, whose link sets a password.
    const offer = await call("/profile/strava?confirm=disconnect", {
      body: "intent=set-password",
      cookie: m.cookie,
      headers,
    });
    expect(offer.status).toBe(302);
    const link = await linkFromLatestEmail(m.email, "Reset your password");
    expect(link.pathname).toBe("/reset-password");

    const done = await call("/api/user/strava", {
      method: "DELETE",
      cookie: m.cookie,
      body: { confirmNoSignIn: true },
    });
    expect(done.status).toBe(200);
    expect(await connected(m.id)).toBe(false);
  });

  it("an account with a password (or Google) is not asked", async () => {
    const m = await signedInMember();
    await env.DB.prepare(
      "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'y', ?)",
    )
      .bind(m.id, 800000 + m.id, Math.floor(Date.now() / 1000) + 3600)
      .run();
    const page = await (await call("/profile/strava?confirm=disconnect", { cookie: m.cookie })).text();
    expect(page).not.toContain("Strava is your only way to sign in");
    const res = await call("/profile/strava?confirm=disconnect", {
      body: "intent=disconnect",
      cookie: m.cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);
    expect(await connected(m.id)).toBe(false);
  });
});
