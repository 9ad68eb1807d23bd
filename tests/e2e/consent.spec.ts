// Consent for shared challenge views (issue #13 part 1, docs/decisions/020-consent-for-shared-views.md):
// the join forms ask what other participants will see; a challenge page and the profile change it.
import { createChallenge, expect, loginAs, signIn, snap, test } from "./fixtures";

const PROGRESS = "My name and challenge progress";
const ACTIVITIES = "Also my matching activities";

test("the join form asks what others will see, and the challenge page changes it", async ({
  page,
  baseURL,
}) => {
  const title = `Consent Ride ${Date.now()}`;
  const id = await createChallenge(baseURL!, title);
  await loginAs(page, "athlete", "Athlete@1234");
  await page.goto("/challenges");
  const card = page.getByTestId("challenge-card").filter({ hasText: title });
  const choice = card.getByRole("group", { name: "What other participants will see" });
  await expect(choice.getByRole("radio", { name: PROGRESS })).toBeChecked();
  await expect(choice.getByRole("radio", { name: ACTIVITIES })).not.toBeChecked();
  await snap(page, "consent-join-grid");

  await choice.getByRole("radio", { name: ACTIVITIES }).check();
  await card.getByRole("button", { name: "Join Challenge" }).click();
  await expect(page.getByTestId("toast")).toContainText("You've joined the challenge!");
  // One message per join (issue #37), not the title and a description repeating it.
  await expect(page.getByTestId("toast")).not.toContainText("You have joined the challenge");

  await page.goto(`/challenges/${id}`);
  const sharing = page.getByRole("region", { name: "Your sharing in this challenge" });
  await expect(sharing.getByRole("radio", { name: ACTIVITIES })).toBeChecked();
  // "Save sharing" is the primary button here as on the profile (one style per role, issue #37).
  await expect(sharing.getByRole("button", { name: "Save sharing" })).toHaveClass(/(^|\s)bg-brand(\s|$)/);
  await sharing.getByRole("radio", { name: PROGRESS }).check();
  await sharing.getByRole("button", { name: "Save sharing" }).click();
  await expect(sharing.getByRole("status")).toHaveText(
    "Other participants now see only your name and progress",
  );
  await page.reload();
  await expect(sharing.getByRole("radio", { name: PROGRESS })).toBeChecked();
  await snap(page, "consent-challenge-sharing");
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, "consent-challenge-sharing-phone");
});

test("the profile shows the sharing default and the member's challenges", async ({ page }) => {
  await loginAs(page, "athlete", "Athlete@1234");
  await page.goto("/profile-settings");
  const section = page.getByRole("region", { name: "Sharing" });
  await expect(section.getByRole("radio", { name: PROGRESS })).toBeChecked();
  await expect(section.getByTestId("sharing-challenges")).toContainText("Monthly 500 km Ride");
  await section.getByRole("radio", { name: ACTIVITIES }).check();
  await section.getByRole("button", { name: "Save sharing" }).click();
  await expect(page.getByTestId("toast")).toContainText("Sharing saved");
  await expect(section.getByRole("radio", { name: ACTIVITIES })).toBeChecked();
  await snap(page, "consent-profile-sharing");
  await page.setViewportSize({ width: 375, height: 800 });
  await snap(page, "consent-profile-sharing-phone");
  // Back to the seed's default, for the other specs.
  await section.getByRole("radio", { name: PROGRESS }).check();
  await section.getByRole("button", { name: "Save sharing" }).click();
  await expect(section.getByRole("radio", { name: PROGRESS })).toBeChecked();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("joining from the challenge page records the choice", async ({ page, baseURL }) => {
    const id = await createChallenge(baseURL!, `Consent NoJS ${Date.now()}`);
    await signIn(page);
    await page.goto(`/challenges/${id}`);
    const join = page.getByTestId("join-form");
    await expect(join.getByRole("radio", { name: PROGRESS })).toBeChecked();
    await snap(page, "consent-join-detail-nojs");
    await join.getByRole("radio", { name: ACTIVITIES }).check();
    await join.getByRole("button", { name: "Join Challenge" }).click();
    const sharing = page.getByRole("region", { name: "Your sharing in this challenge" });
    await expect(sharing.getByRole("radio", { name: ACTIVITIES })).toBeChecked();
  });
});
