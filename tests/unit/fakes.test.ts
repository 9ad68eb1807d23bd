import { createHash, createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONFIG_DEFAULTS } from "../fakes/config.js";
import { startFakes, type RunningFakes } from "../fakes/server.js";
import { generateActivities, type StravaSummaryActivity } from "../fakes/strava-data.js";

const STRAVA = {
  clientId: CONFIG_DEFAULTS.STRAVA_CLIENT_ID,
  clientSecret: CONFIG_DEFAULTS.STRAVA_CLIENT_SECRET,
};
const REDIRECT = "http://localhost:5173/auth/callback";

let fakes: RunningFakes;
let base: string;

beforeAll(async () => {
  fakes = await startFakes({ port: 0, verbose: false });
  base = fakes.url;
});

afterAll(async () => {
  await fakes.close();
});

beforeEach(async () => {
  await post("/_control/reset", {});
});

type JsonValue = ReturnType<typeof JSON.parse>;

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

function postForm(
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${path}`, { headers, redirect: "manual" });
}

async function body(response: Response): Promise<JsonValue> {
  return response.json();
}

/** Records requests sent by the fakes (webhooks) and answers 200. */
async function startCallbackServer(): Promise<{
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}> {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server: Server = createServer((req, res) => {
    let data = "";
    req.on("data", (chunk: Buffer) => (data += chunk.toString()));
    req.on("end", () => {
      received.push({ headers: req.headers, body: data });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ received: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------

describe("fakes server", () => {
  it("answers health checks and 404s unknown paths as JSON", async () => {
    expect(await body(await get("/_health"))).toEqual({ ok: true });
    expect(await body(await get("/"))).toEqual({ ok: true });
    const missing = await get("/nope");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/json");
  });
});

describe("strava-data", () => {
  const endDate = new Date("2025-06-01T00:00:00Z");

  it("is deterministic and pure", () => {
    const a = generateActivities(42, 50, { seed: 9, endDate });
    const b = generateActivities(42, 50, { seed: 9, endDate });
    expect(a).toEqual(b);
    expect(generateActivities(42, 50, { seed: 10, endDate })).not.toEqual(a);
    const source = readFileSync(new URL("../fakes/strava-data.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/from\s+["']node:|require\(|process\./);
  });

  it("moves by whole days, keeping ids and order, when endDate moves", () => {
    const day = 86_400_000;
    const earlier = generateActivities(42, 100, { seed: 1, endDate: new Date("2025-06-01T03:00:00Z") });
    const later = generateActivities(42, 100, { seed: 1, endDate: new Date("2025-06-03T17:00:00Z") });
    later.forEach((activity, index) => {
      const twin = earlier[index] as StravaSummaryActivity;
      expect({ ...activity, start_date: "", start_date_local: "" }).toEqual({
        ...twin,
        start_date: "",
        start_date_local: "",
      });
      expect(Date.parse(activity.start_date) - Date.parse(twin.start_date)).toBe(2 * day);
    });
  });

  it("spreads a realistic mix over the period with unique increasing ids", () => {
    const activities = generateActivities(7, 1000, { seed: 1, endDate, days: 730 });
    expect(activities).toHaveLength(1000);
    expect(new Set(activities.map((activity) => activity.id)).size).toBe(1000);
    expect(activities[0]?.id).toBe(7_000_001);
    const starts = activities.map((activity) => Date.parse(activity.start_date));
    expect(Math.max(...starts)).toBeLessThanOrEqual(endDate.getTime());
    expect(Math.min(...starts)).toBeGreaterThanOrEqual(endDate.getTime() - 731 * 86_400_000);
    expect([...starts].sort((x, y) => x - y)).toEqual(starts);

    const share = (predicate: (activity: StravaSummaryActivity) => boolean): number =>
      activities.filter(predicate).length / activities.length;
    const rides = (activity: StravaSummaryActivity): boolean =>
      ["Ride", "VirtualRide"].includes(activity.type);
    expect(share(rides)).toBeGreaterThan(0.3);
    expect(share(rides)).toBeLessThan(0.5);
    expect(share((activity) => activity.type === "Run")).toBeGreaterThan(0.18);
    expect(share((activity) => activity.type === "Walk")).toBeGreaterThan(0.07);
    expect(share((activity) => activity.type === "Swim")).toBeGreaterThan(0.04);
    expect(share((activity) => activity.type === "Hike")).toBeGreaterThan(0.03);
    expect(activities.some((activity) => activity.sport_type === "VirtualRide" && activity.trainer)).toBe(
      true,
    );
    expect(activities.some((activity) => activity.type === "Ride" && activity.commute)).toBe(true);
    expect(activities.some((activity) => activity.type === "Ride" && activity.distance >= 200_000)).toBe(
      true,
    );
    expect(activities.some((activity) => activity.type === "Run" && activity.distance >= 42_195)).toBe(true);
    expect(activities.some((activity) => activity.distance === 0)).toBe(true);

    const kmRanges: Record<string, [number, number]> = {
      Ride: [10, 220],
      Run: [3, 43],
      Swim: [0.5, 5.5],
      Hike: [4, 35],
    };
    for (const activity of activities) {
      const range = kmRanges[activity.type];
      if (range) {
        expect(activity.distance / 1000).toBeGreaterThanOrEqual(range[0]);
        expect(activity.distance / 1000).toBeLessThanOrEqual(range[1]);
      }
      if (activity.distance > 0)
        expect(activity.average_speed).toBeCloseTo(activity.distance / activity.moving_time, 2);
      expect(activity.elapsed_time).toBeGreaterThanOrEqual(activity.moving_time);
      expect(activity.athlete).toEqual({ id: 7, resource_state: 1 });
    }
  });
});

describe("strava", () => {
  const athleteId = 555;

  async function createAthlete(activities = 250): Promise<void> {
    const response = await post("/_control/strava/athletes", {
      id: athleteId,
      firstname: "Test",
      lastname: "Rider",
      activities,
      seed: 3,
    });
    expect(response.status).toBe(200);
  }

  async function authorizeCode(scope = "activity:read_all,profile:read_all"): Promise<string> {
    await post("/_control/strava/next-athlete", { athleteId });
    const query = new URLSearchParams({
      client_id: STRAVA.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope,
      state: "s1",
      auto_approve: "1",
    });
    const response = await get(`/strava/oauth/authorize?${query}`);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get("state")).toBe("s1");
    return location.searchParams.get("code") ?? "";
  }

  async function connect(): Promise<{ access_token: string; refresh_token: string }> {
    const code = await authorizeCode();
    const response = await postForm("/strava/oauth/token", {
      client_id: STRAVA.clientId,
      client_secret: STRAVA.clientSecret,
      code,
      grant_type: "authorization_code",
    });
    expect(response.status).toBe(200);
    return body(response);
  }

  const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

  beforeEach(async () => {
    await createAthlete();
  });

  it("shows an approve page with the athletes and both buttons", async () => {
    const query = new URLSearchParams({
      client_id: STRAVA.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "read,activity:read_all",
      state: "abc",
    });
    const page = await (await get(`/strava/oauth/authorize?${query}`)).text();
    expect(page).toContain('<select name="athlete_id"');
    expect(page).toContain(`value="${athleteId}"`);
    expect(page).toContain('id="authorize"');
    expect(page).toContain('id="cancel"');

    const cancel = await get(
      `/strava/oauth/authorize/decision?${query}&athlete_id=${athleteId}&decision=cancel`,
    );
    expect(cancel.headers.get("location")).toBe(`${REDIRECT}?state=abc&error=access_denied`);

    const unknown = await get(
      `/strava/oauth/authorize?client_id=999&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code`,
    );
    expect(unknown.status).toBe(400);
    expect(await body(unknown)).toEqual({
      message: "Bad Request",
      errors: [{ resource: "Application", field: "client_id", code: "invalid" }],
    });
  });

  it("exchanges a code once and rotates refresh tokens", async () => {
    const code = await authorizeCode();
    const exchange = await postForm("/strava/oauth/token", {
      client_id: STRAVA.clientId,
      client_secret: STRAVA.clientSecret,
      code,
      grant_type: "authorization_code",
    });
    const tokens = await body(exchange);
    expect(tokens).toMatchObject({
      token_type: "Bearer",
      expires_in: 21600,
      athlete: { id: athleteId, firstname: "Test" },
    });
    expect(tokens.expires_at).toBeGreaterThan(Date.now() / 1000 + 21000);

    const reused = await postForm("/strava/oauth/token", {
      client_id: STRAVA.clientId,
      client_secret: STRAVA.clientSecret,
      code,
      grant_type: "authorization_code",
    });
    expect(reused.status).toBe(400);

    const badSecret = await post("/strava/oauth/token", {
      client_id: STRAVA.clientId,
      client_secret: "nope",
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
    });
    expect(badSecret.status).toBe(401);

    const refresh = (refreshToken: string): Promise<Response> =>
      post("/strava/oauth/token", {
        client_id: STRAVA.clientId,
        client_secret: STRAVA.clientSecret,
        grant_type: "refresh_token",
        refresh_token: refreshToken,
      });
    const refreshed = await body(await refresh(tokens.refresh_token));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.athlete).toBeUndefined();

    const stale = await refresh(tokens.refresh_token);
    expect(stale.status).toBe(400);
    expect(await body(stale)).toEqual({
      message: "Bad Request",
      errors: [{ resource: "RefreshToken", field: "refresh_token", code: "invalid" }],
    });
    expect((await refresh(refreshed.refresh_token)).status).toBe(200);

    const athlete = await body(await get("/strava/api/v3/athlete", bearer(refreshed.access_token)));
    expect(athlete).toMatchObject({
      id: athleteId,
      resource_state: 3,
      firstname: "Test",
      lastname: "Rider",
      country: "India",
    });
  });

  it("pages activities with the per_page cap and Strava's ordering", async () => {
    const { access_token } = await connect();
    const list = async (query: string): Promise<StravaSummaryActivity[]> =>
      body(await get(`/strava/api/v3/athlete/activities?${query}`, bearer(access_token)));
    const start = (activity: StravaSummaryActivity): number => Date.parse(activity.start_date) / 1000;

    expect(await list("")).toHaveLength(30);
    const first = await list("per_page=500");
    expect(first).toHaveLength(200);
    expect(first.map(start)).toEqual([...first.map(start)].sort((a, b) => b - a));
    expect(await list("per_page=500&page=2")).toHaveLength(50);
    expect(first[0]).toMatchObject({
      resource_state: 2,
      athlete: { id: athleteId, resource_state: 1 },
      timezone: "(GMT+05:30) Asia/Kolkata",
    });
    expect(first[0]).not.toHaveProperty("description");

    const pivot = start(first[100] as StravaSummaryActivity);
    const after = await list(`after=${pivot}&per_page=200`);
    expect(after).toHaveLength(100);
    expect(after.map(start)).toEqual([...after.map(start)].sort((a, b) => a - b));
    expect(after.every((activity) => start(activity) > pivot)).toBe(true);

    const before = await list(`before=${pivot}&per_page=200`);
    expect(before).toHaveLength(149);
    expect(before[0] && start(before[0])).toBeLessThan(pivot);
    expect(before.map(start)).toEqual([...before.map(start)].sort((a, b) => b - a));

    const between = await list(`after=${start(first[110] as StravaSummaryActivity)}&before=${pivot}`);
    expect(between).toHaveLength(9);

    const detail = await get(`/strava/api/v3/activities/${first[0]?.id}`, bearer(access_token));
    expect(await body(detail)).toMatchObject({
      id: first[0]?.id,
      resource_state: 3,
      calories: expect.any(Number),
    });
    const missing = await get("/strava/api/v3/activities/1", bearer(access_token));
    expect(missing.status).toBe(404);
    expect(await body(missing)).toEqual({
      message: "Record Not Found",
      errors: [{ resource: "Activity", field: "id", code: "not found" }],
    });
  });

  it("sends rate-limit headers and answers 429 over the limit", async () => {
    const { access_token } = await connect();
    await post("/_control/strava/reset-usage", {});
    const ok = await get("/strava/api/v3/athlete", bearer(access_token));
    expect(ok.headers.get("x-ratelimit-limit")).toBe("200,2000");
    expect(ok.headers.get("x-ratelimit-usage")).toBe("1,1");
    expect(ok.headers.get("x-readratelimit-limit")).toBe("100,1000");
    expect(ok.headers.get("x-readratelimit-usage")).toBe("1,1");

    await post("/_control/strava/limits", { read15: 3 });
    expect((await get("/strava/api/v3/athlete", bearer(access_token))).status).toBe(200);
    expect((await get("/strava/api/v3/athlete", bearer(access_token))).status).toBe(200);
    const limited = await get("/strava/api/v3/athlete", bearer(access_token));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-readratelimit-limit")).toBe("3,1000");
    expect(limited.headers.get("x-readratelimit-usage")).toBe("4,4");
    expect(await body(limited)).toEqual({
      message: "Rate Limit Exceeded",
      errors: [{ resource: "Application", field: "rate limit", code: "exceeded" }],
    });

    const usage = await body(await get("/_control/strava/usage"));
    expect(usage.usage).toMatchObject({ read15: 4, readDaily: 4 });
    expect(usage.byPath["/strava/api/v3/athlete"]).toBe(4);

    // The next 15-minute window starts fresh.
    await post("/_control/strava/clock", { offsetSeconds: 900 });
    const fresh = await get("/strava/api/v3/athlete", bearer(access_token));
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get("x-readratelimit-usage")).toMatch(/^1,/);
  });

  it("injects faults on matching paths", async () => {
    const { access_token } = await connect();
    await post("/_control/strava/faults", { status: 500, count: 2, path: "/athlete/activities" });
    const activities = (): Promise<Response> =>
      get("/strava/api/v3/athlete/activities", bearer(access_token));
    expect((await get("/strava/api/v3/athlete", bearer(access_token))).status).toBe(200);
    const failed = await activities();
    expect(failed.status).toBe(500);
    expect(await body(failed)).toEqual({ message: "Internal Server Error" });
    expect(failed.headers.get("x-ratelimit-usage")).toMatch(/^\d+,\d+$/);
    expect((await activities()).status).toBe(500);
    expect((await activities()).status).toBe(200);

    await post("/_control/strava/faults", { status: 429, count: 1 });
    const throttled = await get("/strava/api/v3/athlete", bearer(access_token));
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("x-ratelimit-limit")).toBe("200,2000");
  });

  it("refuses expired, shifted-clock and revoked tokens with 401", async () => {
    const authError = {
      message: "Authorization Error",
      errors: [{ resource: "Athlete", field: "access_token", code: "invalid" }],
    };
    const tokens = await connect();
    await post("/_control/strava/expire-token", { athleteId });
    const expired = await get("/strava/api/v3/athlete", bearer(tokens.access_token));
    expect(expired.status).toBe(401);
    expect(await body(expired)).toEqual(authError);
    expect(expired.headers.get("x-ratelimit-usage")).not.toBeNull();

    const refreshed = await body(
      await post("/strava/oauth/token", {
        client_id: STRAVA.clientId,
        client_secret: STRAVA.clientSecret,
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
      }),
    );
    expect((await get("/strava/api/v3/athlete", bearer(refreshed.access_token))).status).toBe(200);

    await post("/_control/strava/clock", { offsetSeconds: 6 * 3600 + 60 });
    expect((await get("/strava/api/v3/athlete", bearer(refreshed.access_token))).status).toBe(401);
    await post("/_control/strava/clock", { offsetSeconds: 0 });

    expect((await get("/strava/api/v3/athlete")).status).toBe(401);
    const deauth = await postForm("/strava/oauth/deauthorize", { access_token: refreshed.access_token });
    expect(await body(deauth)).toEqual({ access_token: refreshed.access_token });
    expect((await get("/strava/api/v3/athlete", bearer(refreshed.access_token))).status).toBe(401);
  });

  it("accepts tokens registered through control", async () => {
    const registered = await body(
      await post("/_control/strava/tokens", {
        athleteId,
        access_token: "seed-access",
        refresh_token: "seed-refresh",
      }),
    );
    expect(registered).toMatchObject({
      access_token: "seed-access",
      refresh_token: "seed-refresh",
      scope: "read,activity:read_all,profile:read_all",
    });
    expect((await get("/strava/api/v3/athlete/activities", bearer("seed-access"))).status).toBe(200);
    const refreshed = await post("/strava/oauth/token", {
      client_id: STRAVA.clientId,
      client_secret: STRAVA.clientSecret,
      grant_type: "refresh_token",
      refresh_token: "seed-refresh",
    });
    expect(refreshed.status).toBe(200);
  });

  it("adds, updates and deletes activities through control", async () => {
    const { access_token } = await connect();
    const added = await body(
      await post(`/_control/strava/athletes/${athleteId}/activities`, {
        sport_type: "Run",
        distance: 10_000,
        moving_time: 3000,
        name: "Test run",
      }),
    );
    expect(added).toMatchObject({
      type: "Run",
      sport_type: "Run",
      distance: 10_000,
      average_speed: 3.333,
      name: "Test run",
    });
    const [newest] = await body(
      await get("/strava/api/v3/athlete/activities?per_page=1", bearer(access_token)),
    );
    expect(newest.id).toBe(added.id);

    const updated = await body(
      await fetch(`${base}/_control/strava/athletes/${athleteId}/activities/${added.id}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Renamed" }),
      }),
    );
    expect(updated.name).toBe("Renamed");
    await fetch(`${base}/_control/strava/athletes/${athleteId}/activities/${added.id}`, { method: "DELETE" });
    expect((await get(`/strava/api/v3/activities/${added.id}`, bearer(access_token))).status).toBe(404);
    expect((await body(await get(`/_control/strava/athletes/${athleteId}`))).activity_count).toBe(250);
  });

  it("an athlete revoking the app: its token gets 401 on the API and its refresh is refused", async () => {
    const { access_token, refresh_token } = await connect();
    expect((await get("/strava/api/v3/athlete", bearer(access_token))).status).toBe(200);
    expect((await post(`/_control/strava/athletes/${athleteId}/revoke`, {})).status).toBe(200);
    const refused = await get("/strava/api/v3/athlete", bearer(access_token));
    expect(refused.status).toBe(401);
    expect(await body(refused)).toMatchObject({ message: "Authorization Error" });
    const refresh = await post("/strava/oauth/token", {
      client_id: STRAVA.clientId,
      client_secret: STRAVA.clientSecret,
      grant_type: "refresh_token",
      refresh_token,
    });
    expect(refresh.status).toBe(400);
  });

  it("delivers webhook events as Strava does", async () => {
    const callback = await startCallbackServer();
    try {
      const result = await body(
        await post("/_control/strava/webhook", {
          callbackUrl: callback.url,
          object_type: "athlete",
          object_id: athleteId,
          aspect_type: "update",
          owner_id: athleteId,
        }),
      );
      expect(result).toMatchObject({ status: 200, body: { received: true } });
      const event = JSON.parse(callback.received[0]?.body ?? "{}");
      expect(Object.keys(event)).toEqual([
        "aspect_type",
        "event_time",
        "object_id",
        "object_type",
        "owner_id",
        "subscription_id",
        "updates",
      ]);
      expect(event).toMatchObject({
        aspect_type: "update",
        object_type: "athlete",
        owner_id: athleteId,
        updates: { authorized: "false" },
      });
    } finally {
      await callback.close();
    }
  });
});

describe("google", () => {
  const client = {
    client_id: CONFIG_DEFAULTS.GOOGLE_CLIENT_ID,
    client_secret: CONFIG_DEFAULTS.GOOGLE_CLIENT_SECRET,
  };

  async function authorize(challenge: string): Promise<URL> {
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email profile",
      state: "g1",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    const response = await get(`/google/authorize?${query}`);
    expect(response.status).toBe(302);
    return new URL(response.headers.get("location") ?? "");
  }

  it("shows an account chooser with the default user", async () => {
    const query = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email",
      state: "x",
    });
    const page = await (await get(`/google/authorize?${query}`)).text();
    expect(page).toContain("googler@example.com");
    expect(page).toContain('id="cancel"');
    const cancel = await get(`/google/authorize/choose?${query}&cancel=1`);
    expect(cancel.headers.get("location")).toBe(`${REDIRECT}?error=access_denied&state=x`);
  });

  it("checks the PKCE verifier and serves userinfo", async () => {
    await post("/_control/google/users", { email: "asha@example.com", name: "Asha Rao" });
    await post("/_control/google/next-user", { email: "asha@example.com" });
    await post("/_control/google/auto-approve", { on: true });
    const verifier = randomBytes(32).toString("base64url");
    const challenge = createHash("sha256").update(verifier).digest("base64url");

    const exchange = (code: string, codeVerifier: string): Promise<Response> =>
      postForm("/google/token", {
        ...client,
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        code_verifier: codeVerifier,
      });

    const wrong = await exchange(
      (await authorize(challenge)).searchParams.get("code") ?? "",
      "not-the-verifier",
    );
    expect(wrong.status).toBe(400);
    expect(await body(wrong)).toEqual({ error: "invalid_grant", error_description: "Bad Request" });

    const redirected = await authorize(challenge);
    expect(redirected.searchParams.get("state")).toBe("g1");
    const code = redirected.searchParams.get("code") ?? "";
    const badClient = await postForm("/google/token", {
      ...client,
      client_secret: "nope",
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    expect(badClient.status).toBe(401);
    expect((await body(badClient)).error).toBe("invalid_client");

    const tokens = await body(await exchange(code, verifier));
    expect(tokens).toMatchObject({
      token_type: "Bearer",
      expires_in: 3599,
      access_token: expect.any(String),
      id_token: expect.any(String),
    });
    const claims = JSON.parse(
      Buffer.from(String(tokens.id_token).split(".")[1] ?? "", "base64url").toString(),
    );
    expect(claims).toMatchObject({ aud: client.client_id, email: "asha@example.com", email_verified: true });
    expect((await exchange(code, verifier)).status).toBe(400); // single use

    const userinfo = await body(
      await get("/google/userinfo", { authorization: `Bearer ${tokens.access_token}` }),
    );
    expect(userinfo).toMatchObject({
      sub: claims.sub,
      email: "asha@example.com",
      email_verified: true,
      name: "Asha Rao",
      given_name: "Asha",
      family_name: "Rao",
    });
    expect((await get("/google/userinfo", { authorization: "Bearer nope" })).status).toBe(401);
  });
});

describe("razorpay", () => {
  const keyId = CONFIG_DEFAULTS.RAZORPAY_KEY_ID;
  const auth = {
    authorization: `Basic ${Buffer.from(`${keyId}:${CONFIG_DEFAULTS.RAZORPAY_KEY_SECRET}`).toString("base64")}`,
  };
  const hmac = (secret: string, data: string): string =>
    createHmac("sha256", secret).update(data).digest("hex");

  it("creates orders, pays them and signs the result", async () => {
    const unauthenticated = await post(
      "/razorpay/v1/orders",
      { amount: 50_000, currency: "INR" },
      { authorization: "Basic bm9wZTpub3Bl" },
    );
    expect(unauthenticated.status).toBe(401);
    expect((await body(unauthenticated)).error).toMatchObject({
      code: "BAD_REQUEST_ERROR",
      description: "Authentication failed",
    });

    const tooSmall = await post("/razorpay/v1/orders", { amount: 50, currency: "INR" }, auth);
    expect(tooSmall.status).toBe(400);
    expect((await body(tooSmall)).error).toMatchObject({
      code: "BAD_REQUEST_ERROR",
      description: "The amount must be atleast INR 1.00",
    });

    const order = await body(
      await post(
        "/razorpay/v1/orders",
        { amount: 49_900, currency: "INR", receipt: "rcpt_1", notes: { plan: "annual" } },
        auth,
      ),
    );
    expect(order).toMatchObject({
      entity: "order",
      amount: 49_900,
      amount_paid: 0,
      amount_due: 49_900,
      currency: "INR",
      receipt: "rcpt_1",
      status: "created",
      attempts: 0,
      offer_id: null,
    });
    expect(order.id).toMatch(/^order_[A-Za-z0-9]{14}$/);

    const paid = await body(await post("/_control/razorpay/pay", { order_id: order.id }));
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(paid.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(paid.razorpay_signature).toBe(
      hmac(CONFIG_DEFAULTS.RAZORPAY_KEY_SECRET, `${order.id}|${paid.razorpay_payment_id}`),
    );

    expect(await body(await get(`/razorpay/v1/orders/${order.id}`, auth))).toMatchObject({
      status: "paid",
      amount_paid: 49_900,
      amount_due: 0,
      attempts: 1,
    });
    const payments = await body(await get(`/razorpay/v1/orders/${order.id}/payments`, auth));
    expect(payments).toMatchObject({ entity: "collection", count: 1 });
    expect(await body(await get(`/razorpay/v1/payments/${paid.razorpay_payment_id}`, auth))).toMatchObject({
      entity: "payment",
      status: "captured",
      captured: true,
      order_id: order.id,
    });
    expect((await get("/razorpay/v1/orders/order_missing0000000", auth)).status).toBe(400);

    // Every authenticated REST call is logged for tests, in order (refused ones are not).
    const requests = (await body(await get("/_control/razorpay/requests"))) as unknown as {
      method: string;
      path: string;
    }[];
    expect(requests.slice(-3)).toEqual([
      { method: "GET", path: `/razorpay/v1/orders/${order.id}/payments` },
      { method: "GET", path: `/razorpay/v1/payments/${paid.razorpay_payment_id}` },
      { method: "GET", path: "/razorpay/v1/orders/order_missing0000000" },
    ]);
  });

  it("reports failed payments and signs webhooks", async () => {
    const order = await body(await post("/razorpay/v1/orders", { amount: 10_000, currency: "INR" }, auth));
    const failed = await body(await post("/razorpay/_checkout/fail", { key: keyId, order_id: order.id }));
    expect(failed.error).toMatchObject({
      code: "BAD_REQUEST_ERROR",
      description: "Payment failed",
      reason: "payment_failed",
      metadata: { order_id: order.id },
    });

    const callback = await startCallbackServer();
    try {
      const result = await body(
        await post("/_control/razorpay/webhook", {
          url: callback.url,
          event: "payment.captured",
          order_id: order.id,
        }),
      );
      expect(result.status).toBe(200);
      const [delivery] = callback.received;
      expect(delivery?.headers["x-razorpay-signature"]).toBe(
        hmac(CONFIG_DEFAULTS.RAZORPAY_WEBHOOK_SECRET, delivery?.body ?? ""),
      );
      expect(delivery?.headers["x-razorpay-event-id"]).toBeTruthy();
      const event = JSON.parse(delivery?.body ?? "{}");
      expect(event).toMatchObject({
        entity: "event",
        event: "payment.captured",
        contains: ["payment"],
        payload: { payment: { entity: { order_id: order.id, status: "captured" } } },
      });
    } finally {
      await callback.close();
    }
  });

  it("serves checkout.js", async () => {
    const script = await get("/razorpay/checkout.js");
    expect(script.headers.get("content-type")).toContain("javascript");
    const source = await script.text();
    expect(source).toContain("window.Razorpay");
    for (const id of ["rzp-fake-pay", "rzp-fake-fail", "rzp-fake-cancel"]) expect(source).toContain(id);
  });
});

describe("email", () => {
  const key = { authorization: `Bearer ${CONFIG_DEFAULTS.EMAIL_API_KEY}` };

  it("sends, validates, lists and clears messages", async () => {
    expect(
      (
        await post(
          "/email/emails",
          { from: "a@example.com", to: "b@example.com", subject: "x", text: "y" },
          { authorization: "Bearer nope" },
        )
      ).status,
    ).toBe(401);
    const missing = await post(
      "/email/emails",
      { from: "Wari <noreply@example.com>", to: "b@example.com", text: "hi" },
      key,
    );
    expect(missing.status).toBe(422);
    expect(await body(missing)).toMatchObject({ statusCode: 422, name: "validation_error" });

    const first = await body(
      await post(
        "/email/emails",
        {
          from: "Wari <noreply@example.com>",
          to: ["b@example.com"],
          subject: "First",
          text: "Open http://localhost/x",
        },
        key,
      ),
    );
    expect(first.id).toEqual(expect.any(String));
    await post(
      "/email/emails",
      { from: "noreply@example.com", to: "c@example.com", subject: "Other", html: "<p>Hi</p>" },
      key,
    );
    await post(
      "/email/emails",
      {
        from: "noreply@example.com",
        to: "b@example.com",
        subject: "Second",
        html: '<a href="http://localhost/y">go</a>',
      },
      key,
    );

    const forB = await body(await get("/email/messages?to=b@example.com"));
    expect(forB.map((message: { subject: string }) => message.subject)).toEqual(["Second", "First"]);
    expect(forB[1]).toMatchObject({
      id: first.id,
      to: ["b@example.com"],
      text: "Open http://localhost/x",
      html: null,
    });

    const mailbox = await (await get("/email")).text();
    expect(mailbox.indexOf("Second")).toBeLessThan(mailbox.indexOf("First"));
    expect(mailbox).toContain('<a href="http://localhost/x">');

    await fetch(`${base}/email/messages`, { method: "DELETE" });
    expect(await body(await get("/email/messages"))).toEqual([]);
  });
});
