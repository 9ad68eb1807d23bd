import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, cookiesFrom, createUser, json, linkFromLatestEmail, ORIGIN, unique } from "./helpers";

const control = (path: string, body: unknown) =>
  fetch(`${env.FAKES_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

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
