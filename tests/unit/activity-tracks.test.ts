// Issue #40: the track kept for an activity (polyline, simplification, privacy
// zones) and an uploaded file's splits and profile, against values worked out
// by hand from how each fixture was written.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  decodePolyline,
  distanceM,
  douglasPeucker,
  encodePolyline,
  MAX_POLYLINE_POINTS,
  simplifyTrack,
  trimEnds,
  type LatLon,
} from "~/modules/activities/track-geometry";
import { heatmap, heatmapTiles, routeMap } from "~/modules/activities/route-map";
import { kindOf, parseUpload } from "~/modules/uploads/parse";
import { TrackRecorder } from "~/modules/uploads/track-detail";
import { vectorTileSvg } from "~/modules/activities/vector-tile-svg";
import { encodeFit } from "~scripts/make-activity-fixtures";
import { vectorTile } from "../fakes/pmtiles";

const DIR = join(import.meta.dirname, "../fixtures/activities");

function record(kind: "fit" | "gpx" | "tcx", bytes: Uint8Array) {
  const recorder = new TrackRecorder();
  const [activity] = parseUpload(kind, bytes, {
    onPoint: recorder.add,
    onSegment: recorder.segment,
  }).activities;
  return { activity: activity!, track: recorder.result() };
}
const fixture = (name: string) =>
  record(kindOf(name) as "gpx", new Uint8Array(readFileSync(join(DIR, name))));

describe("encoded polylines", () => {
  it("encodes and decodes Google's documented example", () => {
    const points: LatLon[] = [
      [38.5, -120.2],
      [40.7, -120.95],
      [43.252, -126.453],
    ];
    expect(encodePolyline(points)).toBe("_p~iF~ps|U_ulLnnqC_mqNvxq`@");
    expect(decodePolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")).toEqual(points);
  });

  it("round-trips at 1e-5 degrees and stops at a damaged tail", () => {
    const points: LatLon[] = [
      [18.52043, 73.85674],
      [18.5, 73.9],
      [-33.86785, 151.20732],
    ];
    expect(decodePolyline(encodePolyline(points))).toEqual(points);
    expect(decodePolyline(`${encodePolyline(points.slice(0, 2))}\u0001`)).toEqual(points.slice(0, 2));
    expect(decodePolyline("")).toEqual([]);
  });
});

describe("Douglas–Peucker", () => {
  // A 10 km line north with 1 m of zigzag every 5 m: the zigzag is within the 2 m tolerance.
  const zigzag: LatLon[] = Array.from({ length: 2001 }, (_, i) => [
    18.5 + (i * 5) / 111_195,
    73.85 + ((i % 2 ? 1 : -1) * 0.5) / (111_195 * Math.cos((18.5 * Math.PI) / 180)),
  ]);

  it("drops what is within the tolerance and keeps both ends", () => {
    const simplified = douglasPeucker(zigzag, 2);
    expect(simplified).toEqual([zigzag[0], zigzag[2000]]);
  });

  it("keeps a square's corners", () => {
    const side = Array.from({ length: 11 }, (_, i) => i / 10);
    const square: LatLon[] = [
      ...side.map((t): LatLon => [18.5 + 0.01 * t, 73.85]),
      ...side.slice(1).map((t): LatLon => [18.51, 73.85 + 0.01 * t]),
      ...side.slice(1).map((t): LatLon => [18.51 - 0.01 * t, 73.86]),
    ];
    expect(douglasPeucker(square, 2)).toEqual([
      [18.5, 73.85],
      [18.51, 73.85],
      [18.51, 73.86],
      [18.5, 73.86],
    ]);
  });

  it("simplifies a 20,000-point wandering track to at most MAX_POLYLINE_POINTS, ends kept", () => {
    const wander: LatLon[] = Array.from({ length: 20_000 }, (_, i) => [
      18.5 + 0.01 * Math.sin(i / 300) + i * 1e-6,
      73.85 + 0.01 * Math.cos(i / 170),
    ]);
    const simplified = simplifyTrack(wander);
    expect(simplified.length).toBeLessThanOrEqual(MAX_POLYLINE_POINTS);
    expect(simplified.length).toBeGreaterThan(20);
    expect(simplified[0]).toEqual(wander[0]);
    expect(simplified.at(-1)).toEqual(wander.at(-1));
  });
});

describe("privacy zones", () => {
  // 31 points 100 m apart on a meridian: 3 km.
  const line: LatLon[] = Array.from({ length: 31 }, (_, i) => [18.5 + (i * 100) / 111_195, 73.85]);

  it("hides the first and last N metres, never less", () => {
    expect(trimEnds(line, 0)).toEqual(line);
    const kept = trimEnds(line, 200);
    expect(kept).toEqual(line.slice(2, 29));
    expect(distanceM(line[0]!, kept[0]!)).toBeGreaterThanOrEqual(199.9);
    expect(distanceM(kept.at(-1)!, line[30]!)).toBeGreaterThanOrEqual(199.9);
    expect(trimEnds(line, 1000)).toEqual(line.slice(10, 21));
  });

  it("leaves nothing of a track shorter than both zones", () => {
    expect(trimEnds(line, 1600)).toEqual([]);
  });
});

describe("splits and profile of uploaded files", () => {
  it("a 6-hour ride recorded every second (21,600 records): 172 km splits and the last 800 m", () => {
    // 8 m/s: each km takes 125 s; the road climbs 10 m at the start of every km after the first
    // (altitude 100 + 10·floor(i/125)); heart rate 130 in odd km, 150 in even ones.
    const fit = encodeFit({
      sport: "cycling",
      start: new Date("2026-10-10T00:30:00Z"),
      seconds: 21_600,
      speed: 8,
      altitude: (i) => 100 + 10 * Math.floor(i / 125),
      heartRate: (i) => (Math.floor(i / 125) % 2 ? 150 : 130),
    });
    const { activity, track } = record("fit", fit);
    expect(activity.distance).toBe(172_800);
    expect(track.splits).toHaveLength(173);
    expect(track.splits[0]).toEqual({
      km: 1,
      distance: 1000,
      movingTime: 125,
      elevationGain: 0,
      averageHeartrate: 130,
    });
    expect(track.splits[1]).toEqual({
      km: 2,
      distance: 1000,
      movingTime: 125,
      elevationGain: 10,
      averageHeartrate: 150,
    });
    expect(track.splits[172]).toEqual({
      km: 173,
      distance: 800,
      movingTime: 100,
      elevationGain: 10,
      averageHeartrate: 130,
    });
    expect(track.splits.reduce((s, x) => s + x.movingTime, 0)).toBeCloseTo(activity.movingTime, 6);
    expect(track.splits.reduce((s, x) => s + x.elevationGain, 0)).toBe(1720);
    // The profile: 500 points from 0 to 172.8 km at 28.8 km/h, the climb and heart rate as recorded.
    const p = track.profile!;
    expect(p.distance).toHaveLength(500);
    expect(p.distance[0]).toBe(0);
    expect(p.distance.at(-1)).toBe(172.8);
    expect(p.elevation[0]).toBe(100);
    expect(p.elevation.at(-1)).toBe(1820);
    expect(p.speed.slice(1).every((v) => v === 28.8)).toBe(true);
    expect(new Set(p.heartrate)).toEqual(new Set([130, 150]));
    // The route runs straight north: simplified to its two ends.
    expect(decodePolyline(track.polyline!)).toHaveLength(2);
  });

  it("a GPX walk with a 5-minute pause between two segments", () => {
    // Points every 10 s, 0.0002° of latitude apart: 22.239 m (6,371,008.8 m × 0.0002 × π/180), 2.2239 m/s.
    // 60 points, a pause, 40 more from where it stopped: 98 steps = 2,179.4 m in 980 s moving; a km takes 1000 / 2.2239 = 449.66 s.
    // The second segment climbs 1 m a point from 100 m: km 2 holds its first 30 m (3 m hysteresis steps),
    // km 3 the last 9.
    const { activity, track } = fixture("paused-walk.gpx");
    expect(activity.movingTime).toBe(980);
    expect(track.splits.map((s) => s.km)).toEqual([1, 2, 3]);
    expect(track.splits.map((s) => s.distance)).toEqual([1000, 1000, 179.4]);
    expect(track.splits.map((s) => s.movingTime)).toEqual([449.7, 449.7, 80.7]);
    expect(track.splits.map((s) => s.elevationGain)).toEqual([0, 30, 9]);
    expect(track.splits.every((s) => s.averageHeartrate === null)).toBe(true);
    expect(track.profile!.heartrate.every((v) => v === null)).toBe(true);
    expect(track.profile!.distance).toHaveLength(100);
  });

  it("a TCX ride with heart rate", () => {
    // 15 m (device distance) every 2 s = 7.5 m/s: a km in 133.3 s; 9 km. Heart rate cycles 130…149 a
    // point; km 1 holds points 0–66 (0–990 m): three cycles (8,370) and 130…136 (931), 9,301 / 67 = 138.8.
    // Altitude +0.1 m a point: 500 → 506.6 in km 1, counted in 3 m steps: 6 m.
    const { activity, track } = fixture("ride.tcx");
    expect(activity.distance).toBe(9000);
    expect(track.splits).toHaveLength(9);
    expect(track.splits[0]).toEqual({
      km: 1,
      distance: 1000,
      movingTime: 133.3,
      elevationGain: 6,
      averageHeartrate: 138.8,
    });
    expect(track.splits.every((s) => s.distance === 1000 && s.movingTime === 133.3)).toBe(true);
    expect(track.profile!.heartrate.every((v) => v !== null && v >= 130 && v <= 149)).toBe(true);
    expect(track.profile!.speed.slice(1).every((v) => v === 27)).toBe(true);
  });
});

describe("server-rendered maps", () => {
  const north: LatLon[] = Array.from({ length: 11 }, (_, i) => [18.5 + (i * 1000) / 111_195, 73.85]);
  const east: LatLon[] = Array.from({ length: 11 }, (_, i) => [18.5, 73.85 + (i * 500) / 105_440]);

  it("draws a route with its start, finish and a 1-2-5 scale bar", () => {
    const map = routeMap(encodePolyline(north))!;
    expect(map.path.startsWith("M")).toBe(true);
    expect(map.path.match(/L/g)).toHaveLength(10);
    // 10 km in 352 px of height: 0.0352 px/m; a quarter of the 320 px width is 2,273 m, so 2 km.
    expect(map.scale.label).toBe("2 km");
    expect(map.start[1]).toBeGreaterThan(map.finish[1]);
    expect(routeMap(encodePolyline(north.slice(0, 1)))).toBeNull();
  });

  it("draws a basemap's tiles under the route only when one is configured, aligned with the track (decision 050)", () => {
    expect(routeMap(encodePolyline(north))!.tiles).toEqual([]);
    const map = routeMap(encodePolyline(north), {
      url: "https://tile.example/{z}/{x}/{y}.png",
      attribution: "© Example",
    })!;
    expect(map.attribution).toBe("© Example");
    // 10 km north from 18.5° N 73.85° E in a 400 px high map: zoom 12, two columns by two rows
    // (by hand: x = ⌊(73.85 + 180) / 360 × 2¹²⌋ = 2888 with the map's 320 px reaching into 2887;
    // y = ⌊(1 − asinh(tan φ) / π) / 2 × 2¹²⌋ = 1833 at 18.5° and 1832 at 18.59°).
    expect(map.tiles.map((t) => t.href).sort()).toEqual([
      "https://tile.example/12/2887/1832.png",
      "https://tile.example/12/2887/1833.png",
      "https://tile.example/12/2888/1832.png",
      "https://tile.example/12/2888/1833.png",
    ]);
    // The tiles cover the whole map.
    const size = map.tiles[0]!.size;
    expect(Math.min(...map.tiles.map((t) => t.x))).toBeLessThanOrEqual(0);
    expect(Math.min(...map.tiles.map((t) => t.y))).toBeLessThanOrEqual(0);
    expect(Math.max(...map.tiles.map((t) => t.x + size))).toBeGreaterThanOrEqual(map.width);
    expect(Math.max(...map.tiles.map((t) => t.y + size))).toBeGreaterThanOrEqual(map.height);
    // The start (18.5° N) is drawn inside its own tile, 12/2888/1833, at the place the slippy-map formula puts it.
    const slippy = (lat: number, lon: number, z: number) => {
      const n = 2 ** z;
      const phi = (lat * Math.PI) / 180;
      return [((lon + 180) / 360) * n, ((1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2) * n] as const;
    };
    const [sx, sy] = slippy(18.5, 73.85, 12);
    const home = map.tiles.find((t) => t.href.endsWith("/12/2888/1833.png"))!;
    expect(Math.abs(home.x + (sx - 2888) * size - map.start[0])).toBeLessThan(0.5);
    expect(Math.abs(home.y + (sy - 1833) * size - map.start[1])).toBeLessThan(0.5);
    // Scale bar in the same projection: still 2 km for 10 km in the map's height.
    expect(map.scale.label).toBe("2 km");
  });

  it("counts the routes sharing a stretch: the road ridden twice is in the 2–4 band, the other in the first", () => {
    const map = heatmap([encodePolyline(north), encodePolyline(north), encodePolyline(east)])!;
    expect(map.routes).toBe(3);
    const [once, twice, often] = map.layers;
    expect(twice!.path.length).toBeGreaterThan(0);
    expect(once!.path.length).toBeGreaterThan(0);
    expect(often!.path).toBe("");
    // North is drawn as vertical steps only; east as horizontal ones.
    expect(twice!.path).not.toContain("h1");
    expect(once!.path).not.toContain("v1");
    expect(heatmap(["", "?"])).toBeNull();
  });

  it("draws the heatmap in the tiles' projection over a basemap, its grid aligned with the tiles (decision 050)", () => {
    const source = { url: "https://tile.example/{z}/{x}/{y}.png", attribution: "© Example" };
    const plain = heatmap([encodePolyline(north), encodePolyline(east)])!;
    expect(plain.basemap).toBeNull();
    expect(heatmapTiles(plain, source)).toEqual([]);
    const map = heatmap([encodePolyline(north), encodePolyline(east)], { mercator: true })!;
    expect(map.basemap!.zoom).toBeGreaterThan(9);
    const tiles = heatmapTiles(map, source);
    expect(tiles.length).toBeGreaterThan(0);
    // The tiles cover the whole map.
    const size = tiles[0]!.size;
    expect(Math.min(...tiles.map((t) => t.x))).toBeLessThanOrEqual(0);
    expect(Math.min(...tiles.map((t) => t.y))).toBeLessThanOrEqual(0);
    expect(Math.max(...tiles.map((t) => t.x + size))).toBeGreaterThanOrEqual(map.width);
    expect(Math.max(...tiles.map((t) => t.y + size))).toBeGreaterThanOrEqual(map.height);
    // The routes' shared start (18.5° N 73.85° E) lies in its slippy-map tile, in the heatmap's grid.
    const z = map.basemap!.zoom;
    const n = 2 ** z;
    const phi = (18.5 * Math.PI) / 180;
    const [sx, sy] = [((73.85 + 180) / 360) * n, ((1 - Math.asinh(Math.tan(phi)) / Math.PI) / 2) * n];
    const home = tiles.find(
      (t) => t.href === `https://tile.example/${z}/${Math.floor(sx)}/${Math.floor(sy)}.png`,
    )!;
    const startX = home.x + (sx - Math.floor(sx)) * size;
    const startY = home.y + (sy - Math.floor(sy)) * size;
    // Both routes start in the same grid cell: a step of the once band begins there.
    const cell = [Math.floor(startX / map.cell), Math.floor(startY / map.cell)];
    expect(map.layers[0]!.path).toContain(`M${cell[0]} ${cell[1]}`);
  });
});

describe("a vector basemap tile drawn as SVG (decision 057)", () => {
  // OpenMapTiles' layer names and classes (the integration test draws Protomaps' names).
  const tile = vectorTile([
    {
      name: "park",
      features: [
        {
          type: 3,
          rings: [
            [
              [0, 0],
              [100, 0],
              [100, 100],
              [0, 0],
            ],
          ],
        },
      ],
    },
    {
      name: "transportation",
      features: [
        {
          type: 2,
          rings: [
            [
              [0, 10],
              [4096, 10],
            ],
          ],
          properties: { class: "primary" },
        },
        {
          type: 2,
          rings: [
            [
              [0, 20],
              [4096, 20],
            ],
          ],
          properties: { class: "service" },
        },
        {
          type: 2,
          rings: [
            [
              [0, 30],
              [4096, 30],
            ],
          ],
          properties: { class: "rail" },
        },
      ],
    },
    {
      name: "building",
      features: [
        {
          type: 3,
          rings: [
            [
              [10, 10],
              [20, 10],
              [20, 20],
              [10, 10],
            ],
          ],
        },
      ],
    },
    { name: "place", features: [] },
    {
      name: "aeroway",
      features: [
        {
          type: 3,
          rings: [
            [
              [0, 0],
              [9, 0],
              [9, 9],
              [0, 0],
            ],
          ],
        },
      ],
    },
  ]);

  it("draws each layer in its style, bottom first, and leaves unknown layers and labels out", () => {
    const svg = vectorTileSvg(tile);
    const styles = [...svg.matchAll(/data-style="(\w+)"/g)].map((m) => m[1]);
    expect(styles).toEqual(["green", "building", "rail", "roadCasing", "road", "majorCasing", "major"]);
    expect(svg).toMatch(/data-style="major"[^>]* d="M0 10 4096 10"/);
    expect(svg).toMatch(/data-style="road"[^>]* d="M0 20 4096 20"/);
    expect(svg).toMatch(/data-style="rail"[^>]*stroke-dasharray="3 2"[^>]* d="M0 30 4096 30"/);
    expect(svg).not.toContain("M0 0 9 0");
    expect(svg).toContain('viewBox="0 0 4096 4096"');
  });

  it("an overzoomed tile is its share of the ancestor, three zooms down the bottom-right eighth", () => {
    expect(vectorTileSvg(tile, { levels: 3, dx: 7, dy: 7 })).toContain('viewBox="3584 3584 512 512"');
  });
});
