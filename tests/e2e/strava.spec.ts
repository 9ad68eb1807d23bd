import { d1, expect, fakesUrl, freshMemberSyncedWithStrava, signInFreshMember, snap, test } from "./fixtures";

test("connect Strava through the fake's approve page, watch the sync banner, then see the numbers", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const athleteId = 95_000 + Math.floor(Math.random() * 1000);
  await page.request.post(`${fakesUrl()}/_control/strava/athletes`, {
    data: {
      id: athleteId,
      firstname: "Ananya",
      lastname: "E2E",
      activities: 1600,
      seed: athleteId,
      days: 700,
      // A slow network: the eight pages take at least 8 s, so the banner is certain to be seen.
      answerDelayMs: 1000,
    },
  });
  await page.request.post(`${fakesUrl()}/_control/strava/next-athlete`, { data: { athleteId } });
  // The banner's polls, counted in the page as they are made (a count read after the clock's
  // runFor below is exact), and a clock the test can run forward (it runs on its own till then).
  await page.addInitScript(() => {
    const w = window as unknown as { syncPolls: number };
    w.syncPolls = 0;
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.includes("/api/user/sync-status")) w.syncPolls++;
      return fetch(input, init);
    };
  });
  await page.clock.install();

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
  await expect(banner).toBeHidden({ timeout: 90_000 });
  await expect(page.getByTestId("strava-state")).toHaveText("Connected");
  // The sync is done: the banner has stopped polling (issue #37). Ten more minutes of the page's
  // clock (120 of its 5 s ticks) make no further request.
  const polls = () => page.evaluate(() => (window as unknown as { syncPolls: number }).syncPolls);
  const seen = await polls();
  expect(seen).toBeGreaterThan(0);
  await page.clock.runFor(10 * 60_000);
  expect(await polls()).toBe(seen);
  await expect(page.getByTestId("strava-connect")).toHaveText("Connected to Strava");
  // The card names the athlete and gives the last sync once (issue #37), on a desktop and a phone.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId("strava-athlete")).toHaveText("Ananya E2E");
    await expect(page.getByTestId("strava-last-sync")).toBeVisible();
    await expect(page.getByText(/last sync/i)).toHaveCount(1);
  }

  const status = await (await page.request.get("/api/user/sync-status")).json();
  expect(status).toMatchObject({ completed: true, error: null, progress: { current: 1600, total: 1600 } });
  await page.goto("/dashboard");
  await expect(page.getByTestId("strava-connect")).toHaveText("Connected to Strava");
  const after = (await (await page.request.get("/api/dashboard/stats")).json()) as Stats;
  expect(after.overall.activityCount - before.overall.activityCount).toBe(1600);
  await expect(
    page.getByText(String(after.bySport.Ride.activityCount), { exact: true }).first(),
  ).toBeVisible();
  await snap(page, "dashboard-after-sync");
});

test("authorising a Strava account another member has: the dialog after the real OAuth round trip, at desktop and 375 px", async ({
  page,
}) => {
  // The demo athlete's Strava account (fake athlete 1001) belongs to the seeded "athlete".
  // A new member connects from the dashboard, as in the review of issue #37.
  await signInFreshMember(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await page.request.post(`${fakesUrl()}/_control/strava/next-athlete`, { data: { athleteId: 1001 } });
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Connect with Strava" }).click();
    await expect(page).toHaveURL(/\/strava\/oauth\/authorize/);
    await page.locator("#authorize").click();
    await expect(page).toHaveURL(/\/dashboard$/); // the query is removed, the dialog stays
    const dialog = page.getByRole("dialog");
    // The dialog element is a zero-size wrapper of fixed layers: its text is what is seen.
    await expect(dialog.getByText("Strava Account Already Connected")).toBeVisible();
    await expect(dialog).toContainText("Each Strava account can only be connected to one user account.");
    await snap(page, `strava-already-connected-${width}`);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(dialog).toHaveCount(0);
  }
});

test("'Sync now' starts one sync, then waits out the cooldown; a sync held by Strava's rate limit says when it goes on", async ({
  page,
}) => {
  await freshMemberSyncedWithStrava(page, 97_000 + Math.floor(Math.random() * 1000), ["Rate", "Limited"]);
  await page.goto("/profile/strava");
  await expect(page.getByTestId("sync-banner")).toBeHidden();

  // Strava answers the next read with a 429.
  await page.request.post(`${fakesUrl()}/_control/strava/faults`, {
    data: { status: 429, count: 1, path: "/athlete/activities" },
  });
  try {
    const syncNow = page.getByTestId("strava-sync-now");
    await expect(syncNow).toHaveText("Sync now");
    await expect(syncNow).toBeEnabled();
    await syncNow.click();
    await expect(page.getByTestId("toast")).toContainText("Sync started");
    // The cooldown: the button is disabled and says when the member can sync again.
    await expect(syncNow).toBeDisabled();
    await expect(page.getByTestId("strava-sync-next")).toContainText(
      /You can sync again at \d{1,2}:\d\d [ap]m IST/,
    );

    const banner = page.getByTestId("sync-banner");
    await expect(banner).toContainText(
      /Waiting for Strava's rate limit: your sync will continue at \d{1,2}:\d\d [ap]m IST/,
      { timeout: 20_000 },
    );
    const status = (await (await page.request.get("/api/user/sync-status")).json()) as {
      state: string;
      resumesAt: string;
    };
    expect(status.state).toBe("waiting");
    expect(new Date(status.resumesAt).getUTCMinutes() % 15).toBe(0);
    await snap(page, "strava-sync-waiting");

    await page.goto("/dashboard");
    await expect(page.getByTestId("sync-banner")).toContainText("Waiting for Strava's rate limit");
    // A second request inside the cooldown is refused with the time to wait.
    const again = await page.request.post("/api/user/strava-sync");
    expect(again.status()).toBe(429);
    expect(Number(again.headers()["retry-after"])).toBeGreaterThan(0);
  } finally {
    await page.request.delete(`${fakesUrl()}/_control/strava/faults`);
    // Strava's 429 spends the app-wide window (as it should); give the specs after this one their budget back.
    await d1("UPDATE provider_budget SET used = 0");
  }
});
