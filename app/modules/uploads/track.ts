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

/** Elevation gain with the hysteresis, one altitude at a time. */
export class ElevationGain {
  gain = 0;
  private reference: number | null = null;

  add(ele: number | null | undefined): void {
    if (ele == null || !Number.isFinite(ele)) return;
    if (this.reference === null) this.reference = ele;
    else if (ele - this.reference >= ELEVATION_HYSTERESIS_M) {
      this.gain += ele - this.reference;
      this.reference = ele;
    } else if (this.reference - ele >= ELEVATION_HYSTERESIS_M) this.reference = ele;
  }
}

export function elevationGain(altitudes: Iterable<number | null | undefined>): number {
  const gain = new ElevationGain();
  for (const ele of altitudes) gain.add(ele);
  return gain.gain;
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

/**
 * The running summary of a track, fed one point at a time (the parsers stream
 * their files through it and keep no points). A point's fields are copied, so
 * callers may reuse one object for every point.
 */
export class TrackSummariser {
  private distance = 0;
  private moving = 0;
  private maxSpeed: number | null = null;
  private hrSum = 0;
  private hrCount = 0;
  private hrMax: number | null = null;
  private start: number | null = null;
  private end: number | null = null;
  private readonly elevation = new ElevationGain();
  /** points seen with an altitude */
  altitudes = 0;
  private hasPrev = false;
  private prevTime: number | null = null;
  private prevLat: number | null = null;
  private prevLon: number | null = null;
  private prevDistance: number | null = null;

  /** Starts a segment: the gap from the previous point is neither distance nor moving time. */
  segment(): void {
    this.hasPrev = false;
  }

  add(p: TrackPoint): void {
    this.elevation.add(p.ele);
    if (p.ele != null) this.altitudes += 1;
    if (p.time != null) {
      if (this.start === null || p.time < this.start) this.start = p.time;
      if (this.end === null || p.time > this.end) this.end = p.time;
    }
    if (p.hr != null && p.hr > 0) {
      this.hrSum += p.hr;
      this.hrCount += 1;
      this.hrMax = Math.max(this.hrMax ?? 0, p.hr);
    }
    const distance = p.distance ?? null;
    if (this.hasPrev) {
      let step = 0;
      if (distance != null && this.prevDistance != null) step = Math.max(0, distance - this.prevDistance);
      else if (p.lat != null && p.lon != null && this.prevLat != null && this.prevLon != null)
        step = haversine(this.prevLat, this.prevLon, p.lat, p.lon);
      this.distance += step;
      if (p.time != null && this.prevTime != null) {
        const dt = (p.time - this.prevTime) / 1000;
        if (dt > 0 && dt <= MAX_MOVING_GAP_S && step / dt >= MOVING_SPEED_MS) {
          this.moving += dt;
          this.maxSpeed = Math.max(this.maxSpeed ?? 0, step / dt);
        }
      }
    }
    this.hasPrev = true;
    this.prevTime = p.time;
    this.prevLat = p.lat;
    this.prevLon = p.lon;
    this.prevDistance = distance;
  }

  summary(): TrackSummary {
    return {
      start: this.start,
      end: this.end,
      distance: this.distance,
      movingTime: this.moving,
      elevationGain: this.elevation.gain,
      averageHeartrate: this.hrCount ? this.hrSum / this.hrCount : null,
      maxHeartrate: this.hrMax,
      maxSpeed: this.maxSpeed,
    };
  }
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
