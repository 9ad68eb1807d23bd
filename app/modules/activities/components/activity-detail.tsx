/**
 * /activities/{id}: one activity (issue #20 item 4): sport, date, where it
 * came from, distance, times, pace or speed, climbing, and "View on Strava"
 * for the owner's Strava activities; its route map, splits and profiles
 * (issue #40, activity-track.tsx).
 */
import { Link } from "@remix-run/react";
import {
  formatDistanceOrDash,
  formatDuration,
  formatElevation,
  formatLocalDate,
  formatSpeed,
  sportName,
} from "~/lib/format";
import { paceOrSpeed } from "../sport-style";
import { buttonClass } from "~/ui/button";
import { cardClass } from "~/ui/card";
import { PoweredByStrava, ViewOnStravaLink } from "~/ui/strava-brand";
import type { ActivityDetailData } from "../page.server";
import { SOURCE_LABELS } from "./activity-row";
import { SportIcon } from "./sport-icon";
import { ProfileSection, RouteSection, SplitsSection } from "./activity-track";

export function ActivityNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Activity not found</h1>
      <p className="mt-2 text-gray-600">It does not exist, or it is not yours to see.</p>
      <Link to="/activities" className={buttonClass({ className: "mt-6 inline-block" })}>
        Back to Activities
      </Link>
    </main>
  );
}

export function ActivityDetail({ data }: { data: ActivityDetailData }) {
  const a = data.activity;
  const pace = paceOrSpeed(a);
  const stats: [string, string][] = [
    ["Distance", formatDistanceOrDash(a.distance)],
    ["Moving time", formatDuration(a.movingTime)],
    [pace.label, pace.value],
    [
      "Elevation gain",
      a.distance > 0 || a.totalElevationGain > 0 ? formatElevation(a.totalElevationGain) : "—",
    ],
    ["Elapsed time", formatDuration(a.elapsedTime)],
    ["Max speed", a.distance > 0 ? formatSpeed(a.maxSpeed) : "—"],
  ];
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-6 sm:py-8">
      <Link to="/activities" className="text-sm font-medium text-brand hover:underline">
        ← Back to Activities
      </Link>
      <header className="flex items-start gap-3">
        <SportIcon sportType={a.sportType} className="mt-1 h-8 w-8 shrink-0" />
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold text-gray-900">{a.name}</h1>
          <p className="mt-1 text-gray-600">
            {sportName(a.sportType)} ·{" "}
            <time dateTime={a.startDateLocal.slice(0, 10)}>{formatLocalDate(a.startDateLocal)}</time>
            {a.commute ? " · Commute" : ""}
            {a.trainer ? " · Indoor" : ""}
          </p>
        </div>
      </header>

      <section aria-label="Summary" className={cardClass({ padding: "sm" })}>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {stats.map(([label, value]) => (
            <div key={label}>
              <dt className="text-sm text-gray-500">{label}</dt>
              <dd className="text-xl font-semibold tabular-nums text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <RouteSection data={data} />
      <SplitsSection data={data} />
      <ProfileSection data={data} />

      <section aria-label="Source" className={cardClass({ padding: "sm", className: "space-y-2 text-sm" })}>
        <p>
          <span className="text-gray-500">Source: </span>
          <span className="font-medium text-gray-900">{SOURCE_LABELS[a.source]}</span>
        </p>
        {a.stravaId ? (
          <p>
            <ViewOnStravaLink stravaId={a.stravaId} />
          </p>
        ) : null}
      </section>
      {a.source === "strava" ? <PoweredByStrava /> : null}
    </main>
  );
}
