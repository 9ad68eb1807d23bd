/**
 * Numbers from a recorded track (GPX and TCX points; FIT files without a
 * session summary), pure functions shared by the parsers.
 *
 * Elevation gain uses a hysteresis of ELEVATION_HYSTERESIS_M: a climb is
 * counted only once the altitude has risen that far above the last reference
 * point, and the reference follows every descent of that size. GPS and
 * barometer noise of a metre or two up and down therefore adds nothing, while
 * every real climb is counted from its foot (what Strava and Garmin do with
 * their own smoothing, in spirit). Missing altitudes are skipped.
 *
 * Moving time adds the time between consecutive points of one segment when
 * the speed between them is at least MOVING_SPEED_MS and the gap is at most
 * MAX_MOVING_GAP_S: stops, auto-pauses and the gap between segments drop out.
 */
export const ELEVATION_HYSTERESIS_M = 3;
export const MOVING_SPEED_MS = 0.5;
export const MAX_MOVING_GAP_S = 60;

export interface TrackPoint {
  /** epoch milliseconds */
  time: number | null;
  lat: number | null;
  lon: number | null;
  ele: number | null;
  hr: number | null;
  /** a device's cumulative distance (TCX), metres */
  distance?: number | null;
}

export function elevationGain(altitudes: Iterable<number | null | undefined>): number {
  let gain = 0;
  let reference: number | null = null;
  for (const ele of altitudes) {
    if (ele == null || !Number.isFinite(ele)) continue;
    if (reference === null) reference = ele;
    else if (ele - reference >= ELEVATION_HYSTERESIS_M) {
      gain += ele - reference;
      reference = ele;
    } else if (reference - ele >= ELEVATION_HYSTERESIS_M) reference = ele;
  }
  return gain;
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function haversine(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

export interface TrackSummary {
  start: number | null;
  end: number | null;
  distance: number;
  movingTime: number;
  elevationGain: number;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  maxSpeed: number | null;
}

/** Summarises segments of points (each segment in time order). */
export function summarise(segments: TrackPoint[][]): TrackSummary {
  let distance = 0;
  let moving = 0;
  let maxSpeed: number | null = null;
  let hrSum = 0;
  let hrCount = 0;
  let hrMax: number | null = null;
  let start: number | null = null;
  let end: number | null = null;
  const altitudes: (number | null)[] = [];
  for (const points of segments) {
    let prev: TrackPoint | null = null;
    for (const p of points) {
      altitudes.push(p.ele);
      if (p.time != null) {
        if (start === null || p.time < start) start = p.time;
        if (end === null || p.time > end) end = p.time;
      }
      if (p.hr != null && p.hr > 0) {
        hrSum += p.hr;
        hrCount += 1;
        hrMax = Math.max(hrMax ?? 0, p.hr);
      }
      if (prev) {
        let step = 0;
        if (p.distance != null && prev.distance != null) step = Math.max(0, p.distance - prev.distance);
        else if (p.lat != null && p.lon != null && prev.lat != null && prev.lon != null)
          step = haversine(prev.lat, prev.lon, p.lat, p.lon);
        distance += step;
        if (p.time != null && prev.time != null) {
          const dt = (p.time - prev.time) / 1000;
          if (dt > 0 && dt <= MAX_MOVING_GAP_S && step / dt >= MOVING_SPEED_MS) {
            moving += dt;
            maxSpeed = Math.max(maxSpeed ?? 0, step / dt);
          }
        }
      }
      prev = p;
    }
  }
  return {
    start,
    end,
    distance,
    movingTime: moving,
    elevationGain: elevationGain(altitudes),
    averageHeartrate: hrCount ? hrSum / hrCount : null,
    maxHeartrate: hrMax,
    maxSpeed,
  };
}

/**
 * A sport type from a file's free-text sport ("cycling", "Biking", "running",
 * Strava's GPX codes "1"/"9"…), or null when it says nothing we know.
 */
export function sportFromText(value: unknown): string | null {
  const text = String(value ?? "")
    .trim()
    .toLowerCase();
  if (!text) return null;
  const STRAVA_GPX_CODES: Record<string, string> = { "1": "Ride", "9": "Run", "10": "Walk", "4": "Hike" };
  if (STRAVA_GPX_CODES[text]) return STRAVA_GPX_CODES[text]!;
  if (/virtual.*(ride|cycl|bik)|indoor.*cycl/.test(text)) return "VirtualRide";
  if (/mountain|mtb/.test(text)) return "MountainBikeRide";
  if (/gravel/.test(text)) return "GravelRide";
  if (/cycl|bik|ride/.test(text)) return "Ride";
  if (/trail.*run/.test(text)) return "TrailRun";
  if (/run/.test(text)) return "Run";
  if (/swim/.test(text)) return "Swim";
  if (/hik/.test(text)) return "Hike";
  if (/walk/.test(text)) return "Walk";
  return null;
}

/** When a file names no sport: guessed from the average moving speed (> 12 km/h ride, > 7 km/h run, else walk). */
export function sportFromSpeed(distance: number, movingTime: number): string {
  const speed = movingTime > 0 ? distance / movingTime : 0;
  if (speed > 12 / 3.6) return "Ride";
  if (speed > 7 / 3.6) return "Run";
  return "Walk";
}
