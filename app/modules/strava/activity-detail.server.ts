/**
 * Strava detail on demand (issue #40, decision 050): the owner opening one of
 * their Strava activities costs one `GET /activities/{id}` the first time,
 * from the member share of the read budget ("interactive"; never the share
 * reserved for the cron and backfills). Its `splits_metric` become the
 * page's splits and a per-km profile; the answer is stored, so the second
 * view reads nothing. Nobody else's view ever reads: the caller's page data
 * says when it is due (`stravaDetailDue`: the owner's own, not yet read).
 * A budget or rate-limit wait, a revoked token or an activity gone from
 * Strava leave the page as it is, with a note.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { activityDetailPage, trackPage } from "~/modules/activities/page.server";
import { mapTilesSetting } from "~/lib/config.server";
import { saveStravaDetail, trackFor } from "~/modules/activities/tracks.server";
import type { Profile, Split } from "~/modules/activities/track-geometry";
import {
  StravaDeferred,
  StravaNotConnected,
  StravaNotFound,
  StravaUnauthorized,
  stravaGet,
} from "./client.server";

/** The fields of Strava's DetailedActivity read here. */
interface StravaDetailJson {
  elev_low?: number;
  map?: { polyline?: string | null; summary_polyline?: string | null } | null;
  splits_metric?: {
    distance?: number;
    moving_time?: number;
    elevation_difference?: number;
    average_speed?: number;
    average_heartrate?: number;
    split?: number;
  }[];
}

const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Splits and a per-km profile from Strava's `splits_metric` (a climb is a split's positive elevation difference). */
function detailFromStrava(detail: StravaDetailJson): {
  polyline: string | null;
  splits: Split[];
  profile: Profile | null;
} {
  const raw = Array.isArray(detail.splits_metric) ? detail.splits_metric.slice(0, 2000) : [];
  const splits: Split[] = raw.map((s, i) => ({
    km: i + 1,
    distance: round(Math.max(0, num(s.distance) ?? 0)),
    movingTime: round(Math.max(0, num(s.moving_time) ?? 0)),
    elevationGain: round(Math.max(0, num(s.elevation_difference) ?? 0)),
    averageHeartrate: num(s.average_heartrate),
  }));
  let profile: Profile | null = null;
  if (splits.length > 0) {
    const base = num(detail.elev_low) ?? 0;
    profile = { distance: [0], elevation: [round(base)], speed: [null], heartrate: [null] };
    let along = 0;
    let ele = base;
    raw.forEach((s, i) => {
      along += splits[i]!.distance;
      ele += num(s.elevation_difference) ?? 0;
      const speed = num(s.average_speed);
      profile!.distance.push(round(along / 1000, 3));
      profile!.elevation.push(round(ele));
      profile!.speed.push(speed == null ? null : round(speed * 3.6));
      profile!.heartrate.push(splits[i]!.averageHeartrate);
    });
  }
  const polyline = detail.map?.summary_polyline || null;
  return { polyline, splits, profile };
}

/** The member-facing note when Strava's detail could not be read now. */
const STRAVA_DETAIL_LATER =
  "Splits and profile from Strava will show when Strava allows more reads. Try again later.";

/**
 * The detail page of /activities/{id}, reading Strava's detail first when it
 * is due (the owner's own Strava activity, never read before).
 */
export async function activityPageWithStravaDetail(app: AppContext, viewer: User, id: number) {
  const page = await activityDetailPage(app, viewer, id);
  const stravaId = page.activity.stravaId;
  if (!page.stravaDetailDue || !stravaId || !page.activity.own) return page;
  try {
    const detail = await stravaGet<StravaDetailJson>(
      app,
      viewer.id,
      `/activities/${stravaId}`,
      {},
      {
        priority: "interactive",
      },
    );
    await saveStravaDetail(app, viewer, id, detailFromStrava(detail));
    return {
      ...page,
      track: trackPage(await trackFor(app, viewer, id), mapTilesSetting(app.env)),
      stravaDetailDue: false,
    };
  } catch (error) {
    if (
      error instanceof StravaDeferred ||
      error instanceof StravaNotFound ||
      error instanceof StravaUnauthorized ||
      error instanceof StravaNotConnected
    )
      return { ...page, stravaDetailNote: STRAVA_DETAIL_LATER };
    throw error;
  }
}
