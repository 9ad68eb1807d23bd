/**
 * Issue #12 point 5: the error texts of spec part 1 §8 and part 2 §8, made to
 * happen in the browser and read on screen. Where a provider can fail, the
 * fake fails for real (fault injection on the fakes server); a stale page
 * reaches what the UI would otherwise disable; only a failure inside the app's
 * own server that nothing outside can cause is answered by `page.route`, with
 * the answer that server gives on that failure.
 */
import type { Page } from "@playwright/test";
import {
  d1,
  expect,
  fakesUrl,
  freshMemberSyncedWithStrava,
  signIn,
  signInFreshMember,
  snap,
  test,
  unique,
} from "./fixtures";

const asAdmin = (page: Page) => signIn(page, "admin", "Admin@1234");

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toHaveAttribute("data-variant", "destructive");
  await expect(toast.locator("p").first()).toHaveText(title);
  if (description !== undefined) await expect(toast.locator("p").nth(1)).toHaveText(description);
}

/** A fresh member linked to a new fake athlete and synced (fixtures.ts); answers their id and username. */
async function connectedMember(page: Page): Promise<{ id: number; username: string }> {
  await freshMemberSyncedWithStrava(page, 98_000 + Math.floor(Math.random() * 1000), ["Fault", "E2E"]);
  const me = (await (await page.request.get("/api/user")).json()) as { id: number; username: string };
  return me;
}

/** Strava's next answer to an activities read is a 403: an answer the sync has no rule for. */
async function stravaRefusesNextRead(page: Page) {
  const res = await page.request.post(`${fakesUrl()}/_control/strava/faults`, {
    data: { status: 403, count: 1, path: "/athlete/activities" },
  });
  expect(res.status()).toBe(200);
}

const clearFaults = (page: Page) => page.request.delete(`${fakesUrl()}/_control/strava/faults`);

test.describe("error texts on screen (issue #12 point 5)", () => {
  test("admin Strava Sync tab: 'Sync Error' / 'Failed to sync Strava activities: Request failed with status 500'", async ({
    page,
  }) => {
    const member = await connectedMember(page);
    await asAdmin(page);
    await page.goto("/admin?tab=sync");
    const row = page.getByRole("row").filter({ hasText: member.username });
    await expect(row).toHaveCount(1);
    await stravaRefusesNextRead(page);
    try {
      await row.getByRole("button", { name: `Sync ${member.username}` }).click();
      await expectToast(
        page,
        "Sync Error",
        "Failed to sync Strava activities: Request failed with status 500",
      );
      await snap(page, "error-text-admin-sync-error");
    } finally {
      await clearFaults(page);
    }
  });

  test("admin user panel: 'Error syncing Strava activities: Request failed with status 500'", async ({
    page,
  }) => {
    const member = await connectedMember(page);
    await asAdmin(page);
    await page.goto(`/admin/users/${member.id}?tab=sync`);
    const button = page.getByRole("button", { name: "Sync Strava activities" });
    await expect(button).toBeEnabled();
    await stravaRefusesNextRead(page);
    try {
      await button.click();
      await expectToast(page, "Error syncing Strava activities: Request failed with status 500");
      await snap(page, "error-text-admin-user-sync-error");
    } finally {
      await clearFaults(page);
    }
  });

  test("challenge progress: 'Failed to recalculate progress' when the challenge was deleted meanwhile", async ({
    page,
  }) => {
    await asAdmin(page);
    const res = await page.request.post("/api/challenges", {
      data: {
        title: unique("Gone "),
        description: "Deleted while its progress page is open",
        startDate: new Date().toISOString(),
        endDate: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        sportType: "Ride",
        targetDistance: 100_000,
        targetTime: null,
        isActive: true,
      },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: number };
    await page.goto(`/admin/challenges/${id}`);
    const recalculate = page.getByRole("button", { name: "Recalculate progress for all" });
    await expect(recalculate).toBeEnabled();
    // Another admin deletes it; this page is now stale.
    expect((await page.request.delete(`/api/challenges/${id}`)).status()).toBe(200);
    await recalculate.click();
    await expectToast(page, "Failed to recalculate progress", "Challenge not found");
    await snap(page, "error-text-recalculate-failed");
  });

  test("Strava connect start failure: 'Connection Error: Failed to initiate Strava connection. Please try again.'", async ({
    page,
  }) => {
    await signInFreshMember(page);
    await page.goto("/profile/strava");
    // Starting the connect fails inside the app's server (the state cookie could not be made); it answers
    // by sending the member back with error=connect_start_failed, as connect.server.ts does.
    await page.route("**/api/user/connect-strava?*", async (route) => {
      const returnTo = new URL(route.request().url()).searchParams.get("returnTo") ?? "/dashboard";
      const back = new URL(returnTo, route.request().url());
      back.searchParams.set("error", "connect_start_failed");
      await route.fulfill({ status: 302, headers: { location: back.toString() } });
    });
    await page.getByRole("link", { name: "Connect with Strava" }).click();
    await expectToast(page, "Connection Error", "Failed to initiate Strava connection. Please try again.");
    await expect(page).toHaveURL(/\/profile\/strava$/);
    await snap(page, "error-text-connect-start-failed");
  });

  test("admin user panel: 'Error fetching Strava sync statistics: Request failed with status 500' when the statistics read fails", async ({
    page,
  }) => {
    await asAdmin(page);
    const athlete = (await (
      await page.request.get("/api/admin/users?search=athlete@example.com")
    ).json()) as {
      id: number;
    }[];
    const id = athlete[0]!.id;
    // The statistics read fails inside D1 (its table is gone for a moment); the rest of the page still loads.
    await d1("ALTER TABLE strava_connections RENAME TO e2e_strava_connections_away");
    try {
      await page.goto(`/admin/users/${id}?tab=sync`);
      await expect(page.getByRole("alert")).toHaveText(
        "Error fetching Strava sync statistics: Request failed with status 500. Unable to load Strava sync information for this user.",
      );
      await snap(page, "error-text-admin-sync-stats-failed");
    } finally {
      await d1("ALTER TABLE e2e_strava_connections_away RENAME TO strava_connections");
    }
    await page.reload();
    await expect(page.getByRole("button", { name: "Sync Strava activities" })).toBeVisible();
  });

  test("profile: 'Failed to complete profile' when saving the completion fails on the server", async ({
    page,
  }) => {
    await signInFreshMember(page);
    const patched = await page.request.patch("/api/user/profile", {
      data: {
        firstName: "Asha",
        lastName: "Kale",
        age: 29,
        gender: "female",
        bloodGroup: "O+",
        tshirtSize: "M",
        jerseySize: "L",
        emergencyContactName: "Ravi Kale",
        emergencyContactPhone: "9876543210",
        emergencyContactRelation: "Spouse",
      },
    });
    expect(patched.status()).toBe(200);
    const { id } = (await (await page.request.get("/api/user")).json()) as { id: number };
    await page.goto("/profile-settings");
    // D1 refuses the write that marks this member's profile complete.
    const trigger = `e2e_fail_complete_${id}`;
    await d1(
      `CREATE TRIGGER ${trigger} BEFORE UPDATE OF profile_completed ON users WHEN NEW.id = ${id} ` +
        `BEGIN SELECT RAISE(ABORT, 'injected by error-texts.spec'); END`,
    );
    try {
      await page.getByRole("button", { name: "Mark Profile as Complete" }).click();
      await expectToast(page, "Failed to complete profile");
      await expect(page.getByTestId("toast").locator("p")).toHaveCount(1);
      await expect(page).toHaveURL(/\/profile-settings$/);
      await snap(page, "error-text-complete-profile-failed");
    } finally {
      await d1(`DROP TRIGGER IF EXISTS ${trigger}`);
    }
  });

  test("logout: 'Logout failed' when the logout request fails, and the member stays signed in", async ({
    page,
  }) => {
    await signIn(page);
    await page.goto("/dashboard");
    // The logout request fails on its way (the connection to the server drops). A 503 page
    // instead would end the same way, but Remix logs the undecodable answer to the console.
    await page.route("**/logout.data*", (route) => route.abort("connectionreset"));
    const menu = page.getByRole("button", { name: "Account menu for athlete" });
    await menu.click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expectToast(page, "Logout failed");
    await expect(page.getByTestId("toast").locator("p")).toHaveCount(1);
    await expect(page).toHaveURL(/\/dashboard$/);
    await snap(page, "error-text-logout-failed");
    // Still signed in: the next logout, answered by the server, works.
    await page.unroute("**/logout.data*");
    await menu.click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(page.getByTestId("toast")).toContainText("Logged out successfully");
    await expect(page).toHaveURL(/\/$/);
  });
});
