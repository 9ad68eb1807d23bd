/**
 * /activities as a table (issue #20 item 4): sport, name, date, distance,
 * moving time, pace or speed (by sport), elevation; numbers right-aligned with
 * their units, "—" where a distance does not apply (yoga, strength).
 *
 * On a phone (below `md`) each row stacks: icon and name, the date, then the
 * four numbers side by side, each with its own small label, so nothing
 * scrolls sideways. The column headers stay in the table for screen readers.
 */
import { Link } from "@remix-run/react";
import {
  formatDistanceOrDash,
  formatDuration,
  formatElevation,
  formatLocalDate,
  sportName,
} from "~/lib/format";
import { ViewOnStravaLink } from "~/ui/strava-brand";
import type { ActivityView } from "../list.server";
import { paceOrSpeed } from "../sport-style";
import { SOURCE_LABELS } from "./activity-row";
import { SportIcon } from "./sport-icon";

const head = "px-2 py-2 text-xs font-semibold uppercase tracking-wide text-gray-600";
const numHead = `${head} text-right`;
/** A number cell: a quarter of the row on a phone (its label above), a right-aligned column from md. */
const numCell =
  "w-1/4 whitespace-nowrap px-0.5 pt-1 text-right text-xs tabular-nums text-gray-800 md:w-auto md:px-2 md:py-2 md:text-sm";

function NumberCell({ label, value }: { label: string; value: string }) {
  return (
    <td className={numCell}>
      <dl>
        {/* The column header names it from md; on a phone the header row is only for screen readers. */}
        <dt className="text-[11px] font-medium uppercase tracking-wide text-gray-600 md:hidden">{label}</dt>
        <dd>{value}</dd>
      </dl>
    </td>
  );
}

export function ActivitiesTable({
  activities,
  linkToDetail,
  caption,
}: {
  activities: ActivityView[];
  /** Names open /activities/{id} (the viewer's own rows). */
  linkToDetail: boolean;
  caption: string;
}) {
  return (
    <table className="mt-2 w-full text-sm" data-testid="activity-list">
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only md:not-sr-only md:table-header-group">
        <tr className="border-b border-gray-200">
          <th scope="col" className={`${head} w-8 text-left`}>
            Sport
          </th>
          <th scope="col" className={`${head} text-left`}>
            Name
          </th>
          <th scope="col" className={`${head} text-left`}>
            Date
          </th>
          <th scope="col" className={numHead}>
            Distance
          </th>
          <th scope="col" className={numHead}>
            Moving time
          </th>
          <th scope="col" className={numHead}>
            Pace / speed
          </th>
          <th scope="col" className={numHead}>
            Elevation
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-gray-100">
        {activities.map((a) => {
          const pace = paceOrSpeed(a);
          return (
            <tr
              key={a.id}
              className="flex flex-wrap items-center py-3 md:table-row md:py-0"
              data-testid="activity-row"
            >
              <td className="w-7 shrink-0 md:w-8 md:px-2 md:py-2">
                <SportIcon sportType={a.sportType} className="h-5 w-5" />
              </td>
              <td className="min-w-0 flex-1 md:w-full md:max-w-0 md:px-2 md:py-2">
                <p className="truncate font-medium text-gray-900" title={a.name}>
                  {linkToDetail ? (
                    <Link to={`/activities/${a.id}`} className="hover:text-brand-strong hover:underline">
                      {a.name}
                    </Link>
                  ) : (
                    a.name
                  )}
                </p>
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-gray-500">
                  <span>{sportName(a.sportType)}</span>
                  {a.commute ? (
                    <span className="rounded bg-green-100 px-1.5 py-0.5 font-medium text-green-800">
                      Commute
                    </span>
                  ) : null}
                  {a.source !== "strava" ? (
                    <span className="rounded bg-gray-100 px-1.5 py-0.5 font-medium text-gray-700">
                      {SOURCE_LABELS[a.source]}
                    </span>
                  ) : null}
                  {a.stravaId ? <ViewOnStravaLink stravaId={a.stravaId} /> : null}
                </p>
              </td>
              <td className="w-full pb-1 pl-7 text-xs text-gray-600 md:w-auto md:whitespace-nowrap md:px-2 md:py-2 md:text-sm">
                <time dateTime={a.startDateLocal.slice(0, 10)}>{formatLocalDate(a.startDateLocal)}</time>
              </td>
              <NumberCell label="Distance" value={formatDistanceOrDash(a.distance)} />
              <NumberCell label="Time" value={formatDuration(a.movingTime)} />
              <NumberCell label={pace.label === "Pace" ? "Pace" : "Speed"} value={pace.value} />
              <NumberCell
                label="Elevation"
                value={
                  a.distance > 0 || a.totalElevationGain > 0 ? formatElevation(a.totalElevationGain) : "—"
                }
              />
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
