/**
 * Issue #20 (a product members enjoy), at desktop and at a 375 px phone:
 * the UI bugs of item 7 and the ways to Events of item 1; issue #37's navigation (item 7).
 */
import type { Page } from "@playwright/test";
import { createChallenge, expect, signIn, signInFreshMember, snap, test, unique } from "./fixtures";

const SIZES = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 375, height: 800 } },
] as const;

const asAdmin = (page: Page) => signIn(page, "admin", "Admin@1234");

async function noSideways(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

// Tests whose assertions do not depend on the width run once, at phone size (where a control
// is hardest to reach); the rest at both sizes. The not-found page's title is checked in
// tests/integration/pages.test.ts.
for (const size of SIZES) {
  test.describe(`at ${size.name} size`, () => {
    test.use({ viewport: size.viewport });

    if (size.name === "phone")
      test("the feedback form opened directly checks its fields in the browser, with no page error", async ({
        page,
      }) => {
        const pageErrors: string[] = [];
        page.on("pageerror", (error) => pageErrors.push(error.message));
        await signInFreshMember(page);
        // A direct load (bookmark, reload), not a client-side navigation.
        await page.goto("/feedback");
        let posts = 0;
        page.on("request", (r) => {
          if (r.method() === "POST" && new URL(r.url()).pathname.startsWith("/feedback")) posts++;
        });
        await page.getByRole("button", { name: "Submit" }).click();
        await expect(page.getByText("Subject is required")).toBeVisible();
        await expect(page.getByText("Message is required")).toBeVisible();
        // Checked in the browser: nothing was posted, nothing thrown.
        expect(posts).toBe(0);
        expect(pageErrors).toEqual([]);
        await page.getByLabel("Feedback type").selectOption("feature");
        await page.getByLabel("Subject").fill("Weekly summary e-mail");
        await page
          .getByLabel("Details")
          .fill("A short e-mail each Monday with last week's distance would be lovely.");
        await page.getByRole("button", { name: "Submit" }).click();
        await expect(page.getByTestId("toast")).toContainText("Feedback Submitted");
        expect(pageErrors).toEqual([]);
        await snap(page, `ux-feedback-direct-${size.name}`);
      });

    test("a toast shows above an open dialog, is said once, and can be dismissed; the dialog focuses its first field", async ({
      page,
    }) => {
      await asAdmin(page);
      await page.goto("/admin");
      await page.getByRole("button", { name: "Create User" }).click();
      const dialog = page.getByRole("dialog", { name: "Create User" });
      await expect(dialog.getByLabel("Username")).toBeFocused();
      await dialog.getByRole("button", { name: "Create User" }).click();
      const toast = page.getByTestId("toast");
      await expect(toast).toContainText("Missing Fields");
      // Said once: in the toast, not again under every field.
      await expect(page.getByText("Please fill in all required fields.")).toHaveCount(1);
      await expect(dialog.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
      // Above the backdrop: the topmost element at the toast's centre is the toast itself.
      const onTop = await toast.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && el.contains(hit);
      });
      expect(onTop).toBe(true);
      await snap(page, `ux-toast-over-dialog-${size.name}`);
      await toast.getByRole("button", { name: "Dismiss notification" }).click();
      await expect(toast).toHaveCount(0);
      await expect(dialog.getByLabel("Username")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    });

    if (size.name === "phone")
      test("the delete confirmation names the event", async ({ page }) => {
        await asAdmin(page);
        await page.goto("/admin?tab=events");
        const card = page.getByRole("article").first();
        const title = (await card.getByRole("heading").innerText()).trim();
        await card.getByRole("button", { name: `Delete ${title}` }).click();
        const dialog = page.getByRole("dialog", { name: "Delete event" });
        await expect(dialog.getByText("Are you sure you want to delete this event?")).toBeVisible();
        await expect(dialog.getByText(title, { exact: true })).toBeVisible();
        await snap(page, `ux-delete-event-${size.name}`);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toHaveCount(0);
      });

    test("/auth: the tabs follow the arrow keys, an empty login is told once, a skip link leads to the content", async ({
      page,
    }) => {
      await page.goto("/auth");
      // The first Tab stop is the skip link; following it moves focus past the header.
      await page.keyboard.press("Tab");
      const skip = page.getByRole("link", { name: "Skip to content" });
      await expect(skip).toBeFocused();
      await expect(skip).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(page.locator("#main-content")).toBeFocused();

      const login = page.getByRole("tab", { name: "Login" });
      const register = page.getByRole("tab", { name: "Register" });
      await expect(login).toHaveAttribute("aria-selected", "true");
      await login.focus();
      await page.keyboard.press("ArrowRight");
      await expect(register).toBeFocused();
      await expect(register).toHaveAttribute("aria-selected", "true");
      await expect(page.getByLabel("Confirm Password")).toBeVisible();
      await expect(page).toHaveURL(/tab=register/);
      await page.keyboard.press("ArrowLeft");
      await expect(login).toBeFocused();
      await expect(login).toHaveAttribute("aria-selected", "true");
      await expect(page).not.toHaveURL(/tab=register/);

      await page.getByRole("button", { name: "Login", exact: true }).click();
      await expect(page.getByText("Please enter both username and password")).toHaveCount(1);
      await expect(page.getByLabel("Username")).toHaveAttribute("aria-invalid", "true");
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-auth-empty-login-${size.name}`);
    });

    if (size.name === "phone")
      test("profile: the names marked required are checked, a bad address is said once", async ({ page }) => {
        await signInFreshMember(page);
        await page.goto("/profile");
        await page.getByLabel("Profile image URL").fill("not a web address");
        // Leaving the field checks it (its message appears at once).
        await page.getByLabel("Age *").fill("30");
        await expect(page.getByText("Please enter a valid URL")).toHaveCount(1);
        await page.getByRole("button", { name: "Save Profile" }).click();
        await expect(page.getByText("Please enter your first name")).toBeVisible();
        await expect(page.getByText("Please enter your last name")).toBeVisible();
        await expect(page.getByText("Please enter a valid URL")).toHaveCount(1);
        await expect(page).toHaveURL(/\/profile$/);
        await snap(page, `ux-profile-required-names-${size.name}`);
      });

    test("the account menu works from the keyboard: arrows, Escape returns focus, Tab and a click outside close it", async ({
      page,
    }) => {
      await signIn(page);
      await page.goto("/dashboard");
      const button = page.getByRole("button", { name: "Account menu for athlete" });
      await expect(button).toHaveAttribute("aria-haspopup", "menu");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.focus();
      await page.keyboard.press("Enter");
      const menu = page.getByRole("menu", { name: "Account menu for athlete" });
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("menuitem")).toHaveCount(5);
      await expect(page.getByRole("menuitem", { name: "My activities" })).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(page.getByRole("menuitem", { name: "Profile Settings" })).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      await expect(page.getByRole("menuitem", { name: "Log out" })).toBeFocused();
      await page.keyboard.press("Home");
      await expect(page.getByRole("menuitem", { name: "My activities" })).toBeFocused();
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-account-menu-${size.name}`);
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      // ArrowUp opens on the last item; Tab leaves and closes.
      await page.keyboard.press("ArrowUp");
      await expect(page.getByRole("menuitem", { name: "Log out" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(menu).toBeHidden();

      // A click outside closes it; choosing an item follows the link.
      await button.click();
      await expect(menu).toBeVisible();
      await page.locator("main").click({ position: { x: 4, y: 4 } });
      await expect(menu).toBeHidden();
      await button.click();
      await page.getByRole("menuitem", { name: "Profile Settings" }).click();
      await expect(page).toHaveURL(/\/profile-settings$/);
      await expect(menu).toBeHidden();

      if (size.name === "phone") {
        // The phone menu's dialog code arrives when it first opens; Escape returns focus to its button.
        const open = page.getByRole("button", { name: "Open menu" });
        await open.click();
        const mobile = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", { name: "Mobile" });
        await expect(mobile).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(mobile).toBeHidden();
        await expect(open).toBeFocused();
      }
    });

    test("the challenge leaderboard is compact: top 10, you highlighted, search as you type, activities folded", async ({
      page,
    }) => {
      await signIn(page);
      await page.goto("/challenges/1");
      const heading = page.getByRole("heading", { name: /Participants \((\d+)\)/ });
      const total = Number((await heading.innerText()).match(/\((\d+)\)/)![1]);
      const rows = page.getByTestId("participant");
      await expect(rows).toHaveCount(Math.min(total, 10));
      // The signed-in member is marked, in the list or pinned above it.
      const mine = page.locator(
        '[data-testid="participant"][aria-current="true"], [data-testid="my-position"]',
      );
      await expect(mine.first()).toContainText(/You/);
      // "Shares progress only" is said once, in the legend, not under each row (issue #37).
      await expect(page.getByTestId("leaderboard-legend")).toHaveCount(1);
      await expect(page.getByText("Shares progress only", { exact: true })).toHaveCount(0);
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-challenge-detail-${size.name}`);
      if (total > 10) {
        await page.getByRole("link", { name: /Show all/ }).click();
        await expect(rows).toHaveCount(Math.min(total, 50));
      }

      // Activities sit behind a disclosure: folded until opened.
      const withActivities = rows.filter({ has: page.locator("details") }).first();
      if ((await withActivities.count()) > 0) {
        const list = withActivities.locator("details ul");
        await expect(list).toBeHidden();
        await withActivities.locator("summary").click();
        await expect(list).toBeVisible();
      }

      // Search as you type: no Apply needed.
      await page.getByPlaceholder("Search participants").fill("ATH");
      await expect(page).toHaveURL(/q=ATH/);
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText("athlete");
    });

    test("activities: removable filter chips, filters behind a button on phones, a detail view per activity", async ({
      page,
    }) => {
      await signIn(page);
      // The address an achievement tile links to.
      await page.goto("/activities?type=Ride&minDistance=100&maxDistance=199.9");
      const chips = page.getByRole("list", { name: "Active filters" });
      await expect(chips.getByRole("link", { name: "Remove filter: 100–199.9 km" })).toBeVisible();
      const minDistance = page.getByLabel("Min distance (km)");
      if (size.name === "phone") {
        await expect(minDistance).toBeHidden();
        await page.getByRole("button", { name: /Filters/ }).click();
        await expect(minDistance).toBeVisible();
      } else {
        await expect(page.getByRole("button", { name: /Filters/ })).toBeHidden();
        await expect(minDistance).toBeVisible();
      }
      // A real table: caption, column headers (for screen readers on a phone too), numbers with units.
      const table = page.getByRole("table", { name: /^Activities/ });
      for (const header of ["Sport", "Name", "Date", "Distance", "Moving time", "Pace / speed", "Elevation"])
        await expect(table.getByRole("columnheader", { name: header, exact: true })).toHaveCount(1);
      await expect(table.getByRole("row").nth(1)).toContainText(/\d km\b/);
      await expect(table.getByRole("row").nth(1)).toContainText(/\d km\/h/);
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-activities-${size.name}`);

      const first = page.getByTestId("activity-row").first();
      const name = (await first.getByRole("link").first().innerText()).trim();
      await first.getByRole("link", { name }).click();
      await expect(page).toHaveURL(/\/activities\/\d+$/);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      const summary = page.getByRole("region", { name: "Summary" });
      await expect(summary).toContainText("Distance");
      await expect(summary).toContainText("Average speed");
      await expect(summary).toContainText("km/h");
      await expect(page.getByRole("region", { name: "Source" })).toContainText("Strava");
      await expect(page.getByRole("link", { name: "View on Strava" })).toHaveAttribute(
        "href",
        /^https:\/\/www\.strava\.com\/activities\/\d+$/,
      );
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-activity-detail-${size.name}`);

      await page.goBack();
      await page.getByRole("link", { name: "Remove filter: 100–199.9 km" }).click();
      await expect(page).toHaveURL(/\/activities\?type=Ride$/);

      // Runs read as a pace; a sport without a distance shows a dash, not "0 km".
      await page.goto("/activities?type=Run");
      await expect(page.getByTestId("activity-row").first()).toContainText(/\d+:\d\d \/km/);
      if (size.name === "desktop") {
        await page.goto("/activities?type=Yoga");
        const yoga = page.getByTestId("activity-row").first();
        if ((await yoga.count()) > 0)
          await expect(yoga.getByRole("cell").nth(3).locator("dd")).toHaveText("—");
      }
    });

    test("first run: a welcome card instead of a bare page of zeros; once connected a status chip", async ({
      page,
    }) => {
      await signInFreshMember(page);
      await page.goto("/dashboard");
      const welcome = page.getByTestId("onboarding");
      await expect(welcome.getByRole("heading", { name: "Welcome! Bring in your activities" })).toBeVisible();
      await expect(welcome).toContainText("The first sync usually takes a few minutes");
      await expect(welcome.getByRole("link", { name: "Upload activities" })).toHaveAttribute(
        "href",
        "/activities/upload",
      );
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-dashboard-first-run-${size.name}`);

      // The same card on /recommendations (no Strava link, no activities): Connect sits in the card.
      await page.goto("/recommendations");
      const card = page.getByTestId("onboarding");
      await expect(card.getByRole("heading", { name: "Welcome! Bring in your activities" })).toBeVisible();
      await expect(card.getByRole("link", { name: "Connect Strava" })).toHaveAttribute(
        "href",
        "/profile/strava",
      );
      await expect(card.getByRole("link", { name: "Upload activities" })).toBeVisible();
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-recommendations-first-run-${size.name}`);

      await signIn(page);
      await page.goto("/dashboard");
      await expect(page.getByTestId("onboarding")).toHaveCount(0);
      const chip = page.getByTestId("strava-chip");
      await expect(chip.getByTestId("strava-connect")).toHaveText("Connected to Strava");
      await expect(chip).toContainText(/last sync (just now|\d+ min ago|\d+ h ago|\d+ days? ago)/);
      // One way to write numbers: moving time in hours and minutes (not "555.4 h"), no ".0 km".
      const movingTime = page
        .getByTestId("panel-Ride")
        .getByTestId("stat-card")
        .filter({ hasText: "Moving Time" });
      await expect(movingTime.locator("dd")).toHaveText(/^[\d,]+ h( \d+ min)?$|^\d+ min$/);
      await expect(page.getByTestId("panel-Ride")).not.toContainText(/\.0 (km|h)\b/);
      await expect(page.getByTestId("recent-summary")).toContainText(/\d+ activit(y|ies) · /);
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-dashboard-connected-${size.name}`);
    });

    test("admin analysis: sports in their own colours, grouped numbers, axes with units", async ({
      page,
    }) => {
      await asAdmin(page);
      await page.goto("/admin?tab=analysis&view=overview&section=types");
      const chart = page.getByRole("img", { name: "Distance by activity type" });
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator(".apexcharts-canvas")).toBeVisible();
      // Each sport's bar in its own colour (distributed bars), not one orange for all.
      const fills = await chart
        .locator(".apexcharts-bar-area")
        .evaluateAll((bars) => new Set(bars.map((b) => b.getAttribute("fill"))).size);
      expect(fills).toBeGreaterThan(1);
      const table = page.getByRole("table").first();
      await expect(table).toContainText("Mountain bike ride");
      // Thousands grouped in every cell ("35,571.2", never "35571.2").
      for (const cell of await table.getByRole("cell").allInnerTexts()) expect(cell).not.toMatch(/\d{4}/);
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-admin-analysis-${size.name}`);
    });

    test("an unverified member's header says why its links lead back to profile settings", async ({
      page,
    }) => {
      await signIn(page, "newbie", "Newbie@1234");
      // Any page but profile settings, which says it in its own notice (issue #37: one warning there).
      await page.goto("/user-guide");
      await expect(page.getByTestId("verify-note")).toContainText(
        "Verify your email address to unlock the app",
      );
      await noSideways(page, size.viewport.width);
      await snap(page, `ux-unverified-header-${size.name}`);
    });
  });
}

test("Activities and Events are in the header and the phone menu; the account menu holds the member's own things", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Attend Events" })).toHaveAttribute("href", "/events");
  await signIn(page);
  const main = page.getByRole("navigation", { name: "Main" });
  const accountMenu = page.getByRole("button", { name: /Account menu/ });
  const menuItems = async () => {
    await accountMenu.click();
    const items = await page.getByRole("menu").getByRole("menuitem").allInnerTexts();
    await page.keyboard.press("Escape");
    return items.map((t) => t.trim());
  };
  const accountThings = [
    "My activities",
    "Profile Settings",
    "Sharing and privacy",
    "Strava connection",
    "Log out",
  ];

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard");
  await main.getByRole("link", { name: "Activities", exact: true }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await main.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  expect(await menuItems()).toEqual(accountThings);
  await noSideways(page, 1280);

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(main).toBeHidden();
  const mobile = page.getByRole("dialog", { name: "Menu" }).getByRole("navigation", { name: "Mobile" });
  await page.getByRole("button", { name: "Open menu" }).click();
  await mobile.getByRole("link", { name: "Activities", exact: true }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await page.getByRole("button", { name: "Open menu" }).click();
  await mobile.getByRole("link", { name: "Events", exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  expect(await menuItems()).toEqual(accountThings);
  await accountMenu.click();
  await page.getByRole("menuitem", { name: "My activities" }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await noSideways(page, 375);
  await snap(page, "ux-activities-menu-phone");
});

test("a completed challenge: a badge on its card and on the dashboard", async ({ page, baseURL }) => {
  const title = unique("Completed badge ride");
  const id = await createChallenge(baseURL!, title);
  await signIn(page);
  await page.goto("/challenges");
  const card = page.getByTestId("challenge-card").filter({ hasText: title });
  await card.getByRole("button", { name: "Join Challenge" }).click();
  await expect(card.getByRole("link", { name: "View Details" })).toBeVisible();
  await expect(card.getByTestId("completed-badge")).toHaveCount(0);

  // The admin sets the member's progress to the target (200 km).
  await asAdmin(page);
  await page.goto(`/admin/challenges/${id}`);
  const row = page.getByTestId("progress-row").filter({ hasText: "athlete" });
  await row.getByLabel("Progress for athlete in km").fill("200");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row).toContainText("200 km");

  await signIn(page);
  await page.goto("/challenges");
  await expect(card.getByTestId("completed-badge")).toHaveText("Completed");
  await expect(card.getByText("Completed ✓")).toBeVisible();
  await snap(page, "ux-challenges-completed-desktop");
  await page.goto("/dashboard");
  const badges = page.getByTestId("completed-challenges");
  await expect(badges.getByRole("link", { name: `${title} · Completed ✓` })).toHaveAttribute(
    "href",
    `/challenges/${id}`,
  );
  await page.setViewportSize({ width: 375, height: 800 });
  await noSideways(page, 375);
  await snap(page, "ux-dashboard-completed-phone");
});

test("the header fits its links on one line from 768 px; below, the side menu", async ({ page }) => {
  await asAdmin(page);
  await page.setViewportSize({ width: 768, height: 800 });
  await page.goto("/dashboard");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const label of [
    "Dashboard",
    "Activities",
    "Recommendations",
    "Challenges",
    "Events",
    "Wari 2025",
    "Feedback",
    "Admin",
  ])
    await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  // One line: every link as tall as one, the header as tall as its bar, nothing cut off.
  const header = page.locator("header").first();
  expect((await header.boundingBox())!.height).toBeLessThanOrEqual(65);
  expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  const avatar = (await page.getByRole("button", { name: /Account menu/ }).boundingBox())!;
  expect(avatar.x + avatar.width).toBeLessThanOrEqual(768);
  await noSideways(page, 768);
  await snap(page, "ux-header-768");

  await page.setViewportSize({ width: 767, height: 800 });
  await expect(nav).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
});
