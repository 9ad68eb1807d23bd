/**
 * Fake Strava: OAuth (approve page, token exchange with rotating refresh
 * tokens, deauthorize), the API v3 endpoints the app reads, rate limits with
 * Strava's headers, webhooks (push subscriptions and events) and control
 * endpoints under /_control/strava.
 */
import type { FakesConfig } from "./config.js";
import {
  appendQuery,
  avatarSvg,
  bearerToken,
  bool,
  callApp,
  compact,
  epochSeconds,
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
  createAthlete,
  defaultActivityName,
  formatStravaDate,
  generateActivities,
  legacyActivityType,
  toDetailedActivity,
  toDetailedAthlete,
  toSummaryActivity,
  type StravaAthlete,
  type StravaDetailedActivity,
} from "./strava-data.js";

const OAUTH = "/strava/oauth";
const API = "/strava/api/v3";
const CONTROL = "/_control/strava";

const ACCESS_TOKEN_TTL = 21_600;
const FIRST_ATHLETE_ID = 10_000_001;
/** Activities given to an athlete the approve page creates because none exist. */
const AUTO_CREATED_ACTIVITIES = 40;
/** Scopes given to tokens registered through POST /_control/strava/tokens unless told otherwise. */
const DEFAULT_GRANTED_SCOPES = "read,activity:read_all,profile:read_all";
const FIFTEEN_MINUTES = 900;
const ONE_DAY = 86_400;

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

export interface RateLimits {
  read15: number;
  readDaily: number;
  overall15: number;
  overallDaily: number;
}

export const DEFAULT_RATE_LIMITS: Readonly<RateLimits> = {
  read15: 100,
  readDaily: 1000,
  overall15: 200,
  overallDaily: 2000,
};

export interface RateUsage extends RateLimits {
  /** Epoch seconds of the current 15-minute window and UTC day. */
  windowStart: number;
  dayStart: number;
}

export interface StravaAccessToken {
  athleteId: number;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

interface Grant {
  athleteId: number;
  scopes: string[];
}

interface AuthCode extends Grant {
  redirectUri: string;
}

export type FaultStatus = 403 | 429 | 500 | 503;

export interface StravaFault {
  status: FaultStatus;
  remaining: number;
  path: string | null;
}

export interface PushSubscription {
  id: number;
  resource_state: 2;
  application_id: number;
  callback_url: string;
  created_at: string;
  updated_at: string;
}

export interface StravaState {
  athletes: Map<number, StravaAthlete>;
  /** athlete id -> activity id -> activity */
  activities: Map<number, Map<number, StravaDetailedActivity>>;
  accessTokens: Map<string, StravaAccessToken>;
  refreshTokens: Map<string, Grant>;
  codes: Map<string, AuthCode>;
  nextAthleteId: number | null;
  autoApprove: boolean;
  clockOffsetSeconds: number;
  limits: RateLimits;
  usage: RateUsage;
  faults: StravaFault[];
  totalRequests: number;
  requestsByPath: Map<string, number>;
  requestsByRoute: Map<string, number>;
  subscriptions: Map<number, PushSubscription>;
  nextSubscriptionId: number;
  /** Refresh tokens replaced by a rotation (token -> athlete), so refused grants can be attributed. */
  retiredRefreshTokens: Map<string, number>;
  /** `grant_type=refresh_token` requests per athlete: granted and refused (a rotated-away token). */
  refreshGrants: Map<number, { granted: number; refused: number }>;
}

function initialState(): StravaState {
  return {
    athletes: new Map(),
    activities: new Map(),
    accessTokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    nextAthleteId: null,
    autoApprove: false,
    clockOffsetSeconds: 0,
    limits: { ...DEFAULT_RATE_LIMITS },
    usage: { windowStart: 0, dayStart: 0, read15: 0, readDaily: 0, overall15: 0, overallDaily: 0 },
    faults: [],
    totalRequests: 0,
    requestsByPath: new Map(),
    requestsByRoute: new Map(),
    subscriptions: new Map(),
    nextSubscriptionId: 1,
    retiredRefreshTokens: new Map(),
    refreshGrants: new Map(),
  };
}

// ---------------------------------------------------------------------------
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

const ACTIVITY_KEYS_OPTIONAL = new Set([
  "average_cadence",
  "average_watts",
  "kilojoules",
  "device_watts",
  "average_heartrate",
  "max_heartrate",
  "elev_high",
  "elev_low",
  "upload_id_str",
]);
const ACTIVITY_KEYS_FIXED = new Set(["id", "athlete", "resource_state"]);

export function createStrava(config: FakesConfig): Provider<StravaState> {
  const state = initialState();
  const now = (): number => epochSeconds() + state.clockOffsetSeconds;

  // -------------------------------------------------------------------------
  // Athletes and activities
  // -------------------------------------------------------------------------

  const activitiesOf = (athleteId: number): Map<number, StravaDetailedActivity> => {
    let activities = state.activities.get(athleteId);
    if (!activities) {
      activities = new Map();
      state.activities.set(athleteId, activities);
    }
    return activities;
  };

  const nextAthleteId = (): number => Math.max(FIRST_ATHLETE_ID - 1, ...state.athletes.keys()) + 1;

  function putAthlete(fields: Fields, origin: string): StravaAthlete {
    const id = num(fields, "id") ?? nextAthleteId();
    const sex = str(fields, "sex");
    const athlete = createAthlete({
      id,
      ...compact({
        firstname: str(fields, "firstname"),
        lastname: str(fields, "lastname"),
        username: str(fields, "username"),
        sex: sex === "M" || sex === "F" ? sex : undefined,
        city: str(fields, "city"),
        state: str(fields, "state"),
        country: str(fields, "country"),
        weight: num(fields, "weight"),
        premium: bool(fields, "premium"),
        summit: bool(fields, "summit"),
      }),
      profile: `${origin}/strava/avatars/${id}/large`,
      profile_medium: `${origin}/strava/avatars/${id}/medium`,
    });
    state.athletes.set(id, athlete);
    const count = num(fields, "activities");
    if (count !== undefined || !state.activities.has(id)) {
      const endDate = str(fields, "endDate");
      const generated = generateActivities(id, count ?? 0, {
        endDate: endDate ? new Date(endDate) : new Date(now() * 1000),
        ...compact({ seed: num(fields, "seed"), days: num(fields, "days") }),
      });
      state.activities.set(
        id,
        new Map(generated.map((activity) => [activity.id, toDetailedActivity(activity)])),
      );
    }
    return athlete;
  }

  /** The athlete the approve page preselects / auto-approves as, created if needed. */
  function defaultAthlete(origin: string): StravaAthlete {
    const preferred = state.nextAthleteId;
    if (preferred !== null) {
      return (
        state.athletes.get(preferred) ??
        putAthlete({ id: preferred, activities: AUTO_CREATED_ACTIVITIES }, origin)
      );
    }
    const [first] = state.athletes.values();
    return first ?? putAthlete({ activities: AUTO_CREATED_ACTIVITIES }, origin);
  }

  const withActivityCount = (athlete: StravaAthlete): StravaAthlete & { activity_count: number } => ({
    ...athlete,
    activity_count: state.activities.get(athlete.id)?.size ?? 0,
  });

  /** Applies known fields from `patch`, keeping derived fields consistent. */
  function patchActivity(base: StravaDetailedActivity, patch: Fields): StravaDetailedActivity | string {
    const next: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (ACTIVITY_KEYS_FIXED.has(key) || !(key in base || ACTIVITY_KEYS_OPTIONAL.has(key))) continue;
      next[key] = value;
    }
    const startDate = str(patch, "start_date");
    if (startDate !== undefined) {
      const startMs = Date.parse(startDate);
      if (Number.isNaN(startMs)) return "start_date must be an ISO 8601 date";
      next.start_date = formatStravaDate(startMs);
      if (!("start_date_local" in patch)) {
        next.start_date_local = formatStravaDate(startMs + (num(next, "utc_offset") ?? 0) * 1000);
      }
    }
    const sportType = str(patch, "sport_type");
    const type = str(patch, "type");
    if (sportType !== undefined && type === undefined) next.type = legacyActivityType(sportType);
    if (type !== undefined && sportType === undefined) next.sport_type = type;
    if ((sportType !== undefined || type !== undefined) && !("name" in patch)) {
      const localHour = new Date(String(next.start_date_local)).getUTCHours();
      next.name = defaultActivityName(localHour, String(next.sport_type));
    }
    if (("distance" in patch || "moving_time" in patch) && !("average_speed" in patch)) {
      const distance = num(next, "distance") ?? 0;
      const movingTime = num(next, "moving_time") ?? 0;
      const speed = movingTime > 0 ? Math.round((distance / movingTime) * 1000) / 1000 : 0;
      next.average_speed = speed;
      if (!("max_speed" in patch)) next.max_speed = Math.max(num(next, "max_speed") ?? 0, speed);
    }
    if ("private" in patch && !("visibility" in patch))
      next.visibility = next.private === true ? "only_me" : "everyone";
    return next as unknown as StravaDetailedActivity;
  }

  function newActivity(athleteId: number, patch: Fields): StravaDetailedActivity | string {
    const activities = activitiesOf(athleteId);
    const id = num(patch, "id") ?? Math.max(athleteId * 1_000_000, ...activities.keys()) + 1;
    const [template] = generateActivities(athleteId, 1, {
      seed: id % 4_294_967_296,
      endDate: new Date(now() * 1000),
      days: 1,
      firstId: id,
    });
    if (!template) return "could not build an activity";
    const startDate = str(patch, "start_date") ?? formatStravaDate(now() * 1000);
    const activity = patchActivity(toDetailedActivity(template), { start_date: startDate, ...patch });
    if (typeof activity === "string" || "name" in patch) return activity;
    const localHour = new Date(activity.start_date_local).getUTCHours();
    return { ...activity, name: defaultActivityName(localHour, activity.sport_type) };
  }

  // -------------------------------------------------------------------------
  // Tokens
  // -------------------------------------------------------------------------

  function revokeAthlete(athleteId: number): void {
    for (const token of state.accessTokens.values()) if (token.athleteId === athleteId) token.revoked = true;
    for (const [refresh, grant] of state.refreshTokens)
      if (grant.athleteId === athleteId) state.refreshTokens.delete(refresh);
  }

  interface ExplicitTokens {
    accessToken?: string;
    refreshToken?: string;
    expiresAt?: number;
  }

  /** A new access token and a new refresh token; the athlete's previous refresh token stops working. */
  function issueTokens(grant: Grant, explicit: ExplicitTokens = {}): Record<string, unknown> {
    for (const [refresh, existing] of state.refreshTokens) {
      if (existing.athleteId !== grant.athleteId) continue;
      state.refreshTokens.delete(refresh);
      state.retiredRefreshTokens.set(refresh, existing.athleteId);
    }
    const refreshToken = explicit.refreshToken ?? randomHex(20);
    const accessToken = explicit.accessToken ?? randomHex(20);
    const expiresAt = explicit.expiresAt ?? now() + ACCESS_TOKEN_TTL;
    state.refreshTokens.set(refreshToken, { ...grant });
    state.accessTokens.set(accessToken, { ...grant, expiresAt, revoked: false });
    return {
      token_type: "Bearer",
      expires_at: expiresAt,
      expires_in: expiresAt - now(),
      refresh_token: refreshToken,
      access_token: accessToken,
    };
  }

  function validToken(token: string | undefined): StravaAccessToken | undefined {
    const found = token === undefined ? undefined : state.accessTokens.get(token);
    return found && !found.revoked && found.expiresAt > now() ? found : undefined;
  }

  // -------------------------------------------------------------------------
  // Rate limits and faults
  // -------------------------------------------------------------------------

  function countUsage(isRead: boolean): void {
    const t = now();
    const usage = state.usage;
    const windowStart = t - (t % FIFTEEN_MINUTES);
    const dayStart = t - (t % ONE_DAY);
    if (usage.windowStart !== windowStart) Object.assign(usage, { windowStart, read15: 0, overall15: 0 });
    if (usage.dayStart !== dayStart) Object.assign(usage, { dayStart, readDaily: 0, overallDaily: 0 });
    usage.overall15++;
    usage.overallDaily++;
    if (isRead) {
      usage.read15++;
      usage.readDaily++;
    }
  }

  function overLimit(isRead: boolean): boolean {
    const { usage, limits } = state;
    if (usage.overall15 > limits.overall15 || usage.overallDaily > limits.overallDaily) return true;
    return isRead && (usage.read15 > limits.read15 || usage.readDaily > limits.readDaily);
  }

  const rateLimitHeaders = (): Record<string, string> => {
    const { usage, limits } = state;
    return {
      "X-RateLimit-Limit": `${limits.overall15},${limits.overallDaily}`,
      "X-RateLimit-Usage": `${usage.overall15},${usage.overallDaily}`,
      "X-ReadRateLimit-Limit": `${limits.read15},${limits.readDaily}`,
      "X-ReadRateLimit-Usage": `${usage.read15},${usage.readDaily}`,
    };
  };

  function takeFault(path: string): StravaFault | undefined {
    const index = state.faults.findIndex(
      (fault) => fault.remaining > 0 && (fault.path === null || path.includes(fault.path)),
    );
    const fault = state.faults[index];
    if (!fault) return undefined;
    fault.remaining--;
    if (fault.remaining <= 0) state.faults.splice(index, 1);
    return fault;
  }

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
        if (overLimit(isRead)) return withHeaders(rateLimitExceeded(), headers);
        const token = validToken(bearerToken(req));
        if (!token) return withHeaders(authorizationError(), headers);
        return withHeaders(handler(req, routeParams as RouteParams<P>, token), headers);
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

  function reset(): void {
    Object.assign(state, initialState());
  }

  return { state, register, reset };
}
