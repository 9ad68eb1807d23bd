import { expect, fakesUrl, linkFromMailbox, loginAs, snap, test, unique } from "./fixtures";

test("register, verify from the mailbox, fill the wizard after a validation error, land on the dashboard", async ({
  page,
}) => {
  const username = unique("rider");
  const email = `${username}@example.com`;
  await page.goto("/auth?tab=register");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("Secret@123");
  await page.getByLabel("Confirm Password").fill("Secret@124");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Confirm Password").fill("Secret@123");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByTestId("toast")).toContainText("Registration successful");
  // Issue #37 item 8, on a phone and on a desktop: one verify warning, one primary button
  // (Save Profile), no "Disconnect Strava" for a member who never connected.
  const verifyNote = page.getByTestId("verify-note");
  const solidButtons = page.locator(
    "#profile-wizard button.bg-brand:visible, #profile-wizard button.bg-gray-900:visible",
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByText("Please verify your email address")).toHaveCount(1);
    await expect(page.getByText("Please verify your email address")).toBeVisible();
    await expect(verifyNote).toHaveCount(0);
    await expect(solidButtons).toHaveText(["Save Profile"]);
    await expect(page.getByTestId("settings-strava")).toContainText("Strava is not connected.");
    await expect(page.getByText("Disconnect Strava")).toHaveCount(0);
    await snap(page, `first-run-profile-settings-${width}`);
  }
  // Confined until verified.
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/profile-settings$/);

  // The Mailbox page of the fake shows the e-mail; follow its link.
  await page.goto(`${fakesUrl()}/email`);
  await expect(page.getByText("Verify your email address").first()).toBeVisible();
  await page.goto(await linkFromMailbox(page, email, "Verify"));
  await expect(page.getByText("Email verified")).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(verifyNote).toHaveCount(0);
  }

  await page.goto("/profile-settings");
  await page.getByLabel("Age *").fill("29");
  await page.getByRole("tab", { name: "Emergency Contact" }).click();
  await expect(page.getByText("Please complete all required fields")).toBeVisible();
  await expect(page.getByText(/Missing: Gender, T-shirt size, Jersey size, Blood group/)).toBeVisible();
  await snap(page, "profile-wizard-missing");

  await page.getByLabel("First name *").fill("Asha");
  await page.getByLabel("Last name *").fill("Kale");
  await page.getByLabel("Gender *").selectOption("female");
  await page.getByLabel("Blood group *").selectOption("O+");
  await page.getByLabel("T-shirt size *").selectOption("M");
  await page.getByLabel("Jersey size *").selectOption("L");
  await page.getByRole("tab", { name: "Emergency Contact" }).click();
  await page.getByLabel("Emergency contact name *").fill("Ravi Kale");
  await page.getByLabel("Emergency contact phone *").fill("12345");
  await page.getByLabel("Relationship *").fill("Spouse");
  await page.getByLabel("Emergency contact name *").click();
  await expect(page.getByText("Please enter a valid phone number")).toBeVisible();
  await page.getByLabel("Emergency contact phone *").fill("9876543210");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  // A first visit: "Welcome", not "Welcome back".
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByTestId("greeting")).toHaveText(`Welcome, ${username}.`);
  }
});

test("login and logout with the demo athlete", async ({ page }) => {
  await loginAs(page, "athlete", "Athlete@1234");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("toast")).toContainText("Welcome back, athlete!");
  await expect(page.getByRole("link", { name: "My Dashboard" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Challenges" }),
  ).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
  ).toHaveCount(0);
  await snap(page, "signed-in-home");
  // Two pages reached by the app's own (client-side) navigation before logging out.
  const main = page.getByRole("navigation", { name: "Main" });
  await main.getByRole("link", { name: "Challenges", exact: true }).click();
  await expect(page).toHaveURL(/\/challenges$/);
  await main.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId("greeting")).toHaveText("Welcome back, athlete.");
  await page.getByRole("button", { name: /Account menu/ }).click();
  await expect(page.getByText("athlete@example.com")).toBeVisible();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await expect(page.getByTestId("toast")).toContainText("Logged out successfully");
  await expect(page.getByRole("link", { name: "Sign In" })).toBeVisible();
  const me = await page.request.get("/api/user");
  expect(me.status()).toBe(401);

  // Back: each member's page is replaced by the sign-in page, and the next Back goes on to the
  // page before it (issue #37: Back used to land on /auth?redirectTo=/dashboard again and again).
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fchallenges$/);
});

test("a wrong password shows 'Login failed'", async ({ page }) => {
  await loginAs(page, "athlete", "Wrong@1234");
  await expect(page.getByTestId("toast")).toContainText("Login failed");
  await expect(page.getByRole("alert")).toContainText("Invalid username or password");
});

test("admins see the Admin link", async ({ page }) => {
  await loginAs(page, "admin", "Admin@1234");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" }),
  ).toBeVisible();
});

test("forgot and reset the password, then sign in with the new one", async ({ page }) => {
  const username = unique("forgetful");
  const email = `${username}@example.com`;
  const reg = await page.request.post("/api/register", { data: { username, email, password: "Secret@123" } });
  expect(reg.status()).toBe(201);
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account exists with that email, we've sent password reset instructions..."),
  ).toBeVisible();

  await page.goto(await linkFromMailbox(page, email, "Reset"));
  await page.getByLabel("New password", { exact: true }).fill("Brand@New99");
  await page.getByLabel("Confirm new password").fill("Brand@New99");
  await page.getByRole("button", { name: "Reset password" }).click();
  await expect(page.getByText("Your password has been reset")).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 6000 });
  await loginAs(page, username, "Brand@New99");
  await expect(page).toHaveURL(/\/profile-settings$/);
});

test("an invalid reset link says so", async ({ page }) => {
  await page.goto("/reset-password?token=not-a-real-token");
  await expect(
    page.getByText("The password reset link is invalid or has expired. Please request a new one."),
  ).toBeVisible();
  await page.goto("/reset-password");
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test("Google sign-in through the fake's account chooser", async ({ page }) => {
  const email = `${unique("gg")}@gmail.test`;
  await page.request.post(`${fakesUrl()}/_control/google/users`, {
    data: { sub: `sub-${email}`, email, email_verified: true, name: "Gauri Pawar" },
  });
  await page.goto("/auth");
  await page.getByRole("link", { name: "Sign in with Google" }).click();
  await expect(page).toHaveURL(/\/google\/authorize/);
  await page.locator(`button[data-email="${email}"]`).click();
  await expect(page).toHaveURL(/\/profile-settings$/);
  await expect(page.getByTestId("toast")).toContainText("Login successful");
  await expect(page.getByLabel("Email *")).toHaveValue(email);
});

test("an unverified member is confined to profile settings", async ({ page }) => {
  await loginAs(page, "newbie", "Newbie@1234");
  await expect(page).toHaveURL(/\/profile-settings$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/profile-settings$/);
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/profile$/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login and the profile form still work", async ({ page }) => {
    await loginAs(page, "athlete", "Athlete@1234");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("toast")).toContainText("Login successful");
    await page.goto("/profile");
    await page.getByLabel("Age *").fill("-4");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page.getByText("Age must be a positive number")).toBeVisible();
    await page.getByLabel("Age *").fill("31");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test("a redirectTo that a browser would read as another host lands on this origin after sign-in", async ({
  page,
  baseURL,
}) => {
  // `/\t/evil.example/phish`: browsers drop the TAB, so it would become `//evil.example/phish`.
  await page.goto("/auth?redirectTo=%2F%09%2Fevil.example%2Fphish");
  await page.getByLabel("Username").fill("athlete");
  await page.getByLabel("Password").fill("Athlete@1234");
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByTestId("toast")).toContainText("Welcome back, athlete!");
  expect(new URL(page.url()).origin).toBe(new URL(baseURL!).origin);
  expect(new URL(page.url()).pathname).toBe("/");
});
