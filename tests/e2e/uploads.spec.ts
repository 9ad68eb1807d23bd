import { readFileSync } from "node:fs";
import { expect, signIn, signInFreshMember, snap, test } from "./fixtures";

const FIXTURES = "tests/fixtures/activities";

test.describe("activities without Strava", () => {
  test("a member uploads files at 375 px and on the desktop: each file's own card says what became of it, a refused one in red", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await signInFreshMember(page);
    await page.goto("/activities");
    await page.getByRole("link", { name: "Add activities" }).click();
    await expect(page.getByRole("heading", { name: "Add activities" })).toBeVisible();
    await expect(page.getByText("No uploads yet.")).toBeVisible();

    // A drop zone, no second button: choosing a file sends it.
    const files = page.getByRole("region", { name: "Upload files" });
    await expect(files.getByRole("button", { name: "Upload" })).toHaveCount(0);
    await files.getByLabel("Choose files or drop them here").setInputFiles([
      {
        name: "strava-ride.gpx",
        mimeType: "application/gpx+xml",
        buffer: readFileSync(`${FIXTURES}/strava-ride.gpx`),
      },
      { name: "notes.gpx", mimeType: "text/plain", buffer: Buffer.from("Bring water and a spare tube\n") },
    ]);
    const sent = files.getByRole("list", { name: "Sent: upload files" });
    const refused = sent.getByRole("listitem").filter({ hasText: "notes.gpx" });
    await expect(refused).toContainText("Refused", { timeout: 20_000 });
    await expect(refused).toContainText("The file is not valid XML");
    await expect(refused).not.toContainText(/Sent|Saved/);
    await expect(refused.getByRole("progressbar")).toHaveCount(0);
    await expect(refused).toHaveCSS("border-color", "rgb(252, 165, 165)"); // red-300
    await expect(refused.getByText("The file is not valid XML")).toHaveCSS("color", "rgb(185, 28, 28)"); // red-700
    const saved = sent.getByRole("listitem").filter({ hasText: "strava-ride.gpx" });
    await expect(saved).toContainText("Saved", { timeout: 20_000 });
    await expect(
      saved.getByRole("link", { name: /^Sinhagad loop & back · [\d.]+ km · 10 Oct 2026$/ }),
    ).toBeVisible();
    await snap(files, "uploads-refused-phone");

    // On the desktop: the archive and another file; the list below tells the same story.
    await page.setViewportSize({ width: 1280, height: 800 });
    await files.getByLabel("Choose files or drop them here").setInputFiles(`${FIXTURES}/ride.tcx`);
    const archive = page.getByRole("region", { name: "Import your Strava archive" });
    await archive.getByLabel("Choose the file or drop it here").setInputFiles(`${FIXTURES}/activities.csv`);
    await expect(
      archive.getByRole("list", { name: "Sent: import your strava archive" }).getByRole("listitem"),
    ).toContainText("Imported 4 activities; 1 row could not be read", { timeout: 20_000 });
    await expect(archive.getByRole("link", { name: "See them in your activities" })).toBeVisible();

    const list = page.getByRole("list", { name: "Your uploads" });
    await expect(list.getByRole("listitem")).toHaveCount(4);
    await expect(list.getByText("Reading…")).toHaveCount(0, { timeout: 20_000 });
    const refusedRow = list.getByRole("listitem").filter({ hasText: "notes.gpx" });
    await expect(refusedRow).toContainText("Refused");
    await expect(refusedRow).toContainText("The file is not valid XML");
    await expect(
      list
        .getByRole("listitem")
        .filter({ hasText: "strava-ride.gpx" })
        .getByRole("link", { name: /^Sinhagad loop & back · [\d.]+ km · 10 Oct 2026$/ }),
    ).toHaveAttribute("href", /^\/activities\/\d+$/);
    await expect(list.getByRole("listitem").filter({ hasText: "ride.tcx" })).toContainText("Saved");
    await expect(list.getByRole("listitem").filter({ hasText: "activities.csv" })).toContainText(
      "Imported 4 activities; 1 row could not be read",
    );
    await snap(page, "uploads-results");

    // The saved file's card leads to its activity.
    await saved.getByRole("link", { name: /^Sinhagad loop & back/ }).click();
    await expect(page.getByRole("heading", { name: "Sinhagad loop & back" })).toBeVisible();

    await page.goto("/activities");
    const rows = page.getByTestId("activity-row");
    await expect(rows).toHaveCount(6);
    await expect(rows.filter({ hasText: "Sinhagad loop & back" })).toContainText("Uploaded file");
    await expect(rows.filter({ hasText: "Lunch Run, easy" })).toContainText("Strava archive");
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: "Add activities" })).toBeVisible();
    await expect(page.getByText("Sinhagad loop & back")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("one file through the plain form, then a manual entry", async ({ page }) => {
      await signInFreshMember(page);
      await page.goto("/activities/upload");
      const files = page.getByRole("region", { name: "Upload files" });
      await files.getByLabel("Choose files or drop them here").setInputFiles(`${FIXTURES}/ride.fit`);
      await files.getByRole("button", { name: "Upload" }).click();
      await expect(page).toHaveURL(/\/activities\/upload$/);
      const item = page.getByRole("list", { name: "Your uploads" }).getByRole("listitem");
      await expect(async () => {
        await page.reload();
        await expect(item).toContainText("Saved", { timeout: 1000 });
      }).toPass({ timeout: 20_000 });

      const manual = page.getByRole("region", { name: "Add an activity by hand" });
      await manual.getByLabel("Sport").selectOption("Walk");
      await manual.getByLabel("Name (optional)").fill("Evening walk");
      await manual.getByLabel("Start").fill("2026-10-20T18:30");
      await manual.getByLabel("Duration").fill("0:40");
      await manual.getByLabel("Distance (km)").fill("3.2");
      await manual.getByRole("button", { name: "Save activity" }).click();
      await expect(page.getByText("Activity saved")).toBeVisible();
      await snap(page, "uploads-nojs");
      await page.goto("/activities");
      await expect(page.getByTestId("activity-row").filter({ hasText: "Evening walk" })).toContainText(
        "Manual entry",
      );

      // Its owner edits it: the same form, filled in, and the same checks (decision 032).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/activities/upload");
      const entries = page.getByRole("list", { name: "Your manual entries" });
      await entries.getByText("Edit Evening walk").click();
      await expect(entries.getByLabel("Distance (km)")).toHaveValue("3.2");
      await expect(entries.getByLabel("Start")).toHaveValue("2026-10-20T18:30");
      await entries.getByLabel("Distance (km)").fill("30");
      await entries.getByRole("button", { name: "Save changes to Evening walk" }).click();
      await expect(entries.getByLabel("Distance (km)")).toHaveAccessibleDescription(
        /The average speed is not plausible for a Walk \(at most 15 km\/h\)/,
      );
      await snap(page, "uploads-manual-edit-refused-phone");
      await entries.getByLabel("Distance (km)").fill("4");
      await entries.getByRole("button", { name: "Save changes to Evening walk" }).click();
      await expect(page.getByText("Activity updated")).toBeVisible();
      await expect(entries).toContainText("4 km");

      // Its owner deletes it: Delete asks first, the plain form does it.
      await entries.getByText("Delete Evening walk").click();
      await snap(page, "uploads-manual-delete-phone");
      await entries.getByRole("button", { name: "Yes, delete Evening walk" }).click();
      await expect(page.getByText("Activity deleted")).toBeVisible();
      await expect(page.getByText("No manual entries yet")).toBeVisible();
    });
  });

  test("an uploaded ride opens onto its map, splits and profiles; the seeded athlete's heatmap shows the routes (desktop and 375 px)", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInFreshMember(page);
    const sent = await page.request.post("/api/uploads", {
      multipart: {
        files: {
          name: "ride.tcx",
          mimeType: "application/xml",
          buffer: readFileSync(`${FIXTURES}/ride.tcx`),
        },
      },
    });
    expect(sent.status()).toBe(202);
    // The queue consumer parses it off the request.
    let activityId = 0;
    await expect
      .poll(
        async () => {
          const { uploads } = (await (await page.request.get("/api/uploads")).json()) as {
            uploads: { status: string; activity: { id: number } | null }[];
          };
          activityId = uploads[0]?.activity?.id ?? 0;
          return uploads[0]?.status;
        },
        { timeout: 20_000 },
      )
      .toBe("saved");

    // ride.tcx: 9 km north at 7.5 m/s, climbing 0.1 m every 15 m, heart rate cycling 130…149.
    await page.goto(`/activities/${activityId}`);
    const map = page.getByRole("img", { name: "Route map of Ride" });
    await expect(map).toBeVisible();
    await expect(page.getByTestId("route-scale")).toHaveText("2 km");
    const splits = page.getByRole("table");
    await expect(splits.getByRole("row")).toHaveCount(10);
    await expect(splits.getByRole("row").nth(1)).toHaveText(["1", "2:13", "27 km/h", "6 m", "139"].join(""));
    await expect(splits.getByRole("row").nth(9).getByRole("rowheader")).toHaveText("9");
    for (const profile of ["elevation", "speed", "heartrate"]) {
      const chart = page.getByTestId(`profile-${profile}`);
      await chart.scrollIntoViewIfNeeded();
      await expect(chart.locator(".apexcharts-svg")).toBeVisible({ timeout: 15_000 });
    }
    await expect(page.getByTestId("profile-heartrate")).toHaveAttribute(
      "aria-label",
      "Heart rate (bpm) over 9 km",
    );
    // The e2e servers have a basemap (the fakes' tiles): under the SVG route, and on demand an
    // interactive map (Leaflet, loaded only now) with the same track, panned by the keyboard.
    await expect(map.locator("image").first()).toHaveAttribute("href", /^\/map-tiles\/\d+\/\d+\/\d+$/);
    await expect(page.getByTestId("route-attribution")).toHaveText("Test tiles");
    const leafletBefore = await page.evaluate(() =>
      performance.getEntriesByType("resource").some((r) => r.name.includes("leaflet")),
    );
    expect(leafletBefore).toBe(false);
    await page.getByRole("button", { name: "Explore on an interactive map" }).click();
    const explore = page.getByRole("region", { name: /^Interactive map of Ride/ });
    await expect(explore).toBeVisible();
    await expect(explore.locator(".leaflet-tile-loaded").first()).toBeVisible();
    // The track (white casing and the line) and its start and finish.
    await expect(explore.locator("path.leaflet-interactive")).toHaveCount(4);
    await expect(explore.locator(".leaflet-control-attribution")).toHaveText("Test tiles");
    const before = await explore.locator(".leaflet-map-pane").getAttribute("style");
    await explore.focus();
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => explore.locator(".leaflet-map-pane").getAttribute("style")).not.toBe(before);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "activity-detail", { fullPage: true });

    await page.setViewportSize({ width: 375, height: 812 });
    await expect(map).toBeVisible();
    expect((await map.boundingBox())!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, "activity-detail-phone", { fullPage: true });

    // The seeded athlete's heatmap: every route with a map, linked from /activities.
    await page.context().clearCookies();
    await signIn(page);
    await page.goto("/activities");
    await page.getByRole("link", { name: "My heatmap" }).click();
    const heatmap = page.getByRole("img", { name: /^Heatmap of [\d,]+ routes$/ });
    await expect(heatmap).toBeVisible();
    expect(Number(await heatmap.getAttribute("data-routes"))).toBeGreaterThan(100);
    await expect(heatmap.locator("path").first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await snap(page, "heatmap-phone", { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel("Sport").selectOption("Run");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/sport=Run/);
    const runs = Number(await page.getByRole("img", { name: /^Heatmap of/ }).getAttribute("data-routes"));
    expect(runs).toBeGreaterThan(0);
    await snap(page, "heatmap");
  });
});
