// Strava profile photos (issue #20 item 8, docs/decisions/029-strava-profile-photos.md): the member
// sees their own Strava photo at once; other members see it only after the member allows it.
import type { Locator, Page } from "@playwright/test";
import { createChallenge, expect, freshMemberConnectsStrava, signIn, snap, test } from "./fixtures";

const ALLOW = "Show my Strava profile photo to other members";

/** A photo that the browser really loaded (the Content-Security-Policy let it through). */
async function expectLoadedPhoto(where: Locator) {
  const photo = where.getByTestId("avatar-photo");
  await expect(photo).toBeVisible();
  await expect
    .poll(() =>
      photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
}

const ownerRow = (page: Page, name: string) => page.getByTestId("participant").filter({ hasText: name });

// One journey at desktop size, then the same two views again at 375 px (the sharing section and
// the other member's leaderboard): a second journey at 375 px would repeat the connect and sync.
test("a member's Strava photo is theirs until they share it (desktop, then 375 px)", async ({
  page,
  browser,
  baseURL,
}) => {
  const desktop = { width: 1280, height: 900 };
  const phone = { width: 375, height: 800 };
  await page.setViewportSize(desktop);
  const title = `Photo Ride ${Date.now()}`;
  const id = await createChallenge(baseURL!, title);
  const athleteId = 91_000 + Math.floor(Math.random() * 2000);
  await freshMemberConnectsStrava(page, athleteId, ["Photo", "Owner"]);

  // Their own header shows it.
  await page.goto("/profile-settings");
  await expectLoadedPhoto(page.getByRole("button", { name: /Account menu for/ }));
  const owner = (await page
    .getByRole("button", { name: /Account menu for/ })
    .getAttribute("aria-label"))!.replace("Account menu for ", "");
  const sharing = page.getByRole("region", { name: "Sharing" });
  await expect(sharing.getByRole("checkbox", { name: ALLOW })).not.toBeChecked();
  // The consent shows the photo it is about, and the Strava card names the athlete (issue #37).
  const consentPhoto = sharing.getByRole("img", { name: "Your Strava profile photo" });
  await expect(consentPhoto).toBeVisible();
  await expect
    .poll(() => consentPhoto.evaluate((img) => (img as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByTestId("settings-strava")).toContainText("Connected to Strava as Photo Owner.");

  await page.goto("/challenges");
  const card = page.getByTestId("challenge-card").filter({ hasText: title });
  await card.getByRole("button", { name: "Join Challenge" }).click();
  await expect(page.getByTestId("toast")).toContainText("You've joined the challenge!");
  await page.goto(`/challenges/${id}`);
  await expectLoadedPhoto(ownerRow(page, owner));

  // Another member sees the initial only.
  const other = await browser.newContext({ viewport: desktop, baseURL });
  const viewer = await other.newPage();
  await signIn(viewer);
  await viewer.goto(`/challenges/${id}`);
  await expect(ownerRow(viewer, owner)).toBeVisible();
  await expect(ownerRow(viewer, owner).getByTestId("avatar-photo")).toHaveCount(0);

  // The member allows it from the profile's Sharing section (keyboard: Space ticks the box).
  await page.goto("/profile-settings");
  await sharing.getByRole("checkbox", { name: ALLOW }).focus();
  await page.keyboard.press("Space");
  await sharing.getByRole("button", { name: "Save sharing" }).click();
  await expect(page.getByTestId("toast")).toContainText("Sharing saved");
  await expect(sharing.getByRole("checkbox", { name: ALLOW })).toBeChecked();
  await snap(page, "strava-photo-sharing-desktop");

  await viewer.reload();
  await expectLoadedPhoto(ownerRow(viewer, owner));
  await snap(viewer, "strava-photo-leaderboard-desktop");

  // At 375 px: the consent with its photo, and the photo on the other member's leaderboard.
  await page.setViewportSize(phone);
  await viewer.setViewportSize(phone);
  await page.reload();
  await expect(sharing.getByRole("checkbox", { name: ALLOW })).toBeChecked();
  await expect(consentPhoto).toBeVisible();
  await snap(page, "strava-photo-sharing-phone");
  await viewer.reload();
  await expectLoadedPhoto(ownerRow(viewer, owner));
  await snap(viewer, "strava-photo-leaderboard-phone");
  await other.close();
});
