// Leaving with money on the table (issue #34 item 6, docs/decisions/031): a member with a
// paid place in an upcoming event opens "Delete my account"; the dialog names the event and the
// refund, asks them to tick that the registration is cancelled first, and the deletion refunds it.
import { request as playwrightRequest, type Page } from "@playwright/test";
import { continueToPayment, expect, signInFreshMember, snap, test, unique } from "./fixtures";

async function paidPlaceIn(page: Page, eventId: number) {
  await page.goto(`/events/${eventId}/register`);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await continueToPayment(page.locator("main"));
  await expect(page.locator("#rzp-fake-modal")).toBeVisible();
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/verify-payment") && r.status() === 200),
    page.locator("#rzp-fake-pay").click(),
  ]);
}

// One member and one paid place: the warning is read at 375 px, then at desktop size, where the
// member deletes the account (a second member per size only repeated the payment).
test("account deletion warns about a paid upcoming place and refunds it (375 px, then desktop)", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await playwrightRequest.newContext({ baseURL });
  expect(
    (await admin.post("/api/login", { data: { username: "admin", password: "Admin@1234" } })).status(),
  ).toBe(200);
  const title = unique("Sinhagad Dawn Ride ");
  const created = await admin.post("/api/events", {
    data: {
      title,
      description: "Up the fort road before sunrise.",
      date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      location: "Pune",
      fee: 180000,
      maxParticipants: null,
      isActive: true,
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await admin.dispose();

  await signInFreshMember(page);
  await paidPlaceIn(page, id);

  for (const viewport of [
    { name: "phone", width: 375, height: 740 },
    { name: "desktop", width: 1280, height: 900 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto("/profile-settings");
    await page.getByRole("link", { name: "Delete my account…" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const warning = dialog.getByTestId("paid-places-warning");
    await expect(warning.getByText("You have a paid place in an upcoming event")).toBeVisible();
    await expect(warning.getByText(title)).toBeVisible();
    // Three days before the start the default rule refunds half.
    await expect(warning.getByText("refund ₹900 (50%)")).toBeVisible();
    await snap(page, `account-delete-paid-place-${viewport.name}`);
  }

  // The box is required: without it nothing is sent.
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await dialog.getByLabel("Your current password").fill("Secret@123");
  const box = dialog.getByRole("checkbox", {
    name: "Cancel my registrations and refund them by each event's rule",
  });
  await expect(box).toHaveAttribute("required", "");
  await box.check();
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("Your account has been deleted");
  await expect(page.getByTestId("toast")).toContainText("a refund of ₹900 is on its way");
  await snap(page, "account-deleted-refunded-desktop");
});
