import { expect, FAKES_URL, snap, test } from "./fixtures";

test("connect Strava through the fake's approve page, watch the sync banner, then see the numbers", async ({ page }) => {
  const athleteId = 95_000 + Math.floor(Math.random() * 1000);
  await page.request.post(`${FAKES_URL}/_control/strava/athletes`, { data: { id: athleteId, firstname: "Ananya", lastname: "E2E", activities: 1600, seed: athleteId, days: 700 } });
  await page.request.post(`${FAKES_URL}/_control/strava/next-athlete`, { data: { athleteId } });

  await page.goto("/auth");
  await page.getByLabel("Username").fill("ananya02");
  await page.getByLabel("Password").fill("Member@1234");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).not.toHaveURL(/\/auth/);

  type Stats = { overall: { activityCount: number }; bySport: Record<string, { activityCount: number }> };
  const before = (await (await page.request.get("/api/dashboard/stats")).json()) as Stats;
  await page.goto("/profile/strava");
  await expect(page.getByTestId("strava-state")).toHaveText("Not connected");
  await page.getByRole("link", { name: "Connect with Strava" }).click();
  await expect(page).toHaveURL(/\/strava\/oauth\/authorize/);
  await snap(page, "strava-approve-page");
  await page.locator("#authorize").click();

  await expect(page).toHaveURL(/\/profile\/strava$/); // the query is removed
  await expect(page.getByTestId("toast")).toContainText("Strava Connected");
  const banner = page.getByTestId("sync-banner");
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("Syncing your Strava activities");
  await expect(banner.getByLabel("Elapsed time")).toHaveText(/^\d\d:\d\d$/);
  await snap(page, "strava-sync-banner");
  await expect(banner).toBeHidden({ timeout: 45_000 });
  await expect(page.getByTestId("strava-state")).toHaveText("Connected");
  await expect(page.getByTestId("strava-connect")).toHaveText("Connected to Strava");

  const status = await (await page.request.get("/api/user/sync-status")).json();
  expect(status).toMatchObject({ completed: true, error: null, progress: { current: 1600, total: 1600 } });
  await page.goto("/dashboard");
  await expect(page.getByTestId("strava-connect")).toHaveText("Connected to Strava");
  const after = (await (await page.request.get("/api/dashboard/stats")).json()) as Stats;
  expect(after.overall.activityCount - before.overall.activityCount).toBe(1600);
  await expect(page.getByText(String(after.bySport.Ride.activityCount), { exact: true }).first()).toBeVisible();
  await snap(page, "dashboard-after-sync");
});
