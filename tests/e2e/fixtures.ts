import { test as base, expect, type Page } from "@playwright/test";
import { mkdirSync } from "node:fs";

export const FAKES_URL = `http://127.0.0.1:${process.env.E2E_FAKES_PORT ?? 8792}`;
const SHOTS = "tests/e2e/.artifacts";

/** Saves a full-page screenshot to tests/e2e/.artifacts for people to look at. */
export async function snap(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

export const test = base.extend<{ consoleErrors: string[] }>({
  // page.goto waits for React to hydrate our pages (root.tsx marks <html data-hydrated>),
  // so a test never types into inputs that hydration is about to replace.
  page: async ({ page, javaScriptEnabled, baseURL }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const ours = !/^https?:/.test(url) || (baseURL !== undefined && url.startsWith(baseURL));
      if (javaScriptEnabled !== false && ours && (response?.headers()["content-type"] ?? "").includes("text/html")) {
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 });
      }
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
    },
    { auto: true },
  ],
});

export { expect };
