import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { basemapTileResponse } from "~/modules/activities/basemap.server";

/**
 * GET /map-tiles/{z}/{x}/{y}: a tile of the PMTiles basemap (MAP_TILES_URL, decision 057), for
 * signed-in members (the maps it sits under are theirs); 404 without an archive or outside it,
 * 502 when the archive cannot be read. Kept a week by the member's browser.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireVerifiedUser(context.app, request);
    return basemapTileResponse(context.app, params);
  });
}
