import { expect, signIn, snap, test } from "./fixtures";

test("a visitor sees the landing page with Login and Register leading to /auth", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const card of ["Track Activities", "Join Challenges", "Attend Events"]) {
    await expect(page.getByRole("heading", { name: card })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: "Login", exact: true })).toHaveAttribute("href", "/auth");
  await expect(page.getByRole("link", { name: "Register", exact: true })).toHaveAttribute("href", /\/auth/);
  await snap(page, "landing-desktop");
});

test("the landing page fits a 375 px phone", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await snap(page, "landing-phone");
});

test("hashed assets are served immutable", async ({ request }) => {
  // Read the server HTML: Remix removes the modulepreload links after hydration.
  const html = await (await request.get("/")).text();
  const asset = /<link rel="modulepreload" href="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset).toMatch(/^\/assets\/.+\.js$/);
  const res = await request.get(asset!);
  expect(res.headers()["cache-control"]).toContain("immutable");
  expect(res.headers()["x-content-type-options"]).toBe("nosniff");
});

test("a page that hydrates fetches its scripts only after its first contentful paint", async ({ page }) => {
  // Decision 028: the server-rendered page paints first; Remix's modules follow (app/ui/deferred-scripts.tsx).
  await page.goto("/auth");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const timing = await page.evaluate(() => {
    const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
    const scripts = performance
      .getEntriesByType("resource")
      .filter((r) => /\/assets\/[^/]+\.js$/.test(new URL(r.name).pathname))
      .map((r) => r.startTime);
    return { fcp, first: Math.min(...scripts), count: scripts.length };
  });
  expect(timing.count).toBeGreaterThan(3);
  expect(timing.first).toBeGreaterThanOrEqual(timing.fcp);
  // Hydrated for real: the tabs switch in place, without a page load.
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page).toHaveURL(/tab=register/);
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
});

test("the first frame shows the whole page down to its footer, not the part that has arrived", async ({
  page,
}) => {
  // Decision 028: `<link rel="expect" href="#site-footer" blocking="render">` holds the first render
  // until the footer is parsed: one style and layout pass of the page instead of one per chunk.
  await signIn(page);
  await page.goto("/dashboard"); // the stylesheet is cached from here on
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      (window as unknown as { firstFrame: unknown }).firstFrame = {
        footer: document.getElementById("site-footer") !== null,
      };
    });
  });
  // The page's 70 KB arrive over about two seconds: without the hold, the browser paints the first chunks.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: 32 * 1024,
    uploadThroughput: 32 * 1024,
  });
  await page.goto("/dashboard", { waitUntil: "commit" });
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { firstFrame?: unknown }).firstFrame))
    .toMatchObject({
      footer: true,
    });
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
});
