// Issue #17: installable, and a returning member offline sees their last
// dashboard (marked offline), never another member's.
import type { BrowserContext, Page } from "@playwright/test";
import { expect, signIn, snap, test } from "./fixtures";

test.use({ serviceWorkers: "allow" });

test("the manifest is served and valid, with its icons", async ({ request }) => {
  const res = await request.get("/manifest.webmanifest");
  expect(res.status()).toBe(200);
  const manifest = (await res.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    background_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest.name).toBe("CycleWari Community");
  expect(manifest.short_name.length).toBeLessThanOrEqual(12);
  expect(manifest.start_url).toBe("/dashboard");
  expect(manifest.display).toBe("standalone");
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose}`);
  expect(sizes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  for (const icon of manifest.icons) {
    const img = await request.get(icon.src);
    expect(img.status(), icon.src).toBe(200);
    expect(img.headers()["content-type"]).toBe("image/png");
    const bytes = await img.body();
    const [w, h] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(`${w}x${h}`).toBe(icon.sizes);
  }
  const html = await (await request.get("/")).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"/>');
  expect(html).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"\/>/i);
});

async function swReady(page: Page) {
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active?.state;
  });
  // The page is controlled once the worker has claimed it.
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/**
 * Opens `path` offline, as a member opening the app without a connection (the test goes
 * online again itself). The live page is left first: cutting the network under a hydrated
 * page makes Remix's own background fetches (route manifest patches) log their failure.
 */
async function offline(context: BrowserContext, page: Page, path: string) {
  await page.goto("about:blank");
  await context.setOffline(true);
  await page.goto(path, { waitUntil: "domcontentloaded" });
}

test("the service worker installs; offline, the returning member sees their cached dashboard marked offline, never another member's", async ({
  page,
}) => {
  const context = page.context();
  // Member 1 (athlete) opens the dashboard online: the worker installs and keeps a copy.
  await signIn(page, "athlete", "Athlete@1234");
  await page.goto("/dashboard");
  await swReady(page);
  await page.goto("/dashboard"); // now through the worker, which stores it
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();

  await offline(context, page, "/dashboard");
  await expect(page.getByTestId("offline-notice")).toContainText("You are offline");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for athlete" })).toBeVisible();
  await snap(page, "pwa-offline-dashboard", { fullPage: false });
  await context.setOffline(false);

  // Member 2 (admin) signs in on the same browser: member 1's copy is gone.
  await page.request.post("/api/logout");
  await signIn(page, "admin", "Admin@1234");
  await page.goto("/profile-settings"); // any page: it says who is signed in now
  await offline(context, page, "/dashboard");
  await expect(page.getByTestId("offline-notice")).toBeVisible();
  await expect(page.getByText("athlete", { exact: false })).toHaveCount(0);
  await context.setOffline(false);

  // And a member 2 copy, once made, is theirs only.
  await page.goto("/dashboard");
  await offline(context, page, "/dashboard");
  await expect(page.getByTestId("offline-notice")).toContainText("You are offline");
  await expect(page.getByRole("button", { name: "Account menu for admin" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Account menu for athlete" })).toHaveCount(0);
  await context.setOffline(false);

  // Signed out, nobody's copy is served.
  await page.request.post("/api/logout");
  await page.goto("/");
  await offline(context, page, "/dashboard");
  await expect(page.getByRole("button", { name: /Account menu for/ })).toHaveCount(0);
  await expect(page.getByTestId("offline-notice")).toContainText("needs a connection");
  await context.setOffline(false);
});
