import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  env,
  getQueueResult,
  SELF,
  waitOnExecutionContext,
} from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "~workers/app";

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
    await env.DB.prepare(
      "INSERT INTO users (id, username, email) VALUES (7, 'dlq', 'dlq@example.com')",
    ).run();
    await env.DB.prepare(
      "INSERT INTO sync_jobs (id, user_id, mode, initiated_by, status) VALUES (70, 7, 'backfill', 'connect', 'running')",
    ).run();
    await env.DB.prepare(
      "INSERT INTO sync_status (user_id, state, current_job_id) VALUES (7, 'running', 70)",
    ).run();
    const batch = createMessageBatch("strava-sync-dlq", [
      {
        id: "d1",
        timestamp: new Date(),
        attempts: 1,
        body: { type: "sync-page", userId: 7, jobId: 70, page: 3 },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch as MessageBatch<never>, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["d1"]);
    const row = await env.DB.prepare("SELECT state, error FROM sync_status WHERE user_id = 7").first<{
      state: string;
      error: string;
    }>();
    expect(row?.state).toBe("error");
    expect(row?.error).toMatch(/Sync failed/);
  });
});

describe("cron", () => {
  it("daily housekeeping removes expired tokens", async () => {
    await env.DB.prepare(
      "INSERT INTO users (id, username, email) VALUES (8, 'tok', 'tok@example.com')",
    ).run();
    await env.DB.prepare(
      "INSERT INTO email_tokens (user_id, purpose, token_hash, expires_at) VALUES (8, 'verify_email', 'old', 1000), (8, 'verify_email', 'fresh', 4102444800)",
    ).run();
    const controller = createScheduledController({ scheduledTime: new Date(), cron: "0 3 * * *" });
    const ctx = createExecutionContext();
    await worker.scheduled(controller, env, ctx);
    await waitOnExecutionContext(ctx);
    const left = await env.DB.prepare("SELECT token_hash FROM email_tokens WHERE user_id = 8").all<{
      token_hash: string;
    }>();
    expect(left.results.map((r) => r.token_hash)).toEqual(["fresh"]);
  });
});
