/**
 * An activity's track as the app keeps it (issue #40, docs/decisions/050-activity-tracks.md):
 * a polyline in Google's encoded polyline format (what Strava's
 * `map.summary_polyline` is), simplified with Douglas–Peucker; per-km splits;
 * a downsampled profile. Pure functions shared by the upload parser, the
 * detail page, the heatmap and the tests.
 */

/** [lat, lon] in degrees. */
export type LatLon = [number, number];

export interface Split {
  /** 1-based kilometre */
  km: number;
  /** metres in this split (1000 but for the last) */
  distance: number;
  /** moving seconds */
  movingTime: number;
  /** metres climbed */
  elevationGain: number;
  /** mean of the heart-rate samples, bpm */
  averageHeartrate: number | null;
}

export interface Profile {
  /** km from the start */
  distance: number[];
  /** metres, or null where unknown */
  elevation: (number | null)[];
  /** km/h */
  speed: (number | null)[];
  /** bpm */
  heartrate: (number | null)[];
}

/** The most points a stored polyline keeps (Douglas–Peucker's tolerance grows until it fits). */
export const MAX_POLYLINE_POINTS = 400;
/** The points of a stored profile. */
export const PROFILE_POINTS = 500;

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres (haversine). */
export function distanceM(a: LatLon, b: LatLon): number {
  const dLat = rad(b[0] - a[0]);
  const dLon = rad(b[1] - a[1]);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a[0])) * Math.cos(rad(b[0])) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

function encodeValue(value: number): string {
  let v = value < 0 ? ~(value << 1) : value << 1;
  let out = "";
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v & 0x1f)) + 63);
    v >>= 5;
  }
  return out + String.fromCharCode(v + 63);
}

/** Google's encoded polyline (precision 1e-5), https://developers.google.com/maps/documentation/utilities/polylinealgorithm */
export function encodePolyline(points: readonly LatLon[]): string {
  let lat = 0;
  let lon = 0;
  let out = "";
  for (const [pLat, pLon] of points) {
    const nLat = Math.round(pLat * 1e5);
    const nLon = Math.round(pLon * 1e5);
    out += encodeValue(nLat - lat) + encodeValue(nLon - lon);
    lat = nLat;
    lon = nLon;
  }
  return out;
}

/** The points of an encoded polyline; a damaged string yields the points read before the damage. */
export function decodePolyline(encoded: string): LatLon[] {
  const points: LatLon[] = [];
  let index = 0;
  let lat = 0;
  let lon = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    for (;;) {
      if (index >= encoded.length || shift > 30) return null;
      const b = encoded.charCodeAt(index++) - 63;
      if (b < 0 || b > 63) return null;
      result |= (b & 0x1f) << shift;
      shift += 5;
      if (b < 0x20) break;
    }
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLon = next();
    if (dLat === null || dLon === null) break;
    lat += dLat;
    lon += dLon;
    points.push([lat / 1e5, lon / 1e5]);
  }
  return points;
}

/** Distance in metres of p from the segment a–b, on a local flat projection (fine at a track's scale). */
function offsetM(p: LatLon, a: LatLon, b: LatLon): number {
  const k = Math.cos(rad(a[0]));
  const m = 111_195;
  const ax = 0;
  const ay = 0;
  const bx = (b[1] - a[1]) * k * m;
  const by = (b[0] - a[0]) * m;
  const px = (p[1] - a[1]) * k * m;
  const py = (p[0] - a[0]) * m;
  const len2 = bx * bx + by * by;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * bx + (py - ay) * by) / len2));
  return Math.hypot(px - t * bx, py - t * by);
}

/** Douglas–Peucker with a tolerance in metres (iterative: a 100,000-point track needs no deep stack). */
export function douglasPeucker(points: readonly LatLon[], toleranceM: number): LatLon[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const stack: [number, number][] = [[0, points.length - 1]];
  while (stack.length) {
    const [first, last] = stack.pop()!;
    let worst = -1;
    let worstAt = -1;
    for (let i = first + 1; i < last; i++) {
      const d = offsetM(points[i]!, points[first]!, points[last]!);
      if (d > worst) {
        worst = d;
        worstAt = i;
      }
    }
    if (worstAt > 0 && worst > toleranceM) {
      keep[worstAt] = 1;
      stack.push([first, worstAt], [worstAt, last]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * The track simplified to at most `maxPoints` points: Douglas–Peucker from a
 * 2 m tolerance, doubled until it fits. First and last points always stay.
 */
export function simplifyTrack(points: readonly LatLon[], maxPoints = MAX_POLYLINE_POINTS): LatLon[] {
  let tolerance = 2;
  let simplified = douglasPeucker(points, tolerance);
  while (simplified.length > maxPoints) {
    tolerance *= 2;
    simplified = douglasPeucker(simplified, tolerance);
  }
  return simplified;
}

/**
 * The track without its first and last `metres` (a privacy zone, as Strava's
 * hide the start and end of a shared map). Cut at the first and last point
 * that far along; a track shorter than twice that leaves nothing.
 */
export function trimEnds(points: readonly LatLon[], metres: number): LatLon[] {
  if (metres <= 0 || points.length === 0) return [...points];
  const along: number[] = [0];
  for (let i = 1; i < points.length; i++) along.push(along[i - 1]! + distanceM(points[i - 1]!, points[i]!));
  const total = along[along.length - 1]!;
  if (total <= 2 * metres) return [];
  return points.filter((_, i) => along[i]! >= metres && along[i]! <= total - metres);
}
