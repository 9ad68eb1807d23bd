/**
 * The Worker's own handlers: fetch (pages, the /api contract, security
 * headers, secrets that fail closed), the queue consumer and the cron
 * (housekeeping, e-mail deliveries retried through an outage). One file, so
 * one workerd start (docs/testing.md); the blocks share its storage, so each
 * makes its own rows. The e-mail block's cron runs send every reminder due,
 * so no other block here registers anyone for an event.
 */
import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  SELF,
  waitOnExecutionContext,
} from "cloudflare:test";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import worker from "~workers/app";
import { EXAMPLE_SECRETS } from "~/lib/config.server";
import { call, createUser, login } from "./helpers";
import { MAX_EMAIL_ATTEMPTS } from "~/modules/events/deliveries.server";
import {
  createEventAs,
  daysFromNow,
  failNextEmails,
  mailsWithSubject,
  type Member,
  payForPlace,
  runQuarterHourCron,
  signedInMember,
} from "./event-helpers";

describe("the Worker's foundation", () => {
  describe("the Worker serves pages and the /api contract", () => {
    it("renders the landing page for a visitor", async () => {
      const res = await SELF.fetch("http://localhost:8787/");
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain("Track Activities");
      expect(html).toContain("Join Challenges");
      expect(html).toContain("Attend Events");
      expect(html).toContain('href="/auth"');
      expect(html).toContain("Sign In");
    });

    it("answers unknown pages with the 404 page and unknown /api paths with JSON", async () => {
      const page = await SELF.fetch("http://localhost:8787/no/such/page");
      expect(page.status).toBe(404);
      expect(await page.text()).toContain("404 Page Not Found");
      const api = await SELF.fetch("http://localhost:8787/api/no-such-call");
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: "Not found" });
    });

    it("refuses unsafe methods from another origin", async () => {
      const res = await SELF.fetch("http://localhost:8787/api/no-such-call", {
        method: "POST",
        headers: { Origin: "https://evil.example" },
      });
      expect(res.status).toBe(403);
      const same = await SELF.fetch("http://localhost:8787/api/no-such-call", {
        method: "POST",
        headers: { Origin: "http://localhost:8787" },
      });
      expect(same.status).toBe(404);
    });

    it("reaches D1 through the health call", async () => {
      const res = await SELF.fetch("http://localhost:8787/api/health");
      expect(await res.json()).toEqual({ ok: true });
    });
  });

  describe("bindings", () => {
    it("D1 has the migrated schema with its constraints", async () => {
      const tables = await env.DB.prepare(
        "SELECT name FROM sqlite_master WHERE type='table' ORDER BY name",
      ).all<{ name: string }>();
      const names = tables.results.map((t) => t.name);
      for (const table of [
        "users",
        "activities",
        "challenges",
        "challenge_participations",
        "events",
        "event_registrations",
        "payments",
        "feedback",
        "training_plans",
      ]) {
        expect(names).toContain(table);
      }
      await env.DB.prepare("INSERT INTO users (username, email) VALUES ('Rider', 'rider@example.com')").run();
      await expect(
        env.DB.prepare("INSERT INTO users (username, email) VALUES ('rider', 'other@example.com')").run(),
      ).rejects.toThrow(/UNIQUE/);
      await expect(
        env.DB.prepare(
          "INSERT INTO users (username, email, gender) VALUES ('x', 'x@example.com', 'robot')",
        ).run(),
      ).rejects.toThrow(/CHECK/);
    });

    it("KV and R2 store and return data", async () => {
      await env.SESSIONS.put("probe", "value", { expirationTtl: 60 });
      expect(await env.SESSIONS.get("probe")).toBe("value");
      await env.UPLOADS.put("probe.txt", "hello");
      expect(await (await env.UPLOADS.get("probe.txt"))?.text()).toBe("hello");
    });
  });

  describe("queue consumer", () => {
    it("acks malformed messages and messages for unknown jobs explicitly", async () => {
      const batch = createMessageBatch("strava-sync", [
        { id: "m1", timestamp: new Date(), attempts: 1, body: { type: "nonsense" } },
        {
          id: "m2",
          timestamp: new Date(),
          attempts: 1,
          body: { type: "sync-page", userId: 99, jobId: 12345, page: 1 },
        },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<never>, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks.sort()).toEqual(["m1", "m2"]);
      expect(result.retryMessages).toEqual([]);
    });

    it("puts the member's sync into the error state for a dead-lettered message", async () => {
      // Ids of their own (no fixed ones): the other blocks of this file add members too.
      const user = await env.DB.prepare(
        "INSERT INTO users (username, email) VALUES ('dlq', 'dlq@example.com') RETURNING id",
      ).first<{ id: number }>();
      const job = await env.DB.prepare(
        "INSERT INTO sync_jobs (user_id, mode, initiated_by, status) VALUES (?, 'backfill', 'connect', 'running') RETURNING id",
      )
        .bind(user!.id)
        .first<{ id: number }>();
      await env.DB.prepare(
        "INSERT INTO sync_status (user_id, state, current_job_id) VALUES (?, 'running', ?)",
      )
        .bind(user!.id, job!.id)
        .run();
      const batch = createMessageBatch("strava-sync-dlq", [
        {
          id: "d1",
          timestamp: new Date(),
          attempts: 1,
          body: { type: "sync-page", userId: user!.id, jobId: job!.id, page: 3 },
        },
      ]);
      const ctx = createExecutionContext();
      await worker.queue(batch as MessageBatch<never>, env, ctx);
      const result = await getQueueResult(batch, ctx);
      expect(result.explicitAcks).toEqual(["d1"]);
      const row = await env.DB.prepare("SELECT state, error FROM sync_status WHERE user_id = ?")
        .bind(user!.id)
        .first<{ state: string; error: string }>();
      expect(row?.state).toBe("error");
      expect(row?.error).toMatch(/Sync failed/);
    });
  });

  describe("cron", () => {
    it("daily housekeeping removes expired tokens", async () => {
      const user = await env.DB.prepare(
        "INSERT INTO users (username, email) VALUES ('tok', 'tok@example.com') RETURNING id",
      ).first<{ id: number }>();
      await env.DB.prepare(
        "INSERT INTO email_tokens (user_id, purpose, token_hash, expires_at) VALUES (?, 'verify_email', 'old', 1000), (?, 'verify_email', 'fresh', 4102444800)",
      )
        .bind(user!.id, user!.id)
        .run();
      const controller = createScheduledController({ scheduledTime: new Date(), cron: "0 3 * * *" });
      const ctx = createExecutionContext();
      await worker.scheduled(controller, env, ctx);
      await waitOnExecutionContext(ctx);
      const left = await env.DB.prepare("SELECT token_hash FROM email_tokens WHERE user_id = ?")
        .bind(user!.id)
        .all<{ token_hash: string }>();
      expect(left.results.map((r) => r.token_hash)).toEqual(["fresh"]);
    });
  });
});

describe("security headers and secrets", () => {
  /**
   * Security headers on every answer of the Worker (review finding #10) and
   * secrets that fail closed on https (finding #13). See
   * docs/decisions/017-response-headers.md.
   */
  let member: { cookie: string };
  let admin: { cookie: string };

  beforeAll(async () => {
    const m = await createUser();
    member = { cookie: await login(m.username, m.password) };
    const a = await createUser({ isAdmin: true });
    admin = { cookie: await login(a.username, a.password) };
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A request as the Worker receives it from Cloudflare's edge. */
  const incoming = (url: string) => new Request(url) as Request<unknown, IncomingRequestCfProperties>;

  /** The CSP as a map of directive → sources. */
  function csp(res: Response): Map<string, string[]> {
    const header = res.headers.get("Content-Security-Policy");
    expect(header, "Content-Security-Policy").toBeTruthy();
    return new Map(
      header!
        .split(";")
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...sources]) => [name, sources]),
    );
  }

  function expectCommonHeaders(res: Response) {
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(res.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("X-Frame-Options")).toBe("DENY");
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    // Served over http here: no HSTS (a browser would ignore it anyway).
    expect(res.headers.get("Strict-Transport-Security")).toBeNull();
  }

  /** Every <script> tag of the page, with its nonce attribute (or null). */
  function scriptTags(html: string): { tag: string; nonce: string | null }[] {
    return [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => ({
      tag,
      nonce: /\snonce="([^"]*)"/.exec(tag)?.[1] ?? null,
    }));
  }

  /** `minScripts`: a React page carries at least Remix's context, module and ScrollRestoration scripts. */
  function expectPagePolicy(res: Response, html: string, minScripts = 3) {
    const policy = csp(res);
    const scriptSrc = policy.get("script-src")!;
    const nonceSource = scriptSrc.find((s) => s.startsWith("'nonce-"));
    expect(nonceSource, "a nonce in script-src").toBeTruthy();
    const nonce = nonceSource!.slice("'nonce-".length, -1);
    expect(nonce.length).toBeGreaterThanOrEqual(16);
    // No blanket permission for inline or evaluated script.
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).toContain("'self'");
    // The checkout script's origin (the fakes here) and where it talks to.
    const checkout = new URL(env.RAZORPAY_CHECKOUT_URL).origin;
    expect(scriptSrc).toContain(checkout);
    expect(policy.get("connect-src")).toEqual(expect.arrayContaining(["'self'", checkout]));
    expect(policy.get("frame-src")).toContain(checkout);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'none'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.has("upgrade-insecure-requests")).toBe(false);
    // Every script the page carries (Remix's context and module scripts, ScrollRestoration) has this nonce.
    const scripts = scriptTags(html);
    expect(scripts.length).toBeGreaterThanOrEqual(minScripts);
    for (const script of scripts) expect(script.nonce, script.tag).toBe(nonce);
    return nonce;
  }

  describe("security headers on pages", () => {
    it("a visitor's page has a CSP whose fresh nonce is on every script, and is not cached", async () => {
      const first = await call("/");
      expect(first.status).toBe(200);
      expect(first.headers.get("Content-Type")).toMatch(/^text\/html/);
      expectCommonHeaders(first);
      // The visitors' landing page runs no React (decision 028): its one small script still carries the nonce.
      const nonce = expectPagePolicy(first, await first.text(), 1);

      const second = await call("/user-guide");
      expect(second.status).toBe(200);
      const again = expectPagePolicy(second, await second.text());
      expect(again).not.toBe(nonce);
    });

    it("a signed-in member's page (dashboard) gets the same headers and is not stored", async () => {
      const res = await call("/dashboard", { cookie: member.cookie });
      expect(res.status).toBe(200);
      expectCommonHeaders(res);
      expectPagePolicy(res, await res.text());
    });

    it("the 404 page and a redirect carry them too", async () => {
      const missing = await call("/no/such/page");
      expect(missing.status).toBe(404);
      expectCommonHeaders(missing);
      expectPagePolicy(missing, await missing.text());

      const redirect = await call("/dashboard");
      expect(redirect.status).toBe(302);
      expectCommonHeaders(redirect);
    });
  });

  describe("security headers on .data and /api", () => {
    it("Remix data requests (single fetch) are never cached, for visitors and members", async () => {
      for (const cookie of [null, member.cookie]) {
        const res = await call("/dashboard.data", { cookie });
        expect(res.status).toBeLessThan(500);
        expectCommonHeaders(res);
        expect(res.headers.get("Content-Security-Policy")).toBe(
          "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
        );
      }
      expect((await call("/dashboard.data", { cookie: member.cookie })).status).toBe(200);
    });

    it("/api answers to a guest and to a member are never cached", async () => {
      const guest = await call("/api/user");
      expect(guest.status).toBe(401);
      expectCommonHeaders(guest);
      expect(csp(guest).get("default-src")).toEqual(["'none'"]);

      const signedIn = await call("/api/user", { cookie: member.cookie });
      expect(signedIn.status).toBe(200);
      expectCommonHeaders(signedIn);

      const publicList = await call("/api/events");
      expect(publicList.status).toBe(200);
      expectCommonHeaders(publicList);
    });

    it("admin reports are no-store (no longer private, max-age=300)", async () => {
      const res = await call("/api/admin/reports/activities-by-type", { cookie: admin.cookie });
      expect(res.status).toBe(200);
      expectCommonHeaders(res);
      const users = await call("/api/admin/users", { cookie: admin.cookie });
      expect(users.status).toBe(200);
      expectCommonHeaders(users);
    });

    it("the cross-site refusal carries them too", async () => {
      const res = await call("/api/logout", { method: "POST", headers: { Origin: "https://evil.example" } });
      expect(res.status).toBe(403);
      expectCommonHeaders(res);
    });
  });

  /** A deployment's own secrets: the test bindings reuse public example values, which https refuses. */
  const OWN_SECRETS = {
    TOKEN_ENCRYPTION_KEY: "cmVhbC1sb29raW5nLXRva2VuLWtleS0zMi1ieXRlcyE=",
    STRAVA_CLIENT_SECRET: "0a1b2c3d4e5f60718293a4b5c6d7e8f901234567",
    STRAVA_WEBHOOK_VERIFY_TOKEN: "c0ffee-verify-7c1d",
    GOOGLE_CLIENT_SECRET: "GOCSPX-q8Z2xV7rT1mN4pL0kJ",
    RAZORPAY_KEY_SECRET: "Xy7Qp2Lm9Rt4Vb1Nc8Hs3Kd6",
    RAZORPAY_WEBHOOK_SECRET: "whsec-4d9a1e7b",
    EMAIL_API_KEY: "re_9KpQ2xV7_rT1mN4pL0kJwZ8yH3",
    VAPID_PUBLIC_KEY:
      "BOeHKzPl1vqphtnKPbxJrI55qptHPQemGq_YwjARJvlGEtxw-WYx_F5Aoc1rmXvDxoDPp-6iRY5Ws-Zax42yNiU",
    VAPID_PRIVATE_KEY: "ARyGNTJNggw7B6TIquzk6IDCqqUXozZktd-BrXZst3s",
  };

  describe("on https", () => {
    const httpsEnv = () => ({ ...env, ...OWN_SECRETS, APP_URL: "https://wari.example" });

    async function fetchWith(path: string, overrides: Partial<typeof env>) {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        incoming(`https://wari.example${path}`),
        { ...httpsEnv(), ...overrides },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    }

    it("sends HSTS and upgrades insecure requests", async () => {
      const res = await fetchWith("/", {});
      expect(res.status).toBe(200);
      expect(res.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
      expect(csp(res).has("upgrade-insecure-requests")).toBe(true);
      const api = await fetchWith("/api/health", {});
      expect(api.headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
      expect(api.headers.get("Cache-Control")).toBe("no-store");
    });

    it("with the real Razorpay the checkout's own hosts are allowed, nothing else", async () => {
      const res = await fetchWith("/", {
        RAZORPAY_CHECKOUT_URL: "https://checkout.razorpay.com/v1/checkout.js",
        RAZORPAY_API_URL: "https://api.razorpay.com/v1",
      });
      const policy = csp(res);
      expect(policy.get("script-src")).toContain("https://checkout.razorpay.com");
      expect(policy.get("script-src")).not.toContain("https://*.razorpay.com");
      expect(policy.get("frame-src")).toEqual(
        expect.arrayContaining(["https://api.razorpay.com", "https://*.razorpay.com"]),
      );
      expect(policy.get("connect-src")).toEqual(
        expect.arrayContaining(["'self'", "https://api.razorpay.com", "https://*.razorpay.com"]),
      );
    });
  });

  describe("secrets fail closed on https", () => {
    const httpsEnv = { ...env, ...OWN_SECRETS, APP_URL: "https://wari.example" };

    async function fetchWith(overrides: Record<string, string | undefined>, path = "/") {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        incoming(`https://wari.example${path}`),
        { ...httpsEnv, ...overrides } as typeof env,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res;
    }

    for (const name of ["SESSION_SECRET", "PASSWORD_PEPPER", "TOKEN_ENCRYPTION_KEY"] as const) {
      it(`every request answers 500 naming ${name} when it is missing, and logs it`, async () => {
        const logged = vi.spyOn(console, "error").mockImplementation(() => {});
        for (const value of [undefined, "", "  "]) {
          for (const path of ["/", "/api/health", "/api/login", "/dashboard.data"]) {
            const res = await fetchWith({ [name]: value }, path);
            expect(res.status).toBe(500);
            expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
            expect(await res.text()).toBe(
              `Server misconfigured: ${name} is not set. Set it with \`wrangler secret put\`.`,
            );
            expect(res.headers.get("Cache-Control")).toBe("no-store");
          }
        }
        expect(logged).toHaveBeenCalledWith(
          `Server misconfigured: ${name} is not set. Set it with \`wrangler secret put\`.`,
        );
      });
    }

    it("names every missing secret at once, and a session secret of only commas counts as missing", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const res = await fetchWith({
        SESSION_SECRET: " , ",
        PASSWORD_PEPPER: undefined,
        TOKEN_ENCRYPTION_KEY: undefined,
      });
      expect(res.status).toBe(500);
      expect(await res.text()).toBe(
        "Server misconfigured: SESSION_SECRET, PASSWORD_PEPPER, TOKEN_ENCRYPTION_KEY are not set. Set them with `wrangler secret put`.",
      );
    });

    it("refuses a TOKEN_ENCRYPTION_KEY that is not 32 bytes of base64", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      for (const key of ["c2hvcnQ=", "not base64 at all!"]) {
        const res = await fetchWith({ TOKEN_ENCRYPTION_KEY: key });
        expect(res.status).toBe(500);
        expect(await res.text()).toBe(
          "Server misconfigured: TOKEN_ENCRYPTION_KEY must be 32 bytes, base64-encoded.",
        );
      }
    });

    it("refuses each public example value of .dev.vars.example as it refuses a missing secret", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      for (const [name, value] of Object.entries(EXAMPLE_SECRETS)) {
        for (const path of ["/", "/api/health"]) {
          const res = await fetchWith({ [name]: value }, path);
          expect(res.status, name).toBe(500);
          expect(await res.text()).toBe(
            `Server misconfigured: ${name} is the public example value from .dev.vars.example. Set your own with \`wrangler secret put\`.`,
          );
        }
      }
      const cron = createScheduledController({ scheduledTime: new Date(), cron: "0 3 * * *" });
      await expect(
        worker.scheduled(
          cron,
          { ...httpsEnv, SESSION_SECRET: EXAMPLE_SECRETS.SESSION_SECRET },
          createExecutionContext(),
        ),
      ).rejects.toThrow("SESSION_SECRET is the public example value");
    });

    it("the queue consumer and the cron handler refuse to run", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const broken = { ...httpsEnv, PASSWORD_PEPPER: "" } as typeof env;
      const batch = createMessageBatch("strava-sync", [
        { id: "s1", timestamp: new Date(), attempts: 1, body: { type: "nonsense" } },
      ]);
      await expect(
        worker.queue(batch as MessageBatch<never>, broken, createExecutionContext()),
      ).rejects.toThrow("Server misconfigured: PASSWORD_PEPPER is not set.");
      const controller = createScheduledController({ scheduledTime: new Date(), cron: "0 3 * * *" });
      await expect(worker.scheduled(controller, broken, createExecutionContext())).rejects.toThrow(
        "Server misconfigured: PASSWORD_PEPPER is not set.",
      );
      expect(logged).toHaveBeenCalledWith(
        "queue refused: Server misconfigured: PASSWORD_PEPPER is not set. Set it with `wrangler secret put`.",
      );
      expect(logged).toHaveBeenCalledWith(
        "scheduled refused: Server misconfigured: PASSWORD_PEPPER is not set. Set it with `wrangler secret put`.",
      );
    });

    it("with every secret set it serves normally", async () => {
      const res = await fetchWith({});
      expect(res.status).toBe(200);
    });

    it("on http (local development) the dev defaults stay: no secrets, still serving", async () => {
      const ctx = createExecutionContext();
      const devEnv = {
        ...env,
        SESSION_SECRET: "",
        PASSWORD_PEPPER: "",
        TOKEN_ENCRYPTION_KEY: "",
      } as typeof env;
      const page = await worker.fetch(incoming("http://localhost:8787/"), devEnv, ctx);
      await waitOnExecutionContext(ctx);
      expect(page.status).toBe(200);
    });
  });
});

describe("e-mail deliveries through an outage", () => {
  /**
   * Receipts and reminders survive an e-mail outage (issue #34 item 7,
   * docs/decisions/031): a send the provider refuses is recorded as failed and
   * tried again by the cron; a sent one is never sent again, however many times
   * the cron runs, concurrently or not.
   */
  let admin: Member;
  beforeAll(async () => {
    admin = await signedInMember({ isAdmin: true });
  });
  // The console spies below stay for the block (as they stayed for the file it was), not after it.
  afterAll(() => {
    vi.restoreAllMocks();
  });

  const delivery = (kind: string, eventId: number, userId: number) =>
    env.DB.prepare(
      `SELECT d.status, d.attempts, d.last_error, r.receipt_sent_at, r.reminder_7d_sent_at
     FROM event_registrations r LEFT JOIN email_deliveries d ON d.registration_id = r.id AND d.kind = ?
     WHERE r.event_id = ? AND r.user_id = ?`,
    )
      .bind(kind, eventId, userId)
      .first<{
        status: string | null;
        attempts: number | null;
        last_error: string | null;
        receipt_sent_at: number | null;
        reminder_7d_sent_at: number | null;
      }>();

  describe("receipts", () => {
    it("a receipt whose first send failed is sent by the cron exactly once, never twice", async () => {
      const logged = vi.spyOn(console, "error").mockImplementation(() => {});
      const event = await createEventAs(admin, { title: "Outage Ride" });
      const m = await signedInMember();
      await failNextEmails(1);
      await payForPlace(m, event);
      expect(await mailsWithSubject(m.email, "Receipt: Outage Ride")).toHaveLength(0);
      expect(await delivery("receipt", event.id, m.id)).toMatchObject({
        status: "failed",
        attempts: 1,
        receipt_sent_at: null,
      });
      expect((await delivery("receipt", event.id, m.id))!.last_error).toContain("500");
      expect(logged).toHaveBeenCalled();

      await Promise.all([runQuarterHourCron(), runQuarterHourCron()]);
      await runQuarterHourCron();
      const receipts = await mailsWithSubject(m.email, "Receipt: Outage Ride");
      expect(receipts).toHaveLength(1);
      expect(receipts[0]!.text).toContain("Amount paid: ₹1,500\n");
      const sent = await delivery("receipt", event.id, m.id);
      expect(sent).toMatchObject({ status: "sent", attempts: 2 });
      expect(sent!.receipt_sent_at).not.toBeNull();
    });

    it("a receipt sent the first time is never sent again by the cron", async () => {
      const event = await createEventAs(admin, { title: "Calm Ride" });
      const m = await signedInMember();
      await payForPlace(m, event);
      await runQuarterHourCron();
      await runQuarterHourCron();
      expect(await mailsWithSubject(m.email, "Receipt: Calm Ride")).toHaveLength(1);
      expect(await delivery("receipt", event.id, m.id)).toMatchObject({ status: "sent", attempts: 1 });
    });

    it(`gives up after ${MAX_EMAIL_ATTEMPTS} failed sends`, async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const event = await createEventAs(admin, { title: "Hopeless Ride" });
      const m = await signedInMember();
      await failNextEmails(1);
      await payForPlace(m, event);
      await env.DB.prepare(
        "UPDATE email_deliveries SET attempts = ? WHERE kind = 'receipt' AND registration_id = (SELECT id FROM event_registrations WHERE event_id = ? AND user_id = ?)",
      )
        .bind(MAX_EMAIL_ATTEMPTS, event.id, m.id)
        .run();
      await runQuarterHourCron();
      expect(await mailsWithSubject(m.email, "Receipt: Hopeless Ride")).toHaveLength(0);
      expect(await delivery("receipt", event.id, m.id)).toMatchObject({
        status: "failed",
        attempts: MAX_EMAIL_ATTEMPTS,
      });
    });
  });

  describe("reminders", () => {
    it("a reminder whose send failed goes out on the next cron run, once", async () => {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const event = await createEventAs(admin, { title: "Next Week Ride", date: daysFromNow(5) });
      const m = await signedInMember();
      await payForPlace(m, event);
      await failNextEmails(1);
      await runQuarterHourCron();
      expect(await mailsWithSubject(m.email, "Reminder: Next Week Ride is in a week")).toHaveLength(0);
      expect(await delivery("reminder_7d", event.id, m.id)).toMatchObject({
        status: "failed",
        attempts: 1,
        reminder_7d_sent_at: null,
      });

      await Promise.all([runQuarterHourCron(), runQuarterHourCron()]);
      await runQuarterHourCron();
      expect(await mailsWithSubject(m.email, "Reminder: Next Week Ride is in a week")).toHaveLength(1);
      expect(await delivery("reminder_7d", event.id, m.id)).toMatchObject({ status: "sent", attempts: 2 });
    });
  });

  describe("the provider's idempotency key", () => {
    it("the same Idempotency-Key is delivered once", async () => {
      const send = () =>
        fetch(`${env.FAKES_URL}/email/emails`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            authorization: `Bearer ${env.EMAIL_API_KEY}`,
            "idempotency-key": "receipt-test-1",
          },
          body: JSON.stringify({
            from: "a@example.com",
            to: ["idem@example.com"],
            subject: "Once",
            text: "x",
          }),
        });
      const [first, second] = [await send(), await send()];
      expect(first.status).toBe(200);
      expect(((await first.json()) as { id: string }).id).toBe(((await second.json()) as { id: string }).id);
      expect(await mailsWithSubject("idem@example.com", "Once")).toHaveLength(1);
    });
  });
});
