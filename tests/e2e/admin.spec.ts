import type { Page } from "@playwright/test";
import { expect, signIn, snap, test, unique } from "./fixtures";

const asAdmin = (page: Page) => signIn(page, "admin", "Admin@1234");

async function expectToast(page: Page, title: string) {
  await expect(page.getByTestId("toast")).toContainText(title);
}

test.describe("admin dashboard", () => {
  test("users: search, pages, create, toggle flags, refuse deleting a member with history, delete one without", async ({
    page,
  }) => {
    await asAdmin(page);
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }).click();
    await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("navigation", { name: "User pages" })).toBeVisible();
    await snap(page, "admin-users");

    // Create a user through the dialog; the spec's messages for missing fields.
    const username = unique("made");
    await page.getByRole("button", { name: "Create User" }).click();
    const dialog = page.getByRole("dialog", { name: "Create User" });
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expectToast(page, "Missing Fields");
    await dialog.getByLabel("Username").fill(username);
    await dialog.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await dialog.getByLabel("Password").fill("Secret@123");
    await dialog.getByRole("button", { name: "Create User" }).click();
    await expectToast(page, "User Created");
    await expect(dialog).toHaveCount(0);

    await page.getByLabel("Search by username or email").fill(username);
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row").filter({ hasText: username });
    await expect(row).toHaveCount(1);

    // The three flags are independent switches.
    const admin = row.getByRole("switch", { name: `Admin: ${username}` });
    await expect(admin).toHaveAttribute("aria-checked", "false");
    await admin.click();
    await expectToast(page, "Admin Granted");
    await expect(admin).toHaveAttribute("aria-checked", "true");
    const active = row.getByRole("switch", { name: `Active: ${username}` });
    await active.click();
    await expectToast(page, "User Deactivated");
    await expect(active).toHaveAttribute("aria-checked", "false");

    // The new user has no history: deleting works.
    await row.getByRole("button", { name: `Delete ${username}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "User Deleted");
    await expect(page.getByRole("row").filter({ hasText: username })).toHaveCount(0);

    // The demo athlete has activities: deleting is refused with the counts.
    await page.getByLabel("Search by username or email").fill("athlete");
    await page.getByRole("button", { name: "Search" }).click();
    await page
      .getByRole("row")
      .filter({ hasText: "athlete@example.com" })
      .getByRole("button", { name: "Delete athlete" })
      .click();
    const refusal = page.getByRole("dialog");
    await refusal.getByRole("button", { name: "Delete" }).click();
    await expect(refusal.getByText("Failed to Delete User")).toBeVisible();
    await expect(refusal.getByText(/\d+ activities/)).toBeVisible();
    await expect(refusal.getByRole("button", { name: "Delete" })).toHaveCount(0);
    await snap(page, "admin-delete-refused");
    await refusal.getByRole("button", { name: "Close" }).click();

    // The admin's own admin and active switches are locked.
    await page.getByLabel("Search by username or email").fill("admin@example.com");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("switch", { name: "Admin: admin" })).toBeDisabled();
    await expect(page.getByRole("switch", { name: "Active: admin" })).toBeDisabled();
  });

  test("challenges: create with the spec's validation, edit, deactivate and delete", async ({ page }) => {
    await asAdmin(page);
    await page.goto("/admin?tab=challenges");
    const title = `Admin test ${unique("c")}`;
    await page.getByRole("button", { name: "Create New Challenge" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Challenge" });
    await expect(dialog.getByLabel("Sport type").locator("option")).toHaveText([
      "Running",
      "Cycling",
      "Swimming",
      "Walking",
    ]);
    await dialog.getByRole("button", { name: "Create Challenge" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("Ride 100 km this week.");
    await dialog.getByLabel("Sport type").selectOption("Ride");
    await dialog.getByLabel("Target distance (km)").fill("100");
    await dialog.getByLabel("End date (IST)").fill("2020-01-01T00:00");
    await dialog.getByRole("button", { name: "Create Challenge" }).click();
    await expect(dialog.getByText("End date must be after start date")).toBeVisible();
    const start = await dialog.getByLabel("Start date (IST)").inputValue();
    const end = new Date(new Date(`${start}:00Z`).getTime() + 7 * 86_400_000).toISOString().slice(0, 16);
    await dialog.getByLabel("End date (IST)").fill(end);
    await dialog.getByRole("button", { name: "Create Challenge" }).click();
    await expectToast(page, "Challenge created successfully");

    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card.getByText("Cycling")).toBeVisible();
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Challenge" });
    await expect(edit.getByLabel("Sport type").locator("option")).toHaveCount(6);
    await expect(edit.getByLabel("Target distance (km)")).toHaveValue("100");
    // Changing the start date moves the end date to 7 days later.
    await edit.getByLabel("Start date (IST)").fill("2030-03-01T06:00");
    await expect(edit.getByLabel("End date (IST)")).toHaveValue("2030-03-08T06:00");
    await edit.getByLabel("Title").fill(`${title} edited`);
    // Another goal kind (issue #39 item 1): metres climbed on rides and e-bike rides.
    await edit.getByLabel("Goal").selectOption("elevation");
    await expect(edit.getByLabel("Target distance (km)")).toHaveCount(0);
    await edit.getByLabel("Target (metres climbed)").fill("5000");
    await edit.getByLabel("Activity types that count (optional)").selectOption(["Ride", "EBikeRide"]);
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Challenge updated successfully");
    const edited = page.getByRole("article").filter({ hasText: `${title} edited` });
    await expect(edited.getByText("5,000 m climbed")).toBeVisible();
    await edited.getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "Challenge deactivated");
    await expect(edited.getByRole("button", { name: "Activate" })).toBeVisible();
    await snap(page, "admin-challenges");
    await edited.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Are you sure you want to delete this challenge?")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Challenge deleted successfully");
    await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  });

  test("events: create through the dialog with the spec's messages, edit, deactivate and delete after confirming", async ({
    page,
  }) => {
    await asAdmin(page);
    await page.goto("/admin?tab=events");
    await expect(
      page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Events" }),
    ).toHaveAttribute("aria-current", "page");
    const title = `Admin ride ${unique("e")}`;
    await page.getByRole("button", { name: "Create New Event" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("Title is required")).toBeVisible();
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Description").fill("A morning ride around the lake.");
    await dialog.getByLabel("Date and time (IST)").fill("2031-01-05T06:30");
    await dialog.getByLabel("Location").fill("Pune");
    await dialog.getByLabel("Fee (₹)").fill("-1");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expect(dialog.getByText("Fee must be positive")).toBeVisible();
    await dialog.getByLabel("Fee (₹)").fill("250");
    await dialog.getByRole("button", { name: "Create Event" }).click();
    await expectToast(page, "Event created successfully");

    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toContainText(/₹250(?![.\d])/);
    await card.getByRole("button", { name: "Edit" }).click();
    const edit = page.getByRole("dialog");
    await edit.getByLabel("Location").fill("Pune, Khadakwasla");
    // The refund rule (issue #15): the defaults, then the admin's own.
    const rule = edit.getByRole("group", { name: "Refund rule" });
    await expect(rule.getByLabel("Full refund until (days before)")).toHaveValue("7");
    await expect(rule.getByLabel("Partial refund (%)")).toHaveValue("50");
    await expect(rule.getByLabel("Partial refund until (days before)")).toHaveValue("1");
    await rule.getByLabel("Full refund until (days before)").fill("14");
    await rule.getByLabel("Partial refund (%)").fill("25");
    await rule.getByLabel("Partial refund until (days before)").fill("3");
    await edit.getByRole("button", { name: "Update Event" }).click();
    await expectToast(page, "Event updated successfully");
    await expect(card).toContainText("Khadakwasla");
    const saved = ((await (await page.request.get("/api/events")).json()) as Record<string, unknown>[]).find(
      (e) => e.title === title,
    );
    expect(saved).toMatchObject({ refundFullDays: 14, refundPartialPercent: 25, refundPartialDays: 3 });
    await card.getByRole("button", { name: "Deactivate" }).click();
    await expectToast(page, "Event deactivated");
    await expect(card.getByRole("button", { name: "Activate" })).toBeVisible();
    await snap(page, "admin-events");
    await card.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Are you sure you want to delete this event?")).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
    await expectToast(page, "Event deleted successfully");
    await expect(page.getByRole("article").filter({ hasText: title })).toHaveCount(0);
  });

  test("Strava sync, feedback and analysis tabs", async ({ page }) => {
    await asAdmin(page);
    await page.goto("/admin?tab=sync");
    const row = page.getByRole("row").filter({ hasText: "athlete@example.com" });
    await expect(row).toBeVisible();
    await expect(page.getByText("Refreshes every 30 seconds.")).toBeVisible();
    await row.getByRole("button", { name: "Sync athlete" }).click();
    await expectToast(page, "Sync Initiated");
    await snap(page, "admin-sync");

    await page
      .getByRole("navigation", { name: "Admin sections" })
      .getByRole("link", { name: "Feedback" })
      .click();
    await expect(page.getByRole("link", { name: "Manage feedback" })).toBeVisible();

    await page.goto("/admin?tab=analysis");
    await expect(page.getByRole("heading", { name: "Activity Analysis" })).toBeVisible();
    await expect(page.getByRole("cell", { name: "Ride", exact: true })).toBeVisible();
    // Ride's distance dwarfs the other sports: a log scale and a share view, every bar labelled.
    const types = page.getByRole("group", { name: "Activities by type view" });
    const typesChart = page.getByTestId("types-chart");
    await types.getByRole("button", { name: "Distance, log scale" }).click();
    await expect(page.getByRole("img", { name: "Distance by activity type, log scale" })).toBeVisible();
    await typesChart.scrollIntoViewIfNeeded();
    await expect(typesChart.locator(".apexcharts-xaxis-label tspan").last()).toHaveText(/^[\d,]+ km$/);
    await expect(typesChart.locator(".apexcharts-yaxis-label").first()).toContainText("Ride");
    await expect(typesChart.locator(".apexcharts-data-labels").first()).toContainText(/[\d,.]+ km/);
    await types.getByRole("button", { name: "Share of activities" }).click();
    await expect(page.getByRole("img", { name: "Share of all activities by activity type" })).toBeVisible();
    await expect(typesChart.locator(".apexcharts-data-labels").first()).toContainText(/[\d.]+%/);
    await snap(page, "admin-analysis-types-share");
    await page.getByRole("link", { name: "Participation Stats" }).click();
    await expect(page.getByText("Strava connected")).toBeVisible();
    // Participation over time: 26 weeks as lines and as a table.
    const overTime = page.getByTestId("participation-over-time");
    await expect(overTime.getByRole("heading", { name: "Participation over time" })).toBeVisible();
    await expect(
      overTime.getByRole("table", { name: "Per week, newest first" }).getByRole("row"),
    ).toHaveCount(27);
    await overTime.getByTestId("participation-chart").scrollIntoViewIfNeeded();
    await expect(overTime.locator(".apexcharts-line")).toHaveCount(4);
    await snap(page, "admin-analysis-participation");
    await page.getByRole("link", { name: "Distance Distribution" }).click();
    // The chart cuts at the community's quantiles; the spec's 50 km steps stay as the table.
    await expect(
      page.getByText(/Members by their total distance, in steps cut at the community's own fifths/),
    ).toBeVisible();
    await expect(page.getByRole("table", { name: "Members in 50 km steps" })).toBeVisible();
    await expect(
      page.getByRole("table", { name: "Members in 50 km steps" }).getByRole("row").nth(1),
    ).toContainText(/\d+(-\d+)?\+? km/);
    await page.getByRole("img", { name: "Members by total distance" }).scrollIntoViewIfNeeded();
    const bars = page.getByRole("img", { name: "Members by total distance" }).locator(".apexcharts-bar-area");
    await expect.poll(() => bars.count()).toBeGreaterThanOrEqual(3);
    await snap(page, "admin-analysis-distribution");
    await page.getByRole("link", { name: "User Activity Analysis" }).click();
    await expect(page.getByRole("row").filter({ hasText: "athlete" }).first()).toBeVisible();
    await snap(page, "admin-analysis-users");
  });

  test("the user dashboard: summaries, tabs, 'View All', sync panel; unknown user; members are refused", async ({
    page,
  }) => {
    await asAdmin(page);
    await page.goto("/admin/users/2");
    await expect(page.getByRole("heading", { name: "athlete", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Running" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cycling" })).toBeVisible();
    await expect(page.getByTestId("sport-groups")).toContainText(
      /^All sports: [\d,]+ activities · Ride [\d,]+/,
    );
    await expect(page.getByRole("link", { name: /View All \d+ Activities/ })).toHaveAttribute(
      "href",
      "/activities?userId=2",
    );
    await page.getByRole("link", { name: "Strava Sync" }).click();
    await expect(page.getByText(/Connected \(athlete 1001\)/)).toBeVisible();
    await snap(page, "admin-user-dashboard");

    await page.goto("/admin/users/999999");
    await expect(page.getByText("User not found")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Admin" })).toHaveAttribute("href", "/admin");

    await signIn(page);
    const res = await page.goto("/admin/users/2");
    expect(res?.status()).toBe(403);
    await expect(page.getByText("Admin access required")).toBeVisible();
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("Wari: the admin creates the next edition (a past day refused at its field) and sees it listed, at 375 px too", async ({
    page,
  }) => {
    const year = new Date().getUTCFullYear() + 1;
    await asAdmin(page);
    try {
      await page.goto("/admin?tab=wari");
      await expect(page.getByRole("link", { name: "Wari", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      const past = page.getByTestId("edition-2025");
      await expect(past).toContainText("June 7, 2025");
      await expect(past.getByRole("link", { name: "IAS CycleWari 2025", exact: true })).toHaveAttribute(
        "href",
        "/admin/wari/2025",
      );

      await page.getByRole("button", { name: "Create New Edition" }).click();
      const dialog = page.getByRole("dialog", { name: "Create New Edition" });
      await dialog.getByLabel("Year").fill("2024");
      await dialog.getByLabel("Name").fill("IAS CycleWari 2024");
      await dialog.getByLabel("Ride day (in India)").fill("2024-06-01");
      await dialog.getByRole("button", { name: "Create Edition" }).click();
      // The API's rule, shown at its field.
      await expect(dialog.getByLabel("Ride day (in India)")).toHaveAttribute("aria-invalid", "true");
      await expect(dialog.getByText("The ride day must be today or later")).toBeVisible();

      await dialog.getByLabel("Year").fill(String(year));
      await dialog.getByLabel("Name").fill(`IAS CycleWari ${year}`);
      await dialog.getByLabel("Ride day (in India)").fill(`${year}-06-05`);
      await dialog.getByRole("button", { name: "Create Edition" }).click();
      await expectToast(page, "Edition created");
      await expect(dialog).toBeHidden();
      const next = page.getByTestId(`edition-${year}`);
      await expect(next.getByRole("link", { name: `IAS CycleWari ${year}`, exact: true })).toHaveAttribute(
        "href",
        `/admin/wari/${year}`,
      );
      await expect(next).toContainText(`June 5, ${year}`);
      await expect(next).toContainText("Registration open");
      await expect(next.getByRole("button", { name: "Close registration" })).toBeVisible();
      await snap(page, "admin-wari");

      await page.setViewportSize({ width: 375, height: 800 });
      await page.reload();
      await expect(page.getByTestId(`edition-${year}`)).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await snap(page, "admin-wari-phone");
    } finally {
      // The other specs on this server expect 2025 to be the current edition.
      await page.request.delete(`/api/admin/wari/editions/${year}`);
    }
  });

  test("at 375 px the admin tabs fit", async ({ page }) => {
    await asAdmin(page);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const tab of ["users", "events", "challenges", "sync", "analysis"]) {
      await page.goto(`/admin?tab=${tab}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
    }
    await snap(page, "admin-phone");
  });
});

test.describe("admin without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a flag switch posts and comes back with the toast", async ({ page }) => {
    await asAdmin(page);
    await page.goto("/admin?tab=users&q=vihaan01");
    const verified = page.getByRole("switch", { name: "Verified: vihaan01" });
    const before = await verified.getAttribute("aria-checked");
    await verified.click();
    await expect(page.getByTestId("toast")).toContainText(
      before === "true" ? "Email Unverified" : "Email Verified",
    );
    await expect(page.getByRole("switch", { name: "Verified: vihaan01" })).toHaveAttribute(
      "aria-checked",
      before === "true" ? "false" : "true",
    );
    // Put it back.
    await page.getByRole("switch", { name: "Verified: vihaan01" }).click();
  });
});
