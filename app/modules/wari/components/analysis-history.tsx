import { Link } from "@remix-run/react";
import type { ActivityAnalysis } from "../analysis.server";
import type { EventHistoryEntry } from "../event.server";
import { dateTime, formatKmNumber, shortDate } from "~/lib/format";
import { RECOMMENDED_WEEKLY_KM } from "../rules";
import { card, Tiles } from "./overview";

/** The Activity Analysis tab: totals, the last 12 weeks as HTML bars (no chart library), and advice. */
export function AnalysisTab({ analysis }: { analysis: ActivityAnalysis }) {
  if (analysis.cyclingActivityCount === 0) {
    return (
      <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900 sm:p-6">
        <p className="font-semibold">No Activity Data</p>
        <p className="mt-1 text-sm">
          We could not find any cycling activities. Connect your Strava account or log some rides to see your
          analysis.{" "}
          <Link to="/profile/strava" className="font-semibold underline">
            Connect Strava
          </Link>
        </p>
      </div>
    );
  }
  const max = Math.max(RECOMMENDED_WEEKLY_KM.max, ...analysis.weeklyDistances.map((w) => w.km));
  const target = (RECOMMENDED_WEEKLY_KM.min / max) * 100;
  const totals = [
    ["Lifetime cycling", `${formatKmNumber(analysis.totalLifetimeCyclingKm)} km`],
    ["Active cycling days", `${analysis.activeCyclingDays} in ${analysis.window.weeks} weeks`],
    ["Weekly average", `${formatKmNumber(analysis.weeklyAverageCyclingKm)} km`],
    ["Other sports", analysis.otherSportsActive ? "Active" : "None recently"],
  ] as const;
  return (
    <div className="space-y-4">
      <section className={card} aria-labelledby="totals-heading">
        <h2 id="totals-heading" className="text-lg font-semibold text-gray-900">
          Your Cycling
        </h2>
        <Tiles items={totals} />
      </section>
      <section className={card} aria-labelledby="weekly-heading">
        <h2 id="weekly-heading" className="text-lg font-semibold text-gray-900">
          Weekly Distance, Last {analysis.window.weeks} Weeks
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          The dashed line marks {RECOMMENDED_WEEKLY_KM.min} km, the low end of the recommended{" "}
          {RECOMMENDED_WEEKLY_KM.min}-{RECOMMENDED_WEEKLY_KM.max} km a week.
        </p>
        <div
          className="relative mt-4 h-40"
          role="img"
          aria-label={`Weekly cycling distance: ${analysis.weeklyDistances.map((w) => `${shortDate(w.weekStart)} ${formatKmNumber(w.km)} km`).join(", ")}`}
        >
          <div className="flex h-full items-end gap-1 sm:gap-2" aria-hidden="true">
            {analysis.weeklyDistances.map((w) => (
              <div
                key={w.weekStart}
                className="flex h-full flex-1 flex-col justify-end"
                title={`${shortDate(w.weekStart)}: ${formatKmNumber(w.km)} km`}
              >
                <div
                  className="rounded-t bg-brand-accent"
                  style={{ height: `${(w.km / max) * 100}%`, minHeight: w.km > 0 ? 2 : 0 }}
                />
              </div>
            ))}
          </div>
          <div
            className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-dashed border-gray-700"
            style={{ bottom: `${target}%` }}
            aria-hidden="true"
          />
        </div>
        <div className="mt-1 flex justify-between text-xs text-gray-500" aria-hidden="true">
          <span>{shortDate(analysis.weeklyDistances[0]!.weekStart)}</span>
          <span>this week</span>
        </div>
      </section>
      <section className={card} aria-labelledby="advice-heading">
        <h2 id="advice-heading" className="text-lg font-semibold text-gray-900">
          Recommendations
        </h2>
        {analysis.recommendations.length ? (
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-gray-800">
            {analysis.recommendations.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-gray-700">
            You meet every recommendation: keep it up and taper well before the event.
          </p>
        )}
        <p className="mt-3 text-xs text-gray-500">
          Weekly average, consistency (weeks with a ride out of {analysis.window.weeks}) and active days cover
          the last {analysis.window.weeks} weeks; This Year counts from 1 January; the longest ride looks back
          365 days.
        </p>
      </section>
    </div>
  );
}

export function HistoryTab({ history }: { history: EventHistoryEntry[] }) {
  if (!history.length) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-gray-900">First-Time Participant</p>
        <p className="mx-auto mt-1 max-w-md text-sm text-gray-600">
          This is your first CycleWari. Your rides in past editions will be listed here.
        </p>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {history.map((entry) => (
        <li key={entry.id} className={card} data-testid="history-entry">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-gray-900">
              {entry.eventName} <span className="font-normal text-gray-500">({entry.eventYear})</span>
            </h3>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${entry.completed ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}
            >
              {entry.completed ? "Completed" : "Not completed"}
            </span>
          </div>
          <dl className="mt-2 grid grid-cols-1 gap-1 text-sm text-gray-700 sm:grid-cols-3">
            <div>
              <dt className="inline text-gray-500">Distance: </dt>
              <dd className="inline font-medium">
                {entry.distanceAchievedKm === null ? "—" : `${formatKmNumber(entry.distanceAchievedKm)} km`}
              </dd>
            </div>
            <div>
              <dt className="inline text-gray-500">Activity: </dt>
              <dd className="inline font-medium">{entry.activityName ?? "—"}</dd>
            </div>
            {entry.startTime ? (
              <div>
                <dt className="inline text-gray-500">Started: </dt>
                <dd className="inline font-medium">{dateTime(entry.startTime)}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
