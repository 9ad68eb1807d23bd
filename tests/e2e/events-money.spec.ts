import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import { d1, expect, fakesUrl, loginAs, signInFreshMember, snap, test, unique } from "./fixtures";

// Issue #34 (decision 030): refunds Razorpay refuses end up failed after their bounded tries, and the
// admin sees each registration's payments and refunds on the event page, retries a failed refund and
// settles one by hand with a note, at desktop width and at 375 px.

const FEE = 150000;

/** A fresh member pays the event, then cancels while Razorpay refuses their refund (two tries: 4xx). */
async function memberWithRefusedRefund(browser: Browser, baseURL: string, eventId: number, name: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const email = await signInFreshMember(page);
  const start = await page.request.post(`/api/events/${eventId}/initialize-payment`, {
    data: { name, email, phone: "9876501234", emergencyContact: "Anil 9822001122", amount: FEE },
  });
  expect(start.status()).toBe(200);
  const { orderId } = (await start.json()) as { orderId: string };
  const checkout = (await (
    await page.request.post(`${fakesUrl()}/_control/razorpay/pay`, {
      data: { order_id: orderId, method: "card" },
    })
  ).json()) as Record<string, string>;
  const verify = await page.request.post(`/api/events/${eventId}/verify-payment`, {
    data: {
      orderId: checkout.razorpay_order_id,
      paymentId: checkout.razorpay_payment_id,
      signature: checkout.razorpay_signature,
    },
  });
  expect(verify.status()).toBe(200);
  const fault = await page.request.post(`${fakesUrl()}/_control/razorpay/refund-faults`, {
    data: { status: 400, count: 2, payment_id: checkout.razorpay_payment_id },
  });
  expect(fault.status()).toBe(200);
  expect((await page.request.post(`/api/events/${eventId}/cancel`)).status()).toBe(200);
  await context.close();
}

function registration(page: Page, name: string) {
  return page.locator("#money li[aria-labelledby]").filter({ hasText: name });
}

test("the admin sees refunds' states, retries a failed one and marks one refunded by hand (desktop and 375 px)", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const admin = await playwrightRequest.newContext({ baseURL });
  expect(
    (await admin.post("/api/login", { data: { username: "admin", password: "Admin@1234" } })).status(),
  ).toBe(200);
  const created = await admin.post("/api/events", {
    data: {
      title: unique("Refund Ride "),
      description: "Pune to Sinhagad and back.",
      date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      location: "Pune",
      fee: FEE,
      maxParticipants: null,
      isActive: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  for (const name of ["Asha Retry", "Ravi Retry", "Neha ByHand"])
    await memberWithRefusedRefund(browser, baseURL!, id, name);

  // Their next try is due now; the cron's run is the second refusal, so the refunds are failed.
  await d1(
    `UPDATE event_refunds SET next_attempt_at = unixepoch() - 1 WHERE event_id = ${id} AND status = 'pending'`,
  );
  // The 15-minute cron, through the e2e server's trigger (scripts/serve-miniflare.ts: app port + 2).
  const cronUrl = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 2}/__scheduled?cron=*/15+*+*+*+*`;
  expect((await admin.get(cronUrl)).ok()).toBe(true);
  const summary = await admin.get(`/api/admin/events/${id}/payments-summary`);
  expect(await summary.json()).toMatchObject({
    collected: 3 * FEE,
    refundsFailed: 3 * FEE,
    counts: { payments: 3, failed: 3, pending: 0 },
  });

  // Desktop: the money view shows each refund's state and why it failed; Retry sends it again.
  await loginAs(page, "admin", "Admin@1234");
  await page.goto(`/events/${id}`);
  const money = page.getByRole("region", { name: "Payments and refunds" });
  await expect(money.getByText("Refunds failed")).toBeVisible();
  const asha = registration(page, "Asha Retry");
  await expect(asha.locator("[data-refund]").getByText("Refund failed", { exact: true })).toBeVisible();
  await expect(asha.getByText(/Last answer: Razorpay answered 400/)).toBeVisible();
  await expect(asha.getByText("Cancelled by the member")).toBeVisible();
  await asha.getByText("History (5)").click();
  await expect(asha.getByText("Refund failed", { exact: true })).toHaveCount(2);
  await money.scrollIntoViewIfNeeded();
  await snap(page, "money-admin-desktop");
  await asha.getByRole("button", { name: "Retry" }).click();
  await expect(page.getByTestId("toast")).toContainText("The refund was sent to Razorpay again");
  await expect(registration(page, "Asha Retry").getByText("Refund pending")).toBeVisible();
  await expect(registration(page, "Asha Retry").getByText(/rfnd_/)).toBeVisible();

  // 375 px: the same view fits the phone; retry one, settle the other by hand (a note is required).
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
  const phone = await phoneContext.newPage();
  await loginAs(phone, "admin", "Admin@1234");
  await phone.goto(`/events/${id}#money`);
  const ravi = registration(phone, "Ravi Retry");
  await expect(ravi.locator("[data-refund]").getByText("Refund failed", { exact: true })).toBeVisible();
  await ravi.getByRole("button", { name: "Retry" }).click();
  await expect(phone.getByTestId("toast")).toContainText("The refund was sent to Razorpay again");
  await expect(registration(phone, "Ravi Retry").getByText("Refund pending")).toBeVisible();

  const neha = registration(phone, "Neha ByHand");
  await neha.getByText("Mark refunded by hand").click();
  await neha.getByRole("button", { name: "Mark refunded" }).click();
  await expect(neha.getByText("Say how the money was returned")).toBeVisible();
  await neha.getByLabel(/How was the money returned/).fill("Bank transfer, UTR 4455");
  await neha.getByRole("button", { name: "Mark refunded" }).click();
  await expect(phone.getByTestId("toast")).toContainText("The refund is marked as refunded by hand");
  await expect(registration(phone, "Neha ByHand").getByText("Refunded by hand")).toBeVisible();
  await expect(registration(phone, "Neha ByHand").getByText("Note: Bank transfer, UTR 4455")).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await phone.getByRole("region", { name: "Payments and refunds" }).scrollIntoViewIfNeeded();
  await snap(phone, "money-admin-375");
  await phoneContext.close();
});
