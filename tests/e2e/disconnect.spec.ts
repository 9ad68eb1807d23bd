/**
 * Disconnecting Strava (issue #13 point 2, docs/decisions/021): the profile
 * shows "Disconnect Strava", the member confirms after reading what is
 * deleted or kept, and sees the result. Each test connects its own fresh
 * member to its own fake athlete (never the shared demo athlete).
 */
import type { Page } from "@playwright/test";
import { expect, fakesUrl, freshMemberSyncedWithStrava, signInFreshMember, snap, test } from "./fixtures";

type Stats = { overall: { activityCount: number } };
const activityCount = async (page: Page) =>
  ((await (await page.request.get("/api/dashboard/stats")).json()) as Stats).overall.activityCount;
const deauthorizeCalls = async (page: Page) => {
  const usage = (await (await page.request.get(`${fakesUrl()}/_control/strava/usage`)).json()) as {
    byRoute: Record<string, number>;
  };
  return usage.byRoute["POST /strava/oauth/deauthorize"] ?? 0;
};

test("a member disconnects Strava from profile settings: confirmation, revoke at Strava, activities gone", async ({
  page,
}) => {
  await freshMemberSyncedWithStrava(page, 93_000 + Math.floor(Math.random() * 1000), ["Dis", "Connect"]);
  expect(await activityCount(page)).toBe(3);
  await page.goto("/profile/strava");
  await expect(page.getByTestId("sync-banner")).toBeHidden();
  await expect(page.getByTestId("strava-disconnect")).toHaveText("Disconnect Strava");
  await expect(page.getByTestId("keep-agreement")).toContainText("disconnecting Strava deletes them");

  await page.goto("/profile-settings");
  const section = page.getByTestId("settings-strava");
  await expect(section).toContainText("Connected to Strava as");
  await expect(section.getByTestId("strava-athlete")).not.toBeEmpty();
  await snap(page, "disconnect-settings-section");
  await section.getByRole("link", { name: "Disconnect Strava" }).click();

  await expect(page).toHaveURL(/\/profile\/strava\?confirm=disconnect$/);
  const confirm = page.getByTestId("disconnect-confirm");
  await expect(confirm.getByRole("heading", { name: "Disconnect Strava?" })).toBeFocused();
  await expect(confirm).toContainText("It also deletes the 3 activities imported from Strava");
  await snap(page, "disconnect-confirm");
  const calls = await deauthorizeCalls(page);
  await confirm.getByRole("button", { name: "Yes, disconnect Strava" }).click();

  await expect(page.getByTestId("disconnect-result")).toContainText(
    "Strava is disconnected. Deleted 3 activities imported from Strava",
  );
  await expect(page.getByTestId("disconnect-revoke-yourself")).toHaveCount(0);
  await expect(page.getByTestId("strava-state")).toHaveText("Not connected");
  await expect(page.getByRole("link", { name: "Connect with Strava" })).toBeVisible();
  await snap(page, "disconnect-done");
  expect(await activityCount(page)).toBe(0);
  expect(await deauthorizeCalls(page)).toBe(calls + 1);
});

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("with 'Keep my imported activities' ticked at connect, a disconnect keeps them until the member withdraws", async ({
    page,
  }) => {
    const athleteId = 94_000 + Math.floor(Math.random() * 1000);
    await page.request.post(`${fakesUrl()}/_control/strava/athletes`, {
      data: { id: athleteId, firstname: "Kee", lastname: "Per", activities: 2, seed: athleteId, days: 30 },
    });
    await page.request.post(`${fakesUrl()}/_control/strava/next-athlete`, { data: { athleteId } });
    await signInFreshMember(page);
    await page.goto("/profile/strava");
    const keep = page.getByLabel("Keep my imported activities if I disconnect Strava");
    await expect(keep).not.toBeChecked();
    await keep.check();
    await snap(page, "disconnect-keep-box-phone");
    await page.getByRole("link", { name: "Connect with Strava" }).click();
    await page.locator("#authorize").click();
    await expect(page).toHaveURL(/\/profile\/strava$/);
    await expect(page.getByTestId("sync-banner")).toBeHidden({ timeout: 30_000 });
    await expect(page.getByTestId("keep-agreement")).toContainText("you agreed on");

    await page.getByTestId("strava-disconnect").click();
    const confirm = page.getByTestId("disconnect-confirm");
    await expect(confirm).toContainText(
      "Your 2 activities imported from Strava stay in your history, as you agreed on",
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await snap(page, "disconnect-confirm-keep-phone");
    await confirm.getByRole("button", { name: "Yes, disconnect Strava" }).click();
    await expect(page.getByTestId("disconnect-result")).toContainText(
      "Your imported activities were kept, as you agreed.",
    );
    expect(await activityCount(page)).toBe(2);

    await page.getByRole("button", { name: "Withdraw and delete them now" }).click();
    await expect(page.getByTestId("toast")).toContainText("Agreement withdrawn");
    await expect(page.getByTestId("keep-agreement")).toHaveCount(0);
    await expect(keep).not.toBeChecked();
    await snap(page, "disconnect-withdrawn-phone");
    expect(await activityCount(page)).toBe(0);
  });
});
