import { request as playwrightRequest, type Browser, type Page } from "@playwright/test";
import {
  continueToPayment,
  expect,
  fakesUrl,
  linkFromMailbox,
  loginAs,
  signInFreshMember,
  snap,
  test,
  unique,
} from "./fixtures";

// Issue #15's story: a member joins the waitlist of a full event, is offered the place when another
// member cancels (refund shown), pays, receives the receipt with the QR code, and an admin checks
// them in by code and exports the participants CSV.

async function payInCheckout(page: Page) {
  await expect(page.locator("#rzp-fake-modal")).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/verify-payment") && r.status() === 200),
    page.locator("#rzp-fake-pay").click(),
  ]);
}

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
}

async function newPage(browser: Browser, baseURL: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  return context.newPage();
}

test("waitlist → promoted after a cancellation (refund shown) → pays → receipt with QR → checked in → CSV", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const admin = await playwrightRequest.newContext({ baseURL });
  expect(
    (await admin.post("/api/login", { data: { username: "admin", password: "Admin@1234" } })).status(),
  ).toBe(200);
  const title = unique("Waitlist Ride ");
  const created = await admin.post("/api/events", {
    data: {
      title,
      description: "Pune to Lonavala and back.",
      date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      location: "Pune",
      fee: 150000,
      maxParticipants: 1,
      isActive: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  // Another member takes the only place.
  const other = await newPage(browser, baseURL!);
  await signInFreshMember(other);
  await hydrated(other, `/events/${id}/register`);
  await continueToPayment(other.locator("main"));
  await payInCheckout(other);

  // The member finds it full and joins the waitlist.
  const email = await signInFreshMember(page);
  await page.goto("/events");
  const card = page.getByTestId("event-card").filter({ hasText: title });
  await expect(card.getByRole("link", { name: "Join waitlist" })).toBeVisible();
  await expect(card.getByRole("link", { name: "Register Now" })).toHaveCount(0);
  await page.goto(`/events/${id}`);
  await expect(page.getByRole("link", { name: "Register Now" })).toHaveCount(0);
  await page.getByRole("link", { name: "Join waitlist" }).click();
  await expect(page.getByText("This event is full. Join the waitlist")).toBeVisible();
  await page.getByLabel("Full name").fill("Meera Kulkarni");
  await page.getByLabel("Phone").fill("9876501234");
  await page.getByLabel("Emergency contact").fill("Anil Kulkarni 9822001122");
  await page.getByRole("button", { name: "Join waitlist" }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
  await expect(page.getByTestId("waitlist-place")).toContainText("number 1 in line");
  await snap(page, "lifecycle-waitlisted");

  // The other member cancels: the confirmation names the event and the refund.
  await hydrated(other, `/events/${id}`);
  await other.locator("summary", { hasText: "Cancel registration" }).click();
  await expect(other.getByText(`Cancel your registration for ${title}?`)).toBeVisible();
  await expect(other.getByTestId("refund-quote")).toHaveText("You will be refunded ₹1,500.");
  await snap(other, "lifecycle-cancel-confirmation");
  await other.getByRole("button", { name: "Yes, cancel my registration" }).click();
  await expect(other.getByTestId("toast")).toContainText("Your registration has been cancelled");
  await expect(other.getByTestId("toast")).toContainText("A refund of ₹1,500 is on its way.");
  await snap(other, "lifecycle-cancelled");

  // The member is offered the place by e-mail and pays within the hold.
  const offer = await linkFromMailbox(page, email, "A place is free");
  await page.goto(new URL(offer).pathname);
  await expect(page.getByRole("heading", { name: "Complete Payment" })).toBeVisible();
  await page.getByRole("button", { name: /Continue to Payment/ }).click();
  await payInCheckout(page);
  await expect(page).toHaveURL(new RegExp(`/events/${id}$`));
  await expect(page.getByTestId("check-in-qr").locator("svg")).toBeVisible();
  await snap(page, "lifecycle-paid-ticket");

  // The receipt with the QR code, in the fake mailbox.
  let receipt: { text: string; attachments: { filename: string }[] } | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`${fakesUrl()}/email/messages?to=${encodeURIComponent(email)}`);
      receipt = (
        (await res.json()) as { subject: string; text: string; attachments: { filename: string }[] }[]
      ).find((m) => m.subject === `Receipt: ${title}`);
      return receipt;
    })
    .toBeTruthy();
  expect(receipt!.text).toContain("Amount paid: ₹1,500");
  expect(receipt!.text).toMatch(/Razorpay payment id: pay_\w+/);
  expect(receipt!.attachments.map((a) => a.filename)).toContain("check-in-qr.svg");
  const code = receipt!.text.match(/Check-in code: (\w+)/)![1];
  await page.goto(`${fakesUrl()}/email?to=${encodeURIComponent(email)}`);
  await expect(page.getByRole("img", { name: "check-in-qr.svg" }).first()).toBeVisible();
  await snap(page, "lifecycle-receipt-mailbox");

  // The admin checks them in by code on a phone.
  const phone = await newPage(browser, baseURL!, { width: 390, height: 844 });
  await loginAs(phone, "admin", "Admin@1234");
  await hydrated(phone, `/admin/events/${id}/check-in`);
  await expect(phone.getByTestId("arrived")).toHaveText("0 of 1 arrived");
  await phone.getByLabel("Check-in code").fill(code);
  await phone.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(phone.getByRole("status").filter({ hasText: "Meera Kulkarni is checked in" })).toBeVisible();
  await phone.getByLabel("Check-in code").fill(code);
  await phone.getByRole("button", { name: "Check in", exact: true }).click();
  await expect(phone.getByRole("alert").filter({ hasText: "Already checked in at" })).toBeVisible();
  await snap(phone, "lifecycle-check-in-phone");

  // And exports the participants CSV.
  await hydrated(phone, `/events/${id}`);
  const [download] = await Promise.all([
    phone.waitForEvent("download"),
    phone.getByRole("link", { name: "Participants CSV" }).click(),
  ]);
  const csv = await (await download.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text).toContain("Meera Kulkarni");
  expect(text).toMatch(/Meera Kulkarni,[^\n]*,checked_in,1500\.00,pay_\w+/);
  expect(text).toContain(",cancelled,1500.00,");
  await admin.dispose();
});
