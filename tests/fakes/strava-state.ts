/**
 * Fake Strava's state: athletes, activities, tokens, rate-limit usage, injected
 * faults and push subscriptions, and the operations on them that the routes
 * in strava.ts share (creating athletes and activities, issuing and checking
 * tokens, counting requests against the limits).
 */
import { bool, compact, epochSeconds, num, randomHex, str, type Fields } from "./http.js";
import {
  createAthlete,
  defaultActivityName,
  formatStravaDate,
  generateActivities,
  legacyActivityType,
  toDetailedActivity,
  type StravaAthlete,
  type StravaDetailedActivity,
} from "./strava-data.js";

const ACCESS_TOKEN_TTL = 21_600;
const FIRST_ATHLETE_ID = 10_000_001;
/** Activities given to an athlete the approve page creates because none exist. */
const AUTO_CREATED_ACTIVITIES = 40;
const FIFTEEN_MINUTES = 900;
const ONE_DAY = 86_400;

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

export interface Grant {
  athleteId: number;
  scopes: string[];
}

export interface AuthCode extends Grant {
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
  /**
   * Simulated seconds per real second for the rate-limit windows (the
   * simulation, bench/scale.ts, with the app's STRAVA_TIME_SCALE); 1 otherwise.
   */
  timeScale: number;
  /** Answers refused with 429 because a limit was exceeded (not injected faults). */
  rateLimited: number;
  /** In-process observer of every list page served (bench/scale.ts times freshness with it). */
  onListServed: ((athleteId: number, page: number, ids: number[]) => void) | null;
  /** Milliseconds the API waits before answering an athlete's token (`answerDelayMs` on the athlete control): a slow network, so a test can watch a sync in progress. */
  answerDelays: Map<number, number>;
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
    timeScale: 1,
    rateLimited: 0,
    onListServed: null,
    answerDelays: new Map(),
  };
}

// ---------------------------------------------------------------------------

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

/** The fake's state and the operations on it; `reset` returns it to a fresh start. */
export function createStravaStore() {
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
    const delay = num(fields, "answerDelayMs");
    if (delay !== undefined) state.answerDelays.set(id, Math.min(10_000, Math.max(0, delay)));
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
    // Scaled windows last a fraction of a real second: count them on the millisecond clock.
    const t =
      state.timeScale > 1
        ? Math.floor((Date.now() / 1000 + state.clockOffsetSeconds) * state.timeScale)
        : now();
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

  function reset(): void {
    Object.assign(state, initialState());
  }

  return {
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
  };
}
