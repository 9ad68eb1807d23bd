/**
 * A vector basemap tile (Mapbox Vector Tile, as a PMTiles archive holds them) drawn as a 256 px
 * SVG image (decision 057): land, water, parks, buildings, roads, railways and boundaries in a
 * light, quiet style under the route, without labels. Layers are matched by name, so both
 * Protomaps' basemap (earth, water, landuse, roads, buildings, boundaries…) and OpenMapTiles'
 * (water, waterway, landcover, park, transportation, building, boundary…) draw. A zoom past the
 * archive's deepest tiles draws the ancestor tile's share (`crop`), so the map keeps zooming.
 * Features of one style become one path; points (labels, POIs) are not drawn.
 */
import { VectorTile } from "@mapbox/vector-tile";
import { PbfReader } from "pbf";

interface Style {
  fill?: string;
  stroke?: string;
  /** Stroke width in screen pixels (non-scaling). */
  width?: number;
  dash?: string;
}

/** Drawing order, bottom first; every feature goes to the first style its layer matches. */
const STYLES = {
  land: { fill: "#f2efe9" },
  green: { fill: "#dcebd2" },
  building: { fill: "#e2dbd1" },
  water: { fill: "#aad3df" },
  waterway: { stroke: "#aad3df", width: 1.5 },
  rail: { stroke: "#b5ada3", width: 1, dash: "3 2" },
  roadCasing: { stroke: "#d3cbbf", width: 3 },
  road: { stroke: "#ffffff", width: 1.5 },
  majorCasing: { stroke: "#d9b98a", width: 4.5 },
  major: { stroke: "#fbe3b0", width: 3 },
  boundary: { stroke: "#a39fb8", width: 1, dash: "4 3" },
} satisfies Record<string, Style>;
type StyleName = keyof typeof STYLES;

const MAJOR = /motorway|trunk|primary|highway|major/;

/** Which style a layer's feature takes (null: not drawn). `type` 2 is a line, 3 a polygon. */
function styleFor(layer: string, type: number, props: Record<string, unknown>): StyleName | null {
  const name = layer.toLowerCase();
  const kind = String(props.kind ?? props.class ?? props.pmap_kind ?? "");
  if (name === "earth") return type === 3 ? "land" : null;
  if (name.includes("waterway") || (name.includes("water") && type === 2)) return "waterway";
  if (name.includes("water") || name.includes("ocean")) return type === 3 ? "water" : null;
  if (name.includes("building")) return type === 3 ? "building" : null;
  if (name.includes("boundar")) return type === 2 ? "boundary" : null;
  if (
    name.includes("rail") ||
    name.includes("transit") ||
    (name.includes("transportation") && kind === "rail")
  )
    return type === 2 ? "rail" : null;
  if (name.includes("road") || name.includes("transportation"))
    return type === 2 ? (MAJOR.test(kind) ? "major" : "road") : null;
  if (/park|landcover|landuse|natural|green|wood|forest/.test(name)) return type === 3 ? "green" : null;
  return null;
}

/** The share of the tile to draw, in its own units (extent): all of it, or an overzoomed quarter's quarter… */
export interface TileCrop {
  /** Zoom levels past the archive's tile: 0 draws the whole tile. */
  levels: number;
  /** The wanted tile's position inside the archive's tile, 0 ≤ dx, dy < 2^levels. */
  dx: number;
  dy: number;
}

function pathOf(rings: { x: number; y: number }[][], close: boolean): string {
  let d = "";
  for (const ring of rings) {
    if (ring.length < 2) continue;
    // A polygon's ring repeats its first point last: Z closes it instead.
    const last = ring.at(-1)!;
    const end = close && last.x === ring[0]!.x && last.y === ring[0]!.y ? ring.length - 1 : ring.length;
    d += `M${ring[0]!.x} ${ring[0]!.y}`;
    for (let i = 1; i < end; i++) d += ` ${ring[i]!.x} ${ring[i]!.y}`;
    if (close) d += "Z";
  }
  return d;
}

/** The SVG of one MVT tile (decoded bytes), 256 px square, `crop` for an overzoomed tile. */
export function vectorTileSvg(bytes: Uint8Array, crop: TileCrop = { levels: 0, dx: 0, dy: 0 }): string {
  const tile = new VectorTile(new PbfReader(bytes));
  const paths = new Map<StyleName, string[]>();
  let extent = 4096;
  for (const layer of Object.values(tile.layers)) {
    extent = layer.extent;
    for (let i = 0; i < layer.length; i++) {
      const feature = layer.feature(i);
      if (feature.type !== 2 && feature.type !== 3) continue;
      const style = styleFor(layer.name, feature.type, feature.properties);
      if (!style) continue;
      const d = pathOf(feature.loadGeometry(), feature.type === 3);
      if (!d) continue;
      const list = paths.get(style) ?? [];
      list.push(d);
      paths.set(style, list);
      // A road is drawn over its casing.
      if (style === "road" || style === "major") {
        const casing = style === "road" ? "roadCasing" : "majorCasing";
        paths.set(casing, [...(paths.get(casing) ?? []), d]);
      }
    }
  }
  const size = extent / 2 ** crop.levels;
  const viewBox = `${crop.dx * size} ${crop.dy * size} ${size} ${size}`;
  const body = (Object.keys(STYLES) as StyleName[])
    .filter((name) => paths.has(name))
    .map((name) => {
      const s: Style = STYLES[name];
      const attrs = s.fill
        ? `fill="${s.fill}" fill-rule="evenodd"`
        : `fill="none" stroke="${s.stroke}" stroke-width="${s.width}" stroke-linecap="round" stroke-linejoin="round" vector-effect="non-scaling-stroke"${s.dash ? ` stroke-dasharray="${s.dash}"` : ""}`;
      return `<path data-style="${name}" ${attrs} d="${paths.get(name)!.join("")}"/>`;
    })
    .join("");
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="${viewBox}">` +
    `<rect x="${crop.dx * size}" y="${crop.dy * size}" width="${size}" height="${size}" fill="${STYLES.land.fill}"/>` +
    body +
    `</svg>`
  );
}
