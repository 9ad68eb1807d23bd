// Data rights (issue #13): a fresh member downloads their data and deletes
// their account from /profile-settings; afterwards they cannot sign in.
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, loginAs, snap, test, unique } from "./fixtures";

const PASSWORD = "Secret@123";

/** Registers a fresh member through the API (the page's cookies then hold their session). */
async function registerMember(page: Page): Promise<string> {
  const username = unique("leaver");
  const res = await page.request.post("/api/register", {
    data: { username, email: `${username}@example.com`, password: PASSWORD },
  });
  expect(res.status()).toBe(201);
  return username;
}

async function expectSignInRefused(page: Page, username: string) {
  await loginAs(page, username, PASSWORD);
  await expect(page.getByRole("alert")).toContainText("Invalid username or password");
}

test("profile settings: download my data (a ZIP), then delete my account", async ({ page }) => {
  const username = await registerMember(page);
  await page.goto("/profile-settings");
  await expect(page.getByRole("heading", { name: "Download my data" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Delete my account" })).toBeVisible();
  await expect(page.getByText("payment records for accounting, without your name").first()).toBeVisible();
  await page.getByRole("heading", { name: "Danger zone" }).scrollIntoViewIfNeeded();
  await snap(page, "account-data-sections");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data (ZIP)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^cyclewari-data-${username}-\\d{4}-\\d{2}-\\d{2}\\.zip$`),
  );
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");

  await page.getByRole("link", { name: "Delete my account…" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  // (Headless UI's dialog root has no box of its own: check what it shows.)
  await expect(dialog.getByText("This cannot be undone.")).toBeVisible();
  await dialog.getByLabel("Your current password").fill("Wrong@1234");
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(dialog.getByText("That password is not correct. Your account was not deleted.")).toBeVisible();
  await snap(page, "account-delete-dialog-wrong-password");

  await page.setViewportSize({ width: 375, height: 740 });
  await snap(page, "account-delete-dialog-phone");

  await dialog.getByLabel("Your current password").fill(PASSWORD);
  await dialog.getByRole("button", { name: "Delete my account permanently" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("Your account has been deleted");
  await snap(page, "account-deleted-home");

  await expectSignInRefused(page, username);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the delete button opens the confirmation page, whose plain form deletes the account", async ({
    page,
  }) => {
    const username = await registerMember(page);
    await page.goto("/profile-settings");
    await page.getByRole("link", { name: "Delete my account…" }).click();
    await expect(page).toHaveURL(/\/profile-settings\/delete-account$/);
    await page.getByLabel("Your current password").fill("Wrong@1234");
    await page.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect(page.getByText("That password is not correct. Your account was not deleted.")).toBeVisible();
    await page.getByLabel("Your current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Your account has been deleted")).toBeVisible();
    await snap(page, "account-deleted-no-js");
    await expectSignInRefused(page, username);
  });
});
