import type { Locator, Page } from "@playwright/test";
import { expect, signIn, signInFreshMember, snap, test } from "./fixtures";

const kmOf = (text: string) => Number(text.replace(/[^\d.]/g, ""));

test.describe("dashboard", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("what changes once React runs is in place when the page is marked hydrated, and a page opened later starts in that state", async ({
    page,
    consoleErrors,
  }) => {
    // useHydrated() switches to true in a transition after hydration (~/ui/hydrated, issue #17);
    // root.tsx marks <html data-hydrated> after that render, so by then the sport tabs have their
    // roving tabindex and the fitness card has left its server text.
    const SERVER_TEXT = "Your training load, fitness, fatigue and form";
    await page.addInitScript((serverText) => {
      const w = window as unknown as { atHydrated?: { tabindex: (string | null)[]; serverText: boolean } };
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        observer.disconnect();
        w.atHydrated = {
          tabindex: [...document.querySelectorAll('[aria-label="Sports"] [role="tab"]')].map((tab) =>
            tab.getAttribute("tabindex"),
          ),
          serverText: document.body.textContent!.includes(serverText),
        };
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    }, SERVER_TEXT);
    await page.goto("/dashboard");
    const atHydrated = await page.evaluate(() => (window as unknown as { atHydrated: unknown }).atHydrated);
    expect(atHydrated).toEqual({ tabindex: ["0", "-1", "-1", "-1", "-1", "-1", "-1"], serverText: false });

    // A dashboard opened from another page renders hydrated from its first frame: the server text
    // never appears.
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Recommendations" })
      .click();
    await expect(page).toHaveURL(/\/recommendations$/);
    await page.evaluate((serverText) => {
      const w = window as unknown as { sawServerText: boolean };
      w.sawServerText = false;
      new MutationObserver(() => {
        if (document.body.textContent!.includes(serverText)) w.sawServerText = true;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, SERVER_TEXT);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("dashboard-fitness").getByTestId("fitness-loading")).toBeAttached();
    expect(await page.evaluate(() => (window as unknown as { sawServerText: boolean }).sawServerText)).toBe(
      false,
    );
    expect(consoleErrors).toEqual([]);
  });

  test("each sport tab shows its stat cards and achievements; the tabs work from the keyboard", async ({
    page,
    consoleErrors,
  }) => {
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("strava-connect")).toHaveText("Connected to Strava");
    await expect(page.getByRole("link", { name: "Wari 2025 Challenge" })).toHaveAttribute("href", "/wari");

    const tabs = page.getByRole("tablist", { name: "Sports" });
    await expect(tabs.getByRole("tab", { name: "Ride" })).toHaveAttribute("aria-selected", "true");
    const expectations: [string, string[]][] = [
      ["Ride", ["Above 200 km", "Above 100 km", "Above 50 km"]],
      ["Run", ["Marathon", "Half Marathon", "10K", "5K"]],
      ["Swim", ["5K", "3K", "1.5K", "750 m"]],
      ["Walk", ["Marathon", "Half Marathon", "10K", "5K"]],
      ["Hike", ["30K", "20K", "10K", "5K"]],
      ["Other", []],
    ];
    for (const [sport, tiles] of expectations) {
      await tabs.getByRole("tab", { name: sport, exact: true }).click();
      const panel = page.getByTestId(`panel-${sport}`);
      await expect(panel.getByTestId("stat-card")).toHaveCount(4);
      for (const label of ["Activities", "Distance", "Moving Time", "Elevation"])
        await expect(panel.getByText(label, { exact: true })).toBeVisible();
      await expect(panel.getByTestId("achievement-tile")).toHaveCount(tiles.length);
      for (const [i, label] of tiles.entries())
        await expect(panel.getByTestId("achievement-tile").nth(i)).toContainText(label);
    }
    // Ride counts VirtualRide: its activities are more than the plain rides.
    await tabs.getByRole("tab", { name: "Commute" }).click();
    const commute = page.getByTestId("panel-Commute");
    for (const label of [
      "Commute Days",
      "Distance",
      "Elevation",
      "CO2 Offset",
      "Fuel Saved",
      "Money Saved",
      "Rides",
      "Runs",
      "Walks",
    ]) {
      await expect(commute.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(commute.getByTestId("stat-card").filter({ hasText: "Money Saved" })).toContainText(
      /₹[\d,]+(\.\d\d)?/,
    );

    // Keyboard: arrows move between tabs (Headless UI).
    await tabs.getByRole("tab", { name: "Ride" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(tabs.getByRole("tab", { name: "Run" })).toHaveAttribute("aria-selected", "true");
    await expect(tabs.getByRole("tab", { name: "Run" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(tabs.getByRole("tab", { name: "Other" })).toHaveAttribute("aria-selected", "true");
    // Our own tabs (~/ui/tabs, no Headless UI): Home, a roving tabindex, the panel named by its tab.
    await page.keyboard.press("Home");
    await expect(tabs.getByRole("tab", { name: "Ride" })).toBeFocused();
    await expect(tabs.getByRole("tab", { name: "Ride" })).toHaveAttribute("tabindex", "0");
    await expect(tabs.getByRole("tab", { name: "Run" })).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("tabpanel", { name: "Ride" })).toBeFocused();
    await tabs.getByRole("tab", { name: "Ride" }).click();
    // Charts are drawn when scrolled near (LazyChart, decision 028), not below the fold.
    await page.getByTestId("timeline-chart").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("timeline-chart").locator(".apexcharts-canvas")).toBeVisible();
    await snap(page, "dashboard-desktop");
    expect(consoleErrors).toEqual([]);
  });

  test("the fitness card loads in view: error and retry, then the chart with the event marked", async ({
    page,
    consoleErrors,
  }) => {
    // Nothing of it in the server's HTML: no read in the loader, no preloaded chart code.
    const html = await (await page.request.get("/dashboard")).text();
    expect(html).not.toContain("fitness-loading");
    expect(html).not.toMatch(/modulepreload" href="[^"]*apex/);
    const fetched: string[] = [];
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/wari/fitness")) fetched.push(r.url());
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    // The first answer is lost on the way (the network drops it): the card says so and retries.
    await page.route("**/api/wari/fitness", (route) => route.abort());
    await page.goto("/dashboard");
    // Scrolled down until the timeline chart's bottom edge: it is drawn, the fitness card further down is not fetched.
    const timeline = page.getByTestId("timeline-chart");
    await timeline.evaluate((el) => el.scrollIntoView({ block: "end" }));
    await expect(timeline.locator(".apexcharts-canvas")).toBeVisible();
    expect(fetched).toEqual([]); // below the fold: not fetched yet
    const loadedBefore = scripts.length;
    const card = page.getByTestId("dashboard-fitness");
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("alert")).toHaveText("Could not load your fitness, fatigue and form.");
    await page.unroute("**/api/wari/fitness");
    await card.getByRole("button", { name: "Try again" }).click();

    const fitness = page.getByTestId("fitness-chart");
    await expect(fitness.getByRole("heading", { name: "Fitness, fatigue and form" })).toBeVisible();
    await fitness.getByTestId("fitness-curves").scrollIntoViewIfNeeded();
    await expect(fitness.locator(".apexcharts-canvas")).toBeVisible();
    // The chart component came in its own chunk, after the first load.
    expect(scripts.slice(loadedBefore).length).toBeGreaterThan(0);
    // Three months are shown first; the whole range holds the event day, marked.
    await fitness.getByRole("button", { name: "All" }).click();
    await expect(fitness.locator(".apexcharts-xaxis-annotations")).toContainText("IAS CycleWari 2025");
    await expect(fitness.getByTestId("fitness-today")).toContainText(/Fitness today\s*[\d.]+/);
    await expect(fitness.getByTestId("fitness-event-day")).toContainText("June 7, 2025");
    await expect(fitness.getByRole("link", { name: "Training plan and fitness on Wari" })).toHaveAttribute(
      "href",
      "/wari",
    );
    await snap(fitness, "dashboard-fitness");
    expect(consoleErrors).toEqual([]);
  });

  test("an achievement tile lands on the filtered activity list with the same count", async ({ page }) => {
    await page.goto("/dashboard");
    const tile = page.getByTestId("achievement-tile").filter({ hasText: "Above 100 km" });
    const count = Number((await tile.locator("span").nth(1).innerText()).replace(/\D/g, ""));
    expect(count).toBeGreaterThan(0);
    await tile.click();
    await expect(page).toHaveURL(/\/activities\?type=Ride&minDistance=100&maxDistance=199\.9$/);
    await expect(page.getByTestId("results-count")).toContainText(`${count} activit`);
    await expect(page.getByLabel("Sport")).toHaveValue("Ride");
    await expect(page.getByLabel("Min distance (km)")).toHaveValue("100");
    await expect(page.getByLabel("Max distance (km)")).toHaveValue("199.9");
    const rows = page.getByTestId("activity-row");
    await expect(rows.first()).toBeVisible();
    for (const text of await rows.locator("dd").filter({ hasText: / km$/ }).allInnerTexts()) {
      expect(kmOf(text)).toBeGreaterThanOrEqual(100);
      expect(kmOf(text)).toBeLessThanOrEqual(199.9);
    }
  });

  test("the timeline: every range and chart type, the sport filter, and the monthly pager", async ({
    page,
    consoleErrors,
  }) => {
    // The server's HTML preloads no chart code: ApexCharts arrives after hydration, in its own chunk.
    const html = await (await page.request.get("/dashboard")).text();
    expect(html).toContain('rel="modulepreload"');
    expect(html).not.toMatch(/modulepreload" href="[^"]*apex/);
    await page.goto("/dashboard");

    const chart = page.getByTestId("timeline-chart");
    // Below the fold the box holds its place, named, until it is scrolled near.
    await expect(chart).toHaveAttribute("role", "img");
    await expect(chart).toHaveAccessibleName(/ per (day|week|month), /);
    await expect(chart.getByTestId("chart-placeholder")).toHaveText(/ per (day|week|month), /);
    expect((await chart.boundingBox())?.height).toBe(260);
    await chart.scrollIntoViewIfNeeded();
    await expect(chart.locator(".apexcharts-canvas")).toBeVisible();
    // The space was reserved: the chart box keeps its height.
    expect((await chart.boundingBox())?.height).toBe(260);

    const range = page.getByRole("group", { name: "Range" });
    await expect(range.getByRole("link", { name: "3M" })).toHaveAttribute("aria-current", "true");
    for (const [label, value] of [
      ["1M", "1m"],
      ["6M", "6m"],
      ["1Y", "1y"],
      ["All", "all"],
      ["3M", "3m"],
    ]) {
      await range.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`range=${value}`));
      await expect(range.getByRole("link", { name: label, exact: true })).toHaveAttribute(
        "aria-current",
        "true",
      );
      await expect(chart.locator(".apexcharts-canvas")).toBeVisible();
      await expect(page.getByTestId("timeline-totals")).toBeVisible();
    }
    for (const type of ["Distance", "Time", "Elevation", "Summary"]) {
      await page.getByRole("group", { name: "Chart type" }).getByRole("button", { name: type }).click();
      await expect(page.getByRole("button", { name: type })).toHaveAttribute("aria-pressed", "true");
      await expect(chart.locator(".apexcharts-canvas")).toBeVisible();
      await expect(page.getByText("Error rendering chart")).toHaveCount(0);
    }

    await page.getByLabel("Sport", { exact: true }).selectOption("Swim");
    await expect(page).toHaveURL(/sportType=Swim/);
    await expect(page.getByLabel("Sport", { exact: true })).toHaveValue("Swim");

    await page.getByRole("tab", { name: "Monthly" }).click();
    const monthly = page.getByTestId("timeline-monthly");
    const heading = monthly.getByRole("heading", { level: 3 });
    const thisMonth = await heading.innerText();
    await monthly.getByRole("link", { name: "Previous month" }).click();
    await expect(heading).not.toHaveText(thisMonth);
    await expect(page).toHaveURL(/month=\d{4}-\d\d/);
    await expect(page.getByRole("tab", { name: "Monthly" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("link", { name: "All", exact: true }).click();
    await expect(page.getByRole("link", { name: "All", exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await page.getByLabel("Sport", { exact: true }).selectOption("All");
    await expect(page).toHaveURL(/sportType=All/);
    const list = page.getByTestId("month-list");
    await expect(list).toBeVisible();
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("224px"); // 14rem
    expect(await list.evaluate((el) => getComputedStyle(el).overflowY)).toBe("auto");
    await snap(page, "dashboard-timeline-monthly");
    expect(consoleErrors).toEqual([]);
  });

  test("recent activities, share buttons and the recommendations slot", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page.getByTestId("recent-activities").getByTestId("activity-row")).toHaveCount(3);
    // One style of dates (issue #37): "28 Nov 2026", as on the events, admin and feedback pages.
    for (const date of await page.getByTestId("recent-activities").locator("time").allInnerTexts())
      expect(date).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/);
    const url = encodeURIComponent(new URL("/dashboard", page.url()).href);
    await expect(page.getByRole("link", { name: "Share on X" })).toHaveAttribute(
      "href",
      new RegExp(`^https://twitter\\.com/intent/tweet\\?url=${url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
    );
    await expect(page.getByRole("link", { name: "Share on Facebook" })).toHaveAttribute(
      "href",
      `https://www.facebook.com/sharer/sharer.php?u=${url}`,
    );
    await expect(page.getByRole("heading", { name: "Workout Recommendations" })).toBeVisible();
  });

  test("/ is the dashboard for a signed-in member", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Activity Timeline" })).toBeVisible();
    await expect(page.getByRole("link", { name: "My Dashboard" })).toBeVisible();
    // The timeline's controls stay on /.
    await page.getByLabel("Sport", { exact: true }).selectOption("Run");
    await expect(page).toHaveURL(/\/\?sportType=Run$/);
    // The address changes a moment before the page is rendered with the new links.
    const sixMonths = page.getByRole("group", { name: "Range" }).getByRole("link", { name: "6M" });
    await expect(sixMonths).toHaveAttribute("href", /sportType=Run/);
    await sixMonths.click();
    await expect(page).toHaveURL(/\/\?sportType=Run&range=6m$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  });
});

test.describe("activities", () => {
  test.beforeEach(async ({ page }) => signIn(page));

  test("pagination shows first and last pages, neighbours and gaps; search and sort", async ({ page }) => {
    await page.goto("/activities");
    await expect(page.getByTestId("results-count")).toContainText("page 1 of");
    const pages = Number((await page.getByTestId("results-count").innerText()).match(/of (\d+)/)![1]);
    expect(pages).toBeGreaterThan(8);
    await expect(page.getByTestId("activity-row")).toHaveCount(20);
    const nav = page.getByRole("navigation", { name: "Pagination" });
    await expect(nav.locator('[aria-current="page"]')).toHaveText("1");
    await expect(nav.getByText("…")).toHaveCount(1);

    await nav.getByRole("link", { name: `Last page, page ${pages}` }).click();
    await expect(page).toHaveURL(new RegExp(`page=${pages}$`));
    await expect(nav.locator('[aria-current="page"]')).toHaveText(String(pages));
    await nav.getByRole("link", { name: `Page ${pages - 1}`, exact: true }).click();
    await expect(nav.locator('[aria-current="page"]')).toHaveText(String(pages - 1));
    // In the middle: first, a gap, the neighbours, a gap, last.
    await page.goto("/activities?page=10");
    await expect(nav.locator('[aria-current="page"]')).toHaveText("10");
    await expect(nav.getByText("…")).toHaveCount(2);
    for (const n of [9, 11])
      await expect(nav.getByRole("link", { name: `Page ${n}`, exact: true })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Page 8", exact: true })).toHaveCount(0);
    await nav.getByRole("link", { name: "Next page" }).click();
    await expect(nav.locator('[aria-current="page"]')).toHaveText("11");
    await nav.getByRole("link", { name: "First page, page 1" }).click();
    await expect(nav.locator('[aria-current="page"]')).toHaveText("1");

    await page.getByLabel("Search").fill("zwift");
    await page.getByLabel("Sort").selectOption("-distance");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/search=zwift/);
    // The address changes a moment before the new list is rendered.
    await expect(page.getByTestId("activity-row").first()).toContainText(/zwift/i);
    const names = await page.getByTestId("activity-row").locator("p.font-medium").allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name.toLowerCase()).toContain("zwift");
    const km = (
      await page.getByTestId("activity-row").locator("dd").filter({ hasText: / km$/ }).allInnerTexts()
    ).map(kmOf);
    expect(km).toEqual([...km].sort((a, b) => b - a));

    await page.goto("/activities?minDistance=far");
    await expect(page.getByRole("alert")).toContainText(
      "minDistance must be a number of kilometres, 0 or more",
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the filters and the pages still work", async ({ page }) => {
      await page.goto("/activities");
      await page.getByLabel("Sport").selectOption("Run");
      await page.getByLabel("Min distance (km)").fill("21.1");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect(page).toHaveURL(/type=Run/);
      await expect(page).toHaveURL(/minDistance=21\.1/);
      for (const text of await page
        .getByTestId("activity-row")
        .locator("dd")
        .filter({ hasText: / km$/ })
        .allInnerTexts()) {
        expect(kmOf(text)).toBeGreaterThanOrEqual(21.1);
      }
      await page.goto("/activities");
      await page
        .getByRole("navigation", { name: "Pagination" })
        .getByRole("link", { name: "Page 2", exact: true })
        .click();
      await expect(page).toHaveURL(/page=2/);
      await expect(page.getByTestId("results-count")).toContainText("page 2 of");
      // The timeline's range links work without JavaScript too.
      await page.goto("/dashboard");
      await page.getByRole("group", { name: "Range" }).getByRole("link", { name: "1Y" }).click();
      await expect(page).toHaveURL(/range=1y/);
      await expect(
        page.getByRole("group", { name: "Range" }).getByRole("link", { name: "1Y" }),
      ).toHaveAttribute("aria-current", "true");
      // The fitness card needs JavaScript: without it, it points to /wari.
      await expect(
        page
          .getByTestId("dashboard-fitness")
          .getByRole("link", { name: "Training plan and fitness on Wari" }),
      ).toHaveAttribute("href", "/wari");
    });
  });
});

test("a member without activities sees the empty states", async ({ page, consoleErrors }) => {
  await signInFreshMember(page);
  await page.goto("/dashboard");
  const ride = page.getByRole("tabpanel").getByTestId("stat-card");
  await expect(ride.first()).toContainText("0");
  await expect(page.getByText("No activities found for this time period")).toBeVisible();
  await expect(page.getByTestId("timeline-chart")).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "Recent Activities" }).getByText("No activities found", { exact: true }),
  ).toBeVisible();
  await page.getByRole("tab", { name: "Monthly" }).click();
  await expect(page.getByText("No activities found for this month")).toBeVisible();
  await page.getByRole("tab", { name: "Commute" }).click();
  await expect(page.getByRole("tabpanel").first().getByText("₹0", { exact: true })).toBeVisible();
  await expect(page.getByTestId("strava-connect")).toHaveText("Connect with Strava");
  const fitness = page.getByTestId("fitness-chart");
  await page.getByTestId("dashboard-fitness").scrollIntoViewIfNeeded();
  await expect(fitness).toContainText("No activities yet: your curves start with your first synced");
  await expect(fitness.getByTestId("fitness-today")).toContainText("Fitness today0");
  await snap(page, "dashboard-empty");
  await page.goto("/activities");
  await expect(page.getByText("No activities found", { exact: true })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

/**
 * A drawn chart in `card` reads on the page's width: nothing scrolls sideways, the legend is one line
 * inside the card, the value axis says whole numbers, and the date ticks neither overlap nor leave the chart.
 */
async function expectChartFits(page: Page, card: Locator) {
  await expect(card.locator(".apexcharts-canvas")).toBeVisible();
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
  const box = (await card.boundingBox())!;
  const legend = await card
    .locator(".apexcharts-legend-series")
    .evaluateAll((items) =>
      items.map((el) => el.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: r.right })),
    );
  expect(legend.length).toBeGreaterThan(1);
  expect(new Set(legend.map((r) => r.top)).size).toBe(1);
  for (const r of legend) expect(r.right).toBeLessThanOrEqual(box.x + box.width);
  const values = await card.locator(".apexcharts-yaxis-label tspan").allTextContents();
  expect(values.length).toBeGreaterThan(1);
  for (const v of values) expect(v).toMatch(/^-?[\d,]+$/);
  const ticks = await card.locator(".apexcharts-xaxis-label").evaluateAll((items) =>
    items
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.width > 0)
      .map((r) => ({ left: r.left, right: r.right })),
  );
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  for (const [i, t] of ticks.entries()) {
    expect(t.left).toBeGreaterThanOrEqual(box.x);
    expect(t.right).toBeLessThanOrEqual(box.x + box.width);
    if (i > 0) expect(t.left).toBeGreaterThanOrEqual(ticks[i - 1]!.right);
  }
}

test.describe("on a 375 px wide phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("the parts below the first screen are rendered as they come near it", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    // Rendered means: not inside a subtree the browser skips (`content-visibility: auto`, which
    // renders what is within about one and a half screens of the viewport).
    const rendered = (selector: string) =>
      page.locator(selector).evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered("[data-testid=recent-summary]")).toBe(true);
    for (const heading of ["#timeline-heading", "#fitness-heading"])
      expect(await rendered(heading), heading).toBe(false);
    // Still in the page for find-in-page, links and assistive technology; scrolled to, it renders.
    await expect(page.locator("#timeline-heading")).toHaveText("Activity Timeline");
    await page.locator("#timeline-heading").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered("#timeline-heading")).toBe(true);
    await page.getByTestId("dashboard-fitness").scrollIntoViewIfNeeded();
    await expect.poll(() => rendered("#fitness-heading")).toBe(true);
  });

  test("the dashboard and the activity list fit without sideways scrolling", async ({ page }) => {
    await signIn(page);
    await page.goto("/dashboard");
    // Issue #37: "View on Strava" is a quiet link on one line; the Recent Activities heading and
    // its links do not break inside a label.
    const viewOnStrava = page.getByTestId("recent-activities").getByRole("link", { name: "View on Strava" });
    await expect(viewOnStrava.first()).toBeVisible();
    for (const link of await viewOnStrava.all())
      expect(
        await link.evaluate((el) => [Number(getComputedStyle(el).fontWeight), el.getClientRects().length]),
      ).toEqual([400, 1]);
    for (const label of [
      page.locator("#recent-heading"),
      page.getByRole("link", { name: "Add activities" }).first(),
    ])
      expect(
        await label.evaluate(
          (el) =>
            el.getClientRects().length === 1 &&
            el.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(el).lineHeight),
        ),
      ).toBe(true);
    for (const tab of ["Ride", "Commute", "Other"])
      await expect(page.getByRole("tab", { name: tab })).toBeInViewport();
    // The timeline chart is far below the first screen: drawn once scrolled near.
    await page.getByTestId("timeline-chart").scrollIntoViewIfNeeded();
    await expect(page.getByTestId("timeline-chart").locator(".apexcharts-canvas")).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByRole("tab", { name: "Commute" }).click();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByRole("tab", { name: "Ride" }).click();
    // The sport tabs from the keyboard at phone width: ← wraps to the last, Home returns, one tab stop.
    const sports = page.getByRole("tablist", { name: "Sports" });
    await page.keyboard.press("ArrowLeft");
    await expect(sports.getByRole("tab", { name: "Other" })).toBeFocused();
    await expect(sports.getByRole("tab", { name: "Other" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("panel-Other").getByTestId("stat-card")).toHaveCount(4);
    await page.keyboard.press("Home");
    await expect(sports.getByRole("tab", { name: "Ride" })).toHaveAttribute("aria-selected", "true");
    await expect(sports.getByRole("tab", { name: "Other" })).toHaveAttribute("tabindex", "-1");
    await page.getByTestId("dashboard-fitness").scrollIntoViewIfNeeded();
    await page.getByTestId("fitness-curves").scrollIntoViewIfNeeded();
    const fitness = page.getByTestId("fitness-chart");
    await expect(fitness.locator(".apexcharts-canvas")).toBeVisible();
    // The range picker (issue #37 item 6): three months first, day ticks that fit, a one-line legend.
    const range = fitness.getByRole("group", { name: "Chart range" });
    await expect(range.getByRole("button", { name: "3 months" })).toHaveAttribute("aria-pressed", "true");
    await expect(fitness.locator(".apexcharts-xaxis-label tspan").first()).toHaveText(
      /^\d{1,2} [A-Z][a-z]{2}$/,
    );
    await expectChartFits(page, fitness);
    await snap(fitness, "dashboard-fitness-phone");
    // From the keyboard: a year, with month ticks.
    await range.getByRole("button", { name: "1 year" }).focus();
    await page.keyboard.press("Enter");
    await expect(range.getByRole("button", { name: "1 year" })).toHaveAttribute("aria-pressed", "true");
    await expect(fitness.locator(".apexcharts-xaxis-label tspan").first()).toHaveText(
      /^[A-Z][a-z]{2} \d{4}$/,
    );
    await expectChartFits(page, fitness);
    await snap(fitness, "dashboard-fitness-phone-1y");
    // Everything: the event day marked inside the plot, its label clear of the value axis.
    await range.getByRole("button", { name: "All" }).click();
    const flag = fitness.locator(".apexcharts-xaxis-annotations text");
    await expect(flag).toContainText("IAS CycleWari 2025");
    await expectChartFits(page, fitness);
    const axis = await fitness.locator(".apexcharts-yaxis").first().boundingBox();
    const label = await flag.boundingBox();
    expect(label!.x).toBeGreaterThanOrEqual(axis!.x + axis!.width);
    await snap(fitness, "dashboard-fitness-phone-all");
    await snap(page, "dashboard-phone");
    await page.goto("/activities?page=5");
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await snap(page, "activities-phone");
  });
});
