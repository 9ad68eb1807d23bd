/**
 * Activity tracks (issue #40, docs/decisions/050-activity-tracks.md): the
 * activity_tracks table beside activities, written by the Strava sync (the
 * list call's `map.summary_polyline`), by the upload consumer (a file's
 * simplified track, splits and profile) and by the owner's first view of a
 * Strava activity (Strava's detail: splits and a per-km profile), and read by
 * the detail page, the track API, the heatmap (heatmap.server.ts) and the data export.
 * Every write here is batched with heatmapChangedStatement.
 *
 * Who sees a track: its owner; another member only when the activity is
 * public on Strava's terms (decision 018) and its owner shares activities in
 * a challenge both of them joined (decision 020's consent), and then without
 * the owner's first and last `map_privacy_metres`.
 */
import { eq, sql } from "drizzle-orm";
import { batchSql } from "~db/client";
import { activityTracks, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { heatmapChangedStatement } from "./heatmap.server";
import { ACTIVITY_IS_PUBLIC, sharedInAChallengeWith } from "./activity-sql.server";
import { decodePolyline, encodePolyline, trimEnds, type Profile, type Split } from "./track-geometry";

export interface TrackParts {
  polyline: string | null;
  splits: Split[];
  profile: Profile | null;
}

export interface TrackView extends TrackParts {
  /** Strava's detail has been read for this activity (or it is not a Strava activity). */
  detailFetched: boolean;
  /** metres hidden at each end (0 for the owner) */
  hiddenMetres: number;
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const json = (v: unknown) => (v == null ? null : JSON.stringify(v));

/**
 * The statement that stores the Strava polylines of a page of Strava activities
 * (after their upsert in the same batch): one JSON parameter, rows with an
 * empty polyline (indoor, manual) skipped.
 */
export function stravaPolylinesStatement(
  app: AppContext,
  userId: number,
  page: readonly { id: number; map?: { summary_polyline?: string | null } | null }[],
) {
  const items = page
    .map((a) => [Math.trunc(a.id), a.map?.summary_polyline ?? ""] as const)
    .filter(
      ([, polyline]) => typeof polyline === "string" && polyline.length > 0 && polyline.length < 100_000,
    );
  if (items.length === 0) return [];
  return [
    heatmapChangedStatement(userId),
    sql`INSERT INTO activity_tracks (activity_id, user_id, polyline, updated_at)
    SELECT a.id, a.user_id, j.value->>1, ${seconds(app.now())}
    FROM json_each(${JSON.stringify(items)}) AS j JOIN activities a ON a.strava_id = j.value->>0 AND a.user_id = ${userId}
    WHERE true
    ON CONFLICT (activity_id) DO UPDATE SET polyline = excluded.polyline, updated_at = excluded.updated_at`,
  ];
}

/** The statements that store an uploaded file's track for the activity read from that upload (if it was saved). */
export function uploadTrackStatements(app: AppContext, userId: number, uploadId: number, track: TrackParts) {
  return [
    heatmapChangedStatement(userId),
    sql`INSERT INTO activity_tracks (activity_id, user_id, polyline, splits, profile, updated_at)
    SELECT a.id, a.user_id, ${track.polyline}, ${json(track.splits.length ? track.splits : null)},
      ${json(track.profile)}, ${seconds(app.now())}
    FROM activities a WHERE a.upload_id = ${uploadId}
    ON CONFLICT (activity_id) DO UPDATE SET polyline = excluded.polyline, splits = excluded.splits,
      profile = excluded.profile, updated_at = excluded.updated_at`,
  ];
}

/** Stores splits and profile read from Strava's detail of the owner's activity (once: detail_fetched_at). */
export async function saveStravaDetail(
  app: AppContext,
  user: User,
  activityId: number,
  detail: { polyline: string | null; splits: Split[]; profile: Profile | null },
): Promise<void> {
  const now = seconds(app.now());
  await batchSql(app.env.DB, [
    heatmapChangedStatement(user.id),
    sql`INSERT INTO activity_tracks (activity_id, user_id, polyline, splits, profile, detail_fetched_at, updated_at)
    SELECT a.id, a.user_id, ${detail.polyline}, ${json(detail.splits.length ? detail.splits : null)},
      ${json(detail.profile)}, ${now}, ${now}
    FROM activities a WHERE a.id = ${activityId} AND a.user_id = ${user.id} AND a.source = 'strava'
    ON CONFLICT (activity_id) DO UPDATE SET polyline = coalesce(activity_tracks.polyline, excluded.polyline),
      splits = excluded.splits, profile = excluded.profile, detail_fetched_at = excluded.detail_fetched_at,
      updated_at = excluded.updated_at`,
  ]);
}

/** The member's uploads (FIT/GPX/TCX) whose saved activity has no track row yet, for the one-off backfill. */
export async function uploadsWithoutTrack(
  app: AppContext,
  uploadIds: readonly number[],
): Promise<Set<number>> {
  if (uploadIds.length === 0) return new Set();
  const rows = await app.db.all<{ uploadId: number }>(sql`SELECT DISTINCT a.upload_id AS uploadId
    FROM activities a LEFT JOIN activity_tracks t ON t.activity_id = a.id
    WHERE a.upload_id IN (SELECT value FROM json_each(${JSON.stringify(uploadIds)})) AND t.activity_id IS NULL`);
  return new Set(rows.map((r) => r.uploadId));
}

const parse = <T>(text: string | null): T | null => {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
};

interface TrackRow {
  userId: number;
  source: string;
  isPublic: number;
  shares: number;
  hidden: number;
  polyline: string | null;
  splits: string | null;
  profile: string | null;
  detailFetchedAt: number | null;
}

/**
 * The track of one activity as `viewer` may see it: everything for the
 * owner; for another member the trimmed polyline (and the splits and
 * profile) only with the owner's consent; null when there is nothing they may see.
 */
export async function trackFor(app: AppContext, viewer: User, activityId: number): Promise<TrackView | null> {
  const [row] = await app.db.all<TrackRow>(sql`SELECT a.user_id AS userId, a.source AS source,
      (${sql.raw(ACTIVITY_IS_PUBLIC)}) AS isPublic,
      (a.user_id <> ${viewer.id} AND ${sharedInAChallengeWith(viewer.id, sql.raw("a.id"))}) AS shares,
      u.map_privacy_metres AS hidden,
      t.polyline AS polyline, t.splits AS splits, t.profile AS profile, t.detail_fetched_at AS detailFetchedAt
    FROM activities a JOIN users u ON u.id = a.user_id
      LEFT JOIN activity_tracks t ON t.activity_id = a.id
    WHERE a.id = ${activityId}`);
  if (!row) return null;
  const own = row.userId === viewer.id;
  if (!own && !(row.isPublic && row.shares)) return null;
  const hiddenMetres = own ? 0 : row.hidden;
  let polyline = row.polyline;
  if (polyline && hiddenMetres > 0) {
    const kept = trimEnds(decodePolyline(polyline), hiddenMetres);
    polyline = kept.length >= 2 ? encodePolyline(kept) : null;
  }
  return {
    polyline,
    splits: parse<Split[]>(row.splits) ?? [],
    profile: parse<Profile>(row.profile),
    detailFetched: row.source !== "strava" || row.detailFetchedAt != null,
    hiddenMetres,
  };
}

/** The member's tracks for the data export (decision 022): one query for its db.batch. */
export function tracksForExport(app: AppContext, userId: number) {
  return app.db
    .select({
      activityId: activityTracks.activityId,
      polyline: activityTracks.polyline,
      splits: activityTracks.splits,
      profile: activityTracks.profile,
    })
    .from(activityTracks)
    .where(eq(activityTracks.userId, userId))
    .orderBy(activityTracks.activityId);
}

const TRACK_NOT_FOUND = "Track not found";

/** GET /api/activities/{id}/track: the track as `viewer` may see it; 404 when there is none they may see. */
export async function activityTrackForApi(app: AppContext, viewer: User, activityId: number) {
  const track = await trackFor(app, viewer, activityId);
  if (!track) throw new AppError(404, TRACK_NOT_FOUND);
  return track;
}
