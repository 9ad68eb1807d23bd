/**
 * The pages work under their Content-Security-Policy (docs/decisions/017), and a script the
 * page did not bring is refused. That the pages raise no violation is checked by every test
 * of the suite: Chromium reports a refused script, style, connection or frame as a console
 * error, and the fixtures fail a test on any (tests/e2e/fixtures.ts). So hydration and client
 * navigation (every spec), the lazily loaded ApexCharts chunk (dashboard.spec.ts, admin.spec.ts),
 * the registration dialog and the provider's checkout (events.spec.ts, events-money.spec.ts,
 * account-leaving.spec.ts) are covered where they are exercised. The headers themselves, on
 * every kind of page, are checked in tests/integration/worker.test.ts.
 */
import type { Page, Response } from "@playwright/test";
import { expect, fakesUrl, test } from "./fixtures";

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
