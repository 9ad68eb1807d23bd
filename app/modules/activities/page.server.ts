/**
 * The /activities page adapter: the route guards and passes the member; the
 * list is the same as GET /api/activities (list.server.ts).
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { appErrorStatus, orNotFound, replyFromError } from "~/lib/http.server";
import { mapTilesSetting } from "~/lib/config.server";
import { getActivityDetail, listActivities } from "./list.server";
import { z } from "zod";
import { heatmapTiles, routeMap, type TileSource } from "./route-map";
import { heatmapView } from "./heatmap.server";
import { activityListQuery, queryOf } from "./schema";
import { trackFor, type TrackView } from "./tracks.server";

/**
 * The /activities page: the same list as GET /api/activities?page=…, or the
 * 400/403/404 message to show above the filters instead of an error page.
 */
export async function activitiesPage(app: AppContext, viewer: User, url: URL) {
  const filters = queryOf(url);
  const parsed = activityListQuery.safeParse(filters);
  if (!parsed.success)
    return {
      filters,
      result: null,
      error: parsed.error.issues[0]?.message ?? "Invalid filters",
      status: 400,
    };
  try {
    return { filters, result: await listActivities(app, viewer, parsed.data), error: null, status: 200 };
  } catch (error) {
    if (appErrorStatus(error) === null) throw error;
    const { status, message } = replyFromError(error);
    return { filters, result: null, error: message, status };
  }
}

/**
 * The track part of the detail page: the SVG map projected here (over the basemap's tiles when
 * MAP_TILES_URL is set: `mapTilesSetting`), splits and profile as stored.
 */
export function trackPage(track: TrackView | null, tiles: TileSource | null) {
  return {
    map: track?.polyline ? routeMap(track.polyline, tiles) : null,
    splits: track?.splits ?? [],
    profile: track?.profile ?? null,
    /** metres hidden at each end of a shared map (0 for the owner) */
    hiddenMetres: track?.hiddenMetres ?? 0,
    /** the viewer may not see this activity's map (another member's, not shared) */
    notShared: track === null,
    /** The track and the basemap for the interactive map (only with MAP_TILES_URL). */
    interactive:
      track?.polyline && tiles
        ? { polyline: track.polyline, tiles: { url: tiles.url, attribution: tiles.attribution } }
        : null,
  };
}

/**
 * /activities/{id}: one activity, the owner's, a public one for an admin, or
 * one shared with the viewer in a challenge; 404 otherwise. With its map,
 * splits and profile as the viewer may see them (tracks.server.ts).
 */
export async function activityDetailPage(app: AppContext, viewer: User, id: number) {
  const activity = await orNotFound(getActivityDetail(app, viewer, id));
  const track = await trackFor(app, viewer, id);
  return {
    activity,
    track: trackPage(track, mapTilesSetting(app.env)),
    /** Strava's detail (splits, profile) is still to be read for the owner's Strava activity. */
    stravaDetailDue:
      activity.own && activity.source === "strava" && !activity.manual && !track?.detailFetched,
    stravaDetailNote: null as string | null,
  };
}
export type ActivityDetailData = Awaited<ReturnType<typeof activityDetailPage>>;

/** The heatmap's filters: a sport type the member has, a year (both optional; anything else is ignored). */
export const heatmapQuery = z.object({
  sport: z
    .string()
    .regex(/^[A-Za-z]{1,40}$/)
    .optional()
    .catch(undefined),
  year: z.coerce.number().int().min(2000).max(2100).optional().catch(undefined),
});

/**
 * /activities/heatmap: every route of the member drawn together (owner only:
 * the route guards and passes the member), filtered by sport and year; drawn
 * once per change of the member's tracks (heatmap.server.ts).
 */
export async function heatmapPage(app: AppContext, user: User, url: URL) {
  const filters = heatmapQuery.parse({
    sport: url.searchParams.get("sport") || undefined,
    year: url.searchParams.get("year") || undefined,
  });
  const tiles = mapTilesSetting(app.env);
  const { choices, map } = await heatmapView(app, user, filters, tiles !== null);
  return {
    filters,
    choices,
    map,
    /** The basemap's tiles under the map (MAP_TILES_URL; empty without), with their credit. */
    tiles: map && tiles ? heatmapTiles(map, tiles) : [],
    attribution: map && tiles ? tiles.attribution : null,
  };
}
export type HeatmapData = Awaited<ReturnType<typeof heatmapPage>>;
