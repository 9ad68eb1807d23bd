/**
 * The screenshots for Strava's Extended Access review (docs/strava-extended-access.md):
 * the connect screen with its button and scopes, every page where Strava data
 * appears with "Powered by Strava", "View on Strava" links, what other
 * participants see, the member's controls (sharing, download, disconnect,
 * delete) and the privacy page. Run with `npm run screenshots`.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { createChallenge, expect, signIn, signInFreshMember, test } from "../e2e/fixtures";

const OUT = "docs/strava-extended-access";

async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  mkdirSync(OUT, { recursive: true });
  await page.screenshot({ path: `${OUT}/${name}.png`, fullPage: opts.fullPage ?? true });
}

test.use({ viewport: { width: 1280, height: 900 } });

test("connect screen: Connect with Strava, scopes, privacy link", async ({ page }) => {
  await signInFreshMember(page);
  await page.goto("/profile/strava");
  await expect(page.getByRole("link", { name: "Connect with Strava" })).toBeVisible();
  await shot(page, "01-connect");
});

test("where the member's own Strava data appears", async ({ page }) => {
  await signIn(page);
  await page.goto("/dashboard");
  await expect(page.getByText("Powered by Strava").first()).toBeVisible();
  await shot(page, "02-dashboard");
  await page.goto("/activities");
  await expect(page.getByRole("link", { name: /View on Strava/ }).first()).toBeVisible();
  await shot(page, "03-activities");
  await page.goto("/profile/strava");
  await shot(page, "04-strava-settings");
});

test("what other participants see in a challenge, and the join dialog's choice", async ({
  page,
  baseURL,
}) => {
  await signIn(page, "vihaan01", "Member@1234");
  await page.goto("/challenges");
  await shot(page, "05-challenges");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page).toHaveURL(/\/challenges\/\d+$/);
  await shot(page, "06-challenge-detail");
  const title = `Screenshot Ride ${Date.now()}`;
  await createChallenge(baseURL!, title);
  await page.goto("/challenges");
  const card = page.getByTestId("challenge-card").filter({ hasText: title });
  await expect(card.getByRole("group", { name: "What other participants will see" })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await shot(page, "07-join-consent", { fullPage: false });
});

test("the member's data controls and the legal pages", async ({ page }) => {
  await signIn(page);
  await page.goto("/profile-settings");
  await shot(page, "08-profile-settings");
  await page.goto("/profile/strava?confirm=disconnect");
  await shot(page, "04b-disconnect-confirm");
  await page.goto("/privacy");
  await shot(page, "09-privacy");
  await page.goto("/terms");
  await shot(page, "10-terms", { fullPage: false });
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("dashboard and Strava page on a phone", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await shot(page, "11-phone-dashboard", { fullPage: false });
    await page.goto("/profile/strava");
    await shot(page, "12-phone-strava", { fullPage: false });
  });
});
