/**
 * The pages work under their Content-Security-Policy (docs/decisions/017):
 * hydration, the lazily loaded ApexCharts chunk, dialogs and the provider's
 * checkout raise no violation, while a script the page did not bring is
 * refused. The fixtures also fail a test on any console error (a CSP
 * violation is one).
 */
import type { Page, Response } from "@playwright/test";
import {
  continueToPayment,
  expect,
  fakesUrl,
  scrollToChart,
  signIn,
  signInFreshMember,
  snap,
  test,
} from "./fixtures";

/** Collects `securitypolicyviolation` events of every document the page loads. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
}

const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** The document answer carries a nonce policy that allows the checkout's origin and nothing inline. */
function expectPagePolicy(response: Response | null) {
  const policy = response?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}'/);
  // The checkout script's origin (the provider fakes here).
  expect(policy).toMatch(new RegExp(`script-src [^;]*${fakesUrl().replace(/[.]/g, "\\.")}`));
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(response?.headers()["cache-control"]).toBe("no-store");
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff");
}

test("the dashboard hydrates and draws its lazily loaded chart under the CSP", async ({ page }) => {
  await watchViolations(page);
  await signIn(page);
  const response = await page.goto("/dashboard");
  expectPagePolicy(response);
  // The chart is drawn when scrolled near (LazyChart).
  await scrollToChart(page.getByTestId("timeline-chart"));
  await expect(page.getByTestId("timeline-chart").locator(".apexcharts-canvas")).toBeVisible();
  // Client-side navigation (single fetch .data) and back.
  await page.getByRole("link", { name: "Challenges", exact: true }).first().click();
  await expect(page).toHaveURL(/\/challenges/);
  await page.goBack();
  await scrollToChart(page.getByTestId("timeline-chart"));
  await expect(page.getByTestId("timeline-chart").locator(".apexcharts-canvas")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await snap(page, "csp-dashboard");
});

test("the event dialog and the provider's checkout open and pay under the CSP", async ({ page }) => {
  await watchViolations(page);
  await signInFreshMember(page);
  const response = await page.goto("/events");
  expectPagePolicy(response);
  const run = page.getByTestId("event-card").filter({ hasText: "Community 10K Run" });
  await run.getByRole("link", { name: "Register Now" }).click();
  await continueToPayment(page.getByRole("dialog", { name: "Register for Event" }));
  // The checkout script came from RAZORPAY_CHECKOUT_URL and talks to its own origin.
  await expect(page.locator("#rzp-fake-modal")).toBeVisible();
  await expect(page.locator("#rzp-fake-amount")).toContainText("500.00");
  await snap(page, "csp-checkout");
  await Promise.all([
    page.waitForResponse((r) => r.url().includes("/verify-payment") && r.status() === 200),
    page.locator("#rzp-fake-pay").click(),
  ]);
  await expect(run).toContainText("Registered");
  expect(await violations(page)).toEqual([]);
});

test("the admin analysis charts and the Wari page render under the CSP", async ({ page }) => {
  await watchViolations(page);
  await signIn(page, "admin", "Admin@1234");
  expectPagePolicy(await page.goto("/admin?tab=analysis"));
  await expect(page.getByRole("heading", { name: "Activity Analysis" })).toBeVisible();
  await page.getByTestId("types-chart").first().scrollIntoViewIfNeeded();
  await expect(page.locator(".apexcharts-canvas").first()).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await signIn(page);
  expectPagePolicy(await page.goto("/wari"));
  await expect(page.getByRole("heading").first()).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("a script the page did not bring is refused", async ({ page, consoleErrors }) => {
  await watchViolations(page);
  expectPagePolicy(await page.goto("/"));
  const ran = await page.evaluate(async () => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true;";
    document.body.appendChild(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { __injected?: boolean }).__injected ?? false;
  });
  expect(ran).toBe(false);
  expect(await violations(page)).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
  // Chromium reports the refusal on the console too: that one is expected here.
  const refusal = consoleErrors.findIndex((message) =>
    /inline script violates the following Content Security Policy directive 'script-src/.test(message),
  );
  expect(refusal).toBeGreaterThanOrEqual(0);
  consoleErrors.splice(refusal, 1);
});
