import { expect, fakesUrl, freshMemberSyncedWithAthlete, signIn, snap, test } from "./fixtures";
// eslint-disable-next-line no-restricted-imports -- the Playwright config at the root has no alias
import { CHROMIUM_ARGS, FULL_CHROMIUM } from "../../playwright.config";

// A Ctrl+click below opens a record in a new tab: in Debian's headless shell (Chromium 150) the new
// tab's renderer once segfaulted there ("Page crashed", CI of 809d45c), so this file runs in the full
// Chromium, like club.spec.ts (decision 055).
test.use({
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? FULL_CHROMIUM, args: CHROMIUM_ARGS },
});

/** Issue #20 items 6 and 8 as a member sees them, at desktop and phone width. */
test.describe("Wari after the event", () => {
  test("a member who rode 252 km on the day gets the finish badge and 'see you next year'", async ({
    page,
  }) => {
    const athleteId = 95_000 + Math.floor(Math.random() * 1000);
    await page.request.post(`${fakesUrl()}/_control/strava/athletes`, {
      data: {
        id: athleteId,
        firstname: "Finisher",
        lastname: "E2E",
        activities: 0,
        seed: athleteId,
        days: 30,
      },
    });
    const ride = await page.request.post(`${fakesUrl()}/_control/strava/athletes/${athleteId}/activities`, {
      data: {
        name: "IAS CycleWari 2025",
        sport_type: "Ride",
        distance: 252_400,
        moving_time: 10 * 3600 + 20 * 60,
        total_elevation_gain: 1200,
        start_date: "2025-06-07T00:30:00Z",
      },
    });
    expect(ride.status()).toBe(201);
    expect(await freshMemberSyncedWithAthlete(page, athleteId)).toBe(1);

    await page.goto("/wari?tab=analysis");
    const result = page.getByTestId("event-result");
    await expect(page.getByRole("heading", { name: "Your IAS CycleWari 2025 result" })).toBeVisible();
    await expect(result.getByTestId("finish-badge")).toHaveText("250 km finisher");
    await expect(result.getByTestId("event-ride")).toContainText("252.4 km in 10 h 20 min on June 7, 2025");
    await expect(result.getByRole("link", { name: "IAS CycleWari 2025" })).toHaveAttribute(
      "href",
      /\/activities\/\d+$/,
    );
    await expect(result.getByTestId("next-edition")).toContainText("See you next year!");
    await expect(page.getByTestId("countdown")).toHaveCount(0);
    // The weekly bars have a km axis from zero; one category on the page.
    await expect(page.getByTestId("weekly-bars")).toHaveAttribute("aria-label", /axis from 0 to \d+ km/);
    await expect(page.getByTestId("readiness-category")).toHaveCount(1);
    await snap(page, "look-wari-results-desktop");

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/wari?tab=analysis");
    await expect(result.getByTestId("finish-badge")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snap(page, "look-wari-results-phone");
  });
});

test.describe("dashboard highlights", () => {
  test("personal records open their activity; this year against last; the weekly strip says its weeks", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/dashboard");
    const records = page.getByTestId("personal-records");
    await expect(records.getByRole("heading", { name: "Personal records" })).toBeVisible();
    const ride = records
      .getByTestId("sport-records")
      .filter({ has: page.getByRole("heading", { name: "Ride" }) });
    await expect(ride.getByText("Longest", { exact: true })).toBeVisible();
    await expect(ride.getByText("Fastest")).toContainText("(20 km+)");
    const years = page.getByTestId("year-over-year");
    const thisYear = String(new Date().getFullYear());
    await expect(years.getByRole("columnheader", { name: thisYear })).toBeVisible();
    await expect(years.getByRole("rowheader", { name: "Distance" })).toBeVisible();
    const strip = page.getByTestId("consistency-strip");
    await expect(
      strip.getByRole("list", { name: "Active days per week, oldest first" }).getByRole("listitem"),
    ).toHaveCount(16);
    await expect(strip).toContainText(/Active in \d+ of the last 16 weeks/);
    await expect(strip.getByRole("listitem").first()).toContainText(
      /Week of \d{1,2} \w{3} \d{4}: \d+ active days?, /,
    );
    await snap(page, "look-dashboard-highlights-desktop");

    // Plain links with one click handler for the section (decision 028): they navigate in place,
    // like a <Link>, from a click and from Enter; a modified click is left to the browser.
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const sameDocument = () =>
      page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage === true);
    const longest = ride.getByRole("link").first();
    const href = await longest.getAttribute("href");
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      longest.click({ modifiers: ["ControlOrMeta"] }),
    ]);
    await expect(popup).toHaveURL(new RegExp(`${href}$`));
    await popup.close();
    await expect(page).toHaveURL(/\/dashboard$/);
    await longest.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sameDocument()).toBe(true);
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard$/);
    const fastest = ride.getByRole("link").last();
    const fastestHref = await fastest.getAttribute("href");
    await fastest.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${fastestHref}$`));
    expect(await sameDocument()).toBe(true);

    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/dashboard");
    await expect(page.getByTestId("consistency-strip")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByTestId("year-over-year").scrollIntoViewIfNeeded();
    await snap(page, "look-dashboard-highlights-phone");
  });
});
