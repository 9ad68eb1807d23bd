/**
 * Security issue points 1, 8 and 12: e-mail tokens prove only the address
 * they were sent to, Google never links itself silently, mail and
 * registration limits, and deactivation ends sessions for good.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, cookiesFrom, createUser, json, linkFromLatestEmail, login, mailbox, unique } from "./helpers";

const control = (path: string, body: unknown) =>
  fetch(`${env.FAKES_URL}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

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
  const done = await call(callback.pathname + callback.search, { cookie: cookiesFrom(start, cookie ?? "") });
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
    expect((await call("/api/login", { body: { username: u.username, password: u.password } })).status).toBe(
      200,
    );

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
    expect(await env.DB.prepare("SELECT id FROM users WHERE username = ?").bind(username).first()).toBeNull();
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
