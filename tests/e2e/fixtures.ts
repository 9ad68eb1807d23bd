import {
  test as base,
  expect,
  request as playwrightRequest,
  type Locator,
  type Page,
} from "@playwright/test";
import { mkdirSync } from "node:fs";

/** The ports of the server the running test's project uses (playwright.config.ts). */
function serverPorts(): { appPort: number; fakesPort: number } {
  return base.info().project.metadata as { appPort: number; fakesPort: number };
}

/** The provider fakes of the running test's server. */
export const fakesUrl = () => `http://127.0.0.1:${serverPorts().fakesPort}`;
const SHOTS = "tests/e2e/.artifacts";

/**
 * With SNAP=1, saves a screenshot to tests/e2e/.artifacts for people to look at: the full page,
 * or only the viewport (`{ fullPage: false }`), or one element (a Locator). Without SNAP=1 it
 * does nothing: the shots compare nothing, and each full-page PNG costs CPU the suite needs
 * (a failing test still gets its screenshot, playwright.config.ts).
 */
export async function snap(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.SNAP !== "1") return;
  mkdirSync(SHOTS, { recursive: true });
  const path = `${SHOTS}/${name}.png`;
  if ("goto" in target) await target.screenshot({ path, fullPage: options.fullPage ?? true });
  else await target.screenshot({ path });
}

/** React's hydration failures: minified #418/#423/#425 (production) or their development wording. */
export const HYDRATION_ERROR =
  /Minified React error #(418|423|425)\b|Hydration failed|hydrating|did not match|server rendered (HTML|text)|hydration/i;

export const test = base.extend<{ consoleErrors: string[]; hydrationErrors: string[] }>({
  // page.goto waits for React to hydrate our pages (root.tsx marks <html data-hydrated>),
  // so a test never types into inputs that hydration is about to replace.
  page: async ({ page, javaScriptEnabled, baseURL }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const ours = !/^https?:/.test(url) || (baseURL !== undefined && url.startsWith(baseURL));
      if (
        javaScriptEnabled !== false &&
        ours &&
        (response?.headers()["content-type"] ?? "").includes("text/html")
      ) {
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, {
          timeout: 15_000,
        });
      }
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        // A 4xx/5xx answer the test provoked on purpose is logged by the browser too; that is not an app error.
        // Remix logs the AbortError of a navigation a newer one interrupted (two quick clicks);
        // the member sees nothing of it, so it is not an app error either.
        if (
          message.type() === "error" &&
          !message.text().startsWith("Failed to load resource") &&
          !message.text().startsWith("AbortError: signal is aborted without reason")
        )
          errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      // Like the Epic Stack's setup: an unexpected console error fails the test.
      expect(errors, "console errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
  // Issue #37: any hydration error or warning fails the test, whatever the spec does with the
  // other console messages (every spec runs in Asia/Kolkata, playwright.config.ts).
  hydrationErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (["error", "warning"].includes(message.type()) && HYDRATION_ERROR.test(message.text()))
          errors.push(message.text());
      });
      page.on("pageerror", (error) => {
        if (HYDRATION_ERROR.test(`${error.message}\n${error.stack ?? ""}`)) errors.push(error.message);
      });
      await use(errors);
      expect(errors, "React hydration errors in the browser").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const unique = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/** The newest link in the fake mailbox for `to` whose subject contains `subject`. */
export async function linkFromMailbox(page: Page, to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get(`${fakesUrl()}/email/messages?to=${encodeURIComponent(to)}`);
      const messages = (await res.json()) as { subject: string; text: string }[];
      link = messages.find((m) => m.subject.includes(subject))?.text.match(/https?:\/\/\S+/)?.[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/**
 * Scrolls a lazily drawn chart's box into view (LazyChart draws it when scrolled near,
 * decision 028), again if a render replaced the element meanwhile (after a client-side
 * navigation back, the page renders its boxes anew).
 */
export async function scrollToChart(chart: Locator) {
  await expect(async () => {
    await chart.scrollIntoViewIfNeeded({ timeout: 2_000 });
  }).toPass();
}

/** Signs in through the login form, as a person would. */
export async function loginAs(page: Page, username: string, password: string) {
  await page.goto("/auth");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  // Wait for the server's answer so a following goto cannot cut the sign-in short.
  await Promise.all([
    page.waitForResponse(
      (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/auth"),
    ),
    page.getByRole("button", { name: "Login", exact: true }).click(),
  ]);
}

/** Signs in through the API (the page's cookies are shared with page.request). */
export async function signIn(page: Page, username = "athlete", password = "Athlete@1234") {
  const res = await page.request.post("/api/login", { data: { username, password } });
  expect(res.status()).toBe(200);
}

/** A verified member with no activities: registered through the API, verified from the fake mailbox. Returns their e-mail. */
export async function signInFreshMember(page: Page): Promise<string> {
  const username = unique("empty");
  const email = `${username}@example.com`;
  const reg = await page.request.post("/api/register", { data: { username, email, password: "Secret@123" } });
  expect(reg.status()).toBe(201);
  await page.goto(await linkFromMailbox(page, email, "Verify"));
  await expect(page.getByText("Email verified")).toBeVisible();
  return email;
}

/** Fills the event registration dialog with valid details and continues to the provider's checkout. */
export async function continueToPayment(dialog: Locator) {
  await dialog.getByLabel("Full name").fill("Meera Kulkarni");
  await dialog.getByLabel("Phone").fill("9876501234");
  await dialog.getByLabel("Emergency contact").fill("Anil Kulkarni 9822001122");
  await dialog.getByRole("button", { name: /Continue to Payment/ }).click();
}

/**
 * A fresh verified member connects a new fake Strava athlete (3 activities in the last 30 days)
 * through the fake's approve page and is back on /profile/strava; the backfill may still run.
 */
export async function freshMemberConnectsStrava(page: Page, athleteId: number, name: [string, string]) {
  await page.request.post(`${fakesUrl()}/_control/strava/athletes`, {
    data: { id: athleteId, firstname: name[0], lastname: name[1], activities: 3, seed: athleteId, days: 30 },
  });
  await freshMemberConnectsAthlete(page, athleteId);
}

/** A fresh verified member connects an existing fake Strava athlete and is back on /profile/strava. */
export async function freshMemberConnectsAthlete(page: Page, athleteId: number) {
  await page.request.post(`${fakesUrl()}/_control/strava/next-athlete`, { data: { athleteId } });
  await signInFreshMember(page);
  await page.goto("/profile/strava");
  await page.getByRole("link", { name: "Connect with Strava" }).click();
  await page.locator("#authorize").click();
  await expect(page).toHaveURL(/\/profile\/strava$/);
}

/**
 * A fresh verified member, signed in, already linked to the existing fake Strava athlete and synced:
 * the app's test seam (POST /api/test/strava-member, ENABLE_TEST_PAGES) runs the backfill with the
 * sync's own code in that request instead of through the local queue, so nothing waits on it.
 * tests/e2e/strava.spec.ts keeps the real connect-and-sync journey. Returns the activities saved.
 */
export async function freshMemberSyncedWithAthlete(
  page: Page,
  athleteId: number,
  options: { keepActivities?: boolean } = {},
): Promise<number> {
  const tokens = await page.request.post(`${fakesUrl()}/_control/strava/tokens`, { data: { athleteId } });
  expect(tokens.status()).toBe(200);
  const { access_token, refresh_token, expires_at } = (await tokens.json()) as {
    access_token: string;
    refresh_token: string;
    expires_at: number;
  };
  await signInFreshMember(page);
  const res = await page.request.post("/api/test/strava-member", {
    data: {
      athleteId,
      accessToken: access_token,
      refreshToken: refresh_token,
      expiresAt: expires_at,
      keepActivities: options.keepActivities ?? false,
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { activities: number }).activities;
}

/** The same for a new fake athlete with 3 activities in the last 30 days. */
export async function freshMemberSyncedWithStrava(page: Page, athleteId: number, name: [string, string]) {
  const athlete = await page.request.post(`${fakesUrl()}/_control/strava/athletes`, {
    data: { id: athleteId, firstname: name[0], lastname: name[1], activities: 3, seed: athleteId, days: 30 },
  });
  expect(athlete.ok()).toBe(true);
  expect(await freshMemberSyncedWithAthlete(page, athleteId)).toBe(3);
}

/** Creates a fresh active ride challenge (started yesterday, two weeks to go) through the admin API. */
export async function createChallenge(baseURL: string, title: string, sources?: string): Promise<number> {
  const api = await playwrightRequest.newContext({ baseURL });
  const login = await api.post("/api/login", { data: { username: "admin", password: "Admin@1234" } });
  expect(login.status()).toBe(200);
  const res = await api.post("/api/challenges", {
    data: {
      title,
      description: "An end-to-end test challenge",
      startDate: new Date(Date.now() - 86400_000).toISOString(),
      endDate: new Date(Date.now() + 14 * 86400_000).toISOString(),
      sportType: "Ride",
      targetDistance: 200000,
      targetTime: null,
      isActive: true,
      ...(sources ? { sources } : {}),
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  await api.dispose();
  return id;
}

/**
 * Runs one SQL statement on the D1 database of the app under test, to make one of the app's own
 * reads or writes fail for real or to move a stored date. Through the e2e server's control port
 * (scripts/serve-miniflare.ts: app port + 2), on the running Miniflare's own binding. Every
 * change is undone in a `finally`.
 */
export async function d1(sql: string) {
  const res = await fetch(`http://127.0.0.1:${serverPorts().appPort + 2}/__d1`, {
    method: "POST",
    body: sql,
  });
  if (!res.ok) throw new Error(`d1(${sql}): ${res.status} ${await res.text()}`);
}
