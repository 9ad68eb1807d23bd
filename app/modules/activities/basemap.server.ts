/**
 * A PMTiles basemap served by the Worker (decision 057): MAP_TILES_URL names an archive, in the
 * app's R2 bucket (`r2:<key>.pmtiles`) or at an https address that answers byte ranges, and
 * `/map-tiles/{z}/{x}/{y}` answers each tile from it: raster tiles (PNG, JPEG, WebP, AVIF) as
 * stored, vector tiles (MVT) drawn as SVG (vector-tile-svg.ts). The archive's header and
 * directories are kept per isolate (pmtiles' ResolvedValueCache: Workers cannot share promises
 * between requests), so a tile costs one ranged read once they are warm.
 */
import { FetchSource, PMTiles, ResolvedValueCache, TileType, type RangeResponse, type Source } from "pmtiles";
import { mapTilesSetting } from "~/lib/config.server";
import { jsonError } from "~/lib/http.server";
import type { AppContext } from "~workers/load-context";
import { vectorTileSvg } from "./vector-tile-svg";

/** Reads an archive in the app's R2 bucket by ranges. */
class R2Source implements Source {
  constructor(
    private bucket: R2Bucket,
    private key: string,
  ) {}
  getKey() {
    return `r2:${this.key}`;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const object = await this.bucket.get(this.key, { range: { offset, length } });
    if (!object) throw new Error(`The basemap archive ${this.key} is not in the bucket`);
    return { data: await object.arrayBuffer(), etag: object.etag };
  }
}

const archives = new Map<string, PMTiles>();

function archiveFor(app: AppContext, location: string): PMTiles {
  let archive = archives.get(location);
  if (!archive) {
    const source = location.startsWith("r2:")
      ? new R2Source(app.env.UPLOADS, location.slice(3))
      : new FetchSource(location);
    archive = new PMTiles(source, new ResolvedValueCache(50));
    archives.set(location, archive);
  }
  return archive;
}

const RASTER_TYPES: Partial<Record<TileType, string>> = {
  [TileType.Png]: "image/png",
  [TileType.Jpeg]: "image/jpeg",
  [TileType.Webp]: "image/webp",
  [TileType.Avif]: "image/avif",
};

/** Vector tiles draw this many zoom levels past the archive's deepest (the interactive map goes to 18). */
const OVERZOOM_LEVELS = 6;

export type BasemapTile =
  { status: 200; contentType: string; body: string | ArrayBuffer } | { status: 404; reason: string };

/** Tile z/x/y of the configured PMTiles archive; 404 without one, outside it, or for a blank tile. */
export async function basemapTile(app: AppContext, z: number, x: number, y: number): Promise<BasemapTile> {
  const archive = mapTilesSetting(app.env)?.archive;
  if (!archive) return { status: 404, reason: "No PMTiles basemap is configured" };
  if (!Number.isInteger(z) || z < 0 || z > 22 || !Number.isInteger(x) || !Number.isInteger(y))
    return { status: 404, reason: "No such tile" };
  if (x < 0 || y < 0 || x >= 2 ** z || y >= 2 ** z) return { status: 404, reason: "No such tile" };
  const pmtiles = archiveFor(app, archive);
  const header = await pmtiles.getHeader();
  if (header.tileType === TileType.Mvt) {
    const levels = Math.max(0, z - header.maxZoom);
    if (levels > OVERZOOM_LEVELS) return { status: 404, reason: "No such tile" };
    const tile = await pmtiles.getZxy(z - levels, x >> levels, y >> levels);
    if (!tile) return { status: 404, reason: "No such tile" };
    const crop = { levels, dx: x - ((x >> levels) << levels), dy: y - ((y >> levels) << levels) };
    return {
      status: 200,
      contentType: "image/svg+xml",
      body: vectorTileSvg(new Uint8Array(tile.data), crop),
    };
  }
  const contentType = RASTER_TYPES[header.tileType];
  if (!contentType) return { status: 404, reason: "The archive's tiles are neither raster nor MVT" };
  const tile = await pmtiles.getZxy(z, x, y);
  return tile ? { status: 200, contentType, body: tile.data } : { status: 404, reason: "No such tile" };
}

/**
 * GET /map-tiles/{z}/{x}/{y}'s answer: the tile, kept a week by the member's browser; 404 for
 * parts that are not whole numbers, without an archive or outside it; 502 when the archive
 * cannot be read (logged).
 */
export async function basemapTileResponse(
  app: AppContext,
  params: { z?: string; x?: string; y?: string },
): Promise<Response> {
  const [z, x, y] = [params.z, params.x, params.y].map((part) =>
    /^\d{1,8}$/.test(part ?? "") ? Number(part) : NaN,
  );
  let tile: BasemapTile;
  try {
    tile = await basemapTile(app, z!, x!, y!);
  } catch (error) {
    console.error("basemap tile", error);
    return jsonError(502, "The basemap is unavailable");
  }
  if (tile.status === 404) return jsonError(404, tile.reason);
  return new Response(tile.body, {
    headers: { "content-type": tile.contentType, "cache-control": "private, max-age=604800" },
  });
}
