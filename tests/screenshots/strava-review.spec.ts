/**
 * The screenshots for Strava's Extended Access review (docs/strava-extended-access.md):
 * the connect screen with its button and scopes, every page where Strava data
 * appears with "Powered by Strava", "View on Strava" links, what other
 * participants see, the member's controls (sharing, download, disconnect,
 * delete) and the privacy page. Run with `npm run screenshots`.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, signIn, signInFreshMember, test } from "../e2e/fixtures";

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

test("what other participants see in a challenge", async ({ page }) => {
  await signIn(page, "vihaan01", "Member@1234");
  await page.goto("/challenges");
  await shot(page, "05-challenges");
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page).toHaveURL(/\/challenges\/\d+$/);
  await shot(page, "06-challenge-detail");
});

test("the member's data controls and the privacy page", async ({ page }) => {
  await signIn(page);
  await page.goto("/profile-settings");
  await shot(page, "07-profile-settings");
  await page.goto("/privacy");
  await shot(page, "08-privacy");
  await page.goto("/terms");
  await shot(page, "09-terms", { fullPage: false });
});

test.describe("phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("connect and dashboard on a phone", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    await shot(page, "10-phone-dashboard", { fullPage: false });
    await page.goto("/profile/strava");
    await shot(page, "11-phone-strava", { fullPage: false });
  });
});
