import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { basemapTile } from "~/modules/activities/basemap.server";

/**
 * GET /map-tiles/{z}/{x}/{y}: a tile of the PMTiles basemap (MAP_TILES_URL, decision 057), for
 * signed-in members (the maps it sits under are theirs); 404 without an archive or outside it,
 * 502 when the archive cannot be read. Kept a week by the member's browser.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireVerifiedUser(context.app, request);
    const [z, x, y] = [params.z, params.x, params.y].map((part) =>
      /^\d{1,8}$/.test(part ?? "") ? Number(part) : NaN,
    );
    let tile;
    try {
      tile = await basemapTile(context.app, z!, x!, y!);
    } catch (error) {
      console.error("basemap tile", error);
      return jsonError(502, "The basemap is unavailable");
    }
    if (tile.status === 404) return jsonError(404, tile.reason);
    return new Response(tile.body, {
      headers: { "content-type": tile.contentType, "cache-control": "private, max-age=604800" },
    });
  });
}
