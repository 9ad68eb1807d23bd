/**
 * Fake Strava: OAuth (approve page, token exchange with rotating refresh
 * tokens, deauthorize), the API v3 endpoints the app reads, rate limits with
 * Strava's headers, webhooks (push subscriptions and events) and control
 * endpoints under /_control/strava. The routes are here; the state and the
 * operations on it are in strava-state.ts.
 */
import type { FakesConfig } from "./config.js";
import {
  appendQuery,
  avatarSvg,
  bearerToken,
  bool,
  callApp,
  compact,
  escapeHtml,
  hiddenInputs,
  html,
  isHttpUrl,
  isRecord,
  json,
  jsonError,
  num,
  page,
  params,
  postToApp,
  randomAlnum,
  randomHex,
  record,
  redirect,
  str,
  strList,
  withHeaders,
  type FakeRequest,
  type Fields,
  type Handler,
  type Method,
  type Provider,
  type Reply,
  type RouteParams,
  type Router,
} from "./http.js";
import {
  formatStravaDate,
  toDetailedAthlete,
  toSummaryActivity,
  type StravaAthlete,
  type StravaDetailedActivity,
} from "./strava-data.js";
import {
  createStravaStore,
  type FaultStatus,
  type PushSubscription,
  type StravaAccessToken,
  type StravaState,
} from "./strava-state.js";

export type { StravaState } from "./strava-state.js";

const OAUTH = "/strava/oauth";
const API = "/strava/api/v3";
const CONTROL = "/_control/strava";
/** Scopes given to tokens registered through POST /_control/strava/tokens unless told otherwise. */
const DEFAULT_GRANTED_SCOPES = "read,activity:read_all,profile:read_all";

const SCOPES: Readonly<Record<string, string>> = {
  read: "View data about your public segments, routes, profile, posts, events, club feeds and leaderboards",
  read_all: "View data about your private routes, segments and events",
  "profile:read_all": "View your complete Strava profile",
  "profile:write":
    "Update your weight, Functional Threshold Power (FTP) and access to star or unstar segments on your behalf",
  "activity:read": "View data about your activities",
  "activity:read_all": "View data about your private activities",
  "activity:write": "Upload your activities to Strava and edit them",
};

// Strava's error format
// ---------------------------------------------------------------------------

interface StravaErrorDetail {
  resource: string;
  field: string;
  code: string;
}

function stravaError(status: number, message: string, ...errors: StravaErrorDetail[]): Reply {
  return json(status, { message, errors });
}

const badRequest = (resource: string, field: string, code = "invalid"): Reply =>
  stravaError(400, "Bad Request", { resource, field, code });
const authorizationError = (): Reply =>
  stravaError(401, "Authorization Error", { resource: "Athlete", field: "access_token", code: "invalid" });
const missingPermission = (permission: string): Reply =>
  stravaError(401, "Authorization Error", {
    resource: "AccessToken",
    field: `${permission}_permission`,
    code: "missing",
  });
const activityNotFound = (): Reply =>
  stravaError(404, "Record Not Found", { resource: "Activity", field: "id", code: "not found" });
const rateLimitExceeded = (): Reply =>
  stravaError(429, "Rate Limit Exceeded", { resource: "Application", field: "rate limit", code: "exceeded" });

const FAULT_REPLIES: Readonly<Record<FaultStatus, () => Reply>> = {
  // An answer the app has no rule for (not 401, 404, 429 or 5xx).
  403: () => stravaError(403, "Forbidden", { resource: "Application", field: "", code: "forbidden" }),
  429: rateLimitExceeded,
  500: () => json(500, { message: "Internal Server Error" }),
  503: () => json(503, { message: "Service Unavailable" }),
};

/** Scopes from `scope` values that may be comma/space separated or repeated. */
function parseScopes(fields: Fields): string[] {
  const scopes = strList(fields, "scope")
    .flatMap((value) => value.split(/[\s,]+/))
    .filter((scope) => scope !== "");
  return [...new Set(["read", ...scopes])];
}

export function createStrava(config: FakesConfig): Provider<StravaState> {
  const {
    state,
    now,
    activitiesOf,
    putAthlete,
    defaultAthlete,
    withActivityCount,
    patchActivity,
    newActivity,
    revokeAthlete,
    issueTokens,
    validToken,
    countUsage,
    overLimit,
    rateLimitHeaders,
    takeFault,
    reset,
  } = createStravaStore();

  // -------------------------------------------------------------------------
  // Webhook helpers
  // -------------------------------------------------------------------------

  /** Strava's subscription validation: GET callback?hub.mode=subscribe&hub.challenge=..&hub.verify_token=.. */
  async function verifyCallback(
    callbackUrl: string,
    verifyToken: string,
  ): Promise<{ ok: boolean; status: number; body: unknown; ms: number }> {
    const challenge = randomAlnum(16);
    const url = appendQuery(callbackUrl, {
      "hub.verify_token": verifyToken,
      "hub.challenge": challenge,
      "hub.mode": "subscribe",
    });
    const result = await callApp(url, { method: "GET" });
    const ok = result.status === 200 && isRecord(result.body) && result.body["hub.challenge"] === challenge;
    return { ok, status: result.status, body: result.body, ms: result.ms };
  }

  const validClient = (fields: Fields): boolean =>
    str(fields, "client_id") === config.STRAVA_CLIENT_ID &&
    str(fields, "client_secret") === config.STRAVA_CLIENT_SECRET;

  // -------------------------------------------------------------------------
  // Routes
  // -------------------------------------------------------------------------

  function register(router: Router): void {
    /** Strava-facing routes: counted per path for GET /usage. */
    const on = <P extends string>(method: Method, pattern: P, handler: Handler<P>): void => {
      router.on(method, pattern, (req, routeParams) => {
        state.totalRequests++;
        state.requestsByPath.set(req.path, (state.requestsByPath.get(req.path) ?? 0) + 1);
        const route = `${method} ${pattern}`;
        state.requestsByRoute.set(route, (state.requestsByRoute.get(route) ?? 0) + 1);
        return handler(req, routeParams);
      });
    };

    /** Bearer-authenticated API v3 routes with rate limiting and fault injection. */
    const api = <P extends string>(
      method: Method,
      pattern: P,
      handler: (req: FakeRequest, routeParams: RouteParams<P>, token: StravaAccessToken) => Reply,
    ): void => {
      on(method, `${API}${pattern}`, (req, routeParams) => {
        const isRead = method === "GET";
        countUsage(isRead);
        const headers = rateLimitHeaders();
        const fault = takeFault(req.path);
        if (fault) return withHeaders(FAULT_REPLIES[fault.status](), headers);
        if (overLimit(isRead)) {
          state.rateLimited++;
          return withHeaders(rateLimitExceeded(), headers);
        }
        const token = validToken(bearerToken(req));
        if (!token) return withHeaders(authorizationError(), headers);
        const reply = withHeaders(handler(req, routeParams as RouteParams<P>, token), headers);
        const delay = state.answerDelays.get(token.athleteId);
        return delay ? new Promise<Reply>((resolve) => setTimeout(() => resolve(reply), delay)) : reply;
      });
    };

    const control = <P extends string>(method: Method, pattern: P, handler: Handler<P>): void => {
      router.on(method, `${CONTROL}${pattern}`, (req, routeParams) =>
        handler(req, routeParams as RouteParams<P>),
      );
    };

    // ---- OAuth ------------------------------------------------------------

    interface AuthorizeRequest {
      clientId: string;
      redirectUri: string;
      state: string;
      scopes: string[];
      approvalPrompt: string;
    }

    function parseAuthorizeRequest(fields: Fields): AuthorizeRequest | Reply {
      const redirectUri = str(fields, "redirect_uri");
      if (str(fields, "client_id") !== config.STRAVA_CLIENT_ID) return badRequest("Application", "client_id");
      if (!isHttpUrl(redirectUri)) return badRequest("Application", "redirect_uri");
      if ((str(fields, "response_type") ?? "code") !== "code")
        return badRequest("Application", "response_type");
      const scopes = parseScopes(fields);
      if (scopes.some((scope) => !(scope in SCOPES))) return badRequest("Authorize", "scope");
      return {
        clientId: config.STRAVA_CLIENT_ID,
        redirectUri,
        state: str(fields, "state") ?? "",
        scopes,
        approvalPrompt: str(fields, "approval_prompt") ?? "auto",
      };
    }

    function approve(request: AuthorizeRequest, athleteId: number, scopes: string[]): Reply {
      const code = randomHex(20);
      state.codes.set(code, { athleteId, scopes, redirectUri: request.redirectUri });
      return redirect(
        appendQuery(request.redirectUri, { state: request.state, code, scope: scopes.join(",") }),
      );
    }

    on("GET", `${OAUTH}/authorize`, (req) => {
      const fields = params(req);
      const request = parseAuthorizeRequest(fields);
      if ("status" in request) return request;
      const athlete = defaultAthlete(req.origin);
      if (bool(fields, "auto_approve") || state.autoApprove)
        return approve(request, athlete.id, request.scopes);
      return html(200, approvePage(request, athlete, [...state.athletes.values()]));
    });

    on("GET", `${OAUTH}/authorize/decision`, (req) => {
      const fields = params(req);
      const request = parseAuthorizeRequest(fields);
      if ("status" in request) return request;
      if (str(fields, "decision") !== "authorize") {
        return redirect(appendQuery(request.redirectUri, { state: request.state, error: "access_denied" }));
      }
      const athleteId = num(fields, "athlete_id");
      if (athleteId === undefined || !state.athletes.has(athleteId))
        return badRequest("Athlete", "athlete_id");
      return approve(request, athleteId, request.scopes);
    });

    function approvePage(
      request: AuthorizeRequest,
      selected: StravaAthlete,
      athletes: StravaAthlete[],
    ): string {
      const appHost = new URL(request.redirectUri).host;
      const options = athletes
        .map(
          (athlete) =>
            `<option value="${athlete.id}"${athlete.id === selected.id ? " selected" : ""}>${escapeHtml(`${athlete.firstname} ${athlete.lastname}`)} (${athlete.id})</option>`,
        )
        .join("");
      const scopeItems = request.scopes
        .map((scope) => {
          const required = scope === "read";
          return `<li><label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" checked${required ? " disabled" : ""}> ${escapeHtml(SCOPES[scope] ?? scope)}</label></li>`;
        })
        .join("");
      const content = `
<header class="bar"><span class="logo">STRAVA</span></header>
<main class="card"><div class="card-body">
  <form method="get" action="${OAUTH}/authorize/decision">
    ${hiddenInputs({ client_id: request.clientId, redirect_uri: request.redirectUri, response_type: "code", state: request.state, approval_prompt: request.approvalPrompt, scope: "read" })}
    <h1>Authorize ${escapeHtml(appHost)} to connect to Strava</h1>
    <p class="muted">Application ${escapeHtml(request.clientId)} is requesting access to your Strava account.</p>
    <label class="field">Signed in as
      <select name="athlete_id" id="athlete_id">${options}</select>
    </label>
    <ul class="scopes">${scopeItems}</ul>
    <div class="actions">
      <button type="submit" name="decision" value="authorize" id="authorize" class="primary">Authorize</button>
      <button type="submit" name="decision" value="cancel" id="cancel" class="secondary">Cancel</button>
    </div>
    <p class="muted">You can revoke access at any time from your Strava settings.</p>
  </form>
</div></main>`;
      const style = `
.bar{background:#fc4c02;padding:14px 24px}.logo{color:#fff;font-weight:800;letter-spacing:2px;font-size:22px}
.field{display:block;margin:16px 0;font-size:14px}.field select{display:block;width:100%;margin-top:6px;padding:8px;font:inherit}
.scopes{list-style:none;padding:0;margin:16px 0}.scopes li{padding:6px 0;font-size:14px;border-bottom:1px solid #eee}
.actions{display:flex;gap:12px;margin:20px 0}
.primary{background:#fc4c02;color:#fff;border:0;border-radius:4px;padding:10px 20px}
.secondary{background:#fff;color:#242428;border:1px solid #ccc;border-radius:4px;padding:10px 20px}`;
      return page("Authorize | Strava", content, style);
    }

    on("POST", `${OAUTH}/token`, (req) => {
      const fields = params(req);
      if (str(fields, "client_id") !== config.STRAVA_CLIENT_ID) return badRequest("Application", "client_id");
      if (str(fields, "client_secret") !== config.STRAVA_CLIENT_SECRET) {
        return stravaError(401, "Authorization Error", {
          resource: "Application",
          field: "client_secret",
          code: "invalid",
        });
      }
      const grantType = str(fields, "grant_type");
      if (grantType === "authorization_code") {
        const code = str(fields, "code") ?? "";
        const grant = state.codes.get(code);
        if (!grant) return badRequest("AuthorizationCode", "code");
        state.codes.delete(code);
        const athlete = state.athletes.get(grant.athleteId);
        if (!athlete) return badRequest("AuthorizationCode", "code");
        return json(200, { ...issueTokens(grant), athlete });
      }
      if (grantType === "refresh_token") {
        const refreshToken = str(fields, "refresh_token") ?? "";
        const grant = state.refreshTokens.get(refreshToken);
        const athleteId = grant?.athleteId ?? state.retiredRefreshTokens.get(refreshToken);
        if (athleteId !== undefined) {
          const counts = state.refreshGrants.get(athleteId) ?? { granted: 0, refused: 0 };
          if (grant) counts.granted++;
          else counts.refused++;
          state.refreshGrants.set(athleteId, counts);
        }
        if (!grant) return badRequest("RefreshToken", "refresh_token");
        return json(200, issueTokens(grant));
      }
      return badRequest("Application", "grant_type");
    });

    on("POST", `${OAUTH}/deauthorize`, (req) => {
      const accessToken = str(params(req), "access_token") ?? bearerToken(req);
      const token = validToken(accessToken);
      if (!token) return authorizationError();
      revokeAthlete(token.athleteId);
      return json(200, { access_token: accessToken });
    });

    router.get("/strava/avatars/:id/:size", (_req, { id }) => {
      const athlete = state.athletes.get(Number(id));
      return avatarSvg(id, athlete ? `${athlete.firstname[0] ?? ""}${athlete.lastname[0] ?? ""}` : "?");
    });

    // ---- API v3 -------------------------------------------------------------

    /** Which activities the token may see, or a 401 when it lacks activity:read. */
    function activityAccess(
      token: StravaAccessToken,
    ): ((activity: StravaDetailedActivity) => boolean) | Reply {
      if (token.scopes.includes("activity:read_all")) return () => true;
      if (token.scopes.includes("activity:read")) return (activity) => activity.visibility !== "only_me";
      return missingPermission("activity:read");
    }

    api("GET", "/athlete", (_req, _params, token) => {
      const athlete = state.athletes.get(token.athleteId);
      if (!athlete) return authorizationError();
      return json(200, token.scopes.includes("profile:read_all") ? toDetailedAthlete(athlete) : athlete);
    });

    api("GET", "/athlete/activities", (req, _params, token) => {
      const visible = activityAccess(token);
      if (typeof visible !== "function") return visible;
      const query = params(req);
      const before = num(query, "before");
      const after = num(query, "after");
      const perPage = Math.min(200, Math.max(1, Math.floor(num(query, "per_page") ?? 30)));
      const pageNumber = Math.max(1, Math.floor(num(query, "page") ?? 1));
      const ascending = after !== undefined && before === undefined;
      const startOf = (activity: StravaDetailedActivity): number => Date.parse(activity.start_date) / 1000;
      const list = [...activitiesOf(token.athleteId).values()]
        .filter((activity) => visible(activity))
        .filter(
          (activity) =>
            (before === undefined || startOf(activity) < before) &&
            (after === undefined || startOf(activity) > after),
        )
        .sort((a, b) => (startOf(a) - startOf(b) || a.id - b.id) * (ascending ? 1 : -1));
      const slice = list.slice((pageNumber - 1) * perPage, pageNumber * perPage);
      state.onListServed?.(
        token.athleteId,
        pageNumber,
        slice.map((activity) => activity.id),
      );
      return json(200, slice.map(toSummaryActivity));
    });

    api("GET", "/activities/:id", (_req, { id }, token) => {
      const visible = activityAccess(token);
      if (typeof visible !== "function") return visible;
      const activity = activitiesOf(token.athleteId).get(Number(id));
      return activity && visible(activity) ? json(200, activity) : activityNotFound();
    });

    // ---- Push subscriptions (client credentials, not rate limited) ------------

    on("POST", `${API}/push_subscriptions`, async (req) => {
      const fields = params(req);
      if (!validClient(fields))
        return stravaError(401, "Authorization Error", {
          resource: "Application",
          field: "client_id",
          code: "invalid",
        });
      if (state.subscriptions.size > 0)
        return stravaError(400, "Bad Request", {
          resource: "PushSubscription",
          field: "",
          code: "already exists",
        });
      const callbackUrl = str(fields, "callback_url");
      if (!isHttpUrl(callbackUrl)) return badRequest("PushSubscription", "callback url");
      const check = await verifyCallback(callbackUrl, str(fields, "verify_token") ?? "");
      if (!check.ok) {
        return stravaError(400, "Bad Request", {
          resource: "PushSubscription",
          field: "callback url",
          code: "GET to callback URL does not return 200",
        });
      }
      const createdAt = formatStravaDate(now() * 1000);
      const subscription: PushSubscription = {
        id: state.nextSubscriptionId++,
        resource_state: 2,
        application_id: Number(config.STRAVA_CLIENT_ID),
        callback_url: callbackUrl,
        created_at: createdAt,
        updated_at: createdAt,
      };
      state.subscriptions.set(subscription.id, subscription);
      return json(201, { id: subscription.id });
    });

    on("GET", `${API}/push_subscriptions`, (req) => {
      if (!validClient(params(req)))
        return stravaError(401, "Authorization Error", {
          resource: "Application",
          field: "client_id",
          code: "invalid",
        });
      return json(200, [...state.subscriptions.values()]);
    });

    on("DELETE", `${API}/push_subscriptions/:id`, (req, { id }) => {
      if (!validClient(params(req)))
        return stravaError(401, "Authorization Error", {
          resource: "Application",
          field: "client_id",
          code: "invalid",
        });
      if (!state.subscriptions.delete(Number(id)))
        return stravaError(404, "Resource Not Found", {
          resource: "PushSubscription",
          field: "id",
          code: "not found",
        });
      return { status: 204, headers: {}, body: "" };
    });

    // ---- Control ------------------------------------------------------------

    control("GET", "/athletes", () => json(200, [...state.athletes.values()].map(withActivityCount)));

    // Creates or replaces an athlete: names, `activities` (count, with `seed`, `days`, `endDate`),
    // and `answerDelayMs` (every API answer to their token waits that long, at most 10 s).
    control("POST", "/athletes", (req) => json(200, withActivityCount(putAthlete(req.body, req.origin))));

    control("GET", "/athletes/:id", (_req, { id }) => {
      const athlete = state.athletes.get(Number(id));
      return athlete ? json(200, withActivityCount(athlete)) : jsonError(404, `unknown athlete ${id}`);
    });

    control("POST", "/athletes/:id/activities", (req, { id }) => {
      const athleteId = Number(id);
      if (!state.athletes.has(athleteId)) return jsonError(404, `unknown athlete ${id}`);
      const activity = newActivity(athleteId, req.body);
      if (typeof activity === "string") return jsonError(400, activity);
      activitiesOf(athleteId).set(activity.id, activity);
      return json(201, activity);
    });

    control("PUT", "/athletes/:id/activities/:activityId", (req, { id, activityId }) => {
      const activities = activitiesOf(Number(id));
      const existing = activities.get(Number(activityId));
      if (!existing) return jsonError(404, `unknown activity ${activityId} for athlete ${id}`);
      const updated = patchActivity(existing, req.body);
      if (typeof updated === "string") return jsonError(400, updated);
      activities.set(updated.id, updated);
      return json(200, updated);
    });

    control("DELETE", "/athletes/:id/activities/:activityId", (_req, { id, activityId }) => {
      const deleted = activitiesOf(Number(id)).delete(Number(activityId));
      return deleted
        ? json(200, { deleted: true })
        : jsonError(404, `unknown activity ${activityId} for athlete ${id}`);
    });

    control("POST", "/next-athlete", (req) => {
      const athleteId = num(req.body, "athleteId") ?? null;
      state.nextAthleteId = athleteId;
      return json(200, { athleteId });
    });

    control("POST", "/auto-approve", (req) => {
      state.autoApprove = bool(req.body, "on") ?? true;
      return json(200, { on: state.autoApprove });
    });

    control("POST", "/limits", (req) => {
      Object.assign(
        state.limits,
        compact({
          read15: num(req.body, "read15"),
          readDaily: num(req.body, "readDaily"),
          overall15: num(req.body, "overall15"),
          overallDaily: num(req.body, "overallDaily"),
        }),
      );
      const scale = num(req.body, "timeScale");
      if (scale !== undefined && scale >= 1) state.timeScale = scale;
      return json(200, state.limits);
    });

    control("POST", "/reset-usage", () => {
      Object.assign(state.usage, { read15: 0, readDaily: 0, overall15: 0, overallDaily: 0 });
      state.totalRequests = 0;
      state.requestsByPath.clear();
      state.requestsByRoute.clear();
      state.refreshGrants.clear();
      return json(200, { ok: true });
    });

    control("GET", "/usage", () => {
      const { windowStart, dayStart, ...counts } = state.usage;
      return json(200, {
        limits: state.limits,
        usage: counts,
        windows: {
          fifteenMinuteStart: formatStravaDate(windowStart * 1000),
          dayStart: formatStravaDate(dayStart * 1000),
        },
        totalRequests: state.totalRequests,
        byPath: Object.fromEntries(state.requestsByPath),
        byRoute: Object.fromEntries(state.requestsByRoute),
        refreshGrants: Object.fromEntries(state.refreshGrants),
      });
    });

    control("POST", "/faults", (req) => {
      const status = num(req.body, "status");
      const count = num(req.body, "count") ?? 1;
      if (status !== 403 && status !== 429 && status !== 500 && status !== 503)
        return jsonError(400, "status must be 403, 429, 500 or 503");
      state.faults.push({
        status,
        remaining: Math.max(0, Math.floor(count)),
        path: str(req.body, "path") ?? null,
      });
      return json(200, { faults: state.faults });
    });

    control("DELETE", "/faults", () => {
      state.faults = [];
      return json(200, { faults: [] });
    });

    /** Registers tokens the app already holds (e.g. from the seed script) as if issued by OAuth. */
    control("POST", "/tokens", (req) => {
      const athleteId = num(req.body, "athleteId");
      if (athleteId === undefined || !state.athletes.has(athleteId))
        return jsonError(404, `unknown athlete ${athleteId ?? ""}`);
      const scopes = parseScopes({ scope: req.body.scope ?? req.body.scopes ?? DEFAULT_GRANTED_SCOPES });
      const tokens = issueTokens(
        { athleteId, scopes },
        compact({
          accessToken: str(req.body, "access_token"),
          refreshToken: str(req.body, "refresh_token"),
          expiresAt: num(req.body, "expires_at"),
        }),
      );
      return json(200, { ...tokens, scope: scopes.join(",") });
    });

    /** The athlete revokes the app in their Strava settings: its tokens stop working (API 401, refresh refused). */
    control("POST", "/athletes/:id/revoke", (_req, { id }) => {
      const athleteId = Number(id);
      if (!state.athletes.has(athleteId)) return jsonError(404, `unknown athlete ${id}`);
      revokeAthlete(athleteId);
      return json(200, { revoked: true });
    });

    control("POST", "/expire-token", (req) => {
      const athleteId = num(req.body, "athleteId");
      let expired = 0;
      for (const token of state.accessTokens.values()) {
        if (token.athleteId !== athleteId || token.expiresAt <= now()) continue;
        token.expiresAt = now() - 1;
        expired++;
      }
      return json(200, { expired });
    });

    control("GET", "/clock", () => json(200, { offsetSeconds: state.clockOffsetSeconds, now: now() }));

    control("POST", "/clock", (req) => {
      state.clockOffsetSeconds = num(req.body, "offsetSeconds") ?? 0;
      return json(200, { offsetSeconds: state.clockOffsetSeconds, now: now() });
    });

    control("POST", "/webhook", async (req) => {
      const body = req.body;
      const callbackUrl = str(body, "callbackUrl");
      const objectType = str(body, "object_type");
      const aspectType = str(body, "aspect_type");
      const objectId = num(body, "object_id");
      const ownerId = num(body, "owner_id");
      if (!isHttpUrl(callbackUrl)) return jsonError(400, "callbackUrl must be an http(s) URL");
      if (objectType !== "activity" && objectType !== "athlete")
        return jsonError(400, "object_type must be activity or athlete");
      if (aspectType !== "create" && aspectType !== "update" && aspectType !== "delete")
        return jsonError(400, "aspect_type must be create, update or delete");
      if (objectId === undefined || ownerId === undefined)
        return jsonError(400, "object_id and owner_id are required numbers");
      const updates = record(body, "updates") ?? (objectType === "athlete" ? { authorized: "false" } : {});
      if (objectType === "athlete" && updates.authorized === "false") revokeAthlete(ownerId);
      const [subscription] = state.subscriptions.values();
      const event = {
        aspect_type: aspectType,
        event_time: num(body, "event_time") ?? now(),
        object_id: objectId,
        object_type: objectType,
        owner_id: ownerId,
        subscription_id: num(body, "subscription_id") ?? subscription?.id ?? 1,
        updates,
      };
      const result = await postToApp(callbackUrl, JSON.stringify(event));
      return json(200, { ...result, event });
    });

    control("POST", "/verify-webhook", async (req) => {
      const callbackUrl = str(req.body, "callbackUrl");
      if (!isHttpUrl(callbackUrl)) return jsonError(400, "callbackUrl must be an http(s) URL");
      return json(
        200,
        await verifyCallback(callbackUrl, str(req.body, "verifyToken") ?? config.STRAVA_WEBHOOK_VERIFY_TOKEN),
      );
    });

    control("POST", "/reset", () => {
      reset();
      return json(200, { ok: true });
    });
  }

  return { state, register, reset };
}
