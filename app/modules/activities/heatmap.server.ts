/**
 * The member's heatmap, drawn once per change (issue #36). Drawing 2,000
 * routes reads ~2 MB of polylines and walks ~600,000 points (~100 ms); the
 * result is ~15 KB. So the page keeps what it drew in heatmap_cache (one row
 * per member, a map per filter) and draws again only after the member's
 * activities or tracks changed:
 *
 * - heatmapChangedStatement(userId) is one of the "activities changed"
 *   statements (workers/load-context.ts) and is batched with every write of
 *   activity_tracks (tracks.server.ts): it bumps the member's generation and
 *   empties their maps.
 * - A view reads the row; on a miss it draws from the tracks and stores the
 *   result only if the generation it read is still the member's, so a change
 *   committed while it drew is never hidden behind a stale map.
 */
import { sql } from "drizzle-orm";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { heatmap, type HeatmapSvg } from "./route-map";

/** Filter combinations kept per member (the rest are drawn again when asked). */
export const HEATMAPS_KEPT = 12;

export interface HeatmapView {
  choices: { sports: string[]; years: number[] };
  map: HeatmapSvg | null;
}

/** The member's drawn heatmaps are out of date: bump the generation, forget the maps. */
export function heatmapChangedStatement(userId: number) {
  return sql`INSERT INTO heatmap_cache (user_id, generation, maps) VALUES (${userId}, 1, '{}')
    ON CONFLICT (user_id) DO UPDATE SET generation = heatmap_cache.generation + 1, maps = '{}'`;
}

/** The member's heatmap filters. */
export interface HeatmapQuery {
  sport?: string;
  year?: number;
}

/**
 * Every polyline of the member's activities (filtered by sport type and
 * local year), newest first, at most `limit`: one indexed query.
 */
export async function heatmapPolylines(
  app: AppContext,
  user: User,
  query: HeatmapQuery,
  limit = 5000,
): Promise<string[]> {
  const conditions = [sql`t.user_id = ${user.id}`, sql`t.polyline IS NOT NULL`, sql`a.user_id = ${user.id}`];
  if (query.sport) conditions.push(sql`a.sport_type = ${query.sport}`);
  if (query.year) conditions.push(sql`substr(a.start_date_local, 1, 4) = ${String(query.year)}`);
  const rows = await app.db.all<{ p: string }>(sql`SELECT t.polyline AS p
    FROM activity_tracks t JOIN activities a ON a.id = t.activity_id
    WHERE ${sql.join(conditions, sql` AND `)}
    ORDER BY a.start_date DESC LIMIT ${limit}`);
  return rows.map((r) => r.p);
}

/** The sport types and years the member has tracks in (the heatmap's filter choices). */
export async function heatmapChoices(app: AppContext, user: User) {
  const rows = await app.db.all<{ sport: string; year: string }>(sql`SELECT DISTINCT a.sport_type AS sport,
      substr(a.start_date_local, 1, 4) AS year
    FROM activity_tracks t JOIN activities a ON a.id = t.activity_id
    WHERE t.user_id = ${user.id} AND t.polyline IS NOT NULL`);
  return {
    sports: [...new Set(rows.map((r) => r.sport))].sort(),
    years: [...new Set(rows.map((r) => Number(r.year)))].filter(Number.isFinite).sort((a, b) => b - a),
  };
}

/**
 * The JSON path of one filter combination in `maps` (sport is letters only, year digits: see
 * heatmapQuery); "|m" for a drawing in Web Mercator, under a basemap.
 */
const pathOf = (query: HeatmapQuery, mercator: boolean) =>
  `$."${query.sport ?? ""}|${query.year ?? ""}${mercator ? "|m" : ""}"`;

/**
 * The heatmap page's choices and map for these filters: the kept drawing, or a new one (then
 * kept). `mercator`: drawn in the tiles' projection, for a basemap (MAP_TILES_URL).
 */
export async function heatmapView(
  app: AppContext,
  user: User,
  query: HeatmapQuery,
  mercator = false,
): Promise<HeatmapView> {
  const path = pathOf(query, mercator);
  const [kept] = await app.db.all<{ generation: number; view: string | null }>(
    sql`SELECT generation, json_extract(maps, ${path}) AS view FROM heatmap_cache WHERE user_id = ${user.id}`,
  );
  if (kept?.view) return JSON.parse(kept.view) as HeatmapView;
  const generation = kept?.generation ?? 0;
  const [polylines, choices] = await Promise.all([
    heatmapPolylines(app, user, query),
    heatmapChoices(app, user),
  ]);
  const view: HeatmapView = { choices, map: heatmap(polylines, { mercator }) };
  const drawn = JSON.stringify(view);
  // Kept only if nothing changed since the generation was read (the upsert's WHERE).
  await app.db.run(sql`INSERT INTO heatmap_cache (user_id, generation, maps)
    VALUES (${user.id}, ${generation}, json_set('{}', ${path}, json(${drawn})))
    ON CONFLICT (user_id) DO UPDATE SET maps = json_set(
      CASE WHEN (SELECT count(*) FROM json_each(heatmap_cache.maps)) >= ${HEATMAPS_KEPT} THEN '{}'
        ELSE heatmap_cache.maps END, ${path}, json(${drawn}))
    WHERE heatmap_cache.generation = ${generation}`);
  return view;
}
