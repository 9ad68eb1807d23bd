/**
 * A PMTiles v3 archive (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md) for the
 * tests and the end-to-end servers' basemap (decision 057): Mapbox Vector Tiles written with pbf
 * (the MVT 2.1 protobuf), one tile per zoom repeated over the whole zoom by the directory's run
 * lengths, gzip-compressed as real archives are. The fakes serve it over HTTP with byte ranges.
 */
import { gzipSync } from "fflate";
import { PbfWriter } from "pbf";
import { zxyToTileId } from "pmtiles";

export type Ring = [number, number][];
export interface FakeFeature {
  /** 2 a line, 3 a polygon (MVT geometry types). */
  type: 2 | 3;
  rings: Ring[];
  properties?: Record<string, string>;
}
export interface FakeLayer {
  name: string;
  features: FakeFeature[];
  extent?: number;
}

const zigzag = (n: number) => (n << 1) ^ (n >> 31);

/** MVT geometry commands: MoveTo, LineTo…, ClosePath for polygons, as zigzag deltas. */
function geometry(feature: FakeFeature): number[] {
  const out: number[] = [];
  let cx = 0;
  let cy = 0;
  for (const ring of feature.rings) {
    const points = feature.type === 3 ? ring.slice(0, -1) : ring; // a polygon's ring repeats its first point
    points.forEach(([x, y], i) => {
      if (i === 0) out.push((1 & 0x7) | (1 << 3));
      if (i === 1) out.push((2 & 0x7) | ((points.length - 1) << 3));
      out.push(zigzag(x - cx), zigzag(y - cy));
      cx = x;
      cy = y;
    });
    if (feature.type === 3) out.push((7 & 0x7) | (1 << 3));
  }
  return out;
}

/** One MVT tile's bytes. */
export function vectorTile(layers: FakeLayer[]): Uint8Array {
  const pbf = new PbfWriter();
  for (const layer of layers) {
    pbf.writeMessage(
      3,
      (l: FakeLayer, w: PbfWriter) => {
        w.writeVarintField(15, 2);
        w.writeStringField(1, l.name);
        const keys: string[] = [];
        const values: string[] = [];
        for (const feature of l.features) {
          const tags: number[] = [];
          for (const [k, v] of Object.entries(feature.properties ?? {})) {
            if (!keys.includes(k)) keys.push(k);
            if (!values.includes(v)) values.push(v);
            tags.push(keys.indexOf(k), values.indexOf(v));
          }
          w.writeMessage(
            2,
            (f: FakeFeature, fw: PbfWriter) => {
              if (tags.length) fw.writePackedVarint(2, tags);
              fw.writeVarintField(3, f.type);
              fw.writePackedVarint(4, geometry(f));
            },
            feature,
          );
        }
        for (const k of keys) w.writeStringField(3, k);
        for (const v of values) w.writeMessage(4, (s: string, vw: PbfWriter) => vw.writeStringField(1, s), v);
        w.writeVarintField(5, l.extent ?? 4096);
      },
      layer,
    );
  }
  return pbf.finish();
}

/** A varint of any safe integer (run lengths pass 2^32 at zoom 16). */
function varint(out: number[], n: number) {
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
}

function uint64(view: DataView, at: number, n: number) {
  view.setUint32(at, n % 2 ** 32, true);
  view.setUint32(at + 4, Math.floor(n / 2 ** 32), true);
}

export interface ArchiveOptions {
  /** The tile every z/x/y of a zoom gets (uncompressed bytes), by zoom. */
  tileFor: (zoom: number) => Uint8Array;
  minZoom?: number;
  maxZoom?: number;
  /** 1 MVT, 2 PNG… (the spec's tile types). */
  tileType?: number;
}

/** The archive's bytes: header, root directory (one run per zoom), metadata, tile data. */
export function pmtilesArchive({
  tileFor,
  minZoom = 0,
  maxZoom = 14,
  tileType = 1,
}: ArchiveOptions): Uint8Array {
  const tiles: Uint8Array[] = [];
  const entries: { tileId: number; runLength: number; offset: number; length: number }[] = [];
  let offset = 0;
  for (let z = minZoom; z <= maxZoom; z++) {
    const data = gzipSync(tileFor(z));
    tiles.push(data);
    entries.push({ tileId: zxyToTileId(z, 0, 0), runLength: 4 ** z, offset, length: data.length });
    offset += data.length;
  }
  const dir: number[] = [];
  varint(dir, entries.length);
  let last = 0;
  for (const e of entries) {
    varint(dir, e.tileId - last);
    last = e.tileId;
  }
  for (const e of entries) varint(dir, e.runLength);
  for (const e of entries) varint(dir, e.length);
  entries.forEach((e, i) =>
    varint(dir, i > 0 && e.offset === entries[i - 1]!.offset + entries[i - 1]!.length ? 0 : e.offset + 1),
  );
  const metadata = new TextEncoder().encode(
    JSON.stringify({ name: "Test basemap", attribution: "Test tiles" }),
  );
  const header = new Uint8Array(127);
  const view = new DataView(header.buffer);
  header.set(new TextEncoder().encode("PMTiles"), 0);
  header[7] = 3;
  const rootOffset = 127;
  const metadataOffset = rootOffset + dir.length;
  const dataOffset = metadataOffset + metadata.length;
  uint64(view, 8, rootOffset);
  uint64(view, 16, dir.length);
  uint64(view, 24, metadataOffset);
  uint64(view, 32, metadata.length);
  uint64(view, 40, dataOffset);
  uint64(view, 48, 0);
  uint64(view, 56, dataOffset);
  uint64(view, 64, offset);
  uint64(
    view,
    72,
    entries.reduce((n, e) => n + e.runLength, 0),
  );
  uint64(view, 80, entries.length);
  uint64(view, 88, entries.length);
  header[96] = 1; // clustered
  header[97] = 1; // directories not compressed
  header[98] = 2; // tiles gzip
  header[99] = tileType;
  header[100] = minZoom;
  header[101] = maxZoom;
  view.setInt32(102, -180e7, true);
  view.setInt32(106, -85e7, true);
  view.setInt32(110, 180e7, true);
  view.setInt32(114, 85e7, true);
  header[118] = minZoom;
  const out = new Uint8Array(dataOffset + offset);
  out.set(header, 0);
  out.set(dir, rootOffset);
  out.set(metadata, metadataOffset);
  let at = dataOffset;
  for (const t of tiles) {
    out.set(t, at);
    at += t.length;
  }
  return out;
}

/**
 * The end-to-end servers' basemap: at every zoom a tile with a lake, a park, buildings, a grid of
 * streets with a main road across, a railway and a boundary (Protomaps' layer names), so the
 * route maps' screenshots show a map's look (the same tile repeats; alignment is unit-tested).
 */
export function fakeBasemapArchive(): Uint8Array {
  const square = (x: number, y: number, w: number, h: number): Ring => [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
    [x, y],
  ];
  const streets: FakeFeature[] = [];
  for (let i = 512; i < 4096; i += 1024) {
    streets.push({
      type: 2,
      rings: [
        [
          [i, -64],
          [i, 4160],
        ],
      ],
      properties: { kind: "minor_road" },
    });
    streets.push({
      type: 2,
      rings: [
        [
          [-64, i],
          [4160, i],
        ],
      ],
      properties: { kind: "minor_road" },
    });
  }
  streets.push({
    type: 2,
    rings: [
      [
        [-64, 3000],
        [1800, 2200],
        [4160, 1400],
      ],
    ],
    properties: { kind: "major_road" },
  });
  const tile = vectorTile([
    { name: "earth", features: [{ type: 3, rings: [square(-64, -64, 4224, 4224)] }] },
    {
      name: "landuse",
      features: [{ type: 3, rings: [square(2200, 2400, 1400, 1200)], properties: { kind: "park" } }],
    },
    {
      name: "water",
      features: [{ type: 3, rings: [square(600, 700, 900, 700)], properties: { kind: "lake" } }],
    },
    {
      name: "buildings",
      features: [square(700, 2700, 300, 200), square(1200, 2800, 250, 250), square(2700, 700, 400, 300)].map(
        (ring) => ({ type: 3 as const, rings: [ring] }),
      ),
    },
    { name: "roads", features: streets },
    {
      name: "transit",
      features: [
        {
          type: 2,
          rings: [
            [
              [-64, 3900],
              [4160, 3500],
            ],
          ],
          properties: { kind: "rail" },
        },
      ],
    },
    {
      name: "boundaries",
      features: [
        {
          type: 2,
          rings: [
            [
              [3800, -64],
              [3800, 4160],
            ],
          ],
        },
      ],
    },
  ]);
  return pmtilesArchive({ tileFor: () => tile, maxZoom: 14 });
}
