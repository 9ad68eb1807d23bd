import type { Locator, Page } from "@playwright/test";
import { expect, signIn, signInFreshMember, snap, test } from "./fixtures";

const count = async (page: Page, status: string) =>
  Number(await page.getByTestId(`count-${status}`).innerText());

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

const titleOf = (item: Locator) => item.getByRole("heading", { level: 3 }).innerText();

test.describe("recommendations page", () => {
  test("the demo athlete generates a plan, completes one, skips one and sees the tabs update", async ({
    page,
    consoleErrors,
  }) => {
    await signIn(page);
    await page.goto("/recommendations");
    await expect(page.getByRole("heading", { name: "Workout Recommendations", level: 1 })).toBeVisible();

    // The profile panel: two years of activities, so a real profile.
    const panel = page.getByTestId("fitness-profile");
    await expect(panel.getByTestId("fitness-level")).toHaveText(/Beginner|Intermediate|Advanced|Elite/);
    await expect(panel.getByText("No Fitness Profile Available")).toHaveCount(0);

    const tabs = page.getByRole("navigation", { name: "Recommendation status" });
    await expect(tabs.getByRole("link", { name: /Pending/ })).toHaveAttribute("aria-current", "page");
    const before = {
      pending: await count(page, "pending"),
      completed: await count(page, "completed"),
      skipped: await count(page, "skipped"),
    };
    const items = page.getByTestId("panel-pending").getByTestId("recommendation");
    await expect(items).toHaveCount(before.pending);

    // Generate: runs only, hard, for speed.
    const form = page.getByRole("region", { name: "Generate Workouts" });
    for (const sport of ["Run", "Ride", "Swim"])
      await form.getByLabel(sport, { exact: true }).setChecked(sport === "Run");
    await form.getByText("Hard", { exact: true }).click();
    await form.getByText("Speed", { exact: true }).click();
    await form.getByRole("button", { name: "Generate Recommendations" }).click();
    await expectToast(page, "Recommendations Generated", "New workout recommendations are ready.");
    await expect(page.getByTestId("count-pending")).toHaveText(String(before.pending + 3));
    await expect(items).toHaveCount(before.pending + 3);
    await expect(items.first().getByRole("heading")).toHaveText("Run Intervals");
    await expect(items.first().getByTestId("difficulty-badge")).toHaveText("Hard");
    await expect(items.first().getByTestId("target-duration")).toHaveText(/^(\d+ min|\d+ h( \d+ min)?)$/);
    await expect(items.first().getByTestId("target-distance")).toHaveText(/^\d+\.\d km$/);

    // Complete the first one.
    const done = await titleOf(items.first());
    await items.first().getByRole("button", { name: "Mark as Complete" }).click();
    await expectToast(page, "Workout Completed", "Great job on completing your workout!");
    await expect(page.getByTestId("count-completed")).toHaveText(String(before.completed + 1));
    await expect(page.getByTestId("count-pending")).toHaveText(String(before.pending + 2));

    // Skip the next one.
    const skipped = await titleOf(items.first());
    await items.first().getByRole("button", { name: "Skip" }).click();
    await expectToast(page, "Workout Skipped", "The workout has been skipped.");
    await expect(page.getByTestId("count-skipped")).toHaveText(String(before.skipped + 1));
    await expect(page.getByTestId("count-pending")).toHaveText(String(before.pending + 1));
    await snap(page, "recommendations-desktop");

    // Completed and Skipped tabs: the items are there, without actions.
    await tabs.getByRole("link", { name: /Completed/ }).click();
    await expect(page).toHaveURL(/status=completed/);
    const completedItems = page.getByTestId("panel-completed").getByTestId("recommendation");
    await expect(completedItems).toHaveCount(before.completed + 1);
    await expect(completedItems.first().getByRole("heading")).toHaveText(done);
    await expect(page.getByRole("button", { name: "Mark as Complete" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Skip", exact: true })).toHaveCount(0);

    await tabs.getByRole("link", { name: /Skipped/ }).click();
    await expect(page).toHaveURL(/status=skipped/);
    const skippedItems = page.getByTestId("panel-skipped").getByTestId("recommendation");
    await expect(skippedItems).toHaveCount(before.skipped + 1);
    await expect(skippedItems.first().getByRole("heading")).toHaveText(skipped);
    await expect(page.getByRole("button", { name: "Mark as Complete" })).toHaveCount(0);
    expect(consoleErrors).toEqual([]);
  });

  test("a fresh member sees 'No Fitness Profile Available' and gets a beginner Run plan", async ({
    page,
    consoleErrors,
  }) => {
    await signInFreshMember(page);
    await page.goto("/recommendations");
    await expect(page.getByText("No Fitness Profile Available")).toBeVisible();
    await expect(page.getByText("No pending workouts.")).toBeVisible();
    await snap(page, "recommendations-empty-profile");
    await page.getByRole("button", { name: "Generate Recommendations" }).click();
    await expectToast(page, "Recommendations Generated");
    const items = page.getByTestId("panel-pending").getByTestId("recommendation");
    await expect(items).toHaveCount(3);
    await expect(items.getByRole("heading")).toHaveText(["Endurance Run", "Tempo Run", "Recovery Run"]);
    expect(consoleErrors).toEqual([]);
  });

  test("at 375 px nothing overflows", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page);
    await page.goto("/recommendations");
    await expect(page.getByTestId("fitness-profile")).toBeVisible();
    await expect(page.getByRole("button", { name: "Mark as Complete" }).first()).toBeVisible();
    const widths = await page.evaluate(() => ({
      doc: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
    }));
    expect(widths.doc).toBeLessThanOrEqual(375);
    expect(widths.body).toBeLessThanOrEqual(375);
    await snap(page, "recommendations-phone");
  });
});

test.describe("recommendations without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms post to the page: generate and complete, with the spec's toast", async ({ page }) => {
    await signInFreshMember(page);
    await page.goto("/recommendations");
    await page.getByText("Distance", { exact: true }).click();
    await page.getByRole("button", { name: "Generate Recommendations" }).click();
    await expect(page.getByTestId("toast")).toContainText("Recommendations Generated");
    const items = page.getByTestId("panel-pending").getByTestId("recommendation");
    await expect(items.first().getByRole("heading")).toHaveText("Long Run");
    await items.first().getByRole("button", { name: "Mark as Complete" }).click();
    await expect(page.getByTestId("toast")).toContainText("Workout Completed");
    await expect(page.getByTestId("count-completed")).toHaveText("1");
  });
});

test.describe("dashboard card", () => {
  test("generates from the dashboard and lists at most 2 pending with View All", async ({
    page,
    consoleErrors,
  }) => {
    await signInFreshMember(page);
    await page.goto("/dashboard");
    const card = page.getByTestId("recommendations-card");
    // The dashboard engineer renders <RecommendationsCard />; until then there is nothing to drive here.
    test.skip((await card.count()) === 0, "the dashboard does not render RecommendationsCard yet");
    await card.scrollIntoViewIfNeeded(); // the card fetches its list once near the viewport

    await expect(card.getByText("You don't have any workout recommendations yet.")).toBeVisible();
    const button = card.getByRole("button", { name: "Generate Recommendations" });
    await button.click();
    await expectToast(page, "Recommendations Generated", "New workout recommendations are ready.");
    await expect(card.getByTestId("recommendations-available")).toHaveText("3 Available");
    await expect(card.getByTestId("recommendation")).toHaveCount(2);
    await expect(card.getByTestId("recommendation").getByRole("heading")).toHaveText([
      "Endurance Run",
      "Tempo Run",
    ]);
    await expect(card.getByTestId("difficulty-badge").first()).toHaveText("Moderate");
    await snap(page, "recommendations-dashboard-card");
    await card.getByRole("link", { name: "View All" }).click();
    await expect(page).toHaveURL(/\/recommendations$/);
    await expect(page.getByTestId("count-pending")).toHaveText("3");
    expect(consoleErrors).toEqual([]);
  });

  test("the demo athlete's card shows 'N Available' and at most 2", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    const card = page.getByTestId("recommendations-card");
    test.skip((await card.count()) === 0, "the dashboard does not render RecommendationsCard yet");
    await card.scrollIntoViewIfNeeded();
    const pending = (await (
      await page.request.get("/api/recommendations?status=pending")
    ).json()) as unknown[];
    await expect(card.getByTestId("recommendations-available")).toHaveText(`${pending.length} Available`);
    await expect(card.getByTestId("recommendation")).toHaveCount(Math.min(2, pending.length));
  });

  test("on a phone the card asks for its list only when scrolled near, pulsing while it loads", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    const asked: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/recommendations")) asked.push(r.url());
    });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/recommendations?status=pending", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/dashboard");
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    const card = page.getByTestId("recommendations-card");
    const skeletons = card.getByTestId("recommendations-loading");
    await expect(skeletons).toBeAttached();
    await page.waitForTimeout(1500); // hydrated and idle: still nothing asked, nothing pulsing
    expect(asked).toEqual([]);
    await expect(skeletons.locator(".animate-pulse")).toHaveCount(0);
    await card.scrollIntoViewIfNeeded();
    await expect.poll(() => asked.length).toBe(1);
    await expect(skeletons.locator(".animate-pulse")).toHaveCount(2);
    release();
    await expect(skeletons).toHaveCount(0);
    await expect(card.getByRole("heading", { name: "Workout Recommendations" })).toBeVisible();
  });

  test("without a connection only the card says so; the dashboard stays and Try again loads it", async ({
    page,
  }) => {
    await signIn(page);
    let cut = true;
    await page.route("**/api/recommendations?status=pending", (route) =>
      cut ? route.abort("internetdisconnected") : route.continue(),
    );
    await page.goto("/dashboard");
    const card = page.getByTestId("recommendations-card");
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("alert")).toHaveText(
      "Failed to load your workout recommendations. Please try again.",
    );
    await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
    cut = false;
    await card.getByRole("button", { name: "Try again" }).click();
    await expect(card.getByTestId("recommendations-available")).toBeVisible();
  });
});
