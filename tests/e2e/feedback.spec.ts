import type { Page } from "@playwright/test";
import { expect, signIn, signInFreshMember, snap, test, unique } from "./fixtures";

/** A tiny real PNG (1×1). */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByTestId("toast");
  await expect(toast).toContainText(title);
  if (description) await expect(toast).toContainText(description);
}

test.describe("member feedback", () => {
  test("checks the fields, previews and removes a screenshot, submits, and follows the feedback in the history", async ({
    page,
  }) => {
    await signInFreshMember(page);
    await page.goto("/feedback/history");
    await expect(page.getByText("No feedback submitted yet")).toBeVisible();
    await page.getByRole("link", { name: "Submit New Feedback" }).click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByRole("heading", { name: "Send Feedback" })).toBeVisible();

    // Checked before anything is sent, with the spec's messages; an edited field's error clears.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please select a feedback type")).toBeVisible();
    await expect(page.getByText("Subject is required")).toBeVisible();
    await expect(page.getByText("Message is required")).toBeVisible();
    await page.getByLabel("Subject").fill("Bug");
    await expect(page.getByText("Subject is required")).toHaveCount(0);
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Subject must be at least 5 characters")).toBeVisible();

    // A file that is not an image is refused at once; an image is previewed and can be removed.
    const file = page.getByLabel("Screenshot (optional)");
    await file.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByText("Screenshot must be an image file (PNG, JPEG, GIF or WebP)")).toBeVisible();
    await file.setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: PNG });
    await expect(page.getByRole("img", { name: "Preview of the screenshot to send" })).toBeVisible();
    await page.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByRole("img", { name: "Preview of the screenshot to send" })).toHaveCount(0);
    await file.setInputFiles({ name: "chart.png", mimeType: "image/png", buffer: PNG });

    const subject = `Timeline empty ${unique("t")}`;
    await page.getByLabel("Feedback type").selectOption("bug");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Details").fill("The activity timeline stays empty on my phone after a sync.");
    await snap(page, "feedback-form-filled");
    await page.getByRole("button", { name: "Submit" }).click();
    await expectToast(
      page,
      "Feedback Submitted",
      "Thank you for your feedback! Our team will review it soon.",
    );
    await expect(page.getByText("Feedback Received!")).toBeVisible();
    // The form is empty again, and the banner goes away by itself after 5 seconds.
    await expect(page.getByLabel("Subject")).toHaveValue("");
    await expect(page.getByText("Feedback Received!")).toHaveCount(0, { timeout: 8000 });

    await page.getByRole("link", { name: "View Feedback History" }).click();
    const row = page.getByRole("row").filter({ hasText: subject });
    await expect(row).toContainText("Bug Report");
    await expect(row).toContainText("pending");
    await snap(page, "feedback-history");
    await row.getByText(subject).click();
    await expect(page.getByRole("heading", { name: subject, level: 1 })).toBeVisible();
    await expect(page.getByText("Awaiting Response.")).toBeVisible();
    const screenshot = page.getByRole("img", { name: `Screenshot attached to “${subject}”` });
    await expect(screenshot).toBeVisible();
    // The image really loads from R2 through the guarded address.
    await expect
      .poll(() => screenshot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(1);
    await snap(page, "feedback-detail-awaiting");

    const missing = await page.goto("/feedback/history/999999999");
    expect(missing?.status()).toBe(404);
    await expect(page.getByText("Feedback not found. It may have been deleted.")).toBeVisible();
  });

  test("a screenshot over 5 MB is refused before it is sent", async ({ page }) => {
    await signIn(page);
    await page.goto("/feedback");
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    PNG.copy(big);
    await page
      .getByLabel("Screenshot (optional)")
      .setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await expect(page.getByText("Screenshot must be 5 MB or smaller")).toBeVisible();
  });

  test("guests are sent to sign in", async ({ page }) => {
    await page.goto("/feedback/history");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Ffeedback%2Fhistory/);
  });

  test("at 375 px the form and the history fit", async ({ page }) => {
    await signIn(page);
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ["/feedback", "/feedback/history"]) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    await snap(page, "feedback-history-phone");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form posts with its screenshot and the server checks it", async ({ page }) => {
    await signIn(page);
    await page.goto("/feedback");
    await page.getByLabel("Feedback type").selectOption("feature");
    await page.getByLabel("Subject").fill("Hey");
    await page.getByLabel("Details").fill("Please add cadence to the activity list.");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Subject must be at least 5 characters")).toBeVisible();

    const subject = `Cadence please ${unique("c")}`;
    await page.getByLabel("Feedback type").selectOption("feature");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Details").fill("Please add cadence to the activity list.");
    await page
      .getByLabel("Screenshot (optional)")
      .setInputFiles({ name: "idea.png", mimeType: "image/png", buffer: PNG });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Feedback Received!")).toBeVisible();
    await expect(page.getByTestId("toast")).toContainText("Feedback Submitted");
    await page.goto("/feedback/history");
    await expect(page.getByRole("row").filter({ hasText: subject })).toContainText("Feature Request");
  });
});

test.describe("admin feedback", () => {
  test("filters, searches and pages the list, opens one, responds, and the member sees the response", async ({
    page,
    browser,
  }) => {
    // A member's feedback to answer.
    const member = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const memberPage = await member.newPage();
    await signIn(memberPage);
    const subject = `Please answer ${unique("a")} with a subject longer than fifty characters in total`;
    const created = await memberPage.request.post("/api/feedback", {
      data: { feedbackType: "improvement", subject, message: "The leaderboard could refresh by itself." },
    });
    expect(created.status()).toBe(201);
    const { feedback } = (await created.json()) as { feedback: { id: number } };

    await signIn(page, "admin", "Admin@1234");
    await page.goto("/admin?tab=feedback");
    await page.getByRole("link", { name: "Manage feedback" }).click();
    await expect(page.getByRole("heading", { name: "Feedback Management" })).toBeVisible();
    await expect(page.getByText(/^Showing 10 of \d+$/)).toBeVisible();
    const pages = page.getByRole("navigation", { name: "Feedback pages" });
    await expect(pages.getByRole("link", { name: /Last page/ })).toBeVisible();
    await snap(page, "admin-feedback-list");

    // Filters apply at once and go into the address (and 'all' is left out).
    await page.getByLabel("Status").selectOption("resolved");
    await expect(page).toHaveURL(/status=resolved/);
    await expect(page.getByRole("row").nth(1)).toContainText("Resolved");
    await page.getByLabel("Type").selectOption("praise");
    await expect(page).toHaveURL(/feedbackType=praise/);
    for (const status of await page.getByRole("row").locator("td:nth-child(4)").allInnerTexts())
      expect(status).toBe("Resolved");
    await page.getByLabel("Status").selectOption("all");
    await expect(page).not.toHaveURL(/status=/);

    await page.getByLabel("Type").selectOption("all");
    await page.getByLabel("Search").fill("no such feedback anywhere");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No feedback found")).toBeVisible();

    await page.getByLabel("Search").fill(subject.slice(0, 30));
    await page.getByLabel("Search").press("Enter");
    const row = page.getByRole("row").filter({ hasText: subject.slice(0, 50) });
    await expect(row).toContainText(`${subject.slice(0, 50)}…`);
    await expect(row).toContainText("athlete");
    await row.getByRole("link", { name: /View/ }).click();

    await expect(page.getByRole("heading", { name: `Feedback #${feedback.id}` })).toBeVisible();
    await expect(page.getByText("athlete@example.com")).toBeVisible();
    await expect(page.getByRole("link", { name: /View User Profile/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("tab", { name: "Feedback Details" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.getByRole("link", { name: "Respond" }).click();
    await expect(page.getByRole("tab", { name: "Admin Response" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("link", { name: "Back to Details" }).click();
    await expect(page.getByRole("tab", { name: "Feedback Details" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    await page.getByRole("tab", { name: "Admin Response" }).click();

    await page.getByLabel("Status").selectOption("resolved");
    await page.getByLabel("Response", { exact: true }).fill("Done: it refreshes after every sync now.");
    await snap(page, "admin-feedback-respond");
    await page.getByRole("button", { name: "Save Response" }).click();
    await expectToast(page, "Feedback updated", "The feedback has been successfully updated.");
    await expect(page.getByRole("complementary").getByText("Resolved")).toBeVisible();

    await memberPage.goto(`/feedback/history/${feedback.id}`);
    await expect(memberPage.getByText("Done: it refreshes after every sync now.")).toBeVisible();
    await expect(memberPage.getByText("resolved", { exact: true })).toBeVisible();
    await expect(memberPage.getByText(/^Last updated /)).toBeVisible();
    await member.close();
  });

  test("members are sent away from the admin pages", async ({ page }) => {
    await signIn(page);
    await page.goto("/admin/feedback");
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/admin/feedback/1");
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test("an unknown feedback shows the spec's message; the list fits a phone", async ({ page }) => {
    await signIn(page, "admin", "Admin@1234");
    await page.goto("/admin/feedback/999999999");
    await expect(page.getByText("Feedback not found. It may have been deleted.")).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/admin/feedback");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await snap(page, "admin-feedback-phone");
  });
});
