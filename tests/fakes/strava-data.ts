/**
 * Deterministic Strava-shaped data: athletes and activities.
 *
 * PURE module: no `node:` imports, no I/O, no globals besides Math/Date, so it
 * runs in Node (the fakes, the seed script) and in Cloudflare workerd alike.
 * The same inputs always give the same output; keep changes backwards
 * compatible, the seed script relies on it to mirror the fake Strava API.
 */

// ---------------------------------------------------------------------------
// Types (as documented in the Strava API v3 reference)
// ---------------------------------------------------------------------------

export interface StravaMetaAthlete {
  id: number;
  resource_state: 1;
}

export interface StravaPolylineMap {
  id: string;
  summary_polyline: string;
  resource_state: 2;
}

export type StravaLatLng = [number, number] | [];

export interface StravaSummaryActivity {
  resource_state: 2;
  athlete: StravaMetaAthlete;
  name: string;
  /** metres */
  distance: number;
  /** seconds */
  moving_time: number;
  /** seconds */
  elapsed_time: number;
  /** metres */
  total_elevation_gain: number;
  /** legacy activity type, e.g. "Ride" for a "GravelRide" */
  type: string;
  sport_type: string;
  workout_type: number | null;
  id: number;
  /** ISO 8601 UTC, e.g. "2024-01-31T00:45:12Z" */
  start_date: string;
  /** local wall-clock time, also suffixed with "Z" as Strava does */
  start_date_local: string;
  timezone: string;
  /** seconds */
  utc_offset: number;
  location_city: string | null;
  location_state: string | null;
  location_country: string | null;
  achievement_count: number;
  kudos_count: number;
  comment_count: number;
  athlete_count: number;
  photo_count: number;
  map: StravaPolylineMap;
  trainer: boolean;
  commute: boolean;
  manual: boolean;
  private: boolean;
  visibility: "everyone" | "followers_only" | "only_me";
  flagged: boolean;
  gear_id: string | null;
  start_latlng: StravaLatLng;
  end_latlng: StravaLatLng;
  /** metres per second */
  average_speed: number;
  /** metres per second */
  max_speed: number;
  average_cadence?: number;
  average_watts?: number;
  kilojoules?: number;
  device_watts?: boolean;
  has_heartrate: boolean;
  average_heartrate?: number;
  max_heartrate?: number;
  heartrate_opt_out: boolean;
  display_hide_heartrate_option: boolean;
  elev_high?: number;
  elev_low?: number;
  upload_id: number | null;
  upload_id_str?: string;
  external_id: string | null;
  from_accepted_tag: boolean;
  pr_count: number;
  total_photo_count: number;
  has_kudoed: boolean;
}

export interface StravaDetailedActivity extends Omit<StravaSummaryActivity, "resource_state"> {
  resource_state: 3;
  description: string | null;
  calories: number;
  device_name: string | null;
  embed_token: string;
  photos: { primary: null; count: number };
  segment_efforts: unknown[];
  /** Per-km splits (Strava's `splits_metric`), for activities with a distance. */
  splits_metric: StravaSplit[];
}

/** One of Strava's per-km splits (`Split` in the API reference). */
export interface StravaSplit {
  /** metres */
  distance: number;
  /** seconds */
  elapsed_time: number;
  /** metres */
  elevation_difference: number;
  /** seconds */
  moving_time: number;
  split: number;
  /** metres per second */
  average_speed: number;
  average_heartrate?: number;
  pace_zone: number;
}

export interface StravaAthlete {
  id: number;
  username: string | null;
  resource_state: 2;
  firstname: string;
  lastname: string;
  bio: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
  sex: "M" | "F" | null;
  premium: boolean;
  summit: boolean;
  created_at: string;
  updated_at: string;
  badge_type_id: number;
  weight: number | null;
  profile_medium: string;
  profile: string;
  friend: null;
  follower: null;
}

export interface StravaDetailedAthlete extends Omit<StravaAthlete, "resource_state"> {
  resource_state: 3;
  follower_count: number;
  friend_count: number;
  measurement_preference: "meters" | "feet";
  ftp: number | null;
  clubs: unknown[];
  bikes: unknown[];
  shoes: unknown[];
}

export interface StravaAthleteInput {
  id: number;
  username?: string | null;
  firstname?: string;
  lastname?: string;
  bio?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  sex?: "M" | "F" | null;
  premium?: boolean;
  summit?: boolean;
  weight?: number | null;
  profile?: string;
  profile_medium?: string;
  created_at?: string;
  updated_at?: string;
}

export interface GenerateActivitiesOptions {
  /** PRNG seed; defaults to the athlete id. */
  seed?: number;
  /** Newest possible start time; defaults to now. */
  endDate?: Date;
  /** Length of the period ending at endDate, in days; defaults to 730. */
  days?: number;
  /** Id of the oldest activity; the rest count up. Defaults to athleteId * 1_000_000 + 1. */
  firstId?: number;
  /** Home coordinates around which outdoor activities start; defaults to the athlete's city. */
  home?: [number, number];
}

// ---------------------------------------------------------------------------
// Constants and small helpers
// ---------------------------------------------------------------------------

export const STRAVA_TIMEZONE = "(GMT+05:30) Asia/Kolkata";
export const STRAVA_UTC_OFFSET = 19_800;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

interface City {
  city: string;
  state: string;
  latlng: [number, number];
}

const CITIES: readonly City[] = [
  { city: "Bengaluru", state: "Karnataka", latlng: [12.9716, 77.5946] },
  { city: "Pune", state: "Maharashtra", latlng: [18.5204, 73.8567] },
  { city: "Mumbai", state: "Maharashtra", latlng: [19.076, 72.8777] },
  { city: "Chennai", state: "Tamil Nadu", latlng: [13.0827, 80.2707] },
  { city: "Hyderabad", state: "Telangana", latlng: [17.385, 78.4867] },
  { city: "Kochi", state: "Kerala", latlng: [9.9312, 76.2673] },
];

const FIRST_NAMES: readonly (readonly [string, "M" | "F"])[] = [
  ["Aarav", "M"],
  ["Priya", "F"],
  ["Rohan", "M"],
  ["Ananya", "F"],
  ["Vikram", "M"],
  ["Meera", "F"],
  ["Arjun", "M"],
  ["Kavya", "F"],
  ["Ishaan", "M"],
  ["Diya", "F"],
];

const LAST_NAMES: readonly string[] = [
  "Sharma",
  "Iyer",
  "Patel",
  "Reddy",
  "Nair",
  "Kulkarni",
  "Menon",
  "Gupta",
  "Rao",
  "Joshi",
];

/** Legacy `type` for each `sport_type` that differs from it. */
const LEGACY_TYPES: Readonly<Record<string, string>> = {
  MountainBikeRide: "Ride",
  GravelRide: "Ride",
  EMountainBikeRide: "EBikeRide",
  TrailRun: "Run",
  VirtualRun: "VirtualRun",
};

/** The legacy `type` Strava reports alongside a `sport_type`. */
export function legacyActivityType(sportType: string): string {
  return LEGACY_TYPES[sportType] ?? sportType;
}

/** mulberry32: a tiny, fast, well-distributed 32-bit PRNG returning floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const between = (rand: Random, min: number, max: number): number => min + rand() * (max - min);
const intBetween = (rand: Random, min: number, max: number): number =>
  Math.floor(between(rand, min, max + 1));
const chance = (rand: Random, probability: number): boolean => rand() < probability;
const round = (value: number, digits: number): number => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};
const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;

/** Strava's timestamp format: ISO 8601 without milliseconds. */
export function formatStravaDate(date: Date | number): string {
  return new Date(date).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** FNV-1a 32-bit hash as 8 hex digits. */
function hashHex(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(16).padStart(8, "0");
}

function cityFor(athleteId: number): City {
  return CITIES[Math.abs(athleteId) % CITIES.length] as City;
}

// ---------------------------------------------------------------------------
// Athletes
// ---------------------------------------------------------------------------

/** A SummaryAthlete with deterministic defaults derived from the id. */
export function createAthlete(input: StravaAthleteInput): StravaAthlete {
  const rand = mulberry32(input.id ^ 0x5eed);
  const [defaultFirst, defaultSex] = pick(rand, FIRST_NAMES);
  const defaultLast = pick(rand, LAST_NAMES);
  const home = cityFor(input.id);
  const firstname = input.firstname ?? defaultFirst;
  const lastname = input.lastname ?? defaultLast;
  const created =
    Date.UTC(2015, 0, 1) + Math.floor(rand() * 8 * 365) * DAY_MS + intBetween(rand, 0, 86_399) * 1000;
  return {
    id: input.id,
    username:
      input.username !== undefined
        ? input.username
        : `${firstname}${lastname}${input.id % 1000}`.toLowerCase(),
    resource_state: 2,
    firstname,
    lastname,
    bio: input.bio ?? null,
    city: input.city !== undefined ? input.city : home.city,
    state: input.state !== undefined ? input.state : home.state,
    country: input.country !== undefined ? input.country : "India",
    sex: input.sex !== undefined ? input.sex : defaultSex,
    premium: input.premium ?? chance(rand, 0.3),
    summit: input.summit ?? chance(rand, 0.3),
    created_at: input.created_at ?? formatStravaDate(created),
    updated_at: input.updated_at ?? formatStravaDate(created + 400 * DAY_MS),
    badge_type_id: 0,
    weight: input.weight !== undefined ? input.weight : round(between(rand, 52, 88), 1),
    profile_medium: input.profile_medium ?? "avatar/athlete/medium.png",
    profile: input.profile ?? "avatar/athlete/large.png",
    friend: null,
    follower: null,
  };
}

/** DetailedAthlete as returned by GET /athlete with profile:read_all. */
export function toDetailedAthlete(athlete: StravaAthlete): StravaDetailedAthlete {
  return {
    ...athlete,
    resource_state: 3,
    follower_count: (athlete.id * 7) % 150,
    friend_count: (athlete.id * 11) % 120,
    measurement_preference: "meters",
    ftp: null,
    clubs: [],
    bikes: [],
    shoes: [],
  };
}

// ---------------------------------------------------------------------------
// Activities
// ---------------------------------------------------------------------------

interface Metrics {
  sportType: string;
  name?: string;
  trainer: boolean;
  commute: boolean;
  /** metres */
  distance: number;
  /** seconds */
  movingTime: number;
  /** metres of climbing per km */
  climbPerKm: number;
  workoutType: number | null;
  indoor: boolean;
}

/** Distance in km from [min, max], skewed towards the short end. */
const skewedKm = (rand: Random, min: number, max: number, skew = 1.8): number =>
  min + (max - min) * rand() ** skew;

/** Builds metrics from a distance (km) and a speed (km/h). */
function bySpeed(distanceKm: number, speedKmh: number): Pick<Metrics, "distance" | "movingTime"> {
  return { distance: distanceKm * 1000, movingTime: Math.round((distanceKm / speedKmh) * 3600) };
}

function rideMetrics(rand: Random): Metrics {
  const r = rand();
  const base = { trainer: false, commute: false, workoutType: null, indoor: false };
  if (r < 0.15) {
    return {
      ...base,
      sportType: "VirtualRide",
      trainer: true,
      indoor: true,
      ...bySpeed(between(rand, 15, 60), between(rand, 26, 33)),
      climbPerKm: between(rand, 4, 12),
      name: `Zwift - ${pick(rand, ["Watopia", "Makuri Islands", "London", "Richmond", "France"])}`,
    };
  }
  if (r < 0.27)
    return {
      ...base,
      sportType: "Ride",
      commute: true,
      ...bySpeed(between(rand, 10, 25), between(rand, 18, 24)),
      climbPerKm: between(rand, 2, 6),
    };
  if (r < 0.33)
    return {
      ...base,
      sportType: "MountainBikeRide",
      ...bySpeed(between(rand, 15, 50), between(rand, 12, 18)),
      climbPerKm: between(rand, 15, 30),
    };
  if (r < 0.38)
    return {
      ...base,
      sportType: "GravelRide",
      ...bySpeed(between(rand, 30, 90), between(rand, 18, 23)),
      climbPerKm: between(rand, 8, 15),
    };
  const roll = rand();
  if (roll < 0.05) {
    // Brevets (BRM 200) and double centuries
    const km = between(rand, 200, 220);
    return {
      ...base,
      sportType: "Ride",
      ...bySpeed(km, between(rand, 20, 25)),
      climbPerKm: between(rand, 4, 9),
      name: chance(rand, 0.6) ? "BRM 200" : "Double century",
    };
  }
  const km = roll < 0.13 ? between(rand, 150, 200) : skewedKm(rand, 20, 150);
  return {
    ...base,
    sportType: "Ride",
    ...bySpeed(km, between(rand, 23, 30) - km / 60),
    climbPerKm: between(rand, 4, 14),
    workoutType: roll < 0.2 ? 12 : null,
  };
}

function runMetrics(rand: Random): Metrics {
  const r = rand();
  const base = {
    trainer: false,
    commute: false,
    workoutType: null,
    indoor: false,
    climbPerKm: between(rand, 2, 10),
  };
  const paceSecPerKm = between(rand, 270, 420);
  const run = (km: number, pace = paceSecPerKm): Pick<Metrics, "distance" | "movingTime"> => ({
    distance: km * 1000,
    movingTime: Math.round(km * pace),
  });
  if (r < 0.03)
    return {
      ...base,
      sportType: "Run",
      ...run(between(rand, 42.2, 42.6), between(rand, 300, 400)),
      workoutType: 1,
      name: "Full Marathon",
    };
  if (r < 0.11)
    return {
      ...base,
      sportType: "Run",
      ...run(between(rand, 21.1, 21.4), between(rand, 290, 390)),
      workoutType: 1,
      name: "Half Marathon",
    };
  if (r < 0.19) return { ...base, sportType: "Run", commute: true, ...run(between(rand, 3, 10)) };
  if (r < 0.29)
    return {
      ...base,
      sportType: "TrailRun",
      ...run(between(rand, 5, 25), paceSecPerKm * 1.25),
      climbPerKm: between(rand, 20, 50),
    };
  const km = skewedKm(rand, 3, 18);
  return { ...base, sportType: "Run", ...run(km), workoutType: km > 15 ? 2 : r < 0.4 ? 3 : 0 };
}

function walkMetrics(rand: Random): Metrics {
  return {
    sportType: "Walk",
    trainer: false,
    commute: chance(rand, 0.25),
    workoutType: null,
    indoor: false,
    ...bySpeed(skewedKm(rand, 1.5, 9, 1.5), between(rand, 4.3, 5.8)),
    climbPerKm: between(rand, 2, 10),
  };
}

function swimMetrics(rand: Random): Metrics {
  const pool = chance(rand, 0.8);
  const metres = pool ? Math.round(between(rand, 500, 4000) / 25) * 25 : between(rand, 1000, 5500);
  const secPer100 = between(rand, 105, 180);
  return {
    sportType: "Swim",
    trainer: false,
    commute: false,
    workoutType: null,
    indoor: pool,
    distance: metres,
    movingTime: Math.round((metres / 100) * secPer100),
    climbPerKm: 0,
    ...(pool ? {} : { name: "Open water swim" }),
  };
}

function hikeMetrics(rand: Random): Metrics {
  return {
    sportType: "Hike",
    trainer: false,
    commute: false,
    workoutType: null,
    indoor: false,
    ...bySpeed(skewedKm(rand, 4, 35, 1.6), between(rand, 2.5, 4.5)),
    climbPerKm: between(rand, 40, 90),
  };
}

function otherMetrics(rand: Random): Metrics {
  const base = { trainer: false, commute: false, workoutType: null, climbPerKm: 0 };
  const minutes = (min: number, max: number): number => intBetween(rand, min, max) * 60;
  const r = rand();
  if (r < 0.3) return { ...base, sportType: "Yoga", indoor: true, distance: 0, movingTime: minutes(30, 75) };
  if (r < 0.6)
    return { ...base, sportType: "WeightTraining", indoor: true, distance: 0, movingTime: minutes(30, 80) };
  if (r < 0.85) {
    if (chance(rand, 0.5))
      return { ...base, sportType: "Workout", indoor: true, distance: 0, movingTime: minutes(20, 60) };
    return {
      ...base,
      sportType: "Workout",
      indoor: false,
      ...bySpeed(between(rand, 2, 8), between(rand, 6, 9)),
      climbPerKm: between(rand, 1, 5),
    };
  }
  if (r < 0.93)
    return {
      ...base,
      sportType: "Rowing",
      trainer: true,
      indoor: true,
      ...bySpeed(between(rand, 2, 10), between(rand, 10, 13)),
    };
  return {
    ...base,
    sportType: "EBikeRide",
    indoor: false,
    ...bySpeed(between(rand, 10, 40), between(rand, 20, 25)),
    climbPerKm: between(rand, 4, 12),
  };
}

/** Share of each family in the generated mix; the remainder is "other" sports. */
const FAMILIES: readonly (readonly [number, (rand: Random) => Metrics])[] = [
  [0.4, rideMetrics],
  [0.25, runMetrics],
  [0.12, walkMetrics],
  [0.08, swimMetrics],
  [0.07, hikeMetrics],
  [0.08, otherMetrics],
];

function drawMetrics(rand: Random): Metrics {
  let roll = rand();
  for (const [share, build] of FAMILIES) {
    if (roll < share) return build(rand);
    roll -= share;
  }
  return otherMetrics(rand);
}

const SPORT_LABELS: Readonly<Record<string, string>> = {
  MountainBikeRide: "Mountain Bike Ride",
  GravelRide: "Gravel Ride",
  TrailRun: "Trail Run",
  WeightTraining: "Weight Training",
  EBikeRide: "E-Bike Ride",
  VirtualRide: "Virtual Ride",
};

/** Strava's default names: "Morning Ride", "Lunch Run", "Evening Walk", ... */
export function defaultActivityName(localHour: number, sportType: string): string {
  const part =
    localHour < 4
      ? "Night"
      : localHour < 11
        ? "Morning"
        : localHour < 14
          ? "Lunch"
          : localHour < 17
            ? "Afternoon"
            : localHour < 21
              ? "Evening"
              : "Night";
  return `${part} ${SPORT_LABELS[sportType] ?? sportType}`;
}

/** Local start hour (fractional) typical for the activity. */
function startHour(rand: Random, metrics: Metrics): number {
  if (metrics.commute) return chance(rand, 0.5) ? between(rand, 8, 9.5) : between(rand, 18, 19.5);
  if (metrics.movingTime > 6 * 3600) return between(rand, 4.5, 6); // long days start early
  const r = rand();
  if (r < 0.65) return between(rand, 5, 9);
  if (r < 0.75) return between(rand, 11.5, 13.5);
  return between(rand, 17, 20.5);
}

const DEVICES: Readonly<Record<string, string>> = {
  Ride: "Garmin Edge 530",
  GravelRide: "Garmin Edge 530",
  MountainBikeRide: "Garmin Edge 530",
  EBikeRide: "Garmin Edge 530",
  VirtualRide: "Zwift",
};

const jitter = (rand: Random, [lat, lng]: [number, number], spread: number): [number, number] => [
  round(lat + between(rand, -spread, spread), 6),
  round(lng + between(rand, -spread, spread), 6),
];

interface Draft {
  startMs: number;
  metrics: Metrics;
  rand: Random;
}

/**
 * Start instant on one of the `days` local days before the end day. Anchoring
 * on whole local days means a later endDate shifts every activity by whole
 * days without reordering them, so ids keep naming the same activities.
 */
function placeStart(rand: Random, metrics: Metrics, endDayStartMs: number, days: number): number {
  const dayIndex = 1 + Math.floor(rand() * days);
  return endDayStartMs - dayIndex * DAY_MS + Math.round((startHour(rand, metrics) * HOUR_MS) / 1000) * 1000;
}

/** Google's encoded polyline of [lat, lon] points (precision 1e-5), as Strava's `summary_polyline`. */
export function encodeRoute(points: readonly [number, number][]): string {
  const value = (n: number) => {
    let v = n < 0 ? ~(n << 1) : n << 1;
    let out = "";
    while (v >= 0x20) {
      out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
      v >>= 5;
    }
    return out + String.fromCharCode(v + 63);
  };
  let lat = 0;
  let lon = 0;
  let out = "";
  for (const [a, b] of points) {
    const nLat = Math.round(a * 1e5);
    const nLon = Math.round(b * 1e5);
    out += value(nLat - lat) + value(nLon - lon);
    lat = nLat;
    lon = nLon;
  }
  return out;
}

/**
 * A route of about `distance` metres from start to end (no random draws, so
 * the seed's other values stay as they were): a loop when the two are close,
 * else a line bowed to one side; 48 points.
 */
function routePolyline(start: [number, number], end: [number, number], distance: number): string {
  const M_PER_DEG = 111_195;
  const k = Math.cos((start[0] * Math.PI) / 180);
  const dx = (end[1] - start[1]) * k * M_PER_DEG;
  const dy = (end[0] - start[0]) * M_PER_DEG;
  const gap = Math.hypot(dx, dy);
  const n = 48;
  const points: [number, number][] = [];
  if (distance <= 0) return "";
  if (gap < distance / 4) {
    const r = distance / (2 * Math.PI);
    for (let i = 0; i <= n; i++) {
      const t = (2 * Math.PI * i) / n;
      const x = r * Math.sin(t) * 1.3 + (dx * i) / n;
      const y = r * (1 - Math.cos(t)) * 0.8 + (dy * i) / n;
      points.push([start[0] + y / M_PER_DEG, start[1] + x / (k * M_PER_DEG)]);
    }
  } else {
    const bow = Math.sqrt(Math.max(0, (distance / 2) ** 2 - (gap / 2) ** 2)) / 2;
    for (let i = 0; i <= n; i++) {
      const t = i / n;
      const off = bow * Math.sin(Math.PI * t);
      const x = dx * t - (dy / gap) * off;
      const y = dy * t + (dx / gap) * off;
      points.push([start[0] + y / M_PER_DEG, start[1] + x / (k * M_PER_DEG)]);
    }
  }
  return encodeRoute(points);
}

function buildActivity(
  athleteId: number,
  id: number,
  draft: Draft,
  home: [number, number],
): StravaSummaryActivity {
  const { metrics, rand, startMs } = draft;
  const localMs = startMs + STRAVA_UTC_OFFSET * 1000;
  const localHour = new Date(localMs).getUTCHours();
  const manual = !metrics.trainer && chance(rand, 0.03);
  const distance = round(metrics.distance, 1);
  const movingTime = Math.max(60, metrics.movingTime);
  const pauses = metrics.indoor
    ? intBetween(rand, 0, 120)
    : Math.round(movingTime * between(rand, 0.02, 0.25));
  const elapsedTime = manual ? movingTime : movingTime + pauses;
  const averageSpeed = distance > 0 ? round(distance / movingTime, 3) : 0;
  const elevation = round((distance / 1000) * metrics.climbPerKm, 1);
  const hasLocation = !manual && !metrics.indoor;
  const start = hasLocation ? jitter(rand, home, 0.05) : null;
  const loop = !metrics.commute && chance(rand, 0.7);
  const end = start ? (loop ? jitter(rand, start, 0.002) : jitter(rand, start, 0.08)) : null;
  const hasHeartrate = !manual && metrics.sportType !== "Swim" && chance(rand, 0.75);
  const averageHeartrate = round(between(rand, 112, 162), 1);
  const isRide = metrics.sportType.endsWith("Ride");
  const watts = Math.round(between(rand, 140, 230));
  const uploadId = manual ? null : 10_000_000_000 + (id % 1_000_000_000) * 7;
  const privacy = rand();
  const elevLow = round(between(rand, 550, 920), 1);
  const activity: StravaSummaryActivity = {
    resource_state: 2,
    athlete: { id: athleteId, resource_state: 1 },
    name: metrics.name ?? defaultActivityName(localHour, metrics.sportType),
    distance,
    moving_time: movingTime,
    elapsed_time: elapsedTime,
    total_elevation_gain: elevation,
    type: legacyActivityType(metrics.sportType),
    sport_type: metrics.sportType,
    workout_type: metrics.workoutType,
    id,
    start_date: formatStravaDate(startMs),
    start_date_local: formatStravaDate(localMs),
    timezone: STRAVA_TIMEZONE,
    utc_offset: STRAVA_UTC_OFFSET,
    location_city: null,
    location_state: null,
    location_country: "India",
    achievement_count: distance > 0 && chance(rand, 0.4) ? intBetween(rand, 1, 12) : 0,
    kudos_count: intBetween(rand, 0, 30),
    comment_count: chance(rand, 0.2) ? intBetween(rand, 1, 5) : 0,
    athlete_count: chance(rand, 0.2) ? intBetween(rand, 2, 12) : 1,
    photo_count: 0,
    map: {
      id: `a${id}`,
      summary_polyline: start && end ? routePolyline(start, end, distance) : "",
      resource_state: 2,
    },
    trainer: metrics.trainer,
    commute: metrics.commute,
    manual,
    private: privacy < 0.05,
    visibility: privacy < 0.05 ? "only_me" : privacy < 0.1 ? "followers_only" : "everyone",
    flagged: false,
    gear_id: null,
    start_latlng: start ?? [],
    end_latlng: end ?? [],
    average_speed: averageSpeed,
    max_speed: distance > 0 ? round(averageSpeed * between(rand, 1.25, 1.9), 3) : 0,
    ...(isRide && !manual
      ? {
          average_cadence: round(between(rand, 75, 95), 1),
          average_watts: watts,
          kilojoules: round((watts * movingTime) / 1000, 1),
          device_watts: metrics.trainer,
        }
      : {}),
    has_heartrate: hasHeartrate,
    ...(hasHeartrate
      ? {
          average_heartrate: averageHeartrate,
          max_heartrate: Math.round(averageHeartrate + between(rand, 15, 32)),
        }
      : {}),
    heartrate_opt_out: false,
    display_hide_heartrate_option: hasHeartrate,
    ...(hasLocation
      ? { elev_high: round(elevLow + Math.min(elevation, between(rand, 20, 400)), 1), elev_low: elevLow }
      : {}),
    upload_id: uploadId,
    ...(uploadId === null ? {} : { upload_id_str: String(uploadId) }),
    external_id:
      uploadId === null
        ? null
        : metrics.sportType === "VirtualRide"
          ? `zwift-activity-${uploadId}.fit`
          : `garmin_ping_${uploadId}`,
    from_accepted_tag: false,
    pr_count: distance > 0 && chance(rand, 0.15) ? intBetween(rand, 1, 4) : 0,
    total_photo_count: 0,
    has_kudoed: false,
  };
  return activity;
}

/**
 * Deterministic activities for one athlete, oldest first, ids counting up from
 * `firstId` in start order (newer activities have larger ids, as on Strava).
 * They fall on the `days` local (IST) days before endDate's day, so all start
 * before endDate; the same arguments with another endDate give the same
 * activities moved by whole days.
 */
export function generateActivities(
  athleteId: number,
  count: number,
  opts: GenerateActivitiesOptions = {},
): StravaSummaryActivity[] {
  const rand = mulberry32(opts.seed ?? athleteId);
  const endMs = (opts.endDate ?? new Date()).getTime();
  const days = Math.max(1, Math.floor(opts.days ?? 730));
  const offsetMs = STRAVA_UTC_OFFSET * 1000;
  const endDayStartMs = Math.floor((endMs + offsetMs) / DAY_MS) * DAY_MS - offsetMs;
  const firstId = opts.firstId ?? athleteId * 1_000_000 + 1;
  const home = opts.home ?? cityFor(athleteId).latlng;

  const drafts: Draft[] = [];
  for (let i = 0; i < Math.max(0, Math.floor(count)); i++) {
    const metrics = drawMetrics(rand);
    const start = placeStart(rand, metrics, endDayStartMs, days);
    // Each activity gets its own stream so details don't shift the others.
    drafts.push({ startMs: start, metrics, rand: mulberry32(Math.floor(rand() * 4_294_967_296)) });
  }
  drafts.sort((a, b) => a.startMs - b.startMs);
  return drafts.map((draft, index) => buildActivity(athleteId, firstId + index, draft, home));
}

// ---------------------------------------------------------------------------
// Summary <-> detailed
// ---------------------------------------------------------------------------

/** Rough MET values used for the calorie estimate. */
const METS: Readonly<Record<string, number>> = {
  Ride: 8,
  GravelRide: 8.5,
  MountainBikeRide: 8.5,
  VirtualRide: 7,
  EBikeRide: 4,
  Run: 10,
  TrailRun: 10.5,
  Walk: 3.8,
  Swim: 7,
  Hike: 6,
  Yoga: 2.5,
  WeightTraining: 4,
  Workout: 5,
  Rowing: 7,
};

const DESCRIPTIONS: readonly string[] = [
  "Felt strong today",
  "Easy effort, legs tired",
  "With the club",
  "Windy out there!",
  "Recovery",
];

const DETAIL_KEYS = [
  "description",
  "calories",
  "device_name",
  "embed_token",
  "photos",
  "segment_efforts",
  "splits_metric",
] as const;

/** Per-km splits of a summary, derived without random draws: even pace, the climb spread in a wave. */
function splitsOf(summary: StravaSummaryActivity): StravaSplit[] {
  if (summary.manual || summary.trainer || summary.distance < 100 || summary.moving_time <= 0) return [];
  const speed = summary.distance / summary.moving_time;
  const count = Math.ceil(summary.distance / 1000);
  return Array.from({ length: count }, (_, i) => {
    const distance = i === count - 1 ? round(summary.distance - 1000 * i, 1) : 1000;
    const time = Math.round(distance / speed);
    const wave = Math.sin((i / Math.max(1, count - 1)) * Math.PI * 2);
    return {
      distance,
      elapsed_time: time,
      elevation_difference: round(
        (summary.total_elevation_gain / count) * (wave >= 0 ? 1.6 : -0.4) * (distance / 1000),
        1,
      ),
      moving_time: time,
      split: i + 1,
      average_speed: round(speed * (1 + 0.05 * wave), 2),
      ...(summary.average_heartrate !== undefined
        ? { average_heartrate: round(summary.average_heartrate + 6 * wave, 1) }
        : {}),
      pace_zone: 0,
    };
  });
}

/** DetailedActivity for a summary; description, calories etc. are derived deterministically. */
export function toDetailedActivity(
  summary: StravaSummaryActivity,
  details: Partial<Pick<StravaDetailedActivity, (typeof DETAIL_KEYS)[number]>> = {},
): StravaDetailedActivity {
  const hours = summary.moving_time / 3600;
  const calories =
    summary.kilojoules !== undefined
      ? summary.kilojoules * 1.1
      : (METS[summary.sport_type] ?? 5) * 70 * hours;
  return {
    ...summary,
    resource_state: 3,
    description: summary.id % 5 === 0 ? (DESCRIPTIONS[summary.id % DESCRIPTIONS.length] ?? null) : null,
    calories: round(calories, 1),
    device_name: summary.manual ? null : (DEVICES[summary.sport_type] ?? "Garmin Forerunner 255"),
    embed_token: hashHex(`embed:${summary.id}`) + hashHex(`token:${summary.id}`),
    photos: { primary: null, count: 0 },
    segment_efforts: [],
    splits_metric: splitsOf(summary),
    ...details,
  };
}

/** The SummaryActivity view of a detailed activity. */
export function toSummaryActivity(detailed: StravaDetailedActivity): StravaSummaryActivity {
  const summary: Record<string, unknown> = { ...detailed, resource_state: 2 };
  for (const key of DETAIL_KEYS) delete summary[key];
  return summary as unknown as StravaSummaryActivity;
}
