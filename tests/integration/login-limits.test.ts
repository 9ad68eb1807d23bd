/**
 * Password sign-in limits (security review #5 and #6, decision 015): the
 * attempt is counted atomically before the password is checked; limits key
 * on (account, address) plus a per-address limit; no account-wide lock.
 * Every test uses its own CF-Connecting-IP addresses so the tests stay
 * independent of each other and of the other files' "local" address.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createUser, json } from "./helpers";

let nextAddress = 0;
/** A fresh client address (documentation range 203.0.113.0/24 and beyond). */
function address(): string {
  nextAddress += 1;
  return `203.0.${113 + Math.floor(nextAddress / 250)}.${nextAddress % 250}`;
}

function apiLogin(ip: string, username: string, password: string) {
  return call("/api/login", { body: { username, password }, headers: { "CF-Connecting-IP": ip } });
}

function formLogin(ip: string, username: string, password: string) {
  const body = new FormData();
  body.set("intent", "login");
  body.set("username", username);
  body.set("password", password);
  // A browser's form post carries Host (Remix compares it with Origin).
  return call("/auth", { body, headers: { "CF-Connecting-IP": ip, Host: "localhost:8787" } });
}

function tally(statuses: number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const s of statuses) out[s] = (out[s] ?? 0) + 1;
  return out;
}

describe("password sign-in limits", () => {
  it("counts before checking: 50 concurrent wrong passwords get at most 5 answers of 401, the rest 429 with Retry-After", async () => {
    const u = await createUser();
    const ip = address();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => apiLogin(ip, u.username, "Wrong@123")),
    );
    const counts = tally(answers.map((r) => r.status));
    // Each 401 is one password check (PBKDF2) that ran; a 429 never runs it.
    expect(counts[401] ?? 0).toBeGreaterThanOrEqual(1);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBe(50 - (counts[401] ?? 0));
    expect(Object.keys(counts).sort()).toEqual(["401", "429"]);
    const limited = answers.find((r) => r.status === 429)!;
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await json(limited)).message).toBe("Too many attempts. Please try again later.");
    // The stored tally holds only the attempts that ran for this address (refused ones are given back).
    const row = await env.DB.prepare("SELECT count FROM rate_limits WHERE key = ?")
      .bind(`login:ip:${ip}`)
      .first<{ count: number }>();
    expect(row?.count).toBe(counts[401]);
  });

  it("bounds the API and the /auth form together: concurrent attempts on both faces run at most 5 checks", async () => {
    const u = await createUser();
    const ip = address();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 === 0 ? apiLogin(ip, u.username, "Wrong@123") : formLogin(ip, u.username, "Wrong@123"),
      ),
    );
    const counts = tally(answers.map((r) => r.status));
    expect(counts[401] ?? 0).toBeGreaterThanOrEqual(1);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(5);
    expect(counts[429]).toBe(30 - (counts[401] ?? 0));
    const formLimited = await formLogin(ip, u.username, u.password);
    expect(formLimited.status).toBe(429);
    expect(Number(formLimited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await formLimited.text()).toContain("Too many attempts. Please try again later.");
  });

  it("a stranger's failures from address A do not stop the owner signing in from address B (API and form)", async () => {
    const owner = await createUser();
    const attacker = address();
    for (let i = 0; i < 5; i++)
      expect((await apiLogin(attacker, owner.username, "Wrong@123")).status).toBe(401);
    expect((await apiLogin(attacker, owner.username, "Wrong@123")).status).toBe(429);
    // Concurrent flood from A as well, by username and by e-mail.
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        apiLogin(attacker, i % 2 ? owner.email : owner.username, "Wrong@123"),
      ),
    );
    // The correct password from A stays refused for this window …
    expect((await apiLogin(attacker, owner.username, owner.password)).status).toBe(429);
    // … but the owner at home is not affected, on either face.
    const home = address();
    const api = await apiLogin(home, owner.username, owner.password);
    expect(api.status).toBe(200);
    expect((await json(api)).username).toBe(owner.username);
    const form = await formLogin(address(), owner.email, owner.password);
    expect(form.status).toBe(302);
  });

  it("a successful sign-in clears the (account, address) count", async () => {
    const u = await createUser();
    const ip = address();
    for (let i = 0; i < 4; i++) expect((await apiLogin(ip, u.username, "Wrong@123")).status).toBe(401);
    expect((await apiLogin(ip, u.username, u.password)).status).toBe(200);
    // A fresh allowance of 5: all five answered 401, the sixth 429.
    for (let i = 0; i < 5; i++) expect((await apiLogin(ip, u.username, "Wrong@123")).status).toBe(401);
    expect((await apiLogin(ip, u.username, "Wrong@123")).status).toBe(429);
  });

  it("limits one address over all accounts to 20 checks per window, even concurrently; other addresses and successes are unaffected", async () => {
    const ip = address();
    const names = Array.from({ length: 40 }, (_, i) => `nobody${Date.now().toString(36)}x${i}`);
    const answers = await Promise.all(names.map((name) => apiLogin(ip, name, "Wrong@123")));
    const counts = tally(answers.map((r) => r.status));
    expect(counts[401] ?? 0).toBeGreaterThanOrEqual(1);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(20);
    expect(counts[429]).toBe(40 - (counts[401] ?? 0));
    // Top the address up to exactly 20 failures, then even a right password is refused from there.
    for (let i = counts[401] ?? 0; i < 20; i++) {
      expect((await apiLogin(ip, `filler${Date.now().toString(36)}x${i}`, "Wrong@123")).status).toBe(401);
    }
    const u = await createUser();
    const refused = await apiLogin(ip, u.username, u.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await apiLogin(address(), u.username, u.password)).status).toBe(200);

    // Successful sign-ins do not use up an address (many members behind one NAT).
    const office = address();
    const member = await createUser();
    for (let i = 0; i < 25; i++)
      expect((await apiLogin(office, member.username, member.password)).status).toBe(200);
    expect((await apiLogin(office, member.username, "Wrong@123")).status).toBe(401);
  });

  it("ignores X-Forwarded-For, so a client cannot pick a fresh address per request", async () => {
    // Without CF-Connecting-IP (storage is per test, so this "local" tally stays here):
    // 22 unknown names, each "from" another forwarded address, are one address.
    const answers: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await call("/api/login", {
        body: { username: `spoof${Date.now().toString(36)}x${i}`, password: "Wrong@123" },
        headers: { "X-Forwarded-For": `198.51.100.${i}` },
      });
      answers.push(res.status);
    }
    expect(answers).toEqual([...Array<number>(20).fill(401), 429, 429]);
  });

  it("tightens each address's allowance progressively while an account is attacked from many addresses, never to zero", async () => {
    const owner = await createUser();
    // 25 failures from 5 addresses (5 each).
    for (let a = 0; a < 5; a++) {
      const ip = address();
      for (let i = 0; i < 5; i++) expect((await apiLogin(ip, owner.username, "Wrong@123")).status).toBe(401);
    }
    // A new address now gets 3 tries for this account …
    const next = address();
    for (let i = 0; i < 3; i++) expect((await apiLogin(next, owner.username, "Wrong@123")).status).toBe(401);
    expect((await apiLogin(next, owner.username, "Wrong@123")).status).toBe(429);
    // … and the owner from a fresh address still signs in.
    expect((await apiLogin(address(), owner.username, owner.password)).status).toBe(200);
  });
});
