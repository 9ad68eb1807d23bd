/**
 * A member's account from sign-in to leaving: Google and Strava sign-in,
 * e-mail ownership and the mail limits, the Strava profile photo, leaving
 * with a paid place, and the data rights (export and deletion). One file, so
 * one workerd start (docs/testing.md); the blocks share its storage, so each
 * makes its own members, addresses and Strava athletes. The data-rights block
 * stays last: its "keeps the last admin" test takes the admin right from every
 * other account.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  call,
  cookiesFrom,
  createUser,
  json,
  linkFromLatestEmail,
  login,
  mailbox,
  ORIGIN,
  unique,
} from "./helpers";
import {
  createEventAs,
  daysFromNow,
  mailsWithSubject,
  type Member,
  payForPlace,
  signedInMember,
} from "./event-helpers";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { strFromU8, unzipSync } from "fflate";
import * as schema from "~db/schema";
import { createAppContext } from "~workers/load-context";
import { createUserSession } from "~/lib/session.server";
import { encryptSecret } from "~/lib/token-crypto.server";

/** Drives the provider fakes' control API (next Google user, Strava athletes). */
const control = (path: string, body: unknown) =>
  fetch(`${env.FAKES_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("signing in with Google or Strava", () => {
  /** Starts sign-in, lets the fake approve at once, and follows the return to our callback. */
  async function roundTrip(provider: "google" | "strava", tamper?: (callback: URL) => void) {
    const start = await call(`/api/auth/${provider}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    const stateCookie = cookiesFrom(start);
    const approved = await fetch(`${authorize}&auto_approve=1`, { redirect: "manual" });
    const callback = new URL(approved.headers.get("Location")!);
    expect(callback.origin).toBe(ORIGIN);
    tamper?.(callback);
    const done = await call(callback.pathname + callback.search, { cookie: stateCookie });
    return { authorize, done, cookie: cookiesFrom(done) };
  }

  describe("Google sign-in", () => {
    it("sends state and a PKCE challenge, then creates a verified account for a new Google user", async () => {
      const email = `${unique("g")}@gmail.test`;
      await control("/_control/google/users", {
        sub: `sub-${email}`,
        email,
        email_verified: true,
        name: "Gita Rao",
      });
      await control("/_control/google/next-user", { email });
      const { authorize, done, cookie } = await roundTrip("google");
      expect(authorize.searchParams.get("state")).toBeTruthy();
      expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
      expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/auth/google/callback`);
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/profile-settings");
      const me = await json(await call("/api/user", { cookie }));
      expect(me).toMatchObject({ email, googleId: `sub-${email}`, isVerified: true });
    });

    it("never links silently: a verified account gets a confirmation e-mail, an unverified one is refused", async () => {
      // Linking an account that holds the address now needs the member's consent
      // (docs/decisions/006): a confirmation mailed to the address, or signing in first.
      const verified = await createUser({ isVerified: true, profileCompleted: true });
      await control("/_control/google/users", {
        sub: `sub-${verified.email}`,
        email: verified.email,
        email_verified: true,
      });
      await control("/_control/google/next-user", { email: verified.email });
      const pending = await roundTrip("google");
      expect(pending.done.headers.get("Location")).toBe("/auth");
      expect(pending.cookie).not.toContain("__session");
      const link = await linkFromLatestEmail(verified.email, "Confirm linking your Google account");
      expect(link.pathname).toBe("/link-google");
      const before = await env.DB.prepare("SELECT google_id FROM users WHERE id = ?")
        .bind(verified.id)
        .first<{ google_id: string | null }>();
      expect(before?.google_id).toBeNull();

      const unverified = await createUser({ isVerified: false });
      await control("/_control/google/users", {
        sub: `sub-${unverified.email}`,
        email: unverified.email,
        email_verified: true,
      });
      await control("/_control/google/next-user", { email: unverified.email });
      const refused = await roundTrip("google");
      expect(refused.done.headers.get("Location")).toBe("/auth?error=google-auth-failed");
      expect(refused.cookie).not.toContain("__session");
      const row = await env.DB.prepare("SELECT google_id FROM users WHERE id = ?")
        .bind(unverified.id)
        .first<{ google_id: string | null }>();
      expect(row?.google_id).toBeNull();
    });

    it("refuses a forged state", async () => {
      const { done } = await roundTrip("google", (callback) => callback.searchParams.set("state", "forged"));
      expect(done.headers.get("Location")).toBe("/auth?error=google-auth-failed");
    });
  });

  describe("Strava sign-in", () => {
    it("creates a connected account confined to profile settings, and signs the same athlete in again later", async () => {
      const athleteId = 700000 + Math.floor(Math.random() * 1000);
      await control("/_control/strava/athletes", {
        id: athleteId,
        firstname: "Sai",
        lastname: "Joshi",
        username: `sai${athleteId}`,
      });
      await control("/_control/strava/next-athlete", { athleteId });
      const first = await roundTrip("strava");
      expect(first.authorize.searchParams.get("scope")).toContain("activity:read_all");
      expect(first.done.headers.get("Location")).toBe("/profile-settings");
      const me = await json(await call("/api/user", { cookie: first.cookie }));
      expect(me).toMatchObject({ stravaId: athleteId, isVerified: false });
      const connection = await env.DB.prepare(
        "SELECT access_token_enc FROM strava_connections WHERE athlete_id = ?",
      )
        .bind(athleteId)
        .first<{ access_token_enc: string }>();
      expect(connection?.access_token_enc).toMatch(/^v1\./); // encrypted at rest
      expect((await call("/dashboard", { cookie: first.cookie })).headers.get("Location")).toBe(
        "/profile-settings",
      );

      const again = await roundTrip("strava");
      expect((await json(await call("/api/user", { cookie: again.cookie }))).id).toBe(me.id);
    });

    it("returns error=auth_failed when the member cancels", async () => {
      const start = await call("/api/auth/strava");
      const authorize = new URL(start.headers.get("Location")!);
      const decision = new URL(`${env.FAKES_URL}/strava/oauth/authorize/decision`);
      authorize.searchParams.forEach((v, k) => decision.searchParams.set(k, v));
      decision.searchParams.set("decision", "cancel");
      const denied = await fetch(decision, { redirect: "manual" });
      const callback = new URL(denied.headers.get("Location")!);
      expect(callback.searchParams.get("error")).toBe("access_denied");
      const done = await call(callback.pathname + callback.search, { cookie: cookiesFrom(start) });
      expect(done.headers.get("Location")).toBe("/auth?error=auth_failed");
    });
  });
});

describe("e-mail ownership and mail limits", () => {
  /**
   * Security issue points 1, 8 and 12: e-mail tokens prove only the address
   * they were sent to, Google never links itself silently, mail and
   * registration limits, and deactivation ends sessions for good.
   */
  // A browser's form post carries Host (Remix compares it with Origin).
  const FORM_HEADERS = { Host: "localhost:8787" };

  /** A client address of its own, so each test's registrations count against their own limit. */
  let ipCounter = 0;
  const freshIp = () => `203.0.113.${++ipCounter}`;

  async function register(ip: string, username = unique("reg"), email = `${username}@example.com`) {
    return call("/api/register", {
      body: { username, email, password: "Secret@123" },
      headers: { "CF-Connecting-IP": ip },
    });
  }

  async function googleRoundTrip(email: string, cookie?: string) {
    await control("/_control/google/users", {
      sub: `sub-${email}`,
      email,
      email_verified: true,
      name: "Vic Tim",
    });
    await control("/_control/google/next-user", { email });
    const start = await call("/api/auth/google", { cookie });
    const approved = await fetch(`${new URL(start.headers.get("Location")!)}&auto_approve=1`, {
      redirect: "manual",
    });
    const callback = new URL(approved.headers.get("Location")!);
    const done = await call(callback.pathname + callback.search, {
      cookie: cookiesFrom(start, cookie ?? ""),
    });
    return { done, cookie: cookiesFrom(done, cookie ?? "") };
  }

  const userRow = (id: number) =>
    env.DB.prepare("SELECT email, is_verified, google_id, session_version FROM users WHERE id = ?")
      .bind(id)
      .first<{ email: string; is_verified: number; google_id: string | null; session_version: number }>();

  describe("e-mail ownership (review #1)", () => {
    it("the review's takeover: a token mailed to the attacker's address cannot verify the victim's address, and Google does not sign the victim into the attacker's account", async () => {
      const attacker = unique("atk");
      const reg = await register(freshIp(), attacker, `${attacker}@attacker.example`);
      expect(reg.status).toBe(201);
      const cookie = cookiesFrom(reg);
      const t1 = (await linkFromLatestEmail(`${attacker}@attacker.example`, "Verify")).searchParams.get(
        "token",
      )!;
      const victim = `${unique("victim")}@gmail.test`;
      const patched = await call("/api/user/profile", { method: "PATCH", body: { email: victim }, cookie });
      expect(patched.status).toBe(200);
      expect(await json(patched)).toMatchObject({ email: victim, isVerified: false });

      const verify = await call(`/api/verify-email?token=${encodeURIComponent(t1)}`);
      expect(verify.status).toBe(400);
      expect((await json(verify)).message).toBe("Invalid or expired verification token");
      const me = await json(await call("/api/user", { cookie }));
      expect(me).toMatchObject({ email: victim, isVerified: false });

      // The victim signs in with Google: they must not land in the attacker's account.
      const { done, cookie: victimCookie } = await googleRoundTrip(victim);
      expect(done.headers.get("Location")).toBe("/auth?error=google-auth-failed");
      expect(victimCookie).not.toContain("__session");
      expect((await userRow(me.id as number))?.google_id).toBeNull();
    });

    it("an e-mail change revokes outstanding verify and reset tokens; a token works only for the address it was sent to", async () => {
      const u = await createUser({ isVerified: false });
      const cookie = await login(u.username, u.password);
      expect((await call("/api/resend-verification", { method: "POST", cookie })).status).toBe(200);
      const verifyToken = (await linkFromLatestEmail(u.email, "Verify")).searchParams.get("token")!;
      expect((await call("/api/forgot-password", { body: { email: u.email } })).status).toBe(200);
      const resetToken = (await linkFromLatestEmail(u.email, "Reset")).searchParams.get("token")!;
      expect((await call(`/api/reset-password?token=${encodeURIComponent(resetToken)}`)).status).toBe(200);

      const newEmail = `${unique("moved")}@example.com`;
      expect(
        (await call("/api/user/profile", { method: "PATCH", body: { email: newEmail }, cookie })).status,
      ).toBe(200);
      const outstanding = await env.DB.prepare(
        "SELECT count(*) AS n FROM email_tokens WHERE user_id = ? AND used_at IS NULL AND email = ?",
      )
        .bind(u.id, u.email.toLowerCase())
        .first<{ n: number }>();
      expect(outstanding?.n).toBe(0);
      expect((await call(`/api/verify-email?token=${encodeURIComponent(verifyToken)}`)).status).toBe(400);
      expect((await call(`/api/reset-password?token=${encodeURIComponent(resetToken)}`)).status).toBe(400);
      const reset = await call("/api/reset-password", {
        body: { token: resetToken, newPassword: "Other@1234" },
      });
      expect(reset.status).toBe(400);
      expect(
        (await call("/api/login", { body: { username: u.username, password: u.password } })).status,
      ).toBe(200);

      // The verification mailed to the new address works.
      const fresh = (await linkFromLatestEmail(newEmail, "Verify")).searchParams.get("token")!;
      expect((await call(`/api/verify-email?token=${encodeURIComponent(fresh)}`)).status).toBe(200);
      expect((await userRow(u.id))?.is_verified).toBe(1);
    });

    it("a token whose address is no longer the account's is refused even if it escaped revocation", async () => {
      const u = await createUser({ isVerified: false });
      const cookie = await login(u.username, u.password);
      expect((await call("/api/resend-verification", { method: "POST", cookie })).status).toBe(200);
      const token = (await linkFromLatestEmail(u.email, "Verify")).searchParams.get("token")!;
      await env.DB.prepare("UPDATE users SET email = ? WHERE id = ?")
        .bind(`${unique("elsewhere")}@example.com`, u.id)
        .run();
      expect((await call(`/api/verify-email?token=${encodeURIComponent(token)}`)).status).toBe(400);
      expect((await userRow(u.id))?.is_verified).toBe(0);
    });
  });

  describe("Google linking needs the member's consent", () => {
    it("an existing verified account is not linked by a Google sign-in: a confirmation goes to its address, and a GET of the link confirms nothing", async () => {
      const u = await createUser({ isVerified: true, profileCompleted: true });
      const first = await googleRoundTrip(u.email);
      expect(first.done.status).toBe(302);
      expect(first.done.headers.get("Location")).toBe("/auth");
      expect(first.cookie).not.toContain("__session");
      expect((await userRow(u.id))?.google_id).toBeNull();

      const link = await linkFromLatestEmail(u.email, "Confirm linking your Google account");
      expect(link.pathname).toBe("/link-google");
      const page = await call(link.pathname + link.search);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("Link Google account");
      expect((await userRow(u.id))?.google_id).toBeNull();

      const form = new FormData();
      form.set("token", link.searchParams.get("token")!);
      const confirmed = await call("/link-google", { body: form, headers: FORM_HEADERS });
      expect(confirmed.status).toBe(302);
      expect((await userRow(u.id))?.google_id).toBe(`sub-${u.email}`);
      // Single use.
      const again = new FormData();
      again.set("token", link.searchParams.get("token")!);
      expect((await call("/link-google", { body: again, headers: FORM_HEADERS })).status).toBe(400);

      const signIn = await googleRoundTrip(u.email);
      expect(signIn.done.headers.get("Location")).toBe("/");
      expect((await json(await call("/api/user", { cookie: signIn.cookie }))).id).toBe(u.id);
    });

    it("a link confirmation dies when the account's e-mail changes", async () => {
      const u = await createUser({ isVerified: true, profileCompleted: true });
      await googleRoundTrip(u.email);
      const link = await linkFromLatestEmail(u.email, "Confirm linking your Google account");
      const cookie = await login(u.username, u.password);
      expect(
        (
          await call("/api/user/profile", {
            method: "PATCH",
            body: { email: `${unique("new")}@example.com` },
            cookie,
          })
        ).status,
      ).toBe(200);
      expect((await call(link.pathname + link.search)).status).toBe(200);
      const form = new FormData();
      form.set("token", link.searchParams.get("token")!);
      expect((await call("/link-google", { body: form, headers: FORM_HEADERS })).status).toBe(400);
      expect((await userRow(u.id))?.google_id).toBeNull();
    });

    it("a member signed in with the password links Google by starting the Google sign-in", async () => {
      const u = await createUser({ isVerified: true, profileCompleted: true });
      const cookie = await login(u.username, u.password);
      const googleEmail = `${unique("other")}@gmail.test`;
      const { done, cookie: after } = await googleRoundTrip(googleEmail, cookie);
      expect(done.headers.get("Location")).toBe("/");
      expect((await userRow(u.id))?.google_id).toBe(`sub-${googleEmail}`);
      expect((await json(await call("/api/user", { cookie: after }))).id).toBe(u.id);
    });
  });

  describe("mail and registration limits (review #9)", () => {
    it("e-mail changes share the resend limit: the 4th verification mail in an hour gets 429 with Retry-After", async () => {
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      for (let i = 0; i < 3; i++) {
        expect(
          (
            await call("/api/user/profile", {
              method: "PATCH",
              body: { email: `${unique("chg")}@example.com` },
              cookie,
            })
          ).status,
        ).toBe(200);
      }
      const limited = await call("/api/user/profile", {
        method: "PATCH",
        body: { email: `${unique("chg")}@example.com` },
        cookie,
      });
      expect(limited.status).toBe(429);
      expect((await json(limited)).message).toBe("Too many attempts. Please try again later.");
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect((await call("/api/resend-verification", { method: "POST", cookie })).status).toBe(429);
    });

    it("one address receives at most 3 verification mails an hour across all accounts", async () => {
      const victim = `${unique("bombed")}@example.com`;
      for (let i = 0; i < 3; i++) {
        const u = await createUser();
        const cookie = await login(u.username, u.password);
        expect(
          (await call("/api/user/profile", { method: "PATCH", body: { email: victim }, cookie })).status,
        ).toBe(200);
        expect(
          (
            await call("/api/user/profile", {
              method: "PATCH",
              body: { email: `${unique("away")}@example.com` },
              cookie,
            })
          ).status,
        ).toBe(200);
      }
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      const limited = await call("/api/user/profile", { method: "PATCH", body: { email: victim }, cookie });
      expect(limited.status).toBe(429);
      expect(limited.headers.get("Retry-After")).toBeTruthy();
      for (let i = 0; i < 20 && (await mailbox(victim)).length < 3; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect((await mailbox(victim)).length).toBe(3);
    });

    it("registration allows 5 an hour per client address (API and form), then 429 with Retry-After", async () => {
      const ip = freshIp();
      for (let i = 0; i < 5; i++) expect((await register(ip)).status).toBe(201);
      const limited = await register(ip);
      expect(limited.status).toBe(429);
      expect((await json(limited)).message).toBe("Too many attempts. Please try again later.");
      expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
      const username = unique("form");
      const form = new FormData();
      for (const [k, v] of Object.entries({
        intent: "register",
        username,
        email: `${username}@example.com`,
        password: "Secret@123",
        confirmPassword: "Secret@123",
      }))
        form.set(k, v);
      const formLimited = await call("/auth", {
        body: form,
        headers: { ...FORM_HEADERS, "CF-Connecting-IP": ip },
      });
      expect(formLimited.status).toBe(429);
      expect(formLimited.headers.get("Retry-After")).toBeTruthy();
      expect(
        await env.DB.prepare("SELECT id FROM users WHERE username = ?").bind(username).first(),
      ).toBeNull();
      // Another address is unaffected.
      expect((await register(freshIp())).status).toBe(201);
    });
  });

  describe("deactivation ends sessions for good (review #15)", () => {
    it("deactivate, reactivate: the old cookie stays 401", async () => {
      const admin = await createUser({ isAdmin: true, profileCompleted: true });
      const adminCookie = await login(admin.username, admin.password);
      const u = await createUser();
      const cookie = await login(u.username, u.password);
      expect((await call("/api/user", { cookie })).status).toBe(200);
      const off = await call(`/api/admin/users/${u.id}/active-status`, {
        method: "PATCH",
        body: { isActive: false },
        cookie: adminCookie,
      });
      expect(off.status).toBe(200);
      expect((await call("/api/user", { cookie })).status).toBe(401);
      const on = await call(`/api/admin/users/${u.id}/active-status`, {
        method: "PATCH",
        body: { isActive: true },
        cookie: adminCookie,
      });
      expect(on.status).toBe(200);
      expect((await call("/api/user", { cookie })).status).toBe(401);
      expect((await call("/api/dashboard/stats", { cookie })).status).toBe(401);
      // A fresh login works.
      expect((await call("/api/user", { cookie: await login(u.username, u.password) })).status).toBe(200);
    });
  });
});

describe("profile photos from Strava", () => {
  /**
   * Strava profile photos (docs/decisions/029-strava-profile-photos.md): kept
   * apart from the member's own picture, shown to the member, to others only
   * with the member's consent, removed on disconnect.
   */
  const now = Math.floor(Date.now() / 1000);

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
});

describe("leaving with a paid place or Strava only", () => {
  /**
   * Leaving with money on the table (issue #34 item 6, docs/decisions/031):
   * deleting an account that holds a paid place in an upcoming event names the
   * places and their refunds first, and on confirmation cancels them through
   * the member's own cancellation (refund by the event's rule, through
   * Razorpay) before deleting. A Strava-only account is warned before it
   * disconnects its only way to sign in, and offered a password first.
   */
  let admin: Member;
  beforeAll(async () => {
    admin = await signedInMember({ isAdmin: true });
  });

  const userRow = (id: number) => env.DB.prepare("SELECT id FROM users WHERE id = ?").bind(id).first();
  const liveRegistrations = async (userId: number) =>
    (await env.DB.prepare(
      "SELECT count(*) AS n FROM event_registrations WHERE user_id = ? AND released_at IS NULL",
    )
      .bind(userId)
      .first<{ n: number }>())!.n;
  const refundOf = (paymentId: string) =>
    env.DB.prepare("SELECT amount, status FROM event_refunds WHERE payment_id = ?")
      .bind(paymentId)
      .first<{ amount: number; status: string }>();
  const fakeRefunds = async (paymentId: string) =>
    (
      (await (await fetch(`${env.FAKES_URL}/_control/razorpay/refunds`)).json()) as {
        payment_id: string;
        amount: number;
      }[]
    ).filter((r) => r.payment_id === paymentId);

  interface Place {
    eventId: number;
    title: string;
    paid: number;
    refund: number;
    percent: number;
  }

  describe("DELETE /api/user with a paid place in an upcoming event", () => {
    it("answers 409 with the places and their refunds, then cancels and refunds them on confirmation", async () => {
      const m = await signedInMember();
      const soon = await createEventAs(admin, { title: "Three Days Out", date: daysFromNow(3), fee: 150000 });
      const later = await createEventAs(admin, { title: "A Month Out", date: daysFromNow(30), fee: 200000 });
      const past = await createEventAs(admin, { title: "Already Ridden", date: daysFromNow(2), fee: 50000 });
      const soonPay = await payForPlace(m, soon);
      const laterPay = await payForPlace(m, later);
      await payForPlace(m, past);
      // That event has started since: no refund is due for it, and it is not named.
      await env.DB.prepare("UPDATE events SET date = ? WHERE id = ?")
        .bind(Math.floor(Date.now() / 1000) - 3600, past.id)
        .run();

      const warned = await call("/api/user", {
        method: "DELETE",
        cookie: m.cookie,
        body: { password: m.password },
      });
      expect(warned.status).toBe(409);
      const body = await json<{ code: string; message: string; places: Place[] }>(warned);
      expect(body.code).toBe("paid_places");
      expect(body.message).toMatch(/^You have a paid place in an upcoming event/);
      expect(body.places).toEqual([
        expect.objectContaining({
          eventId: soon.id,
          title: "Three Days Out",
          paid: 150000,
          refund: 75000,
          percent: 50,
        }),
        expect.objectContaining({
          eventId: later.id,
          title: "A Month Out",
          paid: 200000,
          refund: 200000,
          percent: 100,
        }),
      ]);
      expect(await userRow(m.id)).not.toBeNull();
      expect(await liveRegistrations(m.id)).toBe(3);
      expect(await refundOf(soonPay)).toBeNull();

      const wrongType = await call("/api/user", {
        method: "DELETE",
        cookie: m.cookie,
        body: { password: m.password, cancelPaidPlaces: "yes" },
      });
      expect(wrongType.status).toBe(400);
      expect((await json(wrongType)).message).toBe("cancelPaidPlaces must be true or false");

      const done = await call("/api/user", {
        method: "DELETE",
        cookie: m.cookie,
        body: { password: m.password, cancelPaidPlaces: true },
      });
      expect(done.status).toBe(200);
      const result = await json<{
        cancelledPlaces: { eventId: number; refund: { amount: number } | null }[];
      }>(done);
      expect(result.cancelledPlaces).toEqual([
        { eventId: soon.id, title: "Three Days Out", refund: { amount: 75000, status: expect.any(String) } },
        { eventId: later.id, title: "A Month Out", refund: { amount: 200000, status: expect.any(String) } },
      ]);
      expect(await userRow(m.id)).toBeNull();
      // The refunds went through the refund path: recorded (kept after the account), asked of Razorpay once.
      expect(await refundOf(soonPay)).toMatchObject({ amount: 75000 });
      expect(await refundOf(laterPay)).toMatchObject({ amount: 200000 });
      expect((await fakeRefunds(soonPay)).map((r) => r.amount)).toEqual([75000]);
      expect((await fakeRefunds(laterPay)).map((r) => r.amount)).toEqual([200000]);
      expect(await mailsWithSubject(m.email, "Registration cancelled: A Month Out")).toHaveLength(1);
    });
  });

  describe("/profile-settings/delete-account with a paid place", () => {
    it("names the place and its refund, refuses without the tick, cancels and deletes with it", async () => {
      const m = await signedInMember();
      const event = await createEventAs(admin, {
        title: "Monsoon Century",
        date: daysFromNow(20),
        fee: 249900,
      });
      const paymentId = await payForPlace(m, event);

      const page = await call("/profile-settings/delete-account", { cookie: m.cookie });
      const html = (await page.text()).replaceAll("<!-- -->", "");
      expect(html).toContain("You have a paid place in an upcoming event");
      expect(html).toContain("Monsoon Century");
      expect(html).toContain("refund ₹2,499");
      expect(html).toContain('name="cancelPaidPlaces"');
      // Without a paid place there is no warning.
      const other = await signedInMember();
      expect(
        await (await call("/profile-settings/delete-account", { cookie: other.cookie })).text(),
      ).not.toContain("paid place");

      const headers = { "Content-Type": "application/x-www-form-urlencoded" };
      const form = (extra: Record<string, string>) =>
        new URLSearchParams({ intent: "delete", password: m.password, ...extra }).toString();
      const refused = await call("/profile-settings/delete-account", {
        body: form({}),
        cookie: m.cookie,
        headers,
      });
      expect(refused.status).toBe(409);
      expect(await refused.text()).toContain("Monsoon Century");
      expect(await userRow(m.id)).not.toBeNull();
      expect(await refundOf(paymentId)).toBeNull();

      const done = await call("/profile-settings/delete-account", {
        body: form({ cancelPaidPlaces: "on" }),
        cookie: m.cookie,
        headers,
      });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/");
      expect(await userRow(m.id)).toBeNull();
      expect(await refundOf(paymentId)).toMatchObject({ amount: 249900 });
    });
  });

  describe("disconnecting Strava from a Strava-only account", () => {
    // Athlete ids of their own: the sign-in and photo blocks above hold fake athletes 700000-969999.
    async function stravaOnlyMember() {
      const m = await signedInMember();
      await env.DB.prepare(
        "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'y', ?)",
      )
        .bind(m.id, 640_000_000 + m.id, Math.floor(Date.now() / 1000) + 3600)
        .run();
      await env.DB.prepare("UPDATE users SET password_hash = NULL, strava_id = ? WHERE id = ?")
        .bind(640_000_000 + m.id, m.id)
        .run();
      return m;
    }
    const connected = async (userId: number) =>
      (await env.DB.prepare("SELECT user_id FROM strava_connections WHERE user_id = ?")
        .bind(userId)
        .first()) !== null;

    it("the confirmation warns and offers a password; the disconnect needs the tick (page and API)", async () => {
      const m = await stravaOnlyMember();
      const page = await (await call("/profile/strava?confirm=disconnect", { cookie: m.cookie })).text();
      expect(page).toContain("Strava is your only way to sign in");
      expect(page).toContain("E-mail me a link to set a password");
      expect(page).toContain('name="confirmNoSignIn"');

      const headers = { "Content-Type": "application/x-www-form-urlencoded" };
      const refused = await call("/profile/strava?confirm=disconnect", {
        body: "intent=disconnect",
        cookie: m.cookie,
        headers,
      });
      expect(refused.status).toBe(409);
      expect(await connected(m.id)).toBe(true);
      const api = await call("/api/user/strava", { method: "DELETE", cookie: m.cookie });
      expect(api.status).toBe(409);
      expect(await json(api)).toMatchObject({
        code: "only_sign_in",
        message: expect.stringMatching(/^Strava is the only way you sign in to this account/),
      });
      expect(await connected(m.id)).toBe(true);

      // The offer: the forgot-password e-mail to the member's own address, whose link sets a password.
      const offer = await call("/profile/strava?confirm=disconnect", {
        body: "intent=set-password",
        cookie: m.cookie,
        headers,
      });
      expect(offer.status).toBe(302);
      const link = await linkFromLatestEmail(m.email, "Reset your password");
      expect(link.pathname).toBe("/reset-password");

      const done = await call("/api/user/strava", {
        method: "DELETE",
        cookie: m.cookie,
        body: { confirmNoSignIn: true },
      });
      expect(done.status).toBe(200);
      expect(await connected(m.id)).toBe(false);
    });

    it("an account with a password (or Google) is not asked", async () => {
      const m = await signedInMember();
      await env.DB.prepare(
        "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'x', 'y', ?)",
      )
        .bind(m.id, 650_000_000 + m.id, Math.floor(Date.now() / 1000) + 3600)
        .run();
      const page = await (await call("/profile/strava?confirm=disconnect", { cookie: m.cookie })).text();
      expect(page).not.toContain("Strava is your only way to sign in");
      const res = await call("/profile/strava?confirm=disconnect", {
        body: "intent=disconnect",
        cookie: m.cookie,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(200);
      expect(await connected(m.id)).toBe(false);
    });
  });
});

describe("data rights: export and deletion", () => {
  // Data rights (issue #13, docs/decisions/022): the export holds exactly the
  // member's own data and no secret; deletion leaves no personal row in any
  // table, removes the screenshots from R2, keeps the payment detached, ends
  // every session, and refuses without the right confirmation.
  const PNG = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 9, 9,
  ]);
  const now = Math.floor(Date.now() / 1000);
  let stravaIds = 7_000_000 + Math.floor(Math.random() * 1_000_000);

  const strava = (path: string, body: unknown) =>
    fetch(`${env.FAKES_URL}/_control/strava${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<Record<string, unknown>>);

  type Member = Awaited<ReturnType<typeof createUser>> & { cookie: string; tag: string };

  const run = (query: string, ...values: unknown[]) =>
    env.DB.prepare(query)
      .bind(...values)
      .run();
  const first = <T>(query: string, ...values: unknown[]) =>
    env.DB.prepare(query)
      .bind(...values)
      .first<T>();

  /** One member with a row in every table the app keeps about members; `tag` marks their texts. */
  async function seededMember(
    challengeId: number,
    eventId: number,
  ): Promise<Member & { feedbackId: number; fileKey: string }> {
    const user = await createUser({ profileCompleted: true });
    const tag = unique("tag");
    const cookie = await login(user.username, user.password);
    await run(
      "UPDATE users SET strava_id = ?, first_name = ?, emergency_contact_phone = '+91 98765 43210' WHERE id = ?",
      stravaIds,
      `First ${tag}`,
      user.id,
    );
    await run(
      "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'enc-access-secret', 'enc-refresh-secret', ?)",
      user.id,
      stravaIds++,
      now + 3600,
    );
    await run("INSERT INTO sync_status (user_id, state) VALUES (?, 'completed')", user.id);
    await run(
      "INSERT INTO sync_jobs (user_id, mode, initiated_by) VALUES (?, 'backfill', 'connect')",
      user.id,
    );
    const activity = await first<{ id: number }>(
      `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local, private, visibility)
     VALUES (?, ?, ?, 'Ride', 'Ride', 42000, 5400, 5600, ?, '2026-01-01T07:00:00Z', 0, 'everyone') RETURNING id`,
      user.id,
      stravaIds++,
      `=HYPERLINK("x") Ride ${tag}`,
      now - 86400,
    );
    await run(
      `INSERT INTO activity_tracks (activity_id, user_id, polyline, splits) VALUES (?, ?, '_p~iF~ps|U_ulLnnqC', ?)`,
      activity!.id,
      user.id,
      JSON.stringify([{ km: 1, distance: 1000, movingTime: 200, elevationGain: 5, averageHeartrate: null }]),
    );
    await run(
      "INSERT INTO challenge_participations (challenge_id, user_id, progress) VALUES (?, ?, 42000)",
      challengeId,
      user.id,
    );
    await run(
      "INSERT INTO challenge_progress_audit (challenge_id, user_id, old_progress, new_progress) VALUES (?, ?, 0, 42000)",
      challengeId,
      user.id,
    );
    const registration = await first<{ id: number }>(
      "INSERT INTO event_registrations (event_id, user_id, name, email, phone, emergency_contact, payment_status) VALUES (?, ?, ?, ?, '9876543210', 'Kin 9876500000', 'paid') RETURNING id",
      eventId,
      user.id,
      `Name ${tag}`,
      user.email,
    );
    const payment = await first<{ id: number }>(
      "INSERT INTO payments (registration_id, event_id, order_id, payment_id, amount, status) VALUES (?, ?, ?, ?, 50000, 'paid') RETURNING id",
      registration!.id,
      eventId,
      `order_${tag}`,
      `pay_${tag}`,
    );
    await run(
      "INSERT INTO event_waitlist (event_id, user_id, name, email, phone, emergency_contact, position, status) VALUES (?, ?, ?, ?, '9876543210', 'Kin 9876500000', 1, 'registered')",
      eventId,
      user.id,
      `Waiting ${tag}`,
      user.email,
    );
    await run(
      "INSERT INTO event_refunds (payment_record_id, registration_id, event_id, payment_id, idempotency_key, amount, status) VALUES (?, ?, ?, ?, ?, 25000, 'processed')",
      payment!.id,
      registration!.id,
      eventId,
      `pay_${tag}`,
      `refund_${tag}`,
    );
    await run(
      "INSERT INTO wari_registrations (user_id, event_year, event_name) VALUES (?, 2026, 'IAS CycleWari 2026')",
      user.id,
    );
    const plan = await first<{ id: number }>(
      "INSERT INTO training_plans (user_id, event_year, category, start_date, plan_details) VALUES (?, 2026, 'Beginner', ?, ?) RETURNING id",
      user.id,
      now,
      JSON.stringify({ note: `plan ${tag}` }),
    );
    await run(
      "INSERT INTO training_progress (plan_id, week, completed_workouts) VALUES (?, 1, '[\"0\"]')",
      plan!.id,
    );
    await run(
      "INSERT INTO recommendations (user_id, title, sport_type, description) VALUES (?, ?, 'Ride', 'Easy spin')",
      user.id,
      `Reco ${tag}`,
    );
    await run(
      "INSERT INTO fitness_profiles (user_id, preferred_sport_types, insights) VALUES (?, '[\"Ride\"]', '[]')",
      user.id,
    );
    await run(
      "INSERT INTO event_history (user_id, event_year, event_name, activity_id, activity_name, completed) VALUES (?, 2025, 'IAS CycleWari 2025', ?, ?, 1)",
      user.id,
      activity!.id,
      `Wari ${tag}`,
    );
    await run(
      "INSERT INTO email_tokens (user_id, purpose, token_hash, email, expires_at) VALUES (?, 'verify_email', ?, ?, ?)",
      user.id,
      `hash-${tag}`,
      user.email,
      now + 3600,
    );
    await run(
      "INSERT INTO account_link_tokens (user_id, provider, provider_user_id, token_hash, email, expires_at) VALUES (?, 'google', ?, ?, ?, ?)",
      user.id,
      `g-${tag}`,
      `link-${tag}`,
      user.email,
      now + 3600,
    );
    await run(
      "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1), (?, ?, 1)",
      `forgot:email:${user.email.toLowerCase()}`,
      now,
      `login:pair:user:${user.id}:203.0.113.9`,
      now,
    );
    // An uploaded activity file (its original stays in R2, docs/decisions/023).
    const fileKey = `activity-files/${user.id}/${tag}.gpx`;
    await env.UPLOADS.put(fileKey, "<gpx/>");
    await run(
      "INSERT INTO uploads (user_id, filename, kind, size, r2_key, status) VALUES (?, 'ride.gpx', 'gpx', 6, ?, 'saved')",
      user.id,
      fileKey,
    );
    // The club feed and notifications (issue #41): a milestone, kudos and a comment on it, a report,
    // a notification, choices, quiet hours, a phone and a weekly digest.
    const item = await first<{ id: number }>(
      "INSERT INTO feed_items (kind, user_id, label, milestone_key) VALUES ('challenge_joined', ?, ?, ?) RETURNING id",
      user.id,
      `Joined ${tag}`,
      `joined-${tag}`,
    );
    await run("INSERT INTO feed_kudos (item_id, user_id) VALUES (?, ?)", item!.id, user.id);
    const comment = await first<{ id: number }>(
      "INSERT INTO feed_comments (item_id, user_id, body) VALUES (?, ?, ?) RETURNING id",
      item!.id,
      user.id,
      `Comment ${tag}`,
    );
    await run("INSERT INTO feed_comment_reports (comment_id, user_id) VALUES (?, ?)", comment!.id, user.id);
    await run(
      "INSERT INTO notifications (user_id, kind, dedupe_key, title) VALUES (?, 'kudos', ?, ?)",
      user.id,
      `k-${tag}`,
      `Kudos ${tag}`,
    );
    await run(
      "INSERT INTO notification_preferences (user_id, kind, channel, enabled) VALUES (?, 'kudos', 'email', 0)",
      user.id,
    );
    await run(
      "INSERT INTO notification_settings (user_id, quiet_start, quiet_end) VALUES (?, 22, 7)",
      user.id,
    );
    await run(
      "INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES (?, ?, ?, ?)",
      user.id,
      `https://push.example/${tag}`,
      `p256dh-secret-${tag}`,
      `auth-secret-${tag}`,
    );
    await run("INSERT INTO digest_sends (user_id, week, status) VALUES (?, '2026-11-16', 'sent')", user.id);
    const body = new FormData();
    body.set("feedbackType", "bug");
    body.set("subject", `Subject ${tag}`);
    body.set("message", "The chart does not load on my phone.");
    body.set("screenshot", new File([PNG], "shot.png", { type: "image/png" }));
    const res = await call("/api/feedback", { body, cookie });
    expect(res.status).toBe(201);
    const { feedback } = await json<{ feedback: { id: number } }>(res);
    return { ...user, cookie, tag, feedbackId: feedback.id, fileKey };
  }

  let a: Member & { feedbackId: number; fileKey: string };
  let b: Member & { feedbackId: number; fileKey: string };
  let eventId: number;

  beforeAll(async () => {
    const challenge = await first<{ id: number }>(
      "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date) VALUES ('Ride 100', 'd', 100000, 'Ride', ?, ?) RETURNING id",
      now - 10 * 86400,
      now + 10 * 86400,
    );
    const event = await first<{ id: number }>(
      "INSERT INTO events (title, description, date, location, fee) VALUES ('Club ride', 'd', ?, 'Pune', 50000) RETURNING id",
      now + 20 * 86400,
    );
    eventId = event!.id;
    a = await seededMember(challenge!.id, eventId);
    b = await seededMember(challenge!.id, eventId);
    // B's kudos and comment on A's milestone are B's, not A's to download.
    const aItem = await first<{ id: number }>("SELECT id FROM feed_items WHERE user_id = ?", a.id);
    await run("INSERT INTO feed_kudos (item_id, user_id) VALUES (?, ?)", aItem!.id, b.id);
    await run(
      "INSERT INTO feed_comments (item_id, user_id, body) VALUES (?, ?, ?)",
      aItem!.id,
      b.id,
      `Reply ${b.tag}`,
    );
  });

  const SECRETS = [
    "passwordHash",
    "password_hash",
    "sessionVersion",
    "session_version",
    "enc-access-secret",
    "enc-refresh-secret",
    "accessTokenEnc",
    "pbkdf2",
    // A push device's keys (the export keeps its address and dates only).
    "p256dh-secret",
    "auth-secret",
  ];

  describe("GET /api/user/export", () => {
    it("holds exactly the member's own data and no secret (JSON)", async () => {
      const res = await call("/api/user/export?format=json", { cookie: a.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toContain("application/json");
      const date = new Date().toISOString().slice(0, 10);
      expect(res.headers.get("Content-Disposition")).toBe(
        `attachment; filename="cyclewari-data-${a.username}-${date}.json"`,
      );
      const text = await res.text();
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      // Nothing of member B: not their texts, name, address, ids.
      for (const other of [b.tag, b.username, b.email]) expect(text).not.toContain(other);
      const data = JSON.parse(text);
      expect(data.profile).toMatchObject({ id: a.id, username: a.username, email: a.email });
      expect(data.stravaConnection).toMatchObject({ athleteId: expect.any(Number) });
      expect(data.activities).toHaveLength(1);
      expect(data.activities[0].name).toContain(a.tag);
      expect(data.activityTracks).toEqual([
        {
          activityId: data.activities[0].id,
          polyline: "_p~iF~ps|U_ulLnnqC",
          splits: [{ km: 1, distance: 1000, movingTime: 200, elevationGain: 5, averageHeartrate: null }],
          profile: null,
        },
      ]);
      expect(data.challengeParticipations).toEqual([
        expect.objectContaining({ userId: a.id, challengeTitle: "Ride 100", progress: 42000 }),
      ]);
      expect(data.challengeProgressCorrections).toHaveLength(1);
      expect(data.eventRegistrations).toEqual([
        expect.objectContaining({ userId: a.id, name: `Name ${a.tag}`, eventTitle: "Club ride" }),
      ]);
      expect(data.payments.map((p: { orderId: string }) => p.orderId)).toEqual([`order_${a.tag}`]);
      expect(data.eventWaitlist).toEqual([
        expect.objectContaining({ userId: a.id, name: `Waiting ${a.tag}`, eventTitle: "Club ride" }),
      ]);
      expect(data.refunds).toEqual([expect.objectContaining({ paymentId: `pay_${a.tag}`, amount: 25000 })]);
      expect(data.feedback).toEqual([
        expect.objectContaining({
          id: a.feedbackId,
          subject: `Subject ${a.tag}`,
          screenshotFile: `screenshots/feedback-${a.feedbackId}.png`,
        }),
      ]);
      expect(data.wari.registrations).toHaveLength(1);
      expect(data.wari.trainingPlans[0].planDetails).toEqual({ note: `plan ${a.tag}` });
      expect(data.wari.trainingProgress).toHaveLength(1);
      expect(data.recommendations.map((r: { title: string }) => r.title)).toEqual([`Reco ${a.tag}`]);
      expect(data.fitnessProfile).toMatchObject({ userId: a.id });
      expect(data.eventHistory).toEqual([expect.objectContaining({ activityName: `Wari ${a.tag}` })]);
      expect(data.club.items).toEqual([expect.objectContaining({ userId: a.id, label: `Joined ${a.tag}` })]);
      expect(data.club.kudosGiven).toEqual([expect.objectContaining({ userId: a.id })]);
      expect(data.club.comments).toEqual([expect.objectContaining({ body: `Comment ${a.tag}` })]);
      expect(data.club.reports).toHaveLength(1);
      expect(data.notifications.sent).toEqual([expect.objectContaining({ title: `Kudos ${a.tag}` })]);
      expect(data.notifications.preferences).toEqual([
        expect.objectContaining({ kind: "kudos", channel: "email", enabled: false }),
      ]);
      expect(data.notifications.settings).toMatchObject({ quietStart: 22, quietEnd: 7 });
      expect(data.notifications.pushDevices).toEqual([
        expect.objectContaining({ endpoint: `https://push.example/${a.tag}` }),
      ]);
      expect(Object.keys(data.notifications.pushDevices[0])).not.toContain("auth");
      expect(data.notifications.weeklyDigests).toEqual([
        expect.objectContaining({ week: "2026-11-16", status: "sent" }),
      ]);
    });

    it("zips data.json, a CSV per table (RFC 4180, formula-guarded) and the screenshots", async () => {
      const res = await call("/api/user/export", { cookie: a.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/zip");
      expect(res.headers.get("Content-Disposition")).toMatch(
        /^attachment; filename="cyclewari-data-[\w.-]+-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      expect(Object.keys(files).sort()).toEqual(
        [
          "README.txt",
          "data.json",
          "profile.csv",
          "activities.csv",
          "activity-uploads.csv",
          "activity-tracks.csv",
          "challenge-participations.csv",
          "challenge-progress-corrections.csv",
          "event-registrations.csv",
          "payments.csv",
          "event-waitlist.csv",
          "refunds.csv",
          "feedback.csv",
          "wari-registrations.csv",
          "wari-training-plans.csv",
          "wari-training-progress.csv",
          "wari-results.csv",
          "recommendations.csv",
          "fitness-profile.csv",
          "event-history.csv",
          "club-feed-items.csv",
          "club-kudos.csv",
          "club-comments.csv",
          "club-comment-reports.csv",
          "notifications.csv",
          "notification-preferences.csv",
          "notification-settings.csv",
          "push-devices.csv",
          "weekly-digests.csv",
          `screenshots/feedback-${a.feedbackId}.png`,
        ].sort(),
      );
      expect(files[`screenshots/feedback-${a.feedbackId}.png`]).toEqual(PNG);
      const activitiesCsv = strFromU8(files["activities.csv"]!);
      const [header, row] = activitiesCsv.split("\r\n");
      expect(header).toContain("id,userId,stravaId,source,uploadId,name");
      // A leading = is neutralised by an apostrophe; the quotes inside are doubled.
      expect(row).toContain(`"'=HYPERLINK(""x"") Ride ${a.tag}"`);
      expect(activitiesCsv.endsWith("\r\n")).toBe(true);
      // A phone number starting with + cannot become a formula either.
      expect(strFromU8(files["profile.csv"]!)).toContain("'+91 98765 43210");
      const all = Object.entries(files)
        .filter(([name]) => !name.endsWith(".png"))
        .map(([, bytes]) => strFromU8(bytes))
        .join("\n");
      for (const secret of SECRETS) expect(all).not.toContain(secret);
      for (const other of [b.tag, b.username, b.email]) expect(all).not.toContain(other);
    });

    it("answers a guest 401 and a bad format 400", async () => {
      expect((await call("/api/user/export")).status).toBe(401);
      const bad = await call("/api/user/export?format=xls", { cookie: a.cookie });
      expect(bad.status).toBe(400);
      expect((await json(bad)).message).toBe("format must be zip or json");
    });
  });

  /** Personal rows left for a user id / e-mail, table by table (every table of db/schema.ts that names a member). */
  const BY_USER = [
    "email_tokens",
    "account_link_tokens",
    "strava_connections",
    "sync_status",
    "sync_jobs",
    "activities",
    "challenge_participations",
    "challenge_progress_audit",
    "recommendations",
    "fitness_profiles",
    "event_registrations",
    "event_waitlist",
    "feedback",
    "wari_registrations",
    "training_plans",
    "training_load_cache",
    "uploads",
    "event_history",
    // Wari results and their review audit (decision 045): removed with the member by cascade.
    "wari_results",
    "wari_result_audit",
    // The dashboard's summaries (issue #36): removed with the member by their foreign keys' cascade.
    "activity_day_totals",
    "activity_records",
    "activity_sport_totals",
    "activity_month_totals",
    // Activity tracks (issue #40): removed with their activities (and the member) by cascade.
    "activity_tracks",
    // The heatmaps as last drawn (issue #36, decision 056): removed with the member by cascade.
    "heatmap_cache",
    // The club feed and notifications (issue #41, decision 051): removed with the member by cascade.
    "feed_items",
    "feed_kudos",
    "feed_comments",
    "feed_comment_reports",
    "feed_record_marks",
    "notifications",
    "notification_preferences",
    "notification_settings",
    // Web Push subscriptions (decision 053): removed with the member by cascade.
    "push_subscriptions",
    // Weekly digests sent (decision 054): removed with the member by cascade.
    "digest_sends",
  ];

  async function personalRows(userId: number, email: string, registrationIds: number[]) {
    const byUser = BY_USER;
    const counts: Record<string, number> = {};
    for (const table of byUser) {
      const row = await first<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId);
      counts[table] = row!.n;
    }
    counts.users = (await first<{ n: number }>(
      "SELECT count(*) AS n FROM users WHERE id = ? OR lower(email) = lower(?)",
      userId,
      email,
    ))!.n;
    counts.training_progress = (await first<{ n: number }>(
      "SELECT count(*) AS n FROM training_progress WHERE plan_id NOT IN (SELECT id FROM training_plans)",
    ))!.n;
    counts.rate_limits = (await first<{ n: number }>(
      "SELECT count(*) AS n FROM rate_limits WHERE key LIKE ? OR key LIKE ? OR instr(key, ?) > 0",
      `%:user:${userId}`,
      `%:user:${userId}:%`,
      email.toLowerCase(),
    ))!.n;
    counts.payments_linked = registrationIds.length
      ? (await first<{ n: number }>(
          `SELECT count(*) AS n FROM payments WHERE registration_id IN (${registrationIds.join(",")})`,
        ))!.n
      : 0;
    counts.challenges_created = (await first<{ n: number }>(
      "SELECT count(*) AS n FROM challenges WHERE created_by = ?",
      userId,
    ))!.n;
    return counts;
  }

  const registrationIdsOf = async (userId: number) =>
    (
      await env.DB.prepare("SELECT id FROM event_registrations WHERE user_id = ?")
        .bind(userId)
        .all<{ id: number }>()
    ).results.map((r) => r.id);

  const screenshotKeyOf = async (feedbackId: number) =>
    (await first<{ screenshot_key: string }>("SELECT screenshot_key FROM feedback WHERE id = ?", feedbackId))!
      .screenshot_key;

  describe("DELETE /api/user", () => {
    it("checks every table that has a user_id column (a new table must be added to BY_USER)", async () => {
      // The tables of db/schema.ts (the migrations are generated from it) with a user_id column.
      const tables = (Object.values(schema) as unknown[])
        .filter((value): value is SQLiteTable => is(value, SQLiteTable))
        .map((table) => getTableConfig(table))
        .filter((config) => config.columns.some((column) => column.name === "user_id"))
        .map((config) => config.name);
      expect(tables).toContain("activities");
      expect(tables.filter((t) => !BY_USER.includes(t))).toEqual([]);
    });

    it("answers a guest 401, another method 405, a missing password 400", async () => {
      expect((await call("/api/user", { method: "DELETE", body: { password: "x" } })).status).toBe(401);
      expect((await call("/api/user", { method: "POST", body: {}, cookie: b.cookie })).status).toBe(405);
      const missing = await call("/api/user", { method: "DELETE", body: {}, cookie: b.cookie });
      expect(missing.status).toBe(400);
      expect((await json(missing)).message).toBe("Please enter your password to confirm");
    });

    it("refuses a wrong password and deletes nothing", async () => {
      const key = await screenshotKeyOf(b.feedbackId);
      const res = await call("/api/user", {
        method: "DELETE",
        body: { password: "Wrong@1234" },
        cookie: b.cookie,
      });
      expect(res.status).toBe(403);
      expect(await json(res)).toMatchObject({
        message: "That password is not correct. Your account was not deleted.",
        code: "wrong_password",
      });
      const rows = await personalRows(b.id, b.email, await registrationIdsOf(b.id));
      expect(rows).toMatchObject({
        users: 1,
        activities: 1,
        feedback: 1,
        event_registrations: 1,
        payments_linked: 1,
      });
      expect(await env.UPLOADS.get(key)).not.toBeNull();
      expect((await call("/api/user", { cookie: b.cookie })).status).toBe(200);
    });

    it("deletes every personal row, the screenshot and all sessions; keeps the payment detached", async () => {
      const key = await screenshotKeyOf(a.feedbackId);
      const registrationIds = await registrationIdsOf(a.id);
      const otherDevice = await login(a.username, a.password);
      const before = await personalRows(a.id, a.email, registrationIds);
      expect(before).toMatchObject({ users: 1, activities: 1, feedback: 1, event_registrations: 1 });
      // Login, reset-mail, feedback and export counters name the member.
      expect(before.rate_limits).toBeGreaterThanOrEqual(4);

      // The member's paid place in the upcoming club ride is cancelled first (decision 031).
      const res = await call("/api/user", {
        method: "DELETE",
        body: { password: a.password, cancelPaidPlaces: true },
        cookie: a.cookie,
      });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({
        message: "Your account has been deleted",
        screenshotsDeleted: 1,
        activityFilesDeleted: 1,
      });
      expect(cookiesFrom(res, a.cookie)).not.toContain("__session");

      // No personal row left in any table.
      const after = await personalRows(a.id, a.email, registrationIds);
      expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
      expect(await env.UPLOADS.get(key)).toBeNull();
      expect(await env.UPLOADS.get(a.fileKey)).toBeNull();
      expect(await env.UPLOADS.get(b.fileKey)).not.toBeNull();
      expect((await env.UPLOADS.list({ prefix: `feedback/${a.id}/` })).objects).toEqual([]);
      expect((await env.SESSIONS.list({ prefix: `session:${a.id}.` })).keys).toEqual([]);

      // The payment stays for accounting, detached from the person.
      const payment = await first<{ registration_id: number | null; event_id: number; amount: number }>(
        "SELECT registration_id, event_id, amount FROM payments WHERE order_id = ?",
        `order_${a.tag}`,
      );
      expect(payment).toEqual({ registration_id: null, event_id: eventId, amount: 50000 });

      // Signed out everywhere, and cannot sign in again.
      for (const cookie of [a.cookie, otherDevice])
        expect((await call("/api/user", { cookie })).status).toBe(401);
      const again = await call("/api/login", { body: { username: a.username, password: a.password } });
      expect(again.status).toBe(401);

      // Member B keeps everything.
      const untouched = await personalRows(b.id, b.email, await registrationIdsOf(b.id));
      expect(untouched).toMatchObject({
        users: 1,
        activities: 1,
        challenge_participations: 1,
        payments_linked: 1,
      });
    });

    it("revokes the app's access at Strava (the fake's token stops working)", async () => {
      const athleteId = 930_000_000 + Math.floor(Math.random() * 1_000_000);
      await strava("/athletes", { id: athleteId, firstname: "Leaving", lastname: "Rider", activities: 0 });
      const tokens = await strava("/tokens", { athleteId });
      const user = await createUser();
      const cookie = await login(user.username, user.password);
      const key = env.TOKEN_ENCRYPTION_KEY;
      await run(
        "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, ?, ?, ?)",
        user.id,
        athleteId,
        await encryptSecret(String(tokens.access_token), key),
        await encryptSecret(String(tokens.refresh_token), key),
        Number(tokens.expires_at),
      );
      const athlete = () =>
        fetch(`${env.FAKES_URL}/strava/api/v3/athlete`, {
          headers: { Authorization: `Bearer ${String(tokens.access_token)}` },
        });
      expect((await athlete()).status).toBe(200);
      const res = await call("/api/user", { method: "DELETE", body: { password: user.password }, cookie });
      expect(res.status).toBe(200);
      expect(await json(res)).toMatchObject({ stravaDeauthorized: true });
      expect((await athlete()).status).toBe(401);
    });

    it("asks an account without a password for a fresh sign-in", async () => {
      const user = await createUser({ googleId: unique("google") });
      await run("UPDATE users SET password_hash = NULL WHERE id = ?", user.id);
      // A session made as the Google/Strava sign-in makes it, then aged past the limit in KV.
      const session = await signedInWithoutPassword(user.id);
      await ageSession(user.id, 11 * 60);
      const stale = await call("/api/user", { method: "DELETE", body: {}, cookie: session });
      expect(stale.status).toBe(403);
      expect(await json(stale)).toMatchObject({ code: "reauthentication_required" });
      expect(await first("SELECT id FROM users WHERE id = ?", user.id)).not.toBeNull();
      // The page offers to sign out and sign in again.
      const reauth = await call("/profile-settings/delete-account", {
        body: "intent=reauth",
        cookie: session,
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(reauth.status).toBe(302);
      expect(reauth.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile-settings%2Fdelete-account");
      expect((await call("/api/user", { cookie: session })).status).toBe(401);
      const again = await signedInWithoutPassword(user.id);
      await ageSession(user.id, 60);
      const fresh = await call("/api/user", { method: "DELETE", body: {}, cookie: again });
      expect(fresh.status).toBe(200);
      expect(await first("SELECT id FROM users WHERE id = ?", user.id)).toBeNull();
    });

    it("keeps the last admin", async () => {
      const admin = await createUser({ isAdmin: true });
      await run("UPDATE users SET is_admin = 0 WHERE is_admin = 1 AND id <> ?", admin.id);
      const cookie = await login(admin.username, admin.password);
      const res = await call("/api/user", { method: "DELETE", body: { password: admin.password }, cookie });
      expect(res.status).toBe(409);
      expect(await json(res)).toMatchObject({ code: "last_admin" });
      await createUser({ isAdmin: true });
      const ok = await call("/api/user", { method: "DELETE", body: { password: admin.password }, cookie });
      expect(ok.status).toBe(200);
    });
  });

  describe("/profile-settings/delete-account (the form without JavaScript)", () => {
    it("sends a guest to sign in, refuses a wrong password, deletes with the right one", async () => {
      const guest = await call("/profile-settings/delete-account");
      expect(guest.status).toBe(302);
      expect(guest.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);

      const user = await createUser();
      const cookie = await login(user.username, user.password);
      const page = await call("/profile-settings/delete-account", { cookie });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("payment records for accounting, without your name");

      const form = (password: string) => new URLSearchParams({ intent: "delete", password }).toString();
      const headers = { "Content-Type": "application/x-www-form-urlencoded" };
      const wrong = await call("/profile-settings/delete-account", {
        body: form("Nope@1234"),
        cookie,
        headers,
      });
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toContain("That password is not correct");
      expect(await first("SELECT id FROM users WHERE id = ?", user.id)).not.toBeNull();

      const done = await call("/profile-settings/delete-account", {
        body: form(user.password),
        cookie,
        headers,
      });
      expect(done.status).toBe(302);
      expect(done.headers.get("Location")).toBe("/");
      expect(await first("SELECT id FROM users WHERE id = ?", user.id)).toBeNull();
    });
  });

  /** A session for a member without a password, made by the app's own sign-in (as after Google or Strava). */
  async function signedInWithoutPassword(userId: number): Promise<string> {
    const app = createAppContext(env);
    const user = await app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) });
    const setCookie = await createUserSession(app, new Request("http://localhost/"), user!);
    return setCookie.split(";")[0]!;
  }

  /** Makes the member's sessions `seconds` old. */
  async function ageSession(userId: number, seconds: number) {
    const { keys } = await env.SESSIONS.list({ prefix: `session:${userId}.` });
    for (const { name } of keys) {
      const data = (await env.SESSIONS.get(name, "json")) as Record<string, number>;
      data.createdAt = Math.floor(Date.now() / 1000) - seconds;
      await env.SESSIONS.put(name, JSON.stringify(data));
    }
  }
});
