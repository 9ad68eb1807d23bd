import { ViewOnStravaLink } from "~/ui/strava-brand";
import type { ActivityView } from "../list.server";
import { Link } from "@remix-run/react";
import {
  formatDistanceOrDash,
  formatDuration,
  formatElevation,
  formatLocalDate,
  sportName,
} from "~/lib/format";
import { SportIcon } from "./sport-icon";

type RowActivity = Pick<
  ActivityView,
  "id" | "name" | "sportType" | "startDateLocal" | "distance" | "movingTime" | "totalElevationGain"
> &
  Partial<Pick<ActivityView, "commute" | "stravaId" | "source">>;

/** How a row names where a non-Strava activity came from (issue #14). */
export const SOURCE_LABELS = {
  strava: "Strava",
  file: "Uploaded file",
  archive: "Strava archive",
  manual: "Manual entry",
};

/**
 * One activity as a list item: name, date and sport; distance, time and
 * climbing. "View on Strava" only when the row carries a Strava id, which the
 * server sends for the viewer's own activities alone (docs/decisions/018).
 */
export function ActivityRow({
  activity,
  compact = false,
  linkToDetail = false,
}: {
  activity: RowActivity;
  compact?: boolean;
  /** The name opens /activities/{id} (the viewer's own rows). */
  linkToDetail?: boolean;
}) {
  return (
    <li
      className={`flex items-start justify-between gap-x-4 gap-y-1 ${compact ? "flex-wrap py-2" : "flex-col py-3 sm:flex-row"}`}
      data-testid="activity-row"
    >
      <div className="w-full min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2 font-medium text-gray-900" title={activity.name}>
          <SportIcon sportType={activity.sportType} className="h-5 w-5 shrink-0" />
          {linkToDetail ? (
            <Link
              to={`/activities/${activity.id}`}
              className="truncate hover:text-brand-strong hover:underline"
            >
              {activity.name}
            </Link>
          ) : (
            <span className="truncate">{activity.name}</span>
          )}
        </p>
        <p className="text-sm text-gray-600">
          <time dateTime={activity.startDateLocal.slice(0, 10)}>
            {formatLocalDate(activity.startDateLocal)}
          </time>{" "}
          · {sportName(activity.sportType)}
          {activity.commute ? (
            <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800">
              Commute
            </span>
          ) : null}
          {activity.source && activity.source !== "strava" ? (
            <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-medium text-gray-700">
              {SOURCE_LABELS[activity.source]}
            </span>
          ) : null}
          {activity.stravaId ? (
            <>
              {" "}
              · <ViewOnStravaLink stravaId={activity.stravaId} />
            </>
          ) : null}
        </p>
      </div>
      <dl className="flex shrink-0 gap-3 text-sm tabular-nums text-gray-700">
        <div>
          <dt className="sr-only">Distance</dt>
          <dd>{formatDistanceOrDash(activity.distance)}</dd>
        </div>
        <div>
          <dt className="sr-only">Moving time</dt>
          <dd>{formatDuration(activity.movingTime)}</dd>
        </div>
        {compact ? null : (
          <div>
            <dt className="sr-only">Elevation gain</dt>
            <dd>{formatElevation(activity.totalElevationGain)}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}
