/**
 * Maps Strava's SummaryActivity / DetailedActivity JSON to an `activities`
 * row. One place, used by the sync engine, webhooks and the seed.
 */
import { ACTIVITY_VISIBILITIES, type ActivityVisibility, type NewActivity } from "~db/schema";

/** The Strava fields we keep (https://developers.strava.com/docs/reference/#api-models-SummaryActivity). */
export interface StravaActivityJson {
  id: number;
  name?: string;
  type?: string;
  sport_type?: string;
  distance?: number;
  moving_time?: number;
  elapsed_time?: number;
  total_elevation_gain?: number;
  start_date: string;
  start_date_local?: string;
  timezone?: string;
  commute?: boolean;
  trainer?: boolean;
  manual?: boolean;
  average_speed?: number;
  max_speed?: number;
  /** true when the athlete marked the activity "Only You". */
  private?: boolean;
  /** "everyone", "followers_only" or "only_me". */
  visibility?: string;
  /** Present when the activity has heart rate (`has_heartrate`) and the athlete shows it. */
  average_heartrate?: number;
  max_heartrate?: number;
  /** The route, simplified (the list call's SummaryActivity has it; issue #40 keeps it). */
  map?: { summary_polyline?: string | null; polyline?: string | null } | null;
}

/** A heart rate Strava sent, or null when absent or not a plausible number of beats per minute. */
function heartRate(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 && value < 300 ? value : null;
}

/** Strava's visibility, or null when absent or not one of its documented values (treated as private). */
export function visibilityOf(a: Pick<StravaActivityJson, "visibility">): ActivityVisibility | null {
  return ACTIVITY_VISIBILITIES.find((v) => v === a.visibility) ?? null;
}

export function toActivityRow(userId: number, a: StravaActivityJson, now = new Date()): NewActivity {
  const type = a.type ?? a.sport_type ?? "Workout";
  return {
    userId,
    stravaId: a.id,
    name: a.name?.slice(0, 255) || `${type} activity`,
    type,
    sportType: a.sport_type ?? type,
    distance: a.distance ?? 0,
    movingTime: Math.round(a.moving_time ?? 0),
    elapsedTime: Math.round(a.elapsed_time ?? a.moving_time ?? 0),
    totalElevationGain: a.total_elevation_gain ?? 0,
    startDate: new Date(a.start_date),
    startDateLocal: a.start_date_local ?? a.start_date,
    timezone: a.timezone ?? null,
    commute: Boolean(a.commute),
    trainer: Boolean(a.trainer),
    manual: Boolean(a.manual),
    averageSpeed: a.average_speed ?? null,
    maxSpeed: a.max_speed ?? null,
    private: typeof a.private === "boolean" ? a.private : null,
    visibility: visibilityOf(a),
    // Wari's training-load model uses heart rate when there is one (docs/decisions/024).
    averageHeartrate: heartRate(a.average_heartrate),
    maxHeartrate: heartRate(a.max_heartrate),
    updatedAt: now,
  };
}
