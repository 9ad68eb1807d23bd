import { Link } from "@remix-run/react";
import type { ActivityAnalysis } from "../analysis.server";
import type { EventHistoryEntry } from "../event.server";
import { formatKmNumber, shortDate } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { OnboardingCard } from "~/ui/onboarding-card";
import { RECOMMENDED_WEEKLY_KM } from "../coaching";
import { kmAxis } from "../km-axis";
import { card, Tiles } from "./overview";

/** The Activity Analysis tab: totals, the last 12 weeks as HTML bars (no chart library), and advice. */
export function AnalysisTab({
  analysis,
  stravaLinked,
}: {
  analysis: ActivityAnalysis;
  stravaLinked: boolean;
}) {
  // First run (issue #20 item 2): no activity of any sport yet, so the dashboard's welcome card, not zeros.
  if (analysis.activityCount === 0) {
    return (
      <OnboardingCard
        connected={stravaLinked}
        connectHere
        what="your cycling this year, your weekly distance, consistency and advice for the 250 km day"
      />
    );
  }
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
  const axis = kmAxis(Math.max(RECOMMENDED_WEEKLY_KM.max, ...analysis.weeklyDistances.map((w) => w.km)));
  const target = (RECOMMENDED_WEEKLY_KM.min / axis.top) * 100;
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
        <WeeklyBars analysis={analysis} top={axis.top} ticks={axis.ticks} target={target} />
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
          the last {analysis.window.weeks} weeks; This Year counts from 1 January (India time); the longest
          ride looks back 365 days.
        </p>
      </section>
    </div>
  );
}

export function HistoryTab({ history }: { history: EventHistoryEntry[] }) {
  const dates = useDates();
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
                <dd className="inline font-medium">{dates.dateTime(entry.startTime)}</dd>
              </div>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * The last weeks' km as HTML bars: a km axis from zero with gridlines, the
 * value over every bar (touch has no hover) and the week's start under it.
 * Screen readers get the list as the image's label.
 */
function WeeklyBars({
  analysis,
  top,
  ticks,
  target,
}: {
  analysis: ActivityAnalysis;
  top: number;
  ticks: number[];
  target: number;
}) {
  const weeks = analysis.weeklyDistances;
  return (
    <div
      className="mt-4"
      role="img"
      aria-label={`Weekly cycling distance in km, axis from 0 to ${formatKmNumber(top)} km: ${weeks.map((w) => `week of ${shortDate(w.weekStart)} ${formatKmNumber(w.km)} km`).join(", ")}`}
      data-testid="weekly-bars"
    >
      <div className="flex gap-2" aria-hidden="true">
        <div className="relative h-44 w-9 shrink-0 text-right text-[11px] leading-none text-gray-600">
          {ticks.map((tick) => (
            <span
              key={tick}
              className="absolute right-0 -translate-y-1/2"
              style={{ bottom: `calc(${(tick / top) * 100}% - 0.5em)` }}
            >
              {formatKmNumber(tick)}
            </span>
          ))}
        </div>
        <div className="relative h-44 min-w-0 flex-1 border-b border-l border-gray-400">
          {ticks.slice(1).map((tick) => (
            <div
              key={tick}
              className="absolute inset-x-0 border-t border-gray-100"
              style={{ bottom: `${(tick / top) * 100}%` }}
            />
          ))}
          <div className="absolute inset-0 flex items-end gap-0.5 px-0.5 sm:gap-2 sm:px-1">
            {weeks.map((w) => (
              <div key={w.weekStart} className="relative h-full min-w-0 flex-1">
                <div
                  className="absolute inset-x-0 bottom-0 rounded-t bg-brand-accent"
                  style={{ height: `${(w.km / top) * 100}%`, minHeight: w.km > 0 ? 2 : 0 }}
                />
                <span
                  className="absolute inset-x-0 truncate text-center text-[10px] font-medium leading-none text-gray-800 sm:text-xs"
                  style={{ bottom: `calc(${(w.km / top) * 100}% + 2px)` }}
                >
                  {formatKmNumber(Math.round(w.km))}
                </span>
              </div>
            ))}
          </div>
          <div
            className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-dashed border-gray-700"
            style={{ bottom: `${target}%` }}
          />
        </div>
      </div>
      <div className="mt-1 flex gap-2 text-[10px] text-gray-600 sm:text-xs" aria-hidden="true">
        <span className="w-9 shrink-0 text-right">km</span>
        <div className="flex min-w-0 flex-1 gap-0.5 px-0.5 sm:gap-2 sm:px-1">
          {weeks.map((w, i) => (
            <span
              key={w.weekStart}
              className={`min-w-0 flex-1 whitespace-nowrap text-center ${i % 3 === 0 || i === weeks.length - 1 ? "" : "invisible md:visible"}`}
            >
              {i === weeks.length - 1 ? "now" : shortDate(w.weekStart)}
            </span>
          ))}
        </div>
      </div>
      <p className="mt-1 text-xs text-gray-600">Bars: km ridden per week, by the week&apos;s first day.</p>
    </div>
  );
}
