/**
 * Server-rendered SVG maps (issue #40): a route with its start, finish and a
 * scale bar, and the member's heatmap of every route. Pure: the loader
 * projects the track to SVG coordinates, so the page ships path data, never
 * a map library or the polyline code. Projection: equirectangular at the
 * track's middle latitude (true to scale at a city's size); with a basemap
 * (MAP_TILES_URL, decision 050) Web Mercator, the tiles' own projection, and
 * the raster tiles that cover the map as SVG images under the track.
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
  /** The basemap's tiles under the route (empty without MAP_TILES_URL), with their attribution. */
  tiles: MapTile[];
  attribution: string | null;
}

export interface MapTile {
  href: string;
  x: number;
  y: number;
  size: number;
}

/** A configured basemap: a URL template with {z}, {x} and {y}, and what the map must credit. */
export interface TileSource {
  url: string;
  attribution: string;
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
export function routeMap(
  polyline: string,
  tiles: TileSource | null = null,
  maxWidth = 640,
  maxHeight = 400,
  pad = 24,
): RouteMapSvg | null {
  const points = decodePolyline(polyline);
  if (points.length < 2) return null;
  const mercator = tiles ? mercatorProjection(points, maxWidth, maxHeight, pad) : null;
  const p = mercator ?? projection(points, maxWidth, maxHeight, pad);
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
    tiles: tiles && mercator ? coveringTiles(tiles.url, mercator) : [],
    attribution: tiles?.attribution ?? null,
  };
}

/** Web Mercator's tiles: 256 px, zoom 0 is the world in one tile; the deepest zoom raster servers offer. */
const TILE_PX = 256;
const MAX_TILE_ZOOM = 18;
/** Metres per pixel of zoom 0 at the equator (the WGS 84 equator / 256). */
const EQUATOR_M_PER_PX = 156_543.033_92;
const MAX_MERCATOR_LAT = 85.051_128_78;

/** A point in zoom-0 Web Mercator pixels (0-256 across the world, y down). */
const mercatorX = (lon: number) => ((lon + 180) / 360) * TILE_PX;
function mercatorY(lat: number) {
  const s = Math.sin((Math.max(-MAX_MERCATOR_LAT, Math.min(MAX_MERCATOR_LAT, lat)) * Math.PI) / 180);
  return (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * TILE_PX;
}

/**
 * Web Mercator fitted to the box: `fit` SVG pixels per zoom-0 pixel, the deepest tile zoom whose
 * tiles are drawn at 1-2× (so they stay sharp), and the SVG's top left corner in zoom-0 pixels.
 */
function mercatorProjection(points: readonly LatLon[], maxWidth: number, maxHeight: number, pad: number) {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [lat, lon] of points) {
    const x = mercatorX(lon);
    const y = mercatorY(lat);
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (lat < minLat) minLat = lat;
    if (lat > maxLat) maxLat = lat;
  }
  const w0 = maxX - minX;
  const h0 = maxY - minY;
  // A route of a few metres: no deeper than the tiles go (drawn at most 2× their size).
  const fit = Math.min(
    w0 > 0 ? (maxWidth - 2 * pad) / w0 : Infinity,
    h0 > 0 ? (maxHeight - 2 * pad) / h0 : Infinity,
    2 ** (MAX_TILE_ZOOM + 1),
  );
  const zoom = Math.max(0, Math.min(MAX_TILE_ZOOM, Math.floor(Math.log2(fit))));
  const width = Math.round(Math.max(w0 * fit + 2 * pad, maxWidth / 2));
  const height = Math.round(Math.max(h0 * fit + 2 * pad, maxHeight / 2));
  const left = minX - (width - w0 * fit) / 2 / fit;
  const top = minY - (height - h0 * fit) / 2 / fit;
  const midLat = (minLat + maxLat) / 2;
  return {
    x: (q: LatLon) => (mercatorX(q[1]) - left) * fit,
    y: (q: LatLon) => (mercatorY(q[0]) - top) * fit,
    ppm: fit / (EQUATOR_M_PER_PX * Math.cos((midLat * Math.PI) / 180)),
    width,
    height,
    zoom,
    left,
    top,
    fit,
  };
}

/** The tiles at the projection's zoom that cover the SVG, placed in SVG pixels (x wraps the antimeridian). */
function coveringTiles(
  template: string,
  p: { zoom: number; left: number; top: number; fit: number; width: number; height: number },
): MapTile[] {
  const n = 2 ** p.zoom;
  const tile0 = TILE_PX / n;
  const size = tile0 * p.fit;
  const x0 = Math.floor(p.left / tile0);
  const x1 = Math.ceil((p.left + p.width / p.fit) / tile0) - 1;
  const y0 = Math.max(0, Math.floor(p.top / tile0));
  const y1 = Math.min(n - 1, Math.ceil((p.top + p.height / p.fit) / tile0) - 1);
  const tiles: MapTile[] = [];
  for (let ty = y0; ty <= y1; ty++)
    for (let tx = x0; tx <= x1; tx++)
      tiles.push({
        href: template
          .replaceAll("{z}", String(p.zoom))
          .replaceAll("{x}", String(((tx % n) + n) % n))
          .replaceAll("{y}", String(ty)),
        x: r1((tx * tile0 - p.left) * p.fit),
        y: r1((ty * tile0 - p.top) * p.fit),
        // A hair over, so neighbouring tiles meet without a seam after rounding.
        size: r1(size) + 0.2,
      });
  return tiles;
}

export interface HeatmapSvg {
  width: number;
  height: number;
  /** SVG units per grid cell: the layers' paths are in cells (draw them scaled by this) */
  cell: number;
  /** paths by how many routes share each stretch: once, 2–4 times, 5 times or more */
  layers: { routes: string; path: string }[];
  scale: { px: number; label: string };
  routes: number;
  /** Drawn in Web Mercator for a basemap: where the tiles go (heatmapTiles); null: equirectangular. */
  basemap: { zoom: number; left: number; top: number; fit: number } | null;
}

/** Grid cells across the heatmap's longer side. */
const HEATMAP_CELLS = 160;

/**
 * The points of many encoded polylines in one typed array ([lat, lon, lat,
 * lon, …]) with where each route starts: no array per point, so 2,000 routes
 * of 300 points decode in a few milliseconds.
 */
function decodeAll(polylines: readonly string[]) {
  let capacity = 0;
  for (const e of polylines) capacity += e.length;
  const coords = new Float64Array(capacity);
  const starts: number[] = [];
  let n = 0;
  for (const encoded of polylines) {
    const start = n;
    let index = 0;
    let lat = 0;
    let lon = 0;
    const len = encoded.length;
    while (index < len) {
      let result = 0;
      let shift = 0;
      let b = 0;
      do {
        b = encoded.charCodeAt(index++) - 63;
        result |= (b & 0x1f) << shift;
        shift += 5;
      } while (b >= 0x20 && index < len && shift <= 30);
      if (b < 0 || b >= 0x20) break;
      const dLat = result & 1 ? ~(result >> 1) : result >> 1;
      result = 0;
      shift = 0;
      do {
        b = index < len ? encoded.charCodeAt(index++) - 63 : -1;
        result |= (b & 0x1f) << shift;
        shift += 5;
      } while (b >= 0x20 && shift <= 30);
      if (b < 0 || b >= 0x20) break;
      const dLon = result & 1 ? ~(result >> 1) : result >> 1;
      lat += dLat;
      lon += dLon;
      coords[n++] = lat / 1e5;
      coords[n++] = lon / 1e5;
    }
    if (n - start >= 4) starts.push(start, n);
    else n = start;
  }
  return { coords, starts };
}

/** The four "forward" steps to a neighbouring cell; a step the other way is stored from its other end. */
const STEP = (dx: number, dy: number) => (dy === 0 ? 0 : dx === 1 ? 1 : dx === 0 ? 2 : 3);

/**
 * Every route drawn together. Each route is snapped to a grid of
 * HEATMAP_CELLS cells (5 px of an 800 px map) and walked from cell to
 * neighbouring cell; each step is counted once per route in typed arrays,
 * then drawn in one path per band of how many routes share it, so the page
 * stays small and quick however many routes share a road.
 */
export function heatmap(
  polylines: readonly string[],
  opts: { mercator?: boolean; size?: number; pad?: number } = {},
): HeatmapSvg | null {
  const { mercator = false, size = 800, pad = 16 } = opts;
  const { coords, starts } = decodeAll(polylines);
  if (starts.length === 0) return null;
  let minLat = Infinity;
  let maxLat = -Infinity;
  let minLon = Infinity;
  let maxLon = -Infinity;
  for (let i = 0; i < starts.length; i += 2)
    for (let j = starts[i]!; j < starts[i + 1]!; j += 2) {
      const lat = coords[j]!;
      const lon = coords[j + 1]!;
      if (lat < minLat) minLat = lat;
      if (lat > maxLat) maxLat = lat;
      if (lon < minLon) minLon = lon;
      if (lon > maxLon) maxLon = lon;
    }
  const corners: LatLon[] = [
    [minLat, minLon],
    [maxLat, maxLon],
  ];
  const m = mercator ? mercatorProjection(corners, size, size, pad) : null;
  const p = m ?? projection(corners, size, size, pad);
  const N = HEATMAP_CELLS;
  const cell = size / N;
  const cols = Math.ceil(p.width / cell) + 1;
  const rows = Math.ceil(p.height / cell) + 1;
  const counts = new Uint16Array(cols * rows * 4);
  const stamp = new Int32Array(cols * rows * 4);
  const count = (x: number, y: number, dx: number, dy: number, route: number) => {
    // Store every step in one of the four forward directions.
    if (dy < 0 || (dy === 0 && dx < 0)) {
      x += dx;
      y += dy;
      dx = -dx;
      dy = -dy;
    }
    const k = (y * cols + x) * 4 + STEP(dx, dy);
    if (stamp[k] !== route) {
      stamp[k] = route;
      if (counts[k]! < 65_535) counts[k]! += 1;
    }
  };
  const pt: LatLon = [0, 0];
  for (let r = 0; r < starts.length; r += 2) {
    const route = r / 2 + 1;
    let px = -1;
    let py = -1;
    for (let j = starts[r]!; j < starts[r + 1]!; j += 2) {
      pt[0] = coords[j]!;
      pt[1] = coords[j + 1]!;
      const x = Math.floor(p.x(pt) / cell);
      const y = Math.floor(p.y(pt) / cell);
      if (px >= 0) {
        // Walk the cells between (Bresenham), one neighbouring step at a time.
        let cx = px;
        let cy = py;
        const ax = Math.abs(x - px);
        const ay = Math.abs(y - py);
        const sx = x > px ? 1 : -1;
        const sy = y > py ? 1 : -1;
        let err = ax - ay;
        while (cx !== x || cy !== y) {
          const e2 = 2 * err;
          let dx = 0;
          let dy = 0;
          if (e2 > -ay) {
            err -= ay;
            dx = sx;
          }
          if (e2 < ax) {
            err += ax;
            dy = sy;
          }
          count(cx, cy, dx, dy, route);
          cx += dx;
          cy += dy;
        }
      }
      px = x;
      py = y;
    }
  }
  const bands: string[][] = [[], [], []];
  const MOVES = ["h1", "l1 1", "v1", "l-1 1"];
  for (let k = 0; k < counts.length; k++) {
    const n = counts[k]!;
    if (n === 0) continue;
    const at = k >> 2;
    bands[n >= 5 ? 2 : n >= 2 ? 1 : 0]!.push(`M${at % cols} ${Math.floor(at / cols)}${MOVES[k & 3]}`);
  }
  return {
    width: p.width,
    height: p.height,
    cell,
    layers: [
      { routes: "1", path: bands[0]!.join("") },
      { routes: "2–4", path: bands[1]!.join("") },
      { routes: "5+", path: bands[2]!.join("") },
    ],
    scale: scaleBar(p.ppm, p.width / 4),
    routes: starts.length / 2,
    basemap: m ? { zoom: m.zoom, left: m.left, top: m.top, fit: m.fit } : null,
  };
}

/** The basemap's tiles under a heatmap drawn for one (none for an equirectangular one). */
export function heatmapTiles(map: HeatmapSvg, source: TileSource): MapTile[] {
  return map.basemap
    ? coveringTiles(source.url, { ...map.basemap, width: map.width, height: map.height })
    : [];
}
