import type { Page } from "@playwright/test";
import { continueToPayment, expect, signIn, signInFreshMember, snap, test } from "./fixtures";

// Seeded events: 1 "Sahyadri Century Ride" (₹1,500, 100 places; the athlete's registration is pending),
// 2 "Community 10K Run" (₹500, no cap), 3 "Monsoon Trail Hike" (free, in the past).

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

const card = (page: Page, title: string) => page.getByTestId("event-card").filter({ hasText: title });

/** Pays in the fake provider checkout (its own modal) and waits for the verification call. */
async function payInCheckout(page: Page) {
  await expect(page.locator("#rzp-fake-modal")).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/verify-payment") && r.status() === 200),
    page.locator("#rzp-fake-pay").click(),
  ]);
}

test.describe("events as a member", () => {
  test("registers for a paid event in the dialog, pays later with Complete Payment, and is Registered", async ({
    page,
  }) => {
    await signInFreshMember(page);
    await page.goto("/events");
    await expect(page.getByRole("heading", { name: "Upcoming Events" })).toBeVisible();
    const run = card(page, "Community 10K Run");
    await expect(run).toContainText("₹500 registration fee");
    await expect(run).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) IST/);
    await expect(card(page, "Sahyadri Century Ride")).toContainText("Limited to 100 participants");
    await snap(page, "events-list");

    await run.getByRole("link", { name: "Register Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Register for Event" });
    await expect(dialog).toBeVisible();
    // Name and e-mail are prefilled from the account; the form checks its fields with the spec's messages.
    await expect(dialog.getByLabel("Email")).toHaveValue(/@example\.com$/);
    await dialog.getByLabel("Full name").fill("A");
    await dialog.getByLabel("Phone").fill("12345");
    await dialog.getByRole("button", { name: /Continue to Payment/ }).click();
    await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(dialog.getByText("Please enter a valid emergency contact")).toBeVisible();
    await snap(page, "events-dialog-errors");
    await continueToPayment(dialog);

    // The provider's checkout opens; cancelling it brings back the payment step.
    await expect(page.locator("#rzp-fake-modal")).toBeVisible();
    await expect(page.locator("#rzp-fake-amount")).toContainText("500.00");
    await snap(page, "events-checkout");
    await page.locator("#rzp-fake-cancel").click();
    const payment = page.getByRole("dialog", { name: "Complete Payment" });
    await expect(payment.getByRole("button", { name: "Pay ₹500" })).toBeVisible();
    await snap(page, "events-dialog-payment-step");
    await payment.getByRole("button", { name: "Close" }).click();

    // Pending now: Complete Payment reopens the dialog with what was typed.
    await expect(run).toContainText("Registration Pending");
    await run.getByRole("link", { name: "Complete Payment" }).click();
    const again = page.getByRole("dialog", { name: "Register for Event" });
    await expect(again.getByLabel("Phone")).toHaveValue("9876501234");
    await again.getByRole("button", { name: /Continue to Payment/ }).click();
    await payInCheckout(page);
    await expectToast(page, "Success", "You've successfully registered for the event!");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(run).toContainText("Registered");
    await expect(run.getByRole("link", { name: "Register Now" })).toHaveCount(0);
    await snap(page, "events-registered");

    await run.getByRole("link", { name: /View Details/ }).click();
    await expect(page.getByRole("heading", { name: "Your Registration" })).toBeVisible();
    await expect(page.getByText("Paid", { exact: true })).toBeVisible();
  });

  test("the event detail shows a pending registration, and /events/{id}/payment completes it", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/events/1");
    await expect(page.getByRole("heading", { name: "Sahyadri Century Ride" })).toBeVisible();
    await expect(page.getByTestId("event-state")).toHaveText("Upcoming");
    const mine = page.getByRole("region", { name: "Your Registration" });
    await expect(mine.getByText("Pending", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Register Now" })).toHaveCount(0);
    await snap(page, "events-detail-member");

    await mine.getByRole("link", { name: "Complete Payment" }).click();
    await expect(page).toHaveURL(/\/events\/1\/payment$/);
    await expect(page.getByRole("heading", { name: "Complete Payment" })).toBeVisible();
    await expect(page.getByLabel("Phone")).toHaveValue("9876543210");
    await page.getByRole("button", { name: /Continue to Payment/ }).click();
    await payInCheckout(page);
    await expectToast(page, "Success", "You've successfully registered for the event!");
    await expect(page).toHaveURL(/\/events\/1$/);
    await expect(
      page.getByRole("region", { name: "Your Registration" }).getByText("Paid", { exact: true }),
    ).toBeVisible();

    // A past event shows Completed and no way to register.
    await page.goto("/events/3");
    await expect(page.getByTestId("event-state")).toHaveText("Completed");
    await expect(page.getByRole("link", { name: "Register Now" })).toHaveCount(0);
  });

  test("an unknown or malformed event id shows 'Event not found' with a way back", async ({ page }) => {
    await signIn(page);
    for (const path of ["/events/99999", "/events/abc", "/events/99999/register"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Event not found" })).toBeVisible();
    }
    await snap(page, "events-not-found");
    await page.getByRole("link", { name: "Back to Events" }).click();
    await expect(page).toHaveURL(/\/events$/);
  });
});

test("the event detail as admin: statistics and participant search", async ({ page }) => {
  await signIn(page, "admin", "Admin@1234");
  await page.goto("/events/2");
  await expect(page.getByRole("heading", { name: "Registration Statistics" })).toBeVisible();
  await expect(page.getByText("Total Collected")).toBeVisible();
  await expect(page.getByText("Pending Amount")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Your Registration" })).toHaveCount(0);
  const rows = page.locator("tbody tr");
  const total = await rows.count();
  expect(total).toBeGreaterThan(1);
  await snap(page, "events-detail-admin");

  const first = (await rows.first().locator("td").first().locator("p").first().textContent())!.trim();
  await page.getByLabel("Search participants").fill(first);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(first);
  await page.getByLabel("Search participants").fill("nobody-matches-this");
  await expect(page.getByText("No participants match your search.")).toBeVisible();
});

test("the admin removes a participant on /events/{id} after confirming in a dialog (keyboard)", async ({
  page,
}) => {
  await signIn(page, "admin", "Admin@1234");
  await page.goto("/events/1");
  const rows = page.locator("tbody tr");
  const before = await rows.count();
  expect(before).toBeGreaterThan(1);
  const username = (await rows.first().locator("td").first().locator("p").first().textContent())!.trim();
  const remove = page.getByRole("button", { name: `Remove ${username}`, exact: true });

  // Keyboard: the button opens the dialog, focus moves into it, Escape cancels and gives focus back.
  await remove.focus();
  await page.keyboard.press("Enter");
  // (Headless UI's dialog root has no box of its own: its content is what shows.)
  const dialog = page.getByRole("dialog", { name: "Remove participant" });
  const question = dialog.getByText(`Are you sure you want to remove ${username} from this event?`);
  await expect(question).toBeVisible();
  await expect.poll(() => dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await snap(page, "events-remove-participant-dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await expect(rows).toHaveCount(before);

  // Confirmed: the participant leaves the table and the page says so.
  await page.keyboard.press("Enter");
  await expect(question).toBeVisible();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expectToast(page, "Registration removed");
  await expect(rows).toHaveCount(before - 1);
  await expect(page.getByRole("button", { name: `Remove ${username}`, exact: true })).toHaveCount(0);
  await expect(page.locator("tbody")).not.toContainText(username);
  await snap(page, "events-participant-removed");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the registration page posts its form and shows the errors, then the payment step explains it needs JavaScript", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/events/2/register");
    await expect(page.getByRole("heading", { name: "Register for Event" })).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("athlete@example.com");
    await page.getByLabel("Full name").fill("D");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: /Continue to Payment/ }).click();
    await expect(page.getByText("Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(page.getByText("Please enter a valid emergency contact")).toBeVisible();
    await snap(page, "events-nojs-errors");

    await page.getByLabel("Full name").fill("Diya Deshmukh");
    await page.getByLabel("Email").fill("athlete@example.com");
    await page.getByLabel("Phone").fill("9876543210");
    await page.getByLabel("Emergency contact").fill("Ravi 9812345678");
    await page.getByRole("button", { name: /Continue to Payment/ }).click();
    // The <noscript> note (shown by the browser without JavaScript; Playwright's text matching skips <noscript>).
    await expect(page.locator("main noscript")).toHaveCount(1);
    expect(await page.locator("main noscript").innerHTML()).toContain("Paying needs JavaScript");
    await expect(page.getByRole("button", { name: "Pay ₹500" })).toHaveCount(0);
    await expect(page.getByText(/₹500(?![.\d])/).first()).toBeVisible();
    await snap(page, "events-nojs-payment");
  });
});

test("a 375 px phone shows events, the dialog and the detail without sideways scrolling", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, "admin", "Admin@1234");
  const noSideways = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.goto("/events");
  await noSideways();
  await snap(page, "events-phone-list");
  await page.goto("/events/1");
  await noSideways();
  await snap(page, "events-phone-detail-admin");
  await signIn(page);
  await page.goto("/events");
  await card(page, "Community 10K Run")
    .getByRole("link", { name: /Register Now|Complete Payment/ })
    .click();
  await expect(page.getByRole("dialog", { name: "Register for Event" })).toBeVisible();
  await noSideways();
  await snap(page, "events-phone-dialog");
});
