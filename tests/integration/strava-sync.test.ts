import { env, SELF } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createAppContext, type AppContext } from "~workers/load-context";
import { handleScheduled } from "~/modules/strava/cron.server";
import { processSyncMessage, startSync } from "~/modules/strava/sync.server";
import { adminSyncUser } from "~/modules/admin/strava-sync.server";
import type { SyncMessage } from "~/modules/strava/sync-messages";
import { call, cookiesFrom, createUser, json, login, ORIGIN } from "./helpers";
import { decodePolyline, distanceM } from "~/modules/activities/track-geometry";

const fake = (path: string, body?: unknown, method = "POST") =>
  fetch(`${env.FAKES_URL}/_control/strava${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, unknown>>);

/** The webhook callback with the path secret of vitest.integration.config.ts. */
const HOOK = `${ORIGIN}/api/webhooks/strava/test-webhook-path-secret`;
/** A Strava webhook event POSTed to the app's callback (`body` names the event). */
const webhookPost = (body: object) =>
  new Request(HOOK, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ subscription_id: 1, event_time: 1, ...body }),
  });

let nextAthlete = 800_000 + Math.floor(Math.random() * 10_000) * 10;
async function newAthlete(activities: number) {
  const id = nextAthlete++;
  await fake("/athletes", {
    id,
    firstname: "Test",
    lastname: `Athlete${id}`,
    activities,
    seed: id,
    days: 400,
  });
  return id;
}

/**
 * Connects a fresh member to a fresh fake athlete through the real connect flow.
 * `keep` ticks "Keep my imported activities if I disconnect Strava";
 * `agreedBefore` gives the member an older agreement first.
 */
async function connectedMember(activities: number, opts: { keep?: boolean; agreedBefore?: boolean } = {}) {
  const athleteId = await newAthlete(activities);
  const user = await createUser({ profileCompleted: true });
  if (opts.agreedBefore)
    await env.DB.prepare("UPDATE users SET keep_strava_activities_at = 1 WHERE id = ?").bind(user.id).run();
  const cookie = await login(user.username, user.password);
  await fake("/next-athlete", { athleteId });
  const start = await call(`/api/user/connect-strava?returnTo=/dashboard${opts.keep ? "&keep=1" : ""}`, {
    cookie,
  });
  const authorize = new URL(start.headers.get("Location")!);
  const approved = await fetch(`${authorize}&auto_approve=1`, { redirect: "manual" });
  const callback = new URL(approved.headers.get("Location")!);
  const done = await call(callback.pathname + callback.search, { cookie: cookiesFrom(start, cookie) });
  // The connect backfill runs on the real queue consumer; wait for it so tests start from a quiet state.
  await waitFor(
    () =>
      env.DB.prepare("SELECT state FROM sync_status WHERE user_id = ?")
        .bind(user.id)
        .first<{ state: string }>(),
    (r) => r?.state === "completed" || r?.state === "error",
    20_000,
  );
  return { user, cookie, athleteId, authorize, done };
}

/** A new member whose connect sync is queued (no message: nothing reads for it). */
async function waitingNewMember() {
  const user = await createUser({ profileCompleted: true });
  await env.DB.prepare(
    "INSERT INTO sync_jobs (user_id, mode, initiated_by, status, updated_at) VALUES (?, 'backfill', 'connect', 'queued', unixepoch())",
  )
    .bind(user.id)
    .run();
  return user;
}

/** Window use as given (used of limit) in both the app's counters and the fake's limits. */
async function budgetAt(quarterUsed: number, quarterLimit: number) {
  await fake("/reset-usage", {});
  await fake("/limits", { read15: quarterLimit, readDaily: 1000 });
  const { windowsAt } = await import("~/modules/strava/budget.server");
  const w = windowsAt(Math.floor(Date.now() / 1000));
  await env.DB.prepare("DELETE FROM provider_budget").run();
  await env.DB.prepare(
    `INSERT INTO provider_budget (provider, "window", window_start, used, "limit") VALUES ('strava', '15min', ?, ?, ?), ('strava', 'daily', ?, ?, 1000)`,
  )
    .bind(w.quarterStart, quarterUsed, quarterLimit, w.dayStart, quarterUsed)
    .run();
}

const budgetUsed = async () =>
  (await env.DB.prepare(`SELECT used FROM provider_budget WHERE "window" = '15min'`).first<{
    used: number;
  }>())!.used;

/** An AppContext whose queue records messages instead of delivering them, so a test drives the chain. */
function drivenContext(now?: () => Date) {
  const sent: { message: SyncMessage; delaySeconds?: number }[] = [];
  const base = createAppContext(env);
  const queue = {
    send: async (message: SyncMessage, options?: { delaySeconds?: number }) => {
      sent.push({ message, delaySeconds: options?.delaySeconds });
    },
    sendBatch: async () => {},
  } as unknown as Queue<SyncMessage>;
  const app: AppContext = { ...base, env: { ...env, SYNC_QUEUE: queue }, now: now ?? base.now };
  /** Processes queued messages in order (ignoring delays) until none are left or `limit` is reached. */
  async function drain(limit = 100) {
    let processed = 0;
    while (sent.length && processed < limit) {
      const { message } = sent.shift()!;
      await processSyncMessage(app, message);
      processed++;
    }
    return processed;
  }
  return { app, sent, drain };
}

async function count(sql: string, ...bind: unknown[]) {
  return (await env.DB.prepare(sql)
    .bind(...bind)
    .first<{ n: number }>())!.n;
}

async function waitFor<T>(probe: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterEach(async () => {
  await fake("/faults", undefined, "DELETE");
  await fake("/limits", { read15: 100, readDaily: 1000, overall15: 200, overallDaily: 2000 });
  await fake("/reset-usage", {});
  // Each test starts with a fresh app-wide budget (storage persists within this file).
  await env.DB.prepare("DELETE FROM provider_budget").run();
});

describe("connect", () => {
  it("sends the member to Strava with the spec's parameters and backfills every activity", async () => {
    const { user, cookie, athleteId, authorize, done } = await connectedMember(450);
    expect(authorize.origin + authorize.pathname).toBe(`${env.FAKES_URL}/strava/oauth/authorize`);
    expect(authorize.searchParams.get("client_id")).toBe("12345");
    expect(authorize.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/api/user/connect-strava/callback`);
    expect(authorize.searchParams.get("response_type")).toBe("code");
    expect(authorize.searchParams.get("scope")).toBe("activity:read_all,profile:read_all");
    expect(authorize.searchParams.get("state")).toMatch(/^connect_\d{13}_/);
    expect(done.headers.get("Location")).toBe("/dashboard?success=strava_connected");

    // The real queue consumer runs the backfill in the background.
    const status = await waitFor(
      async () =>
        json<{ completed: boolean; progress: { current: number; total: number } }>(
          await call("/api/user/sync-status", { cookie }),
        ),
      (s) => s.completed,
    );
    expect(status.progress).toEqual({ current: 450, total: 450 });
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(450);
    const me = await json(await call("/api/user", { cookie }));
    expect(me.stravaId).toBe(athleteId);
    expect(await json(await call("/api/user/strava-status", { cookie }))).toMatchObject({
      connected: true,
      tokenExpired: false,
    });
  });

  it("refuses a forged state, a missing code and an athlete linked to another member", async () => {
    const first = await connectedMember(0);
    const user = await createUser({ profileCompleted: true });
    const cookie = await login(user.username, user.password);
    const start = await call("/api/user/connect-strava", { cookie });
    const both = cookiesFrom(start, cookie);
    const state = new URL(start.headers.get("Location")!).searchParams.get("state");

    const forged = await call("/api/user/connect-strava/callback?state=connect_1_forged&code=x", {
      cookie: both,
    });
    expect(forged.headers.get("Location")).toMatch(/^\/dashboard\?error=auth_error/);
    const again = await call("/api/user/connect-strava", { cookie });
    const missing = await call(
      `/api/user/connect-strava/callback?state=${new URL(again.headers.get("Location")!).searchParams.get("state")}`,
      {
        cookie: cookiesFrom(again, cookie),
      },
    );
    expect(missing.headers.get("Location")).toBe("/dashboard?error=missing_code");

    await fake("/next-athlete", { athleteId: first.athleteId });
    const third = await call("/api/user/connect-strava", { cookie });
    const approved = await fetch(`${third.headers.get("Location")}&auto_approve=1`, { redirect: "manual" });
    const callback = new URL(approved.headers.get("Location")!);
    const taken = await call(callback.pathname + callback.search, { cookie: cookiesFrom(third, cookie) });
    expect(taken.headers.get("Location")).toBe("/dashboard?error=strava_already_connected");
    expect(state).toBeTruthy();
    // Replaying a used callback (cookie cleared) is refused too.
    const replay = await call(callback.pathname + callback.search, { cookie });
    expect(replay.headers.get("Location")).toMatch(/error=auth_error/);
  });
});

describe("activity tracks (issue #40)", () => {
  const reads = async () => ((await fake("/usage", undefined, "GET")).usage as { read15: number }).read15;
  const tokenOf = async (userId: number) => {
    const { decryptSecret } = await import("~/lib/token-crypto.server");
    const conn = await env.DB.prepare("SELECT access_token_enc FROM strava_connections WHERE user_id = ?")
      .bind(userId)
      .first<{ access_token_enc: string }>();
    return decryptSecret(conn!.access_token_enc, env.TOKEN_ENCRYPTION_KEY);
  };

  it("the sync stores each summary_polyline; the owner's first view reads Strava's detail once; others see a map only with consent, trimmed", async () => {
    const owner = await connectedMember(30);
    // Every outdoor activity of the list call keeps its polyline: as many track rows as Strava sent non-empty maps.
    const listed = (await (
      await fetch(`${env.FAKES_URL}/strava/api/v3/athlete/activities?per_page=200`, {
        headers: { Authorization: `Bearer ${await tokenOf(owner.user.id)}` },
      })
    ).json()) as { id: number; map: { summary_polyline: string } }[];
    const withMap = listed.filter((a) => a.map.summary_polyline !== "");
    expect(withMap.length).toBeGreaterThan(0);
    expect(
      await count(
        "SELECT count(*) n FROM activity_tracks WHERE user_id = ? AND polyline IS NOT NULL",
        owner.user.id,
      ),
    ).toBe(withMap.length);
    const row = (await env.DB.prepare(
      `SELECT a.id, a.strava_id AS stravaId, t.polyline FROM activities a JOIN activity_tracks t ON t.activity_id = a.id
       WHERE a.user_id = ? AND a.private = 0 AND a.visibility = 'everyone' AND a.manual = 0 AND a.distance > 3000
       ORDER BY a.id LIMIT 1`,
    )
      .bind(owner.user.id)
      .first<{ id: number; stravaId: number; polyline: string }>())!;
    expect(row.polyline).toBe(withMap.find((a) => a.id === row.stravaId)!.map.summary_polyline);

    // The heatmap draws every one of them, for the owner only; a filter narrows it.
    const heat = await call("/activities/heatmap", { cookie: owner.cookie });
    expect(heat.status).toBe(200);
    expect(await heat.text()).toContain(`data-routes="${withMap.length}"`);
    const guest = await call("/activities/heatmap");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/auth?redirectTo=%2Factivities%2Fheatmap");
    const sport = (await env.DB.prepare("SELECT sport_type AS s FROM activities WHERE id = ?")
      .bind(row.id)
      .first<{ s: string }>())!.s;
    const ofSport = await count(
      "SELECT count(*) n FROM activity_tracks t JOIN activities a ON a.id = t.activity_id WHERE t.user_id = ? AND a.sport_type = ?",
      owner.user.id,
      sport,
    );
    expect(
      await (await call(`/activities/heatmap?sport=${sport}`, { cookie: owner.cookie })).text(),
    ).toContain(`data-routes="${ofSport}"`);

    // The owner's first view costs exactly one read (GET /activities/{id}); the second none.
    const before = await reads();
    const first = await call(`/activities/${row.id}`, { cookie: owner.cookie });
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(await reads()).toBe(before + 1);
    expect(html).toContain('data-testid="route-map"');
    expect(html).toContain('data-testid="splits"');
    expect(
      await count(
        "SELECT count(*) n FROM activity_tracks WHERE activity_id = ? AND detail_fetched_at IS NOT NULL",
        row.id,
      ),
    ).toBe(1);
    expect((await call(`/activities/${row.id}`, { cookie: owner.cookie })).status).toBe(200);
    expect(await reads()).toBe(before + 1);

    // Another member: no page, no track, and no read spent, without consent.
    const other = await createUser();
    const otherCookie = await login(other.username, other.password);
    expect((await call(`/api/activities/${row.id}/track`, { cookie: otherCookie })).status).toBe(404);
    expect((await call(`/activities/${row.id}`, { cookie: otherCookie })).status).toBe(404);
    expect((await call(`/api/activities/${row.id}/track`)).status).toBe(401);

    // Both in a challenge, the owner sharing activities there, but the ride is outside its dates:
    // still nothing (consent covers the activities that challenge shows).
    const challenge = (await env.DB.prepare(
      `INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date, is_active)
       VALUES ('Tracks', 'x', 100000, 'AllSports', unixepoch() + 86400, unixepoch() + 2 * 86400, 1) RETURNING id`,
    ).first<{ id: number }>())!.id;
    await env.DB.prepare(
      "INSERT INTO challenge_participations (challenge_id, user_id, share_activities) VALUES (?, ?, 1), (?, ?, 0)",
    )
      .bind(challenge, owner.user.id, challenge, other.id)
      .run();
    expect((await call(`/api/activities/${row.id}/track`, { cookie: otherCookie })).status).toBe(404);
    expect((await call(`/activities/${row.id}`, { cookie: otherCookie })).status).toBe(404);
    // The ride in the challenge's dates: the map without the first and last 200 m.
    await env.DB.prepare(
      "UPDATE challenges SET start_date = (SELECT start_date - 3600 FROM activities WHERE id = ?) WHERE id = ?",
    )
      .bind(row.id, challenge)
      .run();
    const shared = await json<{ polyline: string; hiddenMetres: number }>(
      await call(`/api/activities/${row.id}/track`, { cookie: otherCookie }),
    );
    expect(shared.hiddenMetres).toBe(200);
    const full = decodePolyline(row.polyline);
    const trimmed = decodePolyline(shared.polyline);
    expect(trimmed.length).toBeGreaterThan(1);
    expect(trimmed.length).toBeLessThan(full.length);
    expect(distanceM(full[0]!, trimmed[0]!)).toBeGreaterThanOrEqual(150);
    expect(distanceM(full.at(-1)!, trimmed.at(-1)!)).toBeGreaterThanOrEqual(150);
    const page = await call(`/activities/${row.id}`, { cookie: otherCookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("The first and last 200 m are hidden.");
    expect(await reads()).toBe(before + 1);

    // The owner's setting (PATCH /api/user/sharing): 0, 200, 500 or 1,000 m; anything else is a 400.
    const bad = await call("/api/user/sharing", {
      method: "PATCH",
      cookie: owner.cookie,
      body: { mapPrivacyMetres: 300 },
    });
    expect(bad.status).toBe(400);
    expect((await json<{ message: string }>(bad)).message).toBe(
      "mapPrivacyMetres must be 0, 200, 500 or 1000",
    );
    expect(
      (
        await call("/api/user/sharing", {
          method: "PATCH",
          cookie: owner.cookie,
          body: { mapPrivacyMetres: 1000 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await json<{ hiddenMetres: number }>(
          await call(`/api/activities/${row.id}/track`, { cookie: otherCookie }),
        )
      ).hiddenMetres,
    ).toBe(1000);

    // A Strava-private activity's map stays the owner's, consent or not.
    await env.DB.prepare("UPDATE activities SET private = 1, visibility = 'only_me' WHERE id = ?")
      .bind(row.id)
      .run();
    expect((await call(`/api/activities/${row.id}/track`, { cookie: otherCookie })).status).toBe(404);
    expect((await call(`/api/activities/${row.id}/track`, { cookie: owner.cookie })).status).toBe(200);
  });
});

describe("sync engine", () => {
  it("pages through a backfill one queue message per page, then syncs incrementally with edits", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 430, seed: athleteId, days: 300 });
    const { app, sent, drain } = drivenContext();
    const { job } = await startSync(app, user.id, "admin", { mode: "backfill" });
    expect(sent).toHaveLength(1);
    expect(await drain()).toBe(3); // 200 + 200 + 30
    const jobRow = await env.DB.prepare(
      "SELECT status, pages_done, activities_saved FROM sync_jobs WHERE id = ?",
    )
      .bind(job.id)
      .first();
    expect(jobRow).toMatchObject({ status: "completed", pages_done: 3, activities_saved: 430 });
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(430);

    // New and edited activities on Strava; an incremental sync asks only for recent ones.
    const added = await fake(`/athletes/${athleteId}/activities`, {
      name: "Fresh ride",
      sport_type: "Ride",
      distance: 42000,
      moving_time: 5400,
      start_date: new Date().toISOString(),
    });
    const { job: inc } = await startSync(app, user.id, "user");
    expect(inc.mode).toBe("incremental");
    expect(inc.afterEpoch).toBeGreaterThan(0);
    await drain();
    const row = await env.DB.prepare("SELECT name, distance FROM activities WHERE strava_id = ?")
      .bind(added.id)
      .first();
    expect(row).toMatchObject({ name: "Fresh ride", distance: 42000 });
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(431);
  });

  it("defers on a 429 burst and on a 500, then finishes without errors or duplicates", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 250, seed: athleteId, days: 300 });
    const { app, sent, drain } = drivenContext();
    await fake("/faults", { status: 429, count: 1, path: "/athlete/activities" });
    await startSync(app, user.id, "admin", { mode: "backfill" });
    await drain(1);
    expect(sent).toHaveLength(1);
    expect(sent[0].delaySeconds).toBeGreaterThan(0);
    expect(sent[0].delaySeconds).toBeLessThanOrEqual(15 * 60 + 5);
    const deferred = await env.DB.prepare("SELECT state, error FROM sync_status WHERE user_id = ?")
      .bind(user.id)
      .first();
    expect(deferred).toMatchObject({ state: "deferred", error: null });

    // The window resets; then a 500 on the next page defers for a minute.
    await env.DB.prepare("UPDATE provider_budget SET used = 0").run();
    await drain(1); // page 1 now succeeds and queues page 2
    await fake("/faults", { status: 500, count: 1, path: "/athlete/activities" });
    await drain(1);
    expect(sent.at(-1)?.delaySeconds).toBe(60);
    await drain();
    expect(
      await env.DB.prepare("SELECT state, error, progress_current FROM sync_status WHERE user_id = ?")
        .bind(user.id)
        .first(),
    ).toMatchObject({
      state: "completed",
      error: null,
      progress_current: 250,
    });
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(250);
  });

  it("stops before the app-wide budget runs out and records Strava's headers", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 600, seed: athleteId, days: 300 });
    await fake("/reset-usage", {});
    await env.DB.prepare("DELETE FROM provider_budget").run();
    await fake("/limits", { read15: 2, readDaily: 1000 });
    const { app, sent, drain } = drivenContext();
    await startSync(app, user.id, "admin", { mode: "backfill" });
    await drain(3);
    // Two reads allowed in the window: pages 1 and 2 stored, page 3 waits for the window.
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(400);
    expect(sent).toHaveLength(1);
    expect(sent[0].message).toMatchObject({ page: 3 });
    expect(sent[0].delaySeconds).toBeGreaterThan(0);
    const usage = await fake("/usage", undefined, "GET");
    expect((usage.usage as { read15: number }).read15).toBe(2); // never a 429
    const budget = await env.DB.prepare(
      `SELECT used, "limit" FROM provider_budget WHERE "window" = '15min'`,
    ).first();
    expect(budget).toMatchObject({ used: 2, limit: 2 });
  });

  it("refreshes an expired access token mid-sync and saves the rotated refresh token", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 300, seed: athleteId, days: 300 });
    const { app, drain } = drivenContext();
    await startSync(app, user.id, "admin", { mode: "backfill" });
    await drain(1);
    const before = await env.DB.prepare(
      "SELECT token_version, refresh_token_enc FROM strava_connections WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ token_version: number; refresh_token_enc: string }>();
    await fake("/expire-token", { athleteId });
    await drain();
    const after = await env.DB.prepare(
      "SELECT token_version, refresh_token_enc, token_expired FROM strava_connections WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ token_version: number; refresh_token_enc: string; token_expired: number }>();
    expect(after!.token_version).toBe(before!.token_version + 1);
    expect(after!.refresh_token_enc).not.toBe(before!.refresh_token_enc);
    expect(after!.token_expired).toBe(0);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(300);
  });

  it("marks the token expired and shows the error when Strava access is revoked", async () => {
    const { user, cookie, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 10, seed: athleteId, days: 30 });
    const { app, drain } = drivenContext();
    // Revoke on Strava's side: access and refresh tokens stop working.
    const conn = await env.DB.prepare("SELECT access_token_enc FROM strava_connections WHERE user_id = ?")
      .bind(user.id)
      .first<{ access_token_enc: string }>();
    const { decryptSecret } = await import("~/lib/token-crypto.server");
    await fetch(`${env.FAKES_URL}/strava/oauth/deauthorize`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `access_token=${await decryptSecret(conn!.access_token_enc, env.TOKEN_ENCRYPTION_KEY)}`,
    });
    await startSync(app, user.id, "admin", { mode: "backfill" });
    await drain();
    const status = await json<{ completed: boolean; error: string }>(
      await call("/api/user/sync-status", { cookie }),
    );
    expect(status.error).toMatch(/reconnect/i);
    expect(await json(await call("/api/user/strava-status", { cookie }))).toMatchObject({
      tokenExpired: true,
    });
  });

  it("resumes a chain broken between two messages without duplicates", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 420, seed: athleteId, days: 300 });
    let clock = Date.now();
    const { app, sent } = drivenContext(() => new Date(clock));
    await startSync(app, user.id, "admin", { mode: "backfill" });
    const first = sent.shift()!.message;
    // "Crash": page 1 is committed but the follow-up message is lost.
    await processSyncMessage(app, first);
    sent.length = 0;
    // A redelivery of page 1 is a no-op.
    await processSyncMessage(app, first);
    expect(sent).toHaveLength(0);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(200);
    // The cron watchdog finds the stalled job and re-sends page 2.
    clock += 11 * 60 * 1000;
    await handleScheduled(app, { cron: "*/15 * * * *", scheduledTime: new Date(clock) });
    expect(sent.map((s) => s.message)).toContainEqual(
      expect.objectContaining({ type: "sync-page", page: 2 }),
    );
    while (sent.length) await processSyncMessage(app, sent.shift()!.message);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(420);
    expect(await count("SELECT count(DISTINCT strava_id) n FROM activities WHERE user_id = ?", user.id)).toBe(
      420,
    );
  });

  it("keeps challenge progress in step with upserts and deletes", async () => {
    const { user, athleteId } = await connectedMember(0);
    const start = Math.floor(Date.now() / 1000) - 10 * 86400;
    const challenge = await env.DB.prepare(
      "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date) VALUES ('Ride 100', 'd', 100000, 'Ride', ?, ?) RETURNING id",
    )
      .bind(start, start + 30 * 86400)
      .first<{ id: number }>();
    await env.DB.prepare("INSERT INTO challenge_participations (challenge_id, user_id) VALUES (?, ?)")
      .bind(challenge!.id, user.id)
      .run();
    const ride = await fake(`/athletes/${athleteId}/activities`, {
      name: "Ride",
      sport_type: "Ride",
      distance: 30000,
      moving_time: 3600,
      start_date: new Date().toISOString(),
    });
    await fake(`/athletes/${athleteId}/activities`, {
      name: "Zwift",
      sport_type: "VirtualRide",
      distance: 20000,
      moving_time: 3600,
      start_date: new Date().toISOString(),
    });
    await fake(`/athletes/${athleteId}/activities`, {
      name: "Run",
      sport_type: "Run",
      distance: 10000,
      moving_time: 3600,
      start_date: new Date().toISOString(),
    });
    const { app, drain } = drivenContext();
    await startSync(app, user.id, "admin", { mode: "backfill" });
    await drain();
    const progress = () =>
      env.DB.prepare("SELECT progress FROM challenge_participations WHERE user_id = ?")
        .bind(user.id)
        .first<{ progress: number }>();
    expect((await progress())!.progress).toBe(50000);

    // The ride is deleted on Strava and the webhook says so: progress follows.
    await fake(`/athletes/${athleteId}/activities/${ride.id}`, undefined, "DELETE");
    const res = await SELF.fetch(HOOK, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        object_type: "activity",
        object_id: ride.id,
        aspect_type: "delete",
        owner_id: athleteId,
        subscription_id: 1,
        event_time: 1,
      }),
    });
    expect(res.status).toBe(200);
    const after = await waitFor(progress, (p) => p!.progress === 20000);
    expect(after!.progress).toBe(20000);
  });
});

describe("webhooks", () => {
  it("answers the subscription handshake only with the verify token", async () => {
    const ok = await SELF.fetch(
      `${HOOK}?hub.mode=subscribe&hub.verify_token=fake-verify-token&hub.challenge=abc123`,
    );
    expect(await ok.json()).toEqual({ "hub.challenge": "abc123" });
    const bad = await SELF.fetch(`${HOOK}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=abc123`);
    expect(bad.status).toBe(403);
  });

  it("creates, updates and deletes activities, and disconnects on deauthorization", async () => {
    const { user, cookie, athleteId } = await connectedMember(0);
    await waitFor(
      async () => json<{ completed: boolean }>(await call("/api/user/sync-status", { cookie })),
      (s) => s.completed,
    );
    const post = (body: object) =>
      SELF.fetch(HOOK, {
        method: "POST",
        headers: { "content-type": "application/json", Origin: "https://www.strava.com" },
        body: JSON.stringify({ subscription_id: 1, event_time: 1, owner_id: athleteId, ...body }),
      });
    const created = await fake(`/athletes/${athleteId}/activities`, {
      name: "Morning Run",
      sport_type: "Run",
      distance: 8000,
      moving_time: 2400,
      start_date: new Date().toISOString(),
    });
    const started = Date.now();
    expect(
      (await post({ object_type: "activity", object_id: created.id, aspect_type: "create" })).status,
    ).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    const name = () =>
      env.DB.prepare("SELECT name FROM activities WHERE strava_id = ?")
        .bind(created.id)
        .first<{ name: string }>();
    expect((await waitFor(name, (r) => r?.name === "Morning Run"))?.name).toBe("Morning Run");

    // Ten minutes later (the fold interval): the next hint starts the next sync at once.
    await env.DB.prepare("UPDATE strava_connections SET webhook_sync_at = NULL WHERE user_id = ?")
      .bind(user.id)
      .run();
    await fake(`/athletes/${athleteId}/activities/${created.id}`, { name: "Renamed Run" }, "PUT");
    await post({
      object_type: "activity",
      object_id: created.id,
      aspect_type: "update",
      updates: { title: "Renamed Run" },
    });
    expect((await waitFor(name, (r) => r?.name === "Renamed Run"))?.name).toBe("Renamed Run");

    await fake(`/athletes/${athleteId}/activities/${created.id}`, undefined, "DELETE");
    await post({ object_type: "activity", object_id: created.id, aspect_type: "delete" });
    expect(await waitFor(name, (r) => r === null)).toBeNull();

    await fake(`/athletes/${athleteId}/revoke`, {});
    await post({
      object_type: "athlete",
      object_id: athleteId,
      aspect_type: "update",
      updates: { authorized: "false" },
    });
    const link = () =>
      env.DB.prepare("SELECT count(*) n FROM strava_connections WHERE user_id = ?")
        .bind(user.id)
        .first<{ n: number }>();
    expect((await waitFor(link, (r) => r!.n === 0))!.n).toBe(0);
    expect(await json(await call("/api/user/strava-status", { cookie }))).toMatchObject({ connected: false });
  });

  it("rejects malformed events with 400", async () => {
    const res = await SELF.fetch(HOOK, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
  });
});

describe("member Strava calls", () => {
  it("need a session (401) and a verified account (403)", async () => {
    const calls: [string, string][] = [
      ["/api/user/strava-status", "GET"],
      ["/api/user/sync-status", "GET"],
      ["/api/user/strava-sync", "POST"],
      ["/api/user/connect-strava", "GET"],
      ["/api/user/connect-strava/callback?state=x&code=y", "GET"],
    ];
    const unverified = await createUser({ isVerified: false });
    const cookie = await login(unverified.username, unverified.password);
    for (const [path, method] of calls) {
      expect((await call(path, { method })).status, path).toBe(401);
      expect((await call(path, { method, cookie })).status, path).toBe(403);
    }
  });

  it("a member without Strava cannot start a sync (400)", async () => {
    const u = await createUser();
    const res = await call("/api/user/strava-sync", {
      method: "POST",
      cookie: await login(u.username, u.password),
    });
    expect(res.status).toBe(400);
    expect((await json(res)).code).toBe("strava_not_connected");
  });
});

describe("admin sync calls", () => {
  it("guard: guest 401, member 403", async () => {
    const member = await createUser();
    const cookie = await login(member.username, member.password);
    for (const [path, method] of [
      ["/api/admin/strava-sync-status", "GET"],
      [`/api/admin/users/${member.id}/strava-sync`, "GET"],
      [`/api/admin/users/${member.id}/strava-sync`, "POST"],
    ]) {
      expect((await call(path, { method })).status, path).toBe(401);
      const denied = await call(path, { method, cookie });
      expect(denied.status, path).toBe(403);
      expect((await json(denied)).message).toBe("Admin access required");
    }
  });

  it("starts a sync that reports savedActivities, and lists statistics", async () => {
    const admin = await createUser({ isAdmin: true });
    const cookie = await login(admin.username, admin.password);
    const { user, athleteId } = await connectedMember(0);
    await waitFor(
      () =>
        env.DB.prepare("SELECT state FROM sync_status WHERE user_id = ?")
          .bind(user.id)
          .first<{ state: string }>(),
      (r) => r?.state === "completed",
    );
    await fake(`/athletes/${athleteId}/activities`, {
      name: "Evening Ride",
      sport_type: "Ride",
      distance: 25000,
      moving_time: 3600,
      start_date: new Date().toISOString(),
    });
    const res = await call(`/api/admin/users/${user.id}/strava-sync`, { method: "POST", cookie });
    expect(res.status).toBe(200);
    const body = await json<{ savedActivities: number; message: string }>(res);
    expect(body.savedActivities).toBe(1);
    expect(body.message).toBe("Successfully synced 1 new activities");

    const stats = await json(await call(`/api/admin/users/${user.id}/strava-sync`, { cookie }));
    expect(stats).toMatchObject({ stravaConnected: true, stravaId: athleteId, totalActivities: 1 });
    expect(stats).toHaveProperty("latestActivityDate");
    expect(stats).toHaveProperty("lastSyncAt");
    expect(stats).toHaveProperty("stravaTokenExpiry");
    expect(stats.activityTypes).toEqual([{ type: "Ride", count: 1, totalDistance: 25000 }]);

    const list = await json<{ userId: number; syncStatus: Record<string, unknown> }[]>(
      await call("/api/admin/strava-sync-status", { cookie }),
    );
    const row = list.find((r) => r.userId === user.id);
    expect(row?.syncStatus).toMatchObject({ initiatedBy: "admin" });
    expect(row?.syncStatus).toHaveProperty("lastSyncAt");
    expect((await call("/api/admin/users/999999/strava-sync", { cookie })).status).toBe(404);
  });
});

describe("an admin sync reads page 1 once, inline", () => {
  const reads = async () => ((await fake("/usage", undefined, "GET")).usage as { read15: number }).read15;

  it("saves the page in the request and queues nothing when it was the last", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 3, seed: athleteId, days: 30 });
    const { app, sent } = drivenContext();
    const before = await reads();
    const result = await adminSyncUser(app, user.id);
    expect(result).toMatchObject({ savedActivities: 3, message: "Successfully synced 3 new activities" });
    expect(await reads()).toBe(before + 1);
    expect(sent).toEqual([]);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(3);
  });

  it("a page that fails inline for a reason the sync has no rule for ends the job in the error state, queueing nothing", async () => {
    const { user, athleteId, cookie } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 2, seed: athleteId, days: 30 });
    await fake("/faults", { status: 403, count: 1, path: "/athlete/activities" });
    const { app, sent } = drivenContext();
    await expect(adminSyncUser(app, user.id)).rejects.toThrow(/Strava answered 403/);
    expect(sent).toEqual([]);
    const job = await env.DB.prepare(
      "SELECT status, error FROM sync_jobs WHERE user_id = ? AND initiated_by = 'admin'",
    )
      .bind(user.id)
      .first<{ status: string; error: string }>();
    expect(job).toEqual({ status: "error", error: "Sync failed. Please try again later." });
    const status = await json<{ error: string | null; completed: boolean }>(
      await call("/api/user/sync-status", { cookie }),
    );
    expect(status).toMatchObject({ completed: false, error: "Sync failed. Please try again later." });
    // The next sync starts afresh and reads what the failed one could not.
    expect(await adminSyncUser(app, user.id)).toMatchObject({ savedActivities: 2 });
  });
});

describe("the admin Strava Sync tab shows the scheduler", () => {
  it("queue per class, reads this window and today, a new member's wait (page and ?include=scheduler); guest 401, member 403", async () => {
    const member = await createUser();
    const memberCookie = await login(member.username, member.password);
    const path = "/api/admin/strava-sync-status?include=scheduler";
    expect((await call(path)).status).toBe(401);
    expect((await call(path, { cookie: memberCookie })).status).toBe(403);

    const admin = await createUser({ isAdmin: true });
    const cookie = await login(admin.username, admin.password);
    const { windowsAt } = await import("~/modules/strava/budget.server");
    const w = windowsAt(Math.floor(Date.now() / 1000));
    await env.DB.prepare(
      `INSERT INTO provider_budget (provider, "window", window_start, used, "limit") VALUES ('strava', '15min', ?, 37, 100), ('strava', 'daily', ?, 412, 1000)`,
    )
      .bind(w.quarterStart, w.dayStart)
      .run();
    type Body = {
      members: { userId: number }[];
      scheduler: {
        queue: Record<string, number>;
        reads: { window: { used: number; limit: number }; today: { used: number; limit: number } };
        newMemberWaitSeconds: number;
        quietRefreshHours: number;
      };
    };
    const body = await json<Body>(await call(path, { cookie }));
    expect(Array.isArray(body.members)).toBe(true);
    expect(body.scheduler.reads.window).toMatchObject({ used: 37, limit: 100 });
    expect(body.scheduler.reads.today).toMatchObject({ used: 412, limit: 1000 });
    expect(Object.keys(body.scheduler.queue).sort()).toEqual(
      ["backfill", "firstPage", "refresh", "total", "webhook"].sort(),
    );
    expect(body.scheduler.newMemberWaitSeconds).toBe(0);
    expect(body.scheduler.quietRefreshHours).toBe(24);

    // A spent window: a new member waits for the next one.
    await env.DB.prepare(`UPDATE provider_budget SET used = "limit" WHERE "window" = '15min'`).run();
    const spent = await json<Body>(await call(path, { cookie }));
    expect(spent.scheduler.newMemberWaitSeconds).toBeGreaterThan(0);
    expect(spent.scheduler.newMemberWaitSeconds).toBeLessThanOrEqual(15 * 60);

    const page = await (await call("/admin?tab=sync", { cookie })).text();
    for (const text of [
      "Reads this 15-minute window",
      "100 / 100",
      "Reads today",
      "412 / 1000",
      "A new member&#x27;s first 200 activities",
    ])
      expect(page).toContain(text);
    // Without ?include the answer stays the spec's list of rows.
    expect(Array.isArray(await json(await call("/api/admin/strava-sync-status", { cookie })))).toBe(true);
  });
});

describe("the app-wide budget cannot be drained by one member", () => {
  const syncStatusOf = async (cookie: string) =>
    json<{
      state: string;
      completed: boolean;
      error: string | null;
      resumesAt: string | null;
      nextSyncAt: string | null;
    }>(await call("/api/user/sync-status", { cookie }));

  it("a member's 'sync now' has a 15-minute cooldown (429 + Retry-After, nothing started); admins are not limited", async () => {
    const { user, cookie } = await connectedMember(0);
    const first = await call("/api/user/strava-sync", { method: "POST", cookie });
    expect(first.status).toBe(202);
    const second = await call("/api/user/strava-sync", { method: "POST", cookie });
    expect(second.status).toBe(429);
    const retryAfter = Number(second.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    const body = await json<{ message: string; code: string; nextSyncAt: string }>(second);
    expect(body.message).toBe(
      "You can sync with Strava once every 15 minutes. Please try again in 15 minutes.",
    );
    expect(body.code).toBe("sync_cooldown");
    expect(
      await count("SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'user'", user.id),
    ).toBe(1);

    // What the UI reads: when the member can sync again.
    const status = await syncStatusOf(cookie);
    expect(status.nextSyncAt).toBe(body.nextSyncAt);
    const nextAt = new Date(status.nextSyncAt!).getTime();
    expect(nextAt - Date.now()).toBeGreaterThan(14 * 60 * 1000);
    expect(nextAt - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
    // The Strava page renders the button disabled with the time, without JavaScript.
    const page = await (await call("/profile/strava", { cookie })).text();
    expect(page).toMatch(
      /<button[^>]*disabled[^>]*data-testid="strava-sync-now"|<button[^>]*data-testid="strava-sync-now"[^>]*disabled/,
    );
    expect(page).toContain("You can sync again at");

    // Admin-started syncs are not limited by the member's cooldown.
    await waitFor(
      () => syncStatusOf(cookie),
      (s) => s.completed,
    );
    const admin = await createUser({ isAdmin: true });
    const adminCookie = await login(admin.username, admin.password);
    expect(
      (await call(`/api/admin/users/${user.id}/strava-sync`, { method: "POST", cookie: adminCookie })).status,
    ).toBe(200);
    expect(
      await count("SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'admin'", user.id),
    ).toBe(1);
  });

  it("keeps a reserved share of the window: member and webhook syncs wait (state 'waiting'), cron and backfills still read", async () => {
    const member = await connectedMember(0);
    const other = await connectedMember(0);
    await fake(`/athletes`, { id: member.athleteId, activities: 5, seed: member.athleteId, days: 30 });
    await fake(`/athletes`, { id: other.athleteId, activities: 5, seed: other.athleteId, days: 30 });
    await fake("/reset-usage", {});
    await fake("/limits", { read15: 10, readDaily: 1000 });
    const { windowsAt } = await import("~/modules/strava/budget.server");
    const w = windowsAt(Math.floor(Date.now() / 1000));
    // 7 of 10 reads used: the 30 % reserved share (3 reads) is all that is left.
    await env.DB.prepare("DELETE FROM provider_budget").run();
    await env.DB.prepare(
      `INSERT INTO provider_budget (provider, "window", window_start, used, "limit") VALUES ('strava', '15min', ?, 7, 10), ('strava', 'daily', ?, 7, 1000)`,
    )
      .bind(w.quarterStart, w.dayStart)
      .run();
    // A new member's connect sync is waiting: the reserve holds back for it (it is work-conserving).
    await waitingNewMember();

    const { app, sent, drain } = drivenContext();
    await startSync(app, member.user.id, "user");
    await drain(1);
    expect(sent).toHaveLength(1);
    // Until the next window (+5 s), give or take the seconds this test took on a slow machine.
    expect(Math.abs(sent[0].delaySeconds! - (w.quarterResetIn + 5))).toBeLessThanOrEqual(2);
    const waiting = await syncStatusOf(member.cookie);
    expect(waiting).toMatchObject({ state: "waiting", completed: false, error: null });
    const resumes = new Date(waiting.resumesAt!).getTime() / 1000;
    expect(Math.abs(resumes - (w.quarterStart + 15 * 60 + 5))).toBeLessThanOrEqual(2);
    sent.length = 0;

    await startSync(app, other.user.id, "webhook");
    await drain(1);
    expect(sent).toHaveLength(1);
    expect((await syncStatusOf(other.cookie)).state).toBe("waiting");
    sent.length = 0;
    await env.DB.prepare("UPDATE sync_jobs SET status = 'error' WHERE user_id = ? AND status = 'deferred'")
      .bind(other.user.id)
      .run();

    // The cron refresh (and a backfill) may use the reserved share.
    await startSync(app, other.user.id, "cron");
    expect(await drain()).toBe(1);
    expect((await syncStatusOf(other.cookie)).state).toBe("completed");
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", other.user.id)).toBe(5);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", member.user.id)).toBe(0);
    const used = await env.DB.prepare(`SELECT used FROM provider_budget WHERE "window" = '15min'`).first<{
      used: number;
    }>();
    expect(used!.used).toBe(8);

    // The admin Strava Sync tab shows the waiting member and when it goes on.
    const admin = await createUser({ isAdmin: true });
    const list = await json<{ userId: number; syncStatus: Record<string, unknown> }[]>(
      await call("/api/admin/strava-sync-status", { cookie: await login(admin.username, admin.password) }),
    );
    expect(list.find((r) => r.userId === member.user.id)?.syncStatus).toMatchObject({
      state: "waiting",
      resumesAt: waiting.resumesAt,
    });
    await env.DB.prepare(
      "UPDATE sync_jobs SET status = 'error' WHERE initiated_by = 'connect' AND status = 'queued'",
    ).run();
  });

  it("after a 429 from Strava the member's status says 'waiting' until the next window", async () => {
    const { user, cookie, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 3, seed: athleteId, days: 30 });
    await fake("/faults", { status: 429, count: 1, path: "/athlete/activities" });
    const { app, drain } = drivenContext();
    await startSync(app, user.id, "admin");
    await drain(1);
    const status = await syncStatusOf(cookie);
    expect(status).toMatchObject({ state: "waiting", completed: false, error: null });
    const { windowsAt } = await import("~/modules/strava/budget.server");
    const w = windowsAt(Math.floor(Date.now() / 1000));
    expect(
      Math.abs(new Date(status.resumesAt!).getTime() / 1000 - (w.quarterStart + 15 * 60 + 5)),
    ).toBeLessThanOrEqual(2);
    // Once the window opens the sync goes on and the waiting state clears.
    await env.DB.prepare("UPDATE provider_budget SET used = 0").run();
    await drain();
    expect(await syncStatusOf(cookie)).toMatchObject({ state: "completed", resumesAt: null });
  });
});

describe("token refresh is single-flight", () => {
  it("many reads in flight with an expired token: one refresh grant, every read succeeds, the newest refresh token is stored", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes`, { id: athleteId, activities: 12, seed: athleteId, days: 30 });
    await fake("/expire-token", { athleteId });
    await env.DB.prepare("UPDATE strava_connections SET expires_at = unixepoch() - 60 WHERE user_id = ?")
      .bind(user.id)
      .run();
    const grantsOf = async () =>
      (
        (await fake("/usage", undefined, "GET")).refreshGrants as Record<
          string,
          { granted: number; refused: number }
        >
      )[String(athleteId)] ?? {
        granted: 0,
        refused: 0,
      };
    const before = await grantsOf();
    const version = await env.DB.prepare("SELECT token_version v FROM strava_connections WHERE user_id = ?")
      .bind(user.id)
      .first<{ v: number }>();

    const { app, sent, drain } = drivenContext();
    const { stravaGet } = await import("~/modules/strava/client.server");
    // Three sync jobs' pages and five single reads, all at once, for one member.
    const jobs = [];
    for (let i = 0; i < 3; i++) {
      const { job } = await startSync(app, user.id, "admin", { mode: "backfill" });
      jobs.push(job);
      await env.DB.prepare("UPDATE sync_jobs SET status = 'completed' WHERE id = ?").bind(job.id).run();
      await env.DB.prepare("UPDATE sync_jobs SET status = 'queued' WHERE id = ?").bind(job.id).run();
    }
    sent.length = 0;
    const results = await Promise.all([
      ...jobs.map((job) =>
        processSyncMessage(app, { type: "sync-page", userId: user.id, jobId: job.id, page: 1 }).then(
          () => "page",
        ),
      ),
      ...Array.from({ length: 5 }, () =>
        stravaGet<unknown[]>(app, user.id, "/athlete/activities", { per_page: 5 }, { priority: "reserved" }),
      ),
    ]);
    for (const r of results.slice(3)) expect(r).toHaveLength(5);
    expect(await drain()).toBe(0);
    for (const job of jobs) {
      expect(
        await env.DB.prepare("SELECT status, activities_saved FROM sync_jobs WHERE id = ?")
          .bind(job.id)
          .first(),
      ).toMatchObject({
        status: "completed",
        activities_saved: 12,
      });
    }

    const after = await grantsOf();
    expect(after.granted - before.granted).toBe(1);
    expect(after.refused - before.refused).toBe(0);
    const conn = await env.DB.prepare(
      "SELECT token_version v, refresh_token_enc r, token_expired e, refresh_claimed_until c FROM strava_connections WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ v: number; r: string; e: number; c: number | null }>();
    expect(conn).toMatchObject({ v: version!.v + 1, e: 0, c: null });
    // The stored refresh token is the newest one: Strava still accepts it.
    const { decryptSecret } = await import("~/lib/token-crypto.server");
    const { refreshStravaToken } = await import("~/modules/strava/oauth.server");
    await expect(
      refreshStravaToken(app, await decryptSecret(conn!.r, env.TOKEN_ENCRYPTION_KEY)),
    ).resolves.toHaveProperty("refresh_token");
  });
});

describe("webhooks are hints, never orders", () => {
  const event = (body: object) =>
    JSON.stringify({
      subscription_id: 1,
      event_time: 1,
      aspect_type: "create",
      object_type: "activity",
      ...body,
    });
  const hookRequest = (body: object) =>
    new Request(HOOK, { method: "POST", headers: { "content-type": "application/json" }, body: event(body) });
  const reads = async () => ((await fake("/usage", undefined, "GET")).usage as { read15: number }).read15;
  const held = (stravaId: number) => count("SELECT count(*) n FROM activities WHERE strava_id = ?", stravaId);
  const linked = (userId: number) =>
    count("SELECT count(*) n FROM strava_connections WHERE user_id = ?", userId);

  it("takes events only at /api/webhooks/strava/<secret>: the old path and a wrong secret answer 404, the origin check stays exempt", async () => {
    const { athleteId } = await connectedMember(0);
    const handshake = "?hub.mode=subscribe&hub.verify_token=fake-verify-token&hub.challenge=abc123";
    expect((await SELF.fetch(`${HOOK}${handshake}`)).status).toBe(200);
    for (const url of [
      `${ORIGIN}/api/webhooks/strava`,
      `${ORIGIN}/api/webhooks/strava/wrong-secret`,
      `${ORIGIN}/api/webhooks/strava/test-webhook-path-secretX`,
    ]) {
      expect((await SELF.fetch(`${url}${handshake}`)).status).toBe(404);
      const post = await SELF.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: event({ owner_id: athleteId, object_id: 1 }),
      });
      expect(post.status).toBe(404);
    }
    // Strava's POST carries no Origin of ours: still accepted at the right path.
    const foreign = await SELF.fetch(HOOK, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        Origin: "https://evil.example",
        "Sec-Fetch-Site": "cross-site",
      },
      body: event({ owner_id: athleteId + 7_000_000, object_id: 1 }),
    });
    expect(foreign.status).toBe(200);
    // Fail closed: without the setting no secret opens the door.
    const { webhookPathAllowed } = await import("~/modules/strava/webhook.server");
    const unset = createAppContext({ ...env, STRAVA_WEBHOOK_PATH_SECRET: undefined });
    for (const guess of ["", "undefined", "test-webhook-path-secret"])
      expect(await webhookPathAllowed(unset, guess)).toBe(false);
    expect(await webhookPathAllowed(createAppContext(env), "test-webhook-path-secret")).toBe(true);
  });

  it("ignores (200) events without the app's subscription_id or for athletes it does not hold: no read, no queue message", async () => {
    const { user, athleteId } = await connectedMember(0);
    await fake(`/athletes/${athleteId}/activities`, {
      name: "New",
      sport_type: "Run",
      distance: 5000,
      moving_time: 1800,
    });
    const { app, sent } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    const before = await reads();
    const noSubscription = new Request(HOOK, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        aspect_type: "create",
        object_type: "activity",
        object_id: 5,
        owner_id: athleteId,
      }),
    });
    expect((await handleWebhookEvent(app, noSubscription)).status).toBe(200);
    expect(
      (await handleWebhookEvent(app, hookRequest({ subscription_id: 2, owner_id: athleteId, object_id: 5 })))
        .status,
    ).toBe(200);
    expect(
      (
        await handleWebhookEvent(
          app,
          hookRequest({
            subscription_id: 2,
            owner_id: athleteId,
            object_id: athleteId,
            object_type: "athlete",
            aspect_type: "update",
            updates: { authorized: "false" },
          }),
        )
      ).status,
    ).toBe(200);
    // Athletes we do not hold.
    for (const aspect_type of ["create", "update", "delete"]) {
      expect(
        (
          await handleWebhookEvent(
            app,
            hookRequest({ owner_id: athleteId + 5_000_000, object_id: 9, aspect_type }),
          )
        ).status,
      ).toBe(200);
    }
    // A member whose token Strava already refused: nothing to sync until they reconnect.
    await env.DB.prepare("UPDATE strava_connections SET token_expired = 1 WHERE user_id = ?")
      .bind(user.id)
      .run();
    expect((await handleWebhookEvent(app, hookRequest({ owner_id: athleteId, object_id: 5 }))).status).toBe(
      200,
    );
    expect(sent).toEqual([]);
    expect(await reads()).toBe(before);
    expect(
      await count("SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'webhook'", user.id),
    ).toBe(0);
    expect(await linked(user.id)).toBe(1);
  });

  it("deletes an activity only after Strava answers 404 for it; a forged delete changes nothing, and hints for activities we do not hold cost nothing", async () => {
    const { user, athleteId } = await connectedMember(3);
    const [first, second] = (
      await env.DB.prepare("SELECT strava_id FROM activities WHERE user_id = ? ORDER BY strava_id")
        .bind(user.id)
        .all<{ strava_id: number }>()
    ).results.map((r) => r.strava_id);
    const { app, sent, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");

    // Forged: the activity still exists on Strava.
    expect(
      (
        await handleWebhookEvent(
          app,
          hookRequest({ owner_id: athleteId, object_id: first, aspect_type: "delete" }),
        )
      ).status,
    ).toBe(200);
    await drain();
    expect(await held(first)).toBe(1);

    // Not ours: no queue message, no read.
    const before = await reads();
    await handleWebhookEvent(
      app,
      hookRequest({ owner_id: athleteId, object_id: 123_456_789, aspect_type: "delete" }),
    );
    expect(sent).toEqual([]);
    expect(await reads()).toBe(before);

    // Really deleted on Strava: confirmed with one read, then removed.
    await fake(`/athletes/${athleteId}/activities/${second}`, undefined, "DELETE");
    await handleWebhookEvent(
      app,
      hookRequest({ owner_id: athleteId, object_id: second, aspect_type: "delete" }),
    );
    await drain();
    expect(await held(second)).toBe(0);
    expect(await reads()).toBe(before + 1);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(2);
  });

  it("disconnects on a deauthorization only after Strava refuses the member's token", async () => {
    const { user, cookie, athleteId } = await connectedMember(1);
    const { app, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    const deauth = () =>
      hookRequest({
        owner_id: athleteId,
        object_id: athleteId,
        object_type: "athlete",
        aspect_type: "update",
        updates: { authorized: "false" },
      });

    expect((await handleWebhookEvent(app, deauth())).status).toBe(200);
    await drain();
    expect(await linked(user.id)).toBe(1);
    expect(await json(await call("/api/user/strava-status", { cookie }))).toMatchObject({ connected: true });

    await fake(`/athletes/${athleteId}/revoke`, {});
    await handleWebhookEvent(app, deauth());
    await drain();
    expect(await linked(user.id)).toBe(0);
    expect(await json(await call("/api/user/strava-status", { cookie }))).toMatchObject({ connected: false });
  });

  it("folds a flood of create/update events into one sync per member per 10 minutes, answered at once without a message per event", async () => {
    const { user, athleteId } = await connectedMember(2);
    let clock = Date.now();
    const { app, sent, drain } = drivenContext(() => new Date(clock));
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    const created = await fake(`/athletes/${athleteId}/activities`, {
      name: "Flood Ride",
      sport_type: "Ride",
      distance: 20000,
      moving_time: 3600,
    });
    const before = await reads();

    const started = Date.now();
    for (let i = 0; i < 30; i++) {
      const res = await handleWebhookEvent(
        app,
        hookRequest({ owner_id: athleteId, object_id: 1000 + i, aspect_type: i % 2 ? "update" : "create" }),
      );
      expect(res.status).toBe(200);
    }
    expect(Date.now() - started).toBeLessThan(2000 * 5);
    // One sync now and one delayed folded sync for the rest of the interval: two messages for thirty events.
    expect(sent.map((s) => s.message.type)).toEqual(["sync-page", "webhook-sync"]);
    expect(sent[1]!.delaySeconds).toBeGreaterThan(9 * 60);
    const firstPage = sent.shift()!;
    await processSyncMessage(app, firstPage.message);
    expect(await reads()).toBe(before + 1);
    expect(await held(created.id as number)).toBe(1);
    expect(
      await count("SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'webhook'", user.id),
    ).toBe(1);

    // The delayed message, delivered at the end of the interval, starts the one folded sync.
    clock += 10 * 60 * 1000 + 1000;
    await drain();
    expect(await reads()).toBe(before + 2);
    expect(
      await count("SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'webhook'", user.id),
    ).toBe(2);
    // More hints inside the new interval: folded again.
    await handleWebhookEvent(app, hookRequest({ owner_id: athleteId, object_id: 1, aspect_type: "update" }));
    expect(sent.map((s) => s.message.type)).toEqual(["webhook-sync"]);
  });

  it("a burst of create/update hints for one athlete costs one read (the read answers every hint it returned)", async () => {
    const { user, athleteId } = await connectedMember(2);
    let clock = Date.now();
    const { app, sent, drain } = drivenContext(() => new Date(clock));
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    // The athlete records three activities and edits them: eight hints within seconds.
    const ids: number[] = [];
    for (const name of ["Morning Ride", "Lunch Run", "Evening Walk"]) {
      const created = await fake(`/athletes/${athleteId}/activities`, {
        name,
        sport_type: "Ride",
        distance: 10000,
        moving_time: 1800,
      });
      ids.push(created.id as number);
    }
    const before = await reads();
    for (const [i, id] of [...ids, ...ids, ids[0]!, ids[1]!].entries()) {
      const res = await handleWebhookEvent(
        app,
        hookRequest({ owner_id: athleteId, object_id: id, aspect_type: i < 3 ? "create" : "update" }),
      );
      expect(res.status).toBe(200);
    }
    expect(sent.map((s) => s.message.type)).toEqual(["sync-page", "webhook-sync"]);
    await processSyncMessage(app, sent.shift()!.message);
    expect(await reads()).toBe(before + 1);
    for (const id of ids) expect(await held(id)).toBe(1);
    const conn = await env.DB.prepare(
      "SELECT webhook_hints h, webhook_sync_pending p, last_webhook_at w FROM strava_connections WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ h: string; p: number; w: number }>();
    expect(conn).toMatchObject({ h: "[]", p: 0 });
    expect(Math.abs(conn!.w - clock / 1000)).toBeLessThanOrEqual(2);

    // The delayed folded sync finds nothing left to answer: no second read, no second job.
    clock += 10 * 60 * 1000 + 1000;
    await drain();
    expect(await reads()).toBe(before + 1);
    expect(
      await count("SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'webhook'", user.id),
    ).toBe(1);

    // A hint that arrives after the read started is not answered by it: the next read comes.
    await handleWebhookEvent(
      app,
      hookRequest({ owner_id: athleteId, object_id: ids[2]!, aspect_type: "update" }),
    );
    expect(sent.map((s) => s.message.type)).toEqual(["sync-page"]);
    await drain();
    expect(await reads()).toBe(before + 2);
  });

  it("answers a webhook 200 within Strava's 2 s on a slow database: the hint is noted after the answer", async () => {
    const { user, athleteId } = await connectedMember(1);
    const { app: driven, sent } = drivenContext();
    const { handleWebhookEvent, WEBHOOK_ANSWER_MS } = await import("~/modules/strava/webhook.server");
    // A queue that takes 3 s to accept the sync's first message (a loaded machine).
    const background: Promise<unknown>[] = [];
    const slowQueue = {
      send: async (message: SyncMessage, options?: { delaySeconds?: number }) => {
        await new Promise((r) => setTimeout(r, 3000));
        sent.push({ message, delaySeconds: options?.delaySeconds });
      },
    } as unknown as Queue<SyncMessage>;
    const app: AppContext = {
      ...driven,
      env: { ...driven.env, SYNC_QUEUE: slowQueue },
      waitUntil: (p) => void background.push(p),
    };
    const started = Date.now();
    const res = await handleWebhookEvent(
      app,
      hookRequest({ owner_id: athleteId, object_id: 987_654, aspect_type: "create" }),
    );
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(WEBHOOK_ANSWER_MS).toBeLessThan(2000);
    expect(sent).toHaveLength(0);
    // The work goes on after the answer: the sync's first page is on the queue.
    await Promise.all(background);
    expect(sent.map((s) => s.message)).toEqual([
      expect.objectContaining({ type: "sync-page", userId: user.id }),
    ]);
  });

  it("the cron refreshes only athletes whose webhooks went quiet, oldest first, never the busy ones", async () => {
    const busy = await connectedMember(1);
    const quiet = await connectedMember(1);
    const older = await connectedMember(1);
    const hour = 3600;
    const now = Math.floor(Date.now() / 1000);
    // Nobody else is quiet in this file's database: everyone else heard from just now.
    await env.DB.prepare("UPDATE strava_connections SET last_webhook_at = ?").bind(now).run();
    const set = (userId: number, webhook: number, synced: number) =>
      env.DB.batch([
        env.DB.prepare("UPDATE strava_connections SET last_webhook_at = ? WHERE user_id = ?").bind(
          webhook,
          userId,
        ),
        env.DB.prepare("UPDATE sync_status SET last_sync_at = ? WHERE user_id = ?").bind(synced, userId),
      ]);
    await set(busy.user.id, now - 60, now - 30 * hour);
    await set(quiet.user.id, now - 30 * hour, now - 25 * hour);
    await set(older.user.id, now - 40 * hour, now - 26 * hour);
    const { app, sent } = drivenContext();
    const run = await handleScheduled(app, { cron: "*/15 * * * *", scheduledTime: new Date() });
    expect(run).toMatchObject({ task: "refresh", started: 2 });
    const started = sent.map((s) => s.message).filter((m) => m.type === "sync-page");
    expect(started.map((m) => m.userId)).toEqual([older.user.id, quiet.user.id]);
    expect(
      await count(
        "SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND initiated_by = 'cron'",
        busy.user.id,
      ),
    ).toBe(0);
    // The next quarter hour: they are running or fresh now, so nobody is refreshed again.
    await env.DB.prepare("UPDATE sync_jobs SET status = 'completed' WHERE initiated_by = 'cron'").run();
    await env.DB.prepare("UPDATE sync_status SET last_sync_at = ? WHERE user_id IN (?, ?)")
      .bind(now, quiet.user.id, older.user.id)
      .run();
    sent.length = 0;
    expect(await handleScheduled(app, { cron: "*/15 * * * *", scheduledTime: new Date() })).toMatchObject({
      started: 0,
    });
  });

  it("the reserve is work-conserving: with no new member waiting a webhook read may use it; with one waiting it stops at the unreserved share", async () => {
    const { user, athleteId } = await connectedMember(1);
    const fresh = await fake(`/athletes/${athleteId}/activities`, {
      name: "Reserve Ride",
      sport_type: "Ride",
      distance: 10000,
      moving_time: 1800,
    });
    await env.DB.prepare(
      "UPDATE sync_jobs SET status = 'error' WHERE status IN ('queued', 'running', 'deferred')",
    ).run();
    // 7 of 10 used: only the reserved 30 % is left; nobody new is waiting, so the webhook read goes on.
    await budgetAt(7, 10);
    const { app, sent, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    await handleWebhookEvent(app, hookRequest({ owner_id: athleteId, object_id: fresh.id as number }));
    await drain();
    expect(await held(fresh.id as number)).toBe(1);
    expect(await budgetUsed()).toBe(8);

    // 8 of 10: the last 2 (the first pages' headroom and a backfill's share) stay for new members.
    await env.DB.prepare("UPDATE strava_connections SET webhook_sync_at = NULL WHERE user_id = ?")
      .bind(user.id)
      .run();
    sent.length = 0;
    await startSync(app, user.id, "webhook");
    await drain(1);
    expect(sent.map((m) => m.message.type)).toEqual(["sync-page"]);
    expect(await budgetUsed()).toBe(8);
    await env.DB.prepare("UPDATE sync_jobs SET status = 'error' WHERE user_id = ? AND status = 'deferred'")
      .bind(user.id)
      .run();

    // A new member waiting: at 7 of 10 a webhook read waits for the next window.
    await budgetAt(7, 10);
    const newcomer = await waitingNewMember();
    sent.length = 0;
    await startSync(app, user.id, "webhook");
    await drain(1);
    expect(sent.map((m) => m.message.type)).toEqual(["sync-page"]);
    expect(await budgetUsed()).toBe(7);
    await env.DB.prepare(
      "UPDATE sync_jobs SET status = 'error' WHERE user_id IN (?, ?) AND status IN ('queued', 'deferred')",
    )
      .bind(user.id, newcomer.id)
      .run();
  });

  it("an edit of a held activity is read only from spare budget, else by the athlete's next read (the cron visits them first); never applied from the hint", async () => {
    const { user, athleteId } = await connectedMember(1);
    const [row] = (
      await env.DB.prepare("SELECT strava_id, name FROM activities WHERE user_id = ?")
        .bind(user.id)
        .all<{ strava_id: number; name: string }>()
    ).results;
    await fake(`/athletes/${athleteId}/activities/${row!.strava_id}`, { name: "Edited At Strava" }, "PUT");
    await env.DB.prepare(
      "UPDATE sync_jobs SET status = 'error' WHERE status IN ('queued', 'running', 'deferred')",
    ).run();
    // A busy window: 9 of 10 used, nothing to spare for an edit.
    await budgetAt(9, 10);
    const { app, sent, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    const before = await reads();
    const res = await handleWebhookEvent(
      app,
      hookRequest({
        owner_id: athleteId,
        object_id: row!.strava_id,
        aspect_type: "update",
        updates: { title: "Forged" },
      }),
    );
    expect(res.status).toBe(200);
    expect(sent).toEqual([]);
    expect(await reads()).toBe(before);
    const name = () =>
      env.DB.prepare("SELECT name FROM activities WHERE strava_id = ?")
        .bind(row!.strava_id)
        .first<{ name: string }>();
    expect((await name())!.name).toBe(row!.name);

    // The next quarter hour has room: the cron reads this athlete first (not quiet, but an edit waits).
    await budgetAt(0, 100);
    const run = await handleScheduled(app, { cron: "*/15 * * * *", scheduledTime: new Date() });
    expect(run).toMatchObject({ task: "refresh" });
    const started = sent.map((m) => m.message).filter((m) => m.type === "sync-page");
    expect(started[0]).toMatchObject({ userId: user.id });
    await drain();
    expect((await name())!.name).toBe("Edited At Strava");
    const hints = await env.DB.prepare("SELECT webhook_hints h FROM strava_connections WHERE user_id = ?")
      .bind(user.id)
      .first<{ h: string }>();
    expect(hints!.h).toBe("[]");
  });

  it("confirms at most 5 delete hints per member per interval (only for activities held)", async () => {
    const { user, athleteId } = await connectedMember(8);
    const ids = (
      await env.DB.prepare("SELECT strava_id FROM activities WHERE user_id = ?")
        .bind(user.id)
        .all<{ strava_id: number }>()
    ).results.map((r) => r.strava_id);
    const { app, sent, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    const before = await reads();
    for (const id of ids)
      await handleWebhookEvent(
        app,
        hookRequest({ owner_id: athleteId, object_id: id, aspect_type: "delete" }),
      );
    expect(sent).toHaveLength(5);
    await drain();
    expect(await reads()).toBe(before + 5);
    expect(await count("SELECT count(*) n FROM activities WHERE user_id = ?", user.id)).toBe(8);
  });
});

describe("when the day's reads are short (issue #42)", () => {
  const hookRequest = (body: object) =>
    webhookPost({ aspect_type: "create", object_type: "activity", ...body });
  // The fake's reads today: a quarter hour that turns during a test does not reset them.
  const reads = async () =>
    ((await fake("/usage", undefined, "GET")).usage as { readDaily: number }).readDaily;
  const held = (stravaId: number) => count("SELECT count(*) n FROM activities WHERE strava_id = ?", stravaId);
  const upload = async (athleteId: number, name: string) =>
    (await fake(`/athletes/${athleteId}/activities`, {
      name,
      sport_type: "Ride",
      distance: 15000,
      moving_time: 2400,
    })) as { id: number };
  const stopPendingJobs = () =>
    env.DB.prepare(
      "UPDATE sync_jobs SET status = 'error' WHERE status IN ('queued', 'running', 'deferred')",
    ).run();
  // These tests spend the UTC day's last reads and count the fake's reads of the day: one begun
  // in the two minutes before the day turns (00:00 UTC, 05:30 IST) would see the budget reset
  // under it, so it first waits for the new day (a fixed wait of at most two minutes).
  beforeEach(async () => {
    const left = 86_400_000 - (Date.now() % 86_400_000);
    if (left < 120_000) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  }, 180_000);
  /** A page's text without tags and React's text separators. */
  const text = async (res: Response) =>
    (await res.text())
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#x27;/g, "'");

  it("a member in a challenge ending tomorrow and one who opened the app are read before the rest; the rest's pages say when theirs are expected; the admin tab shows the shortfall", async () => {
    const rest = await connectedMember(1);
    const racer = await connectedMember(1);
    const opener = await connectedMember(1);
    await stopPendingJobs();
    const nowS = Math.floor(Date.now() / 1000);
    // The racer is in a challenge that ends tomorrow.
    const challenge = await env.DB.prepare(
      "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date, is_active) VALUES ('Last lap', 'd', 100000, 'Ride', ?, ?, 1) RETURNING id",
    )
      .bind(nowS - 7 * 86_400, nowS + 86_400)
      .first<{ id: number }>();
    await env.DB.prepare("INSERT INTO challenge_participations (challenge_id, user_id) VALUES (?, ?)")
      .bind(challenge!.id, racer.user.id)
      .run();
    await env.DB.prepare("UPDATE sync_status SET opened_at = NULL WHERE user_id IN (?, ?, ?)")
      .bind(rest.user.id, racer.user.id, opener.user.id)
      .run();
    // The opener opens the app: the first page view notes it, the next one within 15 minutes writes nothing.
    const openedAt = () =>
      env.DB.prepare("SELECT opened_at t FROM sync_status WHERE user_id = ?")
        .bind(opener.user.id)
        .first<{ t: number | null }>();
    expect((await call("/dashboard", { cookie: opener.cookie })).status).toBe(200);
    expect(Math.abs((await openedAt())!.t! - nowS)).toBeLessThanOrEqual(5);
    await env.DB.prepare("UPDATE sync_status SET opened_at = ? WHERE user_id = ?")
      .bind(nowS - 60, opener.user.id)
      .run();
    expect((await call("/activities", { cookie: opener.cookie })).status).toBe(200);
    expect((await openedAt())!.t).toBe(nowS - 60);

    const fresh = {
      rest: await upload(rest.athleteId, "Rest Ride"),
      racer: await upload(racer.athleteId, "Racer Ride"),
      opener: await upload(opener.athleteId, "Opener Ride"),
    };
    // 878 of the day's 1,000 reads spent: the webhook reads' 880 leave 2 for 3 hints.
    await fake("/reset-usage", {});
    const { windowsAt } = await import("~/modules/strava/budget.server");
    const w = windowsAt(nowS);
    await env.DB.prepare("DELETE FROM provider_budget").run();
    await env.DB.prepare(
      `INSERT INTO provider_budget (provider, "window", window_start, used, "limit") VALUES ('strava', '15min', ?, 0, 100), ('strava', 'daily', ?, 878, 1000)`,
    )
      .bind(w.quarterStart, w.dayStart)
      .run();
    const { app, sent, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    for (const [m, f] of [
      [rest, fresh.rest],
      [racer, fresh.racer],
      [opener, fresh.opener],
    ] as const)
      expect(
        (await handleWebhookEvent(app, hookRequest({ owner_id: m.athleteId, object_id: f.id }))).status,
      ).toBe(200);
    const pages = sent.splice(0);
    expect(pages.map((p) => p.message.type)).toEqual(["sync-page", "sync-page", "sync-page"]);

    // The admin tab: 3 hints, 2 reads left today, 2 of them served first.
    const admin = await createUser({ isAdmin: true });
    const adminCookie = await login(admin.username, admin.password);
    type Shortfall = {
      pendingHints: number;
      servedFirst: number;
      readsLeftToday: number;
      short: number;
      catchUpAt: string | null;
    };
    const shortfall = async () =>
      (
        await json<{ scheduler: { shortfall: Shortfall } }>(
          await call("/api/admin/strava-sync-status?include=scheduler", { cookie: adminCookie }),
        )
      ).scheduler.shortfall;
    expect(await shortfall()).toMatchObject({ pendingHints: 3, servedFirst: 2, readsLeftToday: 2, short: 1 });

    // The queue delivers the rest's read first: it waits for tomorrow and leaves the day's last two reads.
    const before = await reads();
    for (const p of pages) await processSyncMessage(app, p.message);
    expect(await held(fresh.racer.id)).toBe(1);
    expect(await held(fresh.opener.id)).toBe(1);
    expect(await held(fresh.rest.id)).toBe(0);
    expect(await reads()).toBe(before + 2);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.message).toMatchObject({ type: "sync-page", userId: rest.user.id });
    // Until the next UTC day (a queue delay is at most 12 hours; a message that wakes early waits again).
    expect(Math.abs(sent[0]!.delaySeconds! - Math.min(43_200, w.dayResetIn + 5))).toBeLessThanOrEqual(3);

    // The admin tab: one hint waits, no reads left today; caught up when the next UTC day opens.
    const after = await shortfall();
    expect(after).toMatchObject({ pendingHints: 1, servedFirst: 0, readsLeftToday: 0, short: 1 });
    expect(Math.abs(new Date(after.catchUpAt!).getTime() / 1000 - (w.dayStart + 86_400))).toBeLessThanOrEqual(
      3,
    );
    const tab = await text(await call("/admin?tab=sync", { cookie: adminCookie }));
    expect(tab).toContain("Pending hints against reads left today");
    expect(tab).toContain("Short by 1");

    // The waiting member's dashboard and activities pages say when, in India time, and point to the upload.
    const { formatTime } = await import("~/lib/format");
    const resumes = await env.DB.prepare("SELECT resumes_at t FROM sync_status WHERE user_id = ?")
      .bind(rest.user.id)
      .first<{ t: number }>();
    const expected = formatTime(new Date(Math.ceil(resumes!.t / 60) * 60_000), "Asia/Kolkata");
    expect(expected).toMatch(/^\d{1,2}:\d\d (am|pm) IST$/);
    for (const path of ["/dashboard", "/activities"]) {
      const res = await call(path, { cookie: rest.cookie });
      const html = await res.clone().text();
      expect(await text(res)).toContain(
        `Waiting for Strava: your latest activities are expected by ${expected}.`,
      );
      expect(html).toContain('href="/activities/upload"');
    }
    // The members who were read see nothing of it.
    expect(await text(await call("/dashboard", { cookie: racer.cookie }))).not.toContain(
      "Waiting for Strava:",
    );

    // Opening the app wakes a read that sleeps until tomorrow: with reads free again it is made now.
    await env.DB.prepare("UPDATE sync_status SET opened_at = NULL WHERE user_id = ?")
      .bind(rest.user.id)
      .run();
    await env.DB.prepare(`UPDATE provider_budget SET used = 870 WHERE "window" = 'daily'`).run();
    sent.length = 0;
    const { getSyncStatus } = await import("~/modules/strava/status.server");
    await getSyncStatus(app, rest.user.id);
    expect(sent.map((s) => s.message)).toEqual([
      expect.objectContaining({ type: "sync-page", userId: rest.user.id, page: 1 }),
    ]);
    await drain();
    expect(await held(fresh.rest.id)).toBe(1);
    await stopPendingJobs();
  });

  it("no hint is lost past the 20 kept or a lost folded sync: the athlete's next list read stores every upload", async () => {
    const { user, athleteId } = await connectedMember(1);
    await stopPendingJobs();
    let clock = Date.now();
    const { app, sent, drain } = drivenContext(() => new Date(clock));
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    // The first upload's hint is read at once.
    const first = await upload(athleteId, "First Ride");
    await handleWebhookEvent(app, hookRequest({ owner_id: athleteId, object_id: first.id }));
    expect(sent.map((s) => s.message.type)).toEqual(["sync-page"]);
    await processSyncMessage(app, sent.shift()!.message);
    expect(await held(first.id)).toBe(1);
    const before = await reads();

    // A watch syncs 24 more within the fold interval: more hints than the 20 kept per athlete.
    const later: number[] = [];
    for (let i = 0; i < 24; i++) {
      clock += 1000;
      const a = await upload(athleteId, `Batch Ride ${i}`);
      later.push(a.id);
      expect(
        (await handleWebhookEvent(app, hookRequest({ owner_id: athleteId, object_id: a.id }))).status,
      ).toBe(200);
    }
    const hints = async () =>
      JSON.parse(
        (await env.DB.prepare("SELECT webhook_hints h FROM strava_connections WHERE user_id = ?")
          .bind(user.id)
          .first<{ h: string }>())!.h,
      ) as [number, number][];
    const kept = (await hints()).map(([id]) => id);
    // The overflow marker stands for the hints that were not kept: some uploads have no hint of their own.
    expect(kept).toContain(0);
    expect(later.filter((id) => !kept.includes(id)).length).toBeGreaterThan(0);
    // One delayed folded sync for all of them; no read yet.
    expect(sent.map((s) => s.message.type)).toEqual(["webhook-sync"]);
    expect(await reads()).toBe(before);

    // At the end of the interval the athlete's next list read stores every upload and answers the marker.
    clock += 10 * 60 * 1000;
    await drain();
    for (const id of later) expect(await held(id)).toBe(1);
    expect(await reads()).toBe(before + 1);
    expect(await hints()).toEqual([]);
    const pending = await env.DB.prepare(
      "SELECT webhook_sync_pending p FROM strava_connections WHERE user_id = ?",
    )
      .bind(user.id)
      .first<{ p: number }>();
    expect(pending!.p).toBe(0);

    // A hint whose delayed folded sync was never queued (the send failed after the webhook's
    // answer): the flag says a sync is coming, but none is. The cron's next run reads the athlete.
    const lost = await upload(athleteId, "Lost Ride");
    await env.DB.prepare(
      "UPDATE strava_connections SET webhook_hints = ?, webhook_sync_pending = 1, webhook_sync_at = ?, last_webhook_at = ? WHERE user_id = ?",
    )
      .bind(
        JSON.stringify([[lost.id, clock - 30 * 60_000]]),
        Math.floor(clock / 1000) - 30 * 60,
        Math.floor(clock / 1000),
        user.id,
      )
      .run();
    sent.length = 0;
    const run = await handleScheduled(app, { cron: "*/15 * * * *", scheduledTime: new Date(clock) });
    expect(run).toMatchObject({ task: "refresh" });
    expect(sent.map((s) => s.message)).toContainEqual(
      expect.objectContaining({ type: "sync-page", userId: user.id }),
    );
    await drain();
    expect(await held(lost.id)).toBe(1);
    expect(await hints()).toEqual([]);
  });
});

describe("disconnect and deauthorization (#13)", () => {
  type Stats = { overall: { activityCount: number } };
  const DEAUTHORIZE = "POST /strava/oauth/deauthorize";
  const deauthorizeCalls = async () =>
    ((await fake("/usage", undefined, "GET")).byRoute as Record<string, number>)[DEAUTHORIZE] ?? 0;
  const held = (userId: number) => count("SELECT count(*) n FROM activities WHERE user_id = ?", userId);
  const linked = (userId: number) =>
    count("SELECT count(*) n FROM strava_connections WHERE user_id = ?", userId);
  const progressOf = (userId: number, challengeId: number) =>
    count(
      "SELECT progress n FROM challenge_participations WHERE user_id = ? AND challenge_id = ?",
      userId,
      challengeId,
    );
  const keptSince = async (userId: number) =>
    (await env.DB.prepare("SELECT keep_strava_activities_at k FROM users WHERE id = ?")
      .bind(userId)
      .first<{ k: number | null }>())!.k;
  /** Strava's `authorized: "false"` athlete event (a hint until Strava refuses the member's token). */
  const deauthorization = (athleteId: number) =>
    webhookPost({
      owner_id: athleteId,
      object_id: athleteId,
      object_type: "athlete",
      aspect_type: "update",
      updates: { authorized: "false" },
    });
  const stats = async (cookie: string) =>
    (await json<Stats>(await call("/api/dashboard/stats", { cookie }))).overall.activityCount;

  /** An all-sports challenge over the fake athletes' history, joined by every given member. */
  async function challengeWith(...userIds: number[]) {
    const now = Math.floor(Date.now() / 1000);
    const row = await env.DB.prepare(
      "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date) VALUES ('All year', 'd', 100000, 'AllSports', ?, ?) RETURNING id",
    )
      .bind(now - 500 * 86400, now + 86400)
      .first<{ id: number }>();
    const { app } = drivenContext();
    const { refreshParticipationStatement } = await import("~/modules/challenges/progress.server");
    for (const userId of userIds) {
      await env.DB.prepare("INSERT INTO challenge_participations (challenge_id, user_id) VALUES (?, ?)")
        .bind(row!.id, userId)
        .run();
      await app.db.run(refreshParticipationStatement(row!.id, userId));
    }
    return row!.id;
  }

  it("deauthorizeAtStrava: Strava revokes the token; a token Strava already refuses counts as revoked; unreachable is false", async () => {
    const { deauthorizeAtStrava, stravaGet, StravaUnauthorized } =
      await import("~/modules/strava/client.server");
    const { app } = drivenContext();
    const first = await connectedMember(1);
    const calls = await deauthorizeCalls();
    expect(await deauthorizeAtStrava(app, first.user.id)).toBe(true);
    expect(await deauthorizeCalls()).toBe(calls + 1);
    // The fake revoked it: the token and its refresh are refused from now on.
    await expect(stravaGet(app, first.user.id, "/athlete")).rejects.toBeInstanceOf(StravaUnauthorized);

    const second = await connectedMember(1);
    await fake(`/athletes/${second.athleteId}/revoke`, {});
    expect(await deauthorizeAtStrava(app, second.user.id)).toBe(true); // Strava answered 401

    const third = await connectedMember(1);
    const offline: AppContext = { ...app, env: { ...app.env, STRAVA_OAUTH_URL: "http://127.0.0.1:9/oauth" } };
    expect(await deauthorizeAtStrava(offline, third.user.id)).toBe(false);
  });

  it("DELETE /api/user/strava revokes at Strava, deletes the Strava rows in one go; stats and challenge progress count what remains", async () => {
    expect((await call("/api/user/strava", { method: "DELETE" })).status).toBe(401);
    const { user, cookie } = await connectedMember(4);
    const other = await connectedMember(2);
    const challengeId = await challengeWith(user.id, other.user.id);
    const otherProgress = await progressOf(other.user.id, challengeId);
    expect(await progressOf(user.id, challengeId)).toBeGreaterThan(0);
    expect(otherProgress).toBeGreaterThan(0);
    expect(await stats(cookie)).toBe(4);
    expect(await keptSince(user.id)).toBeNull();
    const calls = await deauthorizeCalls();

    const res = await call("/api/user/strava", { method: "DELETE", cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedActivities: 4, kept: false, revokedAtStrava: true });
    expect(await deauthorizeCalls()).toBe(calls + 1);
    expect(await held(user.id)).toBe(0);
    expect(await linked(user.id)).toBe(0);
    expect(await json(await call("/api/user", { cookie }))).toMatchObject({ stravaId: null });
    expect(await stats(cookie)).toBe(0);
    expect(await progressOf(user.id, challengeId)).toBe(0);
    // The other participant loses nothing.
    expect(await progressOf(other.user.id, challengeId)).toBe(otherProgress);
    expect(await held(other.user.id)).toBe(2);
    expect(await json(await call("/api/user/strava-status", { cookie }))).toMatchObject({
      connected: false,
      keepActivitiesSince: null,
    });
    const again = await call("/api/user/strava", { method: "DELETE", cookie });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "strava_not_connected" });
    expect((await call("/api/user/strava", { cookie })).status).toBe(405);
  });

  it("stops queued sync jobs, and still disconnects locally when Strava cannot be reached", async () => {
    const { user } = await connectedMember(2);
    const { app, sent, drain } = drivenContext();
    await startSync(app, user.id, "admin", { mode: "backfill" });
    expect(sent).toHaveLength(1); // its first page is still queued
    const { disconnectMember } = await import("~/modules/strava/disconnect.server");
    const offline: AppContext = { ...app, env: { ...app.env, STRAVA_OAUTH_URL: "http://127.0.0.1:9/oauth" } };
    expect(await disconnectMember(offline, user.id)).toEqual({
      deletedActivities: 2,
      kept: false,
      revokedAtStrava: false,
    });
    expect(await linked(user.id)).toBe(0);
    expect(
      await count(
        "SELECT count(*) n FROM sync_jobs WHERE user_id = ? AND status IN ('queued', 'running', 'deferred')",
        user.id,
      ),
    ).toBe(0);
    // The page queued before the disconnect arrives afterwards: it brings nothing back.
    await drain();
    expect(await held(user.id)).toBe(0);
  });

  it("with the keep agreement the rows stay; the page shows it, confirms in plain words, and withdrawing deletes them", async () => {
    const { user, cookie } = await connectedMember(3, { keep: true });
    const challengeId = await challengeWith(user.id);
    const progress = await progressOf(user.id, challengeId);
    expect(await keptSince(user.id)).not.toBeNull();
    const { keepActivitiesSince } = await json<{ keepActivitiesSince: string }>(
      await call("/api/user/strava-status", { cookie }),
    );
    expect(new Date(keepActivitiesSince).getTime()).toBe((await keptSince(user.id))! * 1000);
    const page = await (await call("/profile/strava", { cookie })).text();
    expect(page).toContain("Keep my imported activities if I disconnect Strava");
    expect(page).toContain("you agreed on");
    const confirm = await (await call("/profile/strava?confirm=disconnect", { cookie })).text();
    expect(confirm).toContain(
      "Your 3 activities imported from Strava stay in your history, as you agreed on",
    );

    const form = new FormData();
    form.set("intent", "disconnect");
    const res = await call("/profile/strava", { body: form, cookie });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Your imported activities were kept, as you agreed.");
    expect(await linked(user.id)).toBe(0);
    expect(await held(user.id)).toBe(3);
    expect(await progressOf(user.id, challengeId)).toBe(progress);
    expect(await stats(cookie)).toBe(3);

    // Withdrawn after the disconnect: the activities were kept only by the agreement.
    const withdraw = new FormData();
    withdraw.set("intent", "withdraw-keep");
    expect((await call("/profile/strava", { body: withdraw, cookie })).status).toBe(302);
    expect(await keptSince(user.id)).toBeNull();
    expect(await held(user.id)).toBe(0);
    expect(await progressOf(user.id, challengeId)).toBe(0);
    expect(await stats(cookie)).toBe(0);

    const unknown = new FormData();
    unknown.set("intent", "explode");
    const bad = await call("/profile/strava", { body: unknown, cookie });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Unknown action");
  });

  it("connecting without the box clears an earlier agreement; withdrawing while connected (DELETE /api/user/strava/keep-agreement) keeps the rows until a disconnect", async () => {
    const { user, cookie } = await connectedMember(2, { agreedBefore: true });
    expect(await keptSince(user.id)).toBeNull();
    const confirm = await (await call("/profile/strava?confirm=disconnect", { cookie })).text();
    expect(confirm).toContain("It also deletes the 2 activities imported from Strava");

    // The /api twin: guest 401; while connected it only clears the date.
    expect((await call("/api/user/strava/keep-agreement", { method: "DELETE" })).status).toBe(401);
    const second = await connectedMember(1, { keep: true });
    const res = await call("/api/user/strava/keep-agreement", { method: "DELETE", cookie: second.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedActivities: 0 });
    expect(await keptSince(second.user.id)).toBeNull();
    expect(await held(second.user.id)).toBe(1);
  });

  it("a confirmed webhook deauthorization deletes the same rows without calling Strava; an unconfirmed one deletes nothing", async () => {
    const { user, cookie, athleteId } = await connectedMember(3);
    const challengeId = await challengeWith(user.id);
    const { app, drain } = drivenContext();
    const { handleWebhookEvent } = await import("~/modules/strava/webhook.server");
    await handleWebhookEvent(app, deauthorization(athleteId)); // forged: Strava still accepts the token
    await drain();
    expect(await linked(user.id)).toBe(1);
    expect(await held(user.id)).toBe(3);

    await fake(`/athletes/${athleteId}/revoke`, {});
    const calls = await deauthorizeCalls();
    await handleWebhookEvent(app, deauthorization(athleteId));
    await drain();
    expect(await deauthorizeCalls()).toBe(calls);
    expect(await linked(user.id)).toBe(0);
    expect(await held(user.id)).toBe(0);
    expect(await progressOf(user.id, challengeId)).toBe(0);
    expect(await stats(cookie)).toBe(0);

    // With the agreement, a confirmed deauthorization keeps the rows.
    const keeper = await connectedMember(2, { keep: true });
    await fake(`/athletes/${keeper.athleteId}/revoke`, {});
    await handleWebhookEvent(app, deauthorization(keeper.athleteId));
    await drain();
    expect(await linked(keeper.user.id)).toBe(0);
    expect(await held(keeper.user.id)).toBe(2);
  });
});

describe("the end-to-end tests' seam: a synced member without the queue (ENABLE_TEST_PAGES)", () => {
  it("links the signed-in member to the fake athlete and saves the backfill in the request; guests get 401, bad input 400", async () => {
    const athleteId = await newAthlete(4);
    const tokens = await fake("/tokens", { athleteId });
    const body = {
      athleteId,
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token,
      expiresAt: tokens.expires_at,
    };
    expect((await call("/api/test/strava-member", { body })).status).toBe(401);
    const user = await createUser({ profileCompleted: true });
    const cookie = await login(user.username, user.password);
    expect((await call("/api/test/strava-member", { cookie, body: { athleteId } })).status).toBe(400);

    const res = await call("/api/test/strava-member", { cookie, body });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ activities: 4 });
    // Synced when the answer arrives: the status says so and the activities are counted.
    const status = await json<{ completed: boolean; progress: { current: number } }>(
      await call("/api/user/sync-status", { cookie }),
    );
    expect(status).toMatchObject({ completed: true, progress: { current: 4 } });
    const dashboard = await json<{ overall: { activityCount: number } }>(
      await call("/api/dashboard/stats", { cookie }),
    );
    expect(dashboard.overall.activityCount).toBe(4);
    const row = await env.DB.prepare("SELECT athlete_id FROM strava_connections WHERE user_id = ?")
      .bind(user.id)
      .first<{ athlete_id: number }>();
    expect(row?.athlete_id).toBe(athleteId);
  });
});
