import { expect, fakesUrl, linkFromMailbox, signInFreshMember, snap, test, unique } from "./fixtures";

/** The fake Google knows this person; the account chooser shows a button for them. */
async function googleUser(page: import("@playwright/test").Page, email: string) {
  await page.request.post(`${fakesUrl()}/_control/google/users`, {
    data: { sub: `sub-${email}`, email, email_verified: true, name: "Lina Kale" },
  });
}

test("Google never links silently: the member confirms from the e-mail with a click, then signs in with Google", async ({
  page,
}) => {
  const email = await signInFreshMember(page);
  await page.context().clearCookies();
  await googleUser(page, email);
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await page.locator(`button[data-email="${email}"]`).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("toast")).toContainText("Check your email to link Google");

  await page.goto(await linkFromMailbox(page, email, "Confirm linking your Google account"));
  await expect(page.getByRole("heading", { name: "Link your Google account" })).toBeVisible();
  await snap(page, "link-google-confirm");
  await page.getByRole("button", { name: "Link Google account" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId("toast")).toContainText("Google account linked");

  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await page.locator(`button[data-email="${email}"]`).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByTestId("toast")).toContainText("Login successful");
  await expect(page.getByLabel("Email *")).toHaveValue(email);
});

test("a signed-in member links Google from the profile page", async ({ page }) => {
  await signInFreshMember(page);
  const gmail = `${unique("lk")}@gmail.test`;
  await googleUser(page, gmail);
  await page.goto("/profile");
  await page.getByRole("link", { name: "Link Google account" }).click();
  await page.locator(`button[data-email="${gmail}"]`).click();
  await expect(page.getByTestId("toast")).toContainText("Login successful");
  await page.goto("/profile");
  await expect(page.getByText("Your Google account is linked")).toBeVisible();
  await snap(page, "profile-google-linked");
});
