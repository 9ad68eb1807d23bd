import { expect, signIn, snap, test } from "./fixtures";

const TABS = ["Getting Started", "Dashboard", "Wari 2025", "Other Features"];
const SUPPORT_EMAIL = "support@example.com"; // wrangler.toml [vars]

test("a guest reads the guide: tabs, account rules and the support contact; tabs switch by click without a reload (the address follows) and with the arrow keys", async ({
  page,
}) => {
  const response = await page.goto("/user-guide");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("User Guide · CycleWari Community");
  await expect(page.getByRole("heading", { level: 1, name: "User Guide" })).toBeVisible();

  const tablist = page.getByRole("tablist", { name: "User guide sections" });
  await expect(tablist.getByRole("tab")).toHaveText(TABS);
  await expect(page.getByRole("tab", { name: "Getting Started" })).toHaveAttribute("aria-selected", "true");

  const panel = page.getByRole("tabpanel");
  await expect(panel).toContainText("at least 8 characters with at least one special character");
  await expect(panel.getByText("Email verification is required for full use")).toBeVisible();
  await expect(panel).toContainText("Sign in with Google");
  await expect(panel).toContainText("Sign in with Strava");
  await expect(panel).toContainText("Connect with Strava");

  const support = page.getByRole("link", { name: SUPPORT_EMAIL });
  await expect(support).toHaveAttribute("href", `mailto:${SUPPORT_EMAIL}`);
  await snap(page, "user-guide-getting-started");

  // Tabs switch by click without a reload, and the address follows.
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  await page.getByRole("tab", { name: "Dashboard" }).click();
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true");
  const dashboard = page.getByTestId("guide-dashboard");
  await expect(dashboard.getByRole("heading", { name: "Achievement cards" })).toBeVisible();
  await expect(dashboard.getByTestId("bands-Ride").getByRole("listitem")).toHaveText([
    /^Above 200 km\s*200\+ km$/,
    /^Above 100 km/,
    /^Above 50 km/,
  ]);
  await expect(dashboard.getByTestId("bands-Run").getByRole("listitem")).toHaveText([
    /^Marathon\s*42\.2\+ km$/,
    /^Half Marathon/,
    /^10K/,
    /^5K/,
  ]);
  for (const sport of ["Ride", "Run", "Swim", "Walk", "Hike", "Other"]) {
    await expect(dashboard.getByText(sport, { exact: true })).toBeVisible();
  }
  await expect(dashboard.getByRole("heading", { name: "Activity timeline" })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=dashboard$/);
  await snap(page, "user-guide-dashboard");

  await page.getByRole("tab", { name: "Other Features" }).click();
  const other = page.getByTestId("guide-other");
  await expect(other.getByRole("heading", { name: "Challenges" })).toBeVisible();
  for (const kind of ["Distance", "Consistency", "Elevation", "Special events"])
    await expect(other.getByText(kind, { exact: true })).toBeVisible();
  await expect(other.getByRole("heading", { name: "Workout recommendations" })).toBeVisible();
  await expect(other.getByRole("heading", { name: "Profile settings" })).toBeVisible();
  await expect(page).toHaveURL(/\?tab=other$/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await snap(page, "user-guide-other");

  // The address is a real link: a reload opens the same tab.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Other Features" })).toHaveAttribute("aria-selected", "true");

  // Tabs switch with the arrow keys.
  await page.goto("/user-guide");
  await page.getByRole("tab", { name: "Getting Started" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Dashboard" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("guide-dashboard")).toBeVisible();

  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Wari 2025" })).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft"); // wraps around to the last tab
  await expect(page.getByRole("tab", { name: "Other Features" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Other Features" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("guide-other")).toBeVisible();

  // Only the selected tab is in the tab order; Tab moves into the panel.
  await expect(page.getByRole("tab", { name: "Dashboard" })).toHaveAttribute("tabindex", "-1");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("guide-other")).toBeFocused();
});

test("a signed-in member reads every tab on a 375 px phone without sideways scrolling; ?tab=wari is rendered by the server", async ({
  page,
}) => {
  await signIn(page);
  const html = await (await page.request.get("/user-guide?tab=wari")).text();
  expect(html).toContain("250 km in a single day on June 7, 2025");
  expect(html).toMatch(/aria-selected="true"[^>]*>Wari 2025</);

  await page.setViewportSize({ width: 375, height: 740 });
  for (const tab of ["getting-started", "dashboard", "other", "wari"]) {
    const response = await page.goto(`/user-guide?tab=${tab}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId(`guide-${tab}`)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `sideways overflow on ?tab=${tab}`).toBeLessThanOrEqual(0);
    await snap(page, `user-guide-phone-${tab}`);
  }
  // The last tab opened is the Wari one.
  const wari = page.getByTestId("guide-wari");
  await expect(page.getByRole("tab", { name: "Wari 2025" })).toHaveAttribute("aria-selected", "true");
  await expect(wari).toContainText("Plans span about 12 to 16 weeks");
  for (const category of ["Beginner", "Intermediate", "Advanced", "Elite"]) {
    await expect(wari.getByTestId("wari-categories").getByText(category, { exact: true })).toBeVisible();
  }
  await expect(wari.getByRole("heading", { name: "Ticking off workouts" })).toBeVisible();
  await expect(page.getByRole("link", { name: SUPPORT_EMAIL })).toBeVisible();
  await snap(page, "user-guide-wari");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("tabs are links that load the chosen panel", async ({ page }) => {
    await page.goto("/user-guide");
    await expect(page.getByTestId("guide-getting-started")).toBeVisible();
    // Every tab is reachable with the keyboard before scripts run.
    for (const name of TABS) await expect(page.getByRole("tab", { name })).toHaveAttribute("tabindex", "0");

    await page.getByRole("tab", { name: "Wari 2025" }).click();
    await expect(page).toHaveURL(/\/user-guide\?tab=wari$/);
    await expect(page.getByRole("tab", { name: "Wari 2025" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("guide-wari")).toContainText("Plans span about 12 to 16 weeks");
    await expect(page.getByTestId("guide-getting-started")).toHaveCount(0);

    await page.getByRole("tab", { name: "Other Features" }).click();
    await expect(page).toHaveURL(/\?tab=other$/);
    await expect(page.getByTestId("guide-other").getByRole("heading", { name: "Challenges" })).toBeVisible();
    await expect(page.getByRole("link", { name: SUPPORT_EMAIL })).toHaveAttribute(
      "href",
      `mailto:${SUPPORT_EMAIL}`,
    );
  });
});
