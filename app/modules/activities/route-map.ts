/**
 * Server-rendered SVG maps (issue #40): a route with its start, finish and a
 * scale bar, and the member's heatmap of every route. Pure: the loader
 * projects the track to SVG coordinates, so the page ships path data, never
 * a map library or the polyline code. Projection: equirectangular at the
 * track's middle latitude (true to scale at a city's size).
 */
import { decodePolyline, type LatLon } from "./track-geometry";

const M_PER_DEG = 111_195;

export interface RouteMapSvg {
  width: number;
  height: number;
  /** the route as one SVG path */
  path: string;
  start: [number, number];
  finish: [number, number];
  scale: { px: number; label: string };
}

interface Projection {
  x: (p: LatLon) => number;
  y: (p: LatLon) => number;
  /** pixels per metre */
  ppm: number;
  width: number;
  height: number;
}

function projection(points: readonly LatLon[], maxWidth: number, maxHeight: number, pad: number) {
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (const [lat, lon] of points) {
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
    if (lon < minLon) minLon = lon;
    if (lon > maxLon) maxLon = lon;
  }
  const k = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const wM = Math.max(1, (maxLon - minLon) * k * M_PER_DEG);
  const hM = Math.max(1, (maxLat - minLat) * M_PER_DEG);
  const ppm = Math.min((maxWidth - 2 * pad) / wM, (maxHeight - 2 * pad) / hM);
  const width = Math.round(Math.max(wM * ppm + 2 * pad, maxWidth / 2));
  const height = Math.round(Math.max(hM * ppm + 2 * pad, maxHeight / 2));
  const offX = (width - wM * ppm) / 2;
  const offY = (height - hM * ppm) / 2;
  return {
    x: (p: LatLon) => offX + (p[1] - minLon) * k * M_PER_DEG * ppm,
    y: (p: LatLon) => offY + (maxLat - p[0]) * M_PER_DEG * ppm,
    ppm,
    width,
    height,
  } satisfies Projection;
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The longest 1, 2 or 5 × 10ⁿ metres that fits in `maxPx`. */
function scaleBar(ppm: number, maxPx: number) {
  const maxM = maxPx / ppm;
  let best = 1;
  for (let exp = 0; exp <= 7; exp++)
    for (const step of [1, 2, 5]) {
      const m = step * 10 ** exp;
      if (m <= maxM) best = m;
    }
  return { px: r1(best * ppm), label: best >= 1000 ? `${best / 1000} km` : `${best} m` };
}

/** The SVG of one route (an encoded polyline), or null when it has fewer than two points. */
export function routeMap(polyline: string, maxWidth = 640, maxHeight = 400, pad = 24): RouteMapSvg | null {
  const points = decodePolyline(polyline);
  if (points.length < 2) return null;
  const p = projection(points, maxWidth, maxHeight, pad);
  const path = points.map((q, i) => `${i ? "L" : "M"}${r1(p.x(q))} ${r1(p.y(q))}`).join("");
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return {
    width: p.width,
    height: p.height,
    path,
    start: [r1(p.x(first)), r1(p.y(first))],
    finish: [r1(p.x(last)), r1(p.y(last))],
    scale: scaleBar(p.ppm, p.width / 4),
  };
}

export interface HeatmapSvg {
  width: number;
  height: number;
  /** paths by how many routes share each stretch: once, 2–4 times, 5 times or more */
  layers: { routes: string; path: string }[];
  scale: { px: number; label: string };
  routes: number;
}

/**
 * Every route drawn together. Each route is snapped to a 1 px grid and its
 * stretches counted; one path per band of how often a stretch was ridden, so
 * the page stays small however many routes share a road (2,000 routes of
 * 400 points: a few tens of thousands of unique stretches at most).
 */
export function heatmap(polylines: readonly string[], size = 800, pad = 16): HeatmapSvg | null {
  const routes = polylines.map(decodePolyline).filter((r) => r.length >= 2);
  if (routes.length === 0) return null;
  const p = projection(routes.flat(), size, size, pad);
  const counts = new Map<number, number>();
  const W = 4096;
  for (const route of routes) {
    const seen = new Set<number>();
    let px = -1;
    let py = -1;
    for (const q of route) {
      const x = Math.round(p.x(q));
      const y = Math.round(p.y(q));
      if (px >= 0 && (x !== px || y !== py)) {
        // One key per undirected stretch: the smaller end first.
        const a = px * W + py;
        const b = x * W + y;
        const key = a < b ? a * W * W + b : b * W * W + a;
        if (!seen.has(key)) {
          seen.add(key);
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      px = x;
      py = y;
    }
  }
  const bands = [
    { routes: "1", path: [] as string[] },
    { routes: "2–4", path: [] as string[] },
    { routes: "5+", path: [] as string[] },
  ];
  for (const [key, n] of counts) {
    const a = Math.floor(key / (W * W));
    const b = key % (W * W);
    const seg = `M${Math.floor(a / W)} ${a % W}L${Math.floor(b / W)} ${b % W}`;
    bands[n >= 5 ? 2 : n >= 2 ? 1 : 0]!.path.push(seg);
  }
  return {
    width: p.width,
    height: p.height,
    layers: bands.map((b) => ({ routes: b.routes, path: b.path.join("") })),
    scale: scaleBar(p.ppm, p.width / 4),
    routes: routes.length,
  };
}
