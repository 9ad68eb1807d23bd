import { createCookie } from "@remix-run/cloudflare";
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "~/lib/format";
import { call, cookiesFrom, createUser, json, linkFromLatestEmail, login, unique } from "./helpers";

describe("registration", () => {
  it("creates the account, starts a session and sends a verification e-mail", async () => {
    const username = unique("reg");
    const res = await call("/api/register", {
      body: { username, email: `${username}@Example.com`, password: "Secret@123" },
    });
    expect(res.status).toBe(201);
    const user = await json(res);
    expect(user).toMatchObject({
      username,
      email: `${username}@example.com`,
      isVerified: false,
      isAdmin: false,
      profileCompleted: false,
    });
    expect(user).not.toHaveProperty("passwordHash");
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // http://localhost
    const me = await call("/api/user", { cookie: cookiesFrom(res) });
    expect(me.status).toBe(200);
    expect((await json(me)).username).toBe(username);
    const link = await linkFromLatestEmail(`${username}@example.com`, "Verify");
    expect(link.origin).toBe("http://localhost:8787");
    expect(link.pathname).toBe("/verify-email");
  });

  it.each([
    [{ password: "Sh@rt1" }, "Password must be at least 8 characters long"],
    [{ password: "NoSpecial123" }, "Password must contain at least one special character"],
    [{ email: "not-an-email" }, "Please enter a valid email address"],
  ])("rejects %j with the spec's message", async (override, message) => {
    const username = unique("bad");
    const res = await call("/api/register", {
      body: { username, email: `${username}@example.com`, password: "Secret@123", ...override },
    });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe(message);
  });

  it("refuses a taken username or e-mail with 409, whatever the case", async () => {
    const existing = await createUser();
    const byName = await call("/api/register", {
      body: {
        username: existing.username.toUpperCase(),
        email: `${unique()}@example.com`,
        password: "Secret@123",
      },
    });
    expect(byName.status).toBe(409);
    expect((await json(byName)).message).toBe("Username already exists");
    const byEmail = await call("/api/register", {
      body: { username: unique(), email: existing.email.toUpperCase(), password: "Secret@123" },
    });
    expect(byEmail.status).toBe(409);
    expect((await json(byEmail)).message).toBe("Email already registered");
  });

  it("answers a malformed body with 400, not 500", async () => {
    const res = await call("/api/register", {
      body: "{not json",
      headers: { "Content-Type": "application/json" },
    });
    expect(res.status).toBe(400);
  });
});

describe("e-mail verification", () => {
  it("verifies once; the token cannot be reused; a missing token is explained", async () => {
    const username = unique("ver");
    const reg = await call("/api/register", {
      body: { username, email: `${username}@example.com`, password: "Secret@123" },
    });
    const cookie = cookiesFrom(reg);
    // Unverified password accounts are confined to profile settings.
    const confined = await call("/dashboard", { cookie });
    expect(confined.status).toBe(302);
    expect(confined.headers.get("Location")).toBe("/profile-settings");
    expect((await call("/profile-settings", { cookie })).status).toBe(200);
    const apiConfined = await call("/api/user", { cookie });
    expect(apiConfined.status).toBe(200);

    const link = await linkFromLatestEmail(`${username}@example.com`, "Verify");
    const token = link.searchParams.get("token")!;
    const first = await call(`/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(first.status).toBe(200);
    const again = await call(`/api/verify-email?token=${encodeURIComponent(token)}`);
    expect(again.status).toBe(400);
    expect((await json(again)).message).toBe("Invalid or expired verification token");
    const missing = await call("/api/verify-email");
    expect((await json(missing)).message).toBe("Verification token is missing");
    expect((await call("/dashboard", { cookie })).status).toBe(200);
  });

  it("resends the verification e-mail only for signed-in, unverified members", async () => {
    expect((await call("/api/resend-verification", { method: "POST" })).status).toBe(401);
    const verified = await createUser();
    const res = await call("/api/resend-verification", {
      method: "POST",
      cookie: await login(verified.username, verified.password),
    });
    expect(res.status).toBe(400);
    const unverified = await createUser({ isVerified: false });
    const ok = await call("/api/resend-verification", {
      method: "POST",
      cookie: await login(unverified.username, unverified.password),
    });
    expect(ok.status).toBe(200);
    await linkFromLatestEmail(unverified.email, "Verify");
  });
});

describe("login, sessions and logout", () => {
  it("signs in by username or e-mail and answers 401 with a clear message otherwise", async () => {
    const u = await createUser();
    expect((await call("/api/login", { body: { username: u.email, password: u.password } })).status).toBe(
      200,
    );
    const bad = await call("/api/login", { body: { username: u.username, password: "Wrong@123" } });
    expect(bad.status).toBe(401);
    expect((await json(bad)).message).toBe("Invalid username or password");
    const unknown = await call("/api/login", { body: { username: unique("ghost"), password: "Wrong@123" } });
    expect(unknown.status).toBe(401);
    const empty = await call("/api/login", { body: { username: "" } });
    expect(empty.status).toBe(400);
    expect((await json(empty)).message).toBe("Please enter both username and password");
  });

  it("rotates the session id at login and revokes it at logout", async () => {
    const u = await createUser();
    const first = await login(u.username, u.password);
    const second = cookiesFrom(
      await call("/api/login", { body: { username: u.username, password: u.password }, cookie: first }),
    );
    expect(second).not.toBe(first);
    expect((await call("/api/user", { cookie: first })).status).toBe(401);
    const out = await call("/api/logout", { method: "POST", cookie: second });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/__session=;/);
    expect((await call("/api/user", { cookie: second })).status).toBe(401);
  });

  it("honours a session record only for the member its id names, on every read path", async () => {
    const owner = await createUser();
    const other = await createUser();
    const signed = createCookie("__session", { secrets: [env.SESSION_SECRET] });
    const record = async (idUser: number, dataUser: { id: number }) => {
      const id = `${idUser}.${"A".repeat(43)}`;
      const now = Math.floor(Date.now() / 1000);
      await env.SESSIONS.put(
        `session:${id}`,
        JSON.stringify({ userId: dataUser.id, sessionVersion: 1, createdAt: now, lastSeenAt: now }),
      );
      return (await signed.serialize(id)).split(";")[0];
    };
    // A well-formed record opens both the plain session check and the batched one (/api/dashboard/stats)…
    const good = await record(owner.id, owner);
    expect((await call("/api/user", { cookie: good })).status).toBe(200);
    expect((await call("/api/dashboard/stats", { cookie: good })).status).toBe(200);
    // …a record whose id names another member opens neither: the user read is started from the id.
    const crossed = await record(other.id, owner);
    expect((await call("/api/user", { cookie: crossed })).status).toBe(401);
    expect((await call("/api/dashboard/stats", { cookie: crossed })).status).toBe(401);
    // An id without a user prefix is not a session at all.
    const bare = (await signed.serialize("A".repeat(43))).split(";")[0];
    expect((await call("/api/user", { cookie: bare })).status).toBe(401);
  });

  it("ends sessions on the batched read path too when the member is deactivated or their version moves", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    expect((await call("/api/dashboard/stats", { cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE users SET session_version = session_version + 1 WHERE id = ?")
      .bind(u.id)
      .run();
    expect((await call("/api/dashboard/stats", { cookie })).status).toBe(401);
    const again = await login(u.username, u.password);
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE id = ?").bind(u.id).run();
    const res = await call("/api/dashboard/stats", { cookie: again });
    expect(res.status).toBe(401);
    expect(await json(res)).toEqual({ message: "Not authenticated" });
  });

  it("refuses a deactivated account and ends its sessions at once", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    await env.DB.prepare("UPDATE users SET is_active = 0 WHERE id = ?").bind(u.id).run();
    expect((await call("/api/user", { cookie })).status).toBe(401);
    const res = await call("/api/login", { body: { username: u.username, password: u.password } });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toMatch(/deactivated/);
  });

  it("rate limits failed logins per account with 429 and Retry-After", async () => {
    const u = await createUser();
    for (let i = 0; i < 5; i++)
      expect(
        (await call("/api/login", { body: { username: u.username, password: "Wrong@123" } })).status,
      ).toBe(401);
    const limited = await call("/api/login", { body: { username: u.username, password: u.password } });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("re-hashes a password stored with older parameters at the next login", async () => {
    const u = await createUser();
    const { results } = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(u.id)
      .all<{ password_hash: string }>();
    const unpeppered = results[0].password_hash.replace("$1$", "$0$");
    // Simulate a hash from before the pepper existed: re-hash without pepper.
    const { hashPassword } = await import("~/lib/password.server");
    await env.DB.prepare("UPDATE users SET password_hash = ? WHERE id = ?")
      .bind(await hashPassword(u.password, ""), u.id)
      .run();
    expect(unpeppered).toMatch(/^pbkdf2-sha256\$100000\$0\$/);
    await login(u.username, u.password);
    const after = await env.DB.prepare("SELECT password_hash FROM users WHERE id = ?")
      .bind(u.id)
      .first<{ password_hash: string }>();
    expect(after!.password_hash).toMatch(/^pbkdf2-sha256\$100000\$1\$/);
  });

  it("refuses unsafe requests from another site", async () => {
    const res = await call("/api/login", {
      body: { username: "x", password: "y" },
      headers: { Origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });
});

describe("password recovery", () => {
  it("answers the same sentence for known and unknown addresses, then resets once and ends old sessions", async () => {
    const u = await createUser();
    const oldSession = await login(u.username, u.password);
    const known = await call("/api/forgot-password", { body: { email: u.email } });
    const unknown = await call("/api/forgot-password", {
      body: { email: `${unique("nobody")}@example.com` },
    });
    expect(known.status).toBe(200);
    expect(await json(known)).toEqual(await json(unknown));
    expect(
      (await json(await call("/api/forgot-password", { body: { email: `${unique("n")}@example.com` } })))
        .message,
    ).toBe("If an account exists with that email, we've sent password reset instructions...");

    const link = await linkFromLatestEmail(u.email, "Reset");
    const token = link.searchParams.get("token")!;
    expect((await call(`/api/reset-password?token=${encodeURIComponent(token)}`)).status).toBe(200);
    const weak = await call("/api/reset-password", { body: { token, newPassword: "short" } });
    expect(weak.status).toBe(400);
    expect((await json(weak)).message).toBe("Password must be at least 8 characters long");
    const done = await call("/api/reset-password", { body: { token, newPassword: "N3w@Password" } });
    expect(done.status).toBe(200);
    const reuse = await call("/api/reset-password", { body: { token, newPassword: "Other@Pass1" } });
    expect(reuse.status).toBe(400);
    expect((await json(reuse)).message).toBe(
      "The password reset link is invalid or has expired. Please request a new one.",
    );
    expect((await call(`/api/reset-password?token=${encodeURIComponent(token)}`)).status).toBe(400);
    expect((await call("/api/user", { cookie: oldSession })).status).toBe(401);
    await login(u.username, "N3w@Password");
  });

  it("rate limits forgot-password per address", async () => {
    const email = `${unique("flood")}@example.com`;
    for (let i = 0; i < 3; i++)
      expect((await call("/api/forgot-password", { body: { email } })).status).toBe(200);
    const limited = await call("/api/forgot-password", { body: { email } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBeTruthy();
  });
});

describe("profile", () => {
  it("validates each field with the spec's messages", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const cases: [Record<string, unknown>, string][] = [
      [{ age: -3 }, "Age must be a positive number"],
      [{ age: 2.5 }, "Age must be a whole number"],
      [{ profileImageUrl: "not a url" }, "Please enter a valid URL"],
      [{ emergencyContactPhone: "12345" }, "Please enter a valid phone number"],
      [{ gender: "robot" }, "Please select a gender"],
      [{ tshirtSize: "XXXXL" }, "Please select a T-shirt size"],
      [{ bloodGroup: "Z+" }, "Please select a blood group"],
    ];
    for (const [body, message] of cases) {
      const res = await call("/api/user/profile", { method: "PATCH", body, cookie });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
  });

  it("reports missing fields as a map, and a full profile becomes complete", async () => {
    const u = await createUser();
    const cookie = await login(u.username, u.password);
    const incomplete = await call("/api/user/profile/complete", { method: "PATCH", cookie });
    expect(incomplete.status).toBe(400);
    const body = await json<{ message: string; missingFields: Record<string, boolean> }>(incomplete);
    expect(body.missingFields).toMatchObject({
      email: false,
      age: true,
      gender: true,
      emergencyContactPhone: true,
    });
    expect(body.message).toMatch(/^Please fill in all required fields: /);

    const full = {
      age: 34,
      gender: "female",
      tshirtSize: "M",
      jerseySize: "L",
      bloodGroup: "O+",
      firstName: "Asha",
      lastName: "Kale",
      emergencyContactName: "Ravi Kale",
      emergencyContactPhone: "9876543210",
      emergencyContactRelation: "Spouse",
      profileImageUrl: "",
    };
    const saved = await call("/api/user/profile", { method: "PATCH", body: full, cookie });
    expect(saved.status).toBe(200);
    expect(await json(saved)).toMatchObject({ profileCompleted: true, age: 34, profileImageUrl: null });
    expect((await call("/api/user/profile/complete", { method: "PATCH", cookie })).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await call("/api/user/profile", { method: "PATCH", body: { age: 30 } })).status).toBe(401);
    expect((await call("/api/user")).status).toBe(401);
    const page = await call("/profile-settings");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toMatch(/^\/auth/);
  });
});

describe("platform limits", () => {
  // Local workerd does not enforce the production PBKDF2 cap of 100,000
  // iterations, so the code enforces it itself: a hash above the cap fails
  // here exactly as it would on Cloudflare, instead of only in production.
  it("hashes at the 100,000-iteration cap and refuses anything above it", async () => {
    const { hashPassword, verifyPassword } = await import("~/lib/password.server");
    const hash = await hashPassword("Secret@123", "pepper");
    expect(hash).toMatch(/^pbkdf2-sha256\$100000\$/);
    expect((await verifyPassword("Secret@123", hash, "pepper")).ok).toBe(true);
    await expect(
      verifyPassword("Secret@123", hash.replace("$100000$", "$100001$"), "pepper"),
    ).rejects.toThrow(/Workers limit/);
  });
});

// Issue #37 item 1, decision 042: the member's own time zone, before the browser's cookie.
describe("the member's time zone", () => {
  it("PATCH /api/user sets it; pages and /api messages then use it, before the tz cookie; bad zones are 400", async () => {
    const user = await createUser();
    const cookie = await login(user.username, user.password);
    const browser = `${cookie}; tz=Asia%2FTokyo`;
    expect(
      (await json<{ timeZone: string | null }>(await call("/api/user", { cookie }))).timeZone,
    ).toBeNull();

    for (const timeZone of ["Mars/Olympus", "", 42, "Asia/Kolkata; drop"]) {
      const bad = await call("/api/user", { method: "PATCH", cookie, body: { timeZone } });
      expect(bad.status).toBe(400);
      expect(await json(bad)).toEqual({
        message: "Choose a time zone from the list",
        errors: { timeZone: ["Choose a time zone from the list"] },
      });
    }
    expect((await call("/api/user", { method: "PATCH", cookie, body: {} })).status).toBe(400);
    expect((await call("/api/user", { method: "PATCH", body: { timeZone: "UTC" } })).status).toBe(401);

    const set = await call("/api/user", { method: "PATCH", cookie, body: { timeZone: "America/New_York" } });
    expect(set.status).toBe(200);
    expect(await json(set)).toEqual({ message: "Time zone saved", timeZone: "America/New_York" });
    expect((await json<{ timeZone: string }>(await call("/api/user", { cookie }))).timeZone).toBe(
      "America/New_York",
    );

    // A page: the feedback's time in New York, though the browser's cookie says Tokyo.
    const body = new FormData();
    body.set("feedbackType", "bug");
    body.set("subject", "Times abroad");
    body.set("message", "Checking that times follow my own zone.");
    const sent = await json<{ feedback: { id: number; createdAt: string } }>(
      await call("/api/feedback", { cookie, body }),
    );
    const page = await (await call(`/feedback/history/${sent.feedback.id}`, { cookie: browser })).text();
    const createdAt = sent.feedback.createdAt;
    expect(page).toContain(formatDateTime(createdAt, "America/New_York"));
    expect(page).toMatch(/ (EST|EDT)</);
    expect(page).not.toContain(formatDateTime(createdAt, "Asia/Tokyo"));
    expect(page).not.toContain(formatDateTime(createdAt, "Asia/Kolkata"));

    // /api: a duplicate's day is New York's (20 Oct), not India's (21 Oct, 01:30 IST).
    const entry = { sportType: "Ride", start: "2026-10-20T20:00:00Z", distanceKm: 12.5, duration: "0:45" };
    expect((await call("/api/activities/manual", { cookie, body: entry })).status).toBe(201);
    const again = await call("/api/activities/manual", { cookie: browser, body: entry });
    expect(again.status).toBe(409);
    expect((await json(again)).message).toMatch(/\(manual entry, 20 Oct 2026\)$/);

    // The profile's form: automatic again (""), then an unknown zone is refused and changes nothing.
    const cleared = await call("/profile-settings/time-zone", {
      cookie,
      body: new URLSearchParams({ timeZone: "" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(cleared.status).toBe(302);
    expect((await json<{ timeZone: null }>(await call("/api/user", { cookie }))).timeZone).toBeNull();
    const settings = await (await call("/profile-settings", { cookie: browser })).text();
    expect(settings).toContain("Now: Asia/Tokyo.");
    expect(settings).toContain('<option value="Europe/London">Europe/London</option>');
    await call("/profile-settings/time-zone", {
      cookie,
      body: new URLSearchParams({ timeZone: "Nowhere/Else" }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect((await json<{ timeZone: null }>(await call("/api/user", { cookie }))).timeZone).toBeNull();
  });
});
