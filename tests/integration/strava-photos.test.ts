/**
 * Strava profile photos (docs/decisions/029-strava-profile-photos.md): kept
 * apart from the member's own picture, shown to the member, to others only
 * with the member's consent, removed on disconnect.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, cookiesFrom, createUser, json, login, ORIGIN } from "./helpers";

const now = Math.floor(Date.now() / 1000);

const control = (path: string, body: unknown) =>
  fetch(`${env.FAKES_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

const patch = (path: string, body: unknown, cookie?: string) =>
  call(path, { method: "PATCH", body, ...(cookie ? { cookie } : {}) });

async function photoColumns(userId: number) {
  return env.DB.prepare(
    "SELECT profile_image_url, strava_photo_url, show_strava_photo FROM users WHERE id = ?",
  )
    .bind(userId)
    .first<{
      profile_image_url: string | null;
      strava_photo_url: string | null;
      show_strava_photo: number;
    }>();
}

/** A verified member linked to a fake Strava athlete through the real connect flow. */
async function connectedMember() {
  const athleteId = 760_000 + Math.floor(Math.random() * 100_000);
  await control("/_control/strava/athletes", { id: athleteId, firstname: "Pia", lastname: "Kale" });
  const user = await createUser({ profileCompleted: true });
  const cookie = await login(user.username, user.password);
  await control("/_control/strava/next-athlete", { athleteId });
  const start = await call("/api/user/connect-strava?returnTo=/dashboard", { cookie });
  const authorize = new URL(start.headers.get("Location")!);
  const approved = await fetch(`${authorize}&auto_approve=1`, { redirect: "manual" });
  const callback = new URL(approved.headers.get("Location")!);
  expect(callback.origin).toBe(ORIGIN);
  const done = await call(callback.pathname + callback.search, { cookie: cookiesFrom(start, cookie) });
  expect(done.headers.get("Location")).toBe("/dashboard?success=strava_connected");
  return { user, cookie, athleteId, photo: `${env.FAKES_URL}/strava/avatars/${athleteId}/medium` };
}

async function insertChallenge() {
  const row = await env.DB.prepare(
    "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date, is_active) VALUES ('Photo ride', 'A test challenge', 100000, 'Ride', ?, ?, 1) RETURNING id",
  )
    .bind(now - 86400, now + 20 * 86400)
    .first<{ id: number }>();
  return row!.id;
}

type Board = { entries: { userId: number; profileImageUrl: string | null }[] };
type Parts = { userId: number; user: { profileImageUrl: string | null } }[];

describe("Strava profile photos", () => {
  it("stores the photo apart from the profile image, on connect and on sign-in with Strava", async () => {
    const { user, photo } = await connectedMember();
    expect(await photoColumns(user.id)).toEqual({
      profile_image_url: null,
      strava_photo_url: photo,
      show_strava_photo: 0,
    });

    // Sign-in with Strava creates the account with the photo in its own column.
    const athleteId = 870_000 + Math.floor(Math.random() * 100_000);
    await control("/_control/strava/athletes", { id: athleteId, firstname: "Om", lastname: "Rane" });
    await control("/_control/strava/next-athlete", { athleteId });
    const start = await call("/api/auth/strava");
    const approved = await fetch(`${start.headers.get("Location")}&auto_approve=1`, { redirect: "manual" });
    const callback = new URL(approved.headers.get("Location")!);
    await call(callback.pathname + callback.search, { cookie: cookiesFrom(start) });
    const created = await env.DB.prepare("SELECT id FROM users WHERE strava_id = ?")
      .bind(athleteId)
      .first<{ id: number }>();
    expect(await photoColumns(created!.id)).toMatchObject({
      profile_image_url: null,
      strava_photo_url: `${env.FAKES_URL}/strava/avatars/${athleteId}/medium`,
    });
  });

  it("shows the photo to the member alone until they allow others, admins included", async () => {
    const owner = await connectedMember();
    const { cookie: viewerCookie } = await connectedMember(); // joining needs Strava
    const admin = await createUser({ isAdmin: true, profileCompleted: true });
    const adminCookie = await login(admin.username, admin.password);
    const id = await insertChallenge();
    for (const cookie of [owner.cookie, viewerCookie])
      expect((await call(`/api/challenges/${id}/join`, { method: "POST", body: {}, cookie })).status).toBe(
        201,
      );

    const seenBy = async (cookie: string) => {
      const board = await json<Board>(await call(`/api/challenges/${id}/leaderboard`, { cookie }));
      const parts = await json<Parts>(await call(`/api/challenges/${id}/participations`, { cookie }));
      const page = await (await call(`/challenges/${id}.data`, { cookie })).text();
      return {
        board: board.entries.find((e) => e.userId === owner.user.id)!.profileImageUrl,
        parts: parts.find((p) => p.userId === owner.user.id)!.user.profileImageUrl,
        pageShows: page.includes(owner.photo),
      };
    };
    const hidden = { board: null, parts: null, pageShows: false };
    const shown = { board: owner.photo, parts: owner.photo, pageShows: true };
    expect(await seenBy(viewerCookie)).toEqual(hidden);
    expect(await seenBy(adminCookie)).toEqual(hidden);
    expect(await seenBy(owner.cookie)).toEqual(shown);
    // The member's own header (the root loader) and their Sharing section show it.
    const own = await (await call("/profile-settings.data", { cookie: owner.cookie })).text();
    expect(own).toContain(owner.photo);
    expect(await json(await call("/api/user/sharing", { cookie: owner.cookie }))).toMatchObject({
      showStravaPhoto: false,
      stravaPhotoUrl: owner.photo,
    });

    // The member allows it: everyone sees it; their challenge sharing stays as it was.
    const allowed = await patch("/api/user/sharing", { showStravaPhoto: true }, owner.cookie);
    expect(allowed.status).toBe(200);
    expect(await json(allowed)).toMatchObject({ showStravaPhoto: true, shareActivities: false });
    expect(await seenBy(viewerCookie)).toEqual(shown);
    expect(await seenBy(adminCookie)).toEqual(shown);

    // A picture the member set themselves is what everyone sees.
    await env.DB.prepare("UPDATE users SET profile_image_url = 'https://example.com/me.png' WHERE id = ?")
      .bind(owner.user.id)
      .run();
    expect((await seenBy(viewerCookie)).board).toBe("https://example.com/me.png");
  });

  it("the profile's Sharing form saves the choice, unticked means no", async () => {
    const owner = await connectedMember();
    const form = (fields: Record<string, string>) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return call("/profile-settings/sharing", { body, cookie: owner.cookie });
    };
    expect((await form({ sharing: "progress", showStravaPhoto: "on" })).status).toBe(302);
    expect((await photoColumns(owner.user.id))?.show_strava_photo).toBe(1);
    expect((await form({ sharing: "progress" })).status).toBe(302);
    expect((await photoColumns(owner.user.id))?.show_strava_photo).toBe(0);
  });

  it("answers bad input with the message and guests with 401", async () => {
    const owner = await connectedMember();
    const empty = await patch("/api/user/sharing", {}, owner.cookie);
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await json(empty))).toContain("shareActivities must be true or false");
    const wrong = await patch("/api/user/sharing", { showStravaPhoto: "yes" }, owner.cookie);
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await json(wrong))).toContain("showStravaPhoto must be true or false");
    expect((await patch("/api/user/sharing", { showStravaPhoto: true })).status).toBe(401);
    expect((await photoColumns(owner.user.id))?.show_strava_photo).toBe(0);
  });

  it("is removed when the member disconnects Strava, and is in their data export while kept", async () => {
    const owner = await connectedMember();
    const exported = await (await call("/api/user/export?format=json", { cookie: owner.cookie })).text();
    expect(exported).toContain(owner.photo);
    const gone = await call("/api/user/strava", { method: "DELETE", cookie: owner.cookie });
    expect(gone.status).toBe(200);
    expect(await photoColumns(owner.user.id)).toMatchObject({ strava_photo_url: null });
    const page = await (await call("/profile-settings.data", { cookie: owner.cookie })).text();
    expect(page).not.toContain(owner.photo);
  });
});
