/**
 * Wari results as members see them (decision 045): the result panel of /wari in
 * results mode, the finisher badges of the dashboard and the profile, and the
 * editions of /wari/history.
 */
import { Link } from "@remix-run/react";
import { formatDuration, formatInt, formatKmNumber, longDate, plural } from "~/lib/format";
import type { FinisherBadge, HistoryEdition } from "../results.server";
import { RESULT_LABELS, type EventResult, type ResultView } from "../results";

const time = (seconds: number | null) => (seconds === null ? "—" : formatDuration(seconds));
const km = (value: number | null) => (value === null ? "—" : `${formatKmNumber(value)} km`);

/** The finisher mark: a tick and "250 km finisher". */
function FinishMark({ distanceKm, children }: { distanceKm: number; children?: React.ReactNode }) {
  return (
    <div className="flex items-center gap-3 rounded-lg border border-green-200 bg-green-50 p-3">
      <span
        aria-hidden="true"
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-green-700 text-2xl text-white"
      >
        ✓
      </span>
      <div>
        <p className="font-semibold text-green-900" data-testid="finish-badge">
          {`${distanceKm} km finisher`}
        </p>
        {children}
      </div>
    </div>
  );
}

/** The numbers of a result: distance, moving and elapsed time. */
function ResultNumbers({ result }: { result: ResultView }) {
  return (
    <dl className="grid grid-cols-3 gap-2 text-sm" data-testid="result-numbers">
      {(
        [
          ["Distance", km(result.distanceKm)],
          ["Moving time", time(result.movingTimeSeconds)],
          ["Elapsed time", time(result.elapsedTimeSeconds)],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="rounded-lg bg-gray-50 p-2">
          <dt className="text-xs text-gray-600">{label}</dt>
          <dd className="font-semibold text-gray-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /wari after the ride: the member's result, the club's finisher count and the next edition. */
export function EventResultPanel({ data, distanceKm }: { data: EventResult; distanceKm: number }) {
  const { result, registered } = data;
  const finished = result.status === "finished";
  const day = longDate(data.rideDate);
  return (
    <div data-testid="event-result" className="space-y-3">
      {finished ? (
        <FinishMark distanceKm={distanceKm}>
          <p className="text-sm text-green-900">You rode the distance of the day. Well done!</p>
        </FinishMark>
      ) : null}
      {result.status === "no_ride" ? (
        <p className="text-sm text-gray-800" data-testid="event-ride">
          {`No ride recorded on ${day}. If you rode, sync Strava or upload the ride and it shows here.`}
        </p>
      ) : (
        <>
          <p className="text-sm text-gray-800" data-testid="event-ride">
            {finished ? "Your ride: " : "Your longest ride of the day: "}
            {result.activityId !== null && result.activityName ? (
              <Link
                to={`/activities/${result.activityId}`}
                className="font-semibold text-brand-ink underline"
              >
                {result.activityName}
              </Link>
            ) : (
              "as confirmed by the club"
            )}
            {`, ${km(result.distanceKm)} in ${time(result.movingTimeSeconds)} on ${day}`}
            {finished || result.distanceKm === null
              ? "."
              : ` (${Math.round((100 * result.distanceKm) / distanceKm)}% of the ${distanceKm} km).`}
          </p>
          <ResultNumbers result={result} />
        </>
      )}
      <p className="text-sm text-gray-800" data-testid="result-status">
        {registered
          ? `Result: ${RESULT_LABELS[result.status]}${result.review ? ` (${result.review} by the club)` : ""}.`
          : "You were not registered for this edition, so this ride is not in the club's results."}
      </p>
      <p className="text-sm text-gray-800" data-testid="finisher-count">
        {`${plural(data.finisherCount, "member")} of the club finished the ${distanceKm} km.`}
      </p>
      <p
        className="rounded-lg bg-brand-tint p-3 text-sm font-medium text-gray-900"
        data-testid="next-edition"
      >
        {`See you next year! ${
          data.nextEventDate
            ? `The next edition is on ${longDate(data.nextEventDate)}.`
            : "The date of the next edition will be announced here."
        }`}
      </p>
    </div>
  );
}

/** The member's finisher badges (dashboard, profile); nothing when there is none. */
export function FinisherBadges({ badges }: { badges: readonly FinisherBadge[] }) {
  if (!badges.length) return null;
  return (
    <section aria-label="Wari finisher badges" data-testid="finisher-badges">
      <ul className="flex flex-wrap gap-2">
        {badges.map((b) => (
          <li key={b.year}>
            <Link
              to="/wari/history"
              className="inline-flex items-center gap-2 rounded-full border border-green-200 bg-green-50 px-3 py-1 text-sm font-semibold text-green-900 hover:bg-green-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-green-700"
            >
              <span aria-hidden="true">✓</span>
              {`${b.name}: ${b.distanceKm} km finisher`}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function historyResult(edition: HistoryEdition): string {
  if (!edition.registered) return "Not registered";
  if (!edition.over) return "After the ride";
  const { result } = edition;
  if (!result) return "—";
  return [
    RESULT_LABELS[result.status],
    result.distanceKm !== null ? `, ${km(result.distanceKm)}` : "",
    result.movingTimeSeconds !== null ? ` in ${time(result.movingTimeSeconds)}` : "",
  ].join("");
}

/** /wari/history: every edition with the member's registration, plan adherence and result. */
export function WariHistory({ editions }: { editions: readonly HistoryEdition[] }) {
  if (!editions.length)
    return (
      <p className="rounded-lg bg-gray-50 p-4 text-sm text-gray-700" data-testid="history-empty">
        No Wari edition has been announced yet.
      </p>
    );
  return (
    <ol className="space-y-4" data-testid="wari-history">
      {editions.map((e) => (
        <li
          key={e.year}
          data-testid={`history-${e.year}`}
          className="rounded-xl border border-gray-200 bg-white p-4"
        >
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-lg font-semibold text-gray-900">{e.name}</h2>
            <p className="text-sm text-gray-600">{`${longDate(e.rideDate)} · ${e.distanceKm} km`}</p>
          </div>
          {e.result?.status === "finished" ? (
            <div className="mt-3">
              <FinishMark distanceKm={e.distanceKm} />
            </div>
          ) : null}
          <dl className="mt-3 grid grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            {(
              [
                ["Registration", e.registered ? `Registered for ${e.year}` : "Not registered"],
                [
                  "Plan",
                  e.plan
                    ? `${formatInt(e.plan.done)} of ${plural(e.plan.planned, "workout")} done`
                    : "No training plan",
                ],
                ["Your result", historyResult(e)],
                ["Club finishers", e.over ? plural(e.finisherCount, "finisher") : "After the ride"],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="flex justify-between gap-4 rounded-lg bg-gray-50 px-3 py-2">
                <dt className="text-gray-600">{label}</dt>
                <dd className="text-right font-medium text-gray-900">{value}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ol>
  );
}
