/**
 * Strava launch readiness (issue #13, points 4 and 5): /privacy and /terms
 * reachable through the footer, and Strava's brand elements (Connect with
 * Strava, View on Strava on own activities only). The HTML of every page's
 * footer, the legal pages and "Powered by Strava" is checked in
 * tests/integration/pages.test.ts.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, signInFreshMember, snap, test } from "./fixtures";

const STRAVA_ORANGE = "rgb(252, 82, 0)"; // #FC5200

/** Opens `path`, checks the footer's links and follows "Privacy" to the privacy page. */
async function privacyFromFooter(page: Page, path: string) {
  await page.goto(path);
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "Terms", exact: true }), path).toHaveAttribute(
    "href",
    "/terms",
  );
  await footer.getByRole("link", { name: "Privacy", exact: true }).click();
  await expect(page, path).toHaveURL(/\/privacy$/);
  await expect(page.getByRole("heading", { name: "Privacy", level: 1 }), path).toBeVisible();
}

// The footer's links on every page (guest, member and admin pages, the 404 page), the privacy
// page's contents, the terms' links and "Powered by Strava" are checked in the HTML by
// tests/integration/pages.test.ts; here a person follows the links.
test("a guest follows the footer to the privacy page and on to the terms", async ({ page }) => {
  await privacyFromFooter(page, "/auth");
  await page.getByRole("link", { name: "terms of use" }).click();
  await expect(page.getByRole("heading", { name: "Terms of use", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/privacy");
  await snap(page, "terms");
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("privacy and terms read without sideways scrolling", async ({ page }) => {
    for (const path of ["/privacy", "/terms"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), path).toBe(
        0,
      );
    }
    await snap(page, "terms-phone");
  });
});

test("a member without Strava sees the brand's Connect with Strava button and the privacy link", async ({
  page,
}) => {
  await signInFreshMember(page);
  for (const path of ["/profile/strava", "/dashboard"]) {
    await page.goto(path);
    const connect = page.getByRole("link", { name: "Connect with Strava" });
    await expect(connect, path).toBeVisible();
    await expect(connect, path).toHaveCSS("background-color", STRAVA_ORANGE);
    await expect(connect, path).toHaveCSS("color", "rgb(255, 255, 255)");
    await expect(connect, path).toHaveCSS("height", "48px");
    expect(await connect.getAttribute("href"), path).toMatch(/^\/api\/user\/connect-strava\?returnTo=/);
  }
  await page.goto("/profile/strava");
  await snap(page, "strava-connect-brand");
  await page.getByRole("link", { name: "How the app uses your Strava data" }).click();
  await expect(page).toHaveURL(/\/privacy#strava$/);
  await expect(page.getByRole("heading", { name: "What the app asks Strava for, and why" })).toBeVisible();
});

test("View on Strava on the member's own activities, never on another member's", async ({ page }) => {
  await signIn(page);
  await page.goto("/activities");
  const rows = page.getByTestId("activity-row");
  await expect(rows.first()).toBeVisible();
  const own = rows.first().getByRole("link", { name: "View on Strava" });
  await expect(own).toHaveAttribute("href", /^https:\/\/www\.strava\.com\/activities\/\d+$/);
  await expect(own).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("link", { name: "View on Strava" })).toHaveCount(await rows.count());
  await snap(page, "activities-view-on-strava");

  await page.goto("/dashboard");
  await expect(
    page.getByTestId("recent-activities").getByRole("link", { name: "View on Strava" }).first(),
  ).toBeVisible();

  // Another participant's activities, listed to the athlete through a shared challenge.
  await page.goto("/challenges/1");
  const other = page.getByTestId("participant").filter({ hasNotText: "athlete" });
  await expect(page.getByRole("link", { name: "View on Strava" })).toHaveCount(0);
  await other
    .getByRole("link", { name: /View all \d+ activities/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/activities\?userId=\d+&challengeId=1/);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole("link", { name: "View on Strava" })).toHaveCount(0);

  // An admin looking at the athlete's list sees no link either.
  await signIn(page, "admin", "Admin@1234");
  await page.goto("/activities?userId=2");
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole("link", { name: "View on Strava" })).toHaveCount(0);
});
