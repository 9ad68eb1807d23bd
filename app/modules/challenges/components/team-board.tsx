/**
 * The challenge page's team board, club total, final standings and "why it
 * counted" list (issue #39 items 2, 4 and 6, decision 049).
 */
import { Link } from "@remix-run/react";
import { formatGoalAmount, formatGoalProgress, formatNumber, sportName } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { cardClass } from "~/ui/card";
import type { ChallengeDetailData } from "../page.server";
import { ProgressBar } from "./challenge-ui";

type Teams = ChallengeDetailData["teams"];

/** Each team's total, members and average per member, best first; the viewer's team marked. */
export function TeamBoard({
  teams,
  measure,
  challengeId,
  myTeamId,
}: {
  teams: Teams;
  measure: string;
  challengeId: number;
  myTeamId: number | null;
}) {
  return (
    <section
      aria-labelledby="teams-heading"
      data-testid="team-board"
      className={cardClass({ padding: "none", className: "p-4" })}
    >
      <h2 id="teams-heading" className="text-lg font-semibold text-gray-900">
        Teams
      </h2>
      <ol className="mt-3 divide-y divide-gray-100">
        {teams.map((t) => (
          <li
            key={t.id}
            data-testid="team"
            aria-current={t.id === myTeamId ? "true" : undefined}
            className={`flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm ${t.id === myTeamId ? "bg-brand-tint" : ""}`}
          >
            <span className="w-6 text-center font-bold tabular-nums text-gray-600">{t.rank}</span>
            <Link
              to={`/challenges/${challengeId}/teams/${t.id}`}
              className="min-w-0 flex-1 break-words font-semibold text-brand hover:underline"
            >
              {t.name}
              {t.id === myTeamId ? " (your team)" : ""}
            </Link>
            <span className="tabular-nums text-gray-900" data-testid="team-total">
              {formatGoalAmount(measure, t.total)}
            </span>
            <span className="w-full pl-9 text-xs text-gray-600">
              {t.members === 1 ? "1 member" : `${t.members} members`}
              {t.members ? ` · ${formatGoalAmount(measure, t.average)} per member` : ""}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A group goal: the club's total against the target; everyone's contribution is in the list below. */
export function ClubTotal({
  total,
  members,
  measure,
  target,
}: {
  total: number;
  members: number;
  measure: string;
  target: number | null;
}) {
  const percent = target ? Math.min(100, Math.round((total / target) * 1000) / 10) : 0;
  return (
    <section
      aria-labelledby="club-total-heading"
      data-testid="club-total"
      className={cardClass({ padding: "none", className: "space-y-2 p-5" })}
    >
      <h2 id="club-total-heading" className="font-semibold text-gray-900">
        Club total, together
      </h2>
      <p className="text-2xl font-bold tabular-nums text-gray-900">
        {formatGoalAmount(measure, total)}
        {target ? (
          <span className="text-base font-normal text-gray-600"> of {formatGoalAmount(measure, target)}</span>
        ) : null}
      </p>
      <ProgressBar percent={percent} label="The club's progress" />
      <p className="text-sm text-gray-600">
        {members === 1 ? "1 member" : `${members} members`} adding to it · {formatNumber(percent)}% · no
        ranking: every contribution counts.
      </p>
    </section>
  );
}

/** An ended challenge: the podium (and the winning team) instead of time remaining. */
export function FinalStandings({
  podium,
  winner,
  measure,
}: {
  podium: ChallengeDetailData["podium"];
  winner: Teams[number] | null;
  measure: string;
}) {
  const medals = ["🥇", "🥈", "🥉"];
  return (
    <section
      aria-labelledby="final-heading"
      data-testid="final-standings"
      className={cardClass({ padding: "none", className: "p-5" })}
    >
      <h2 id="final-heading" className="font-semibold text-gray-900">
        Final standings
      </h2>
      {podium.length ? (
        <ol className="mt-3 grid gap-2 sm:grid-cols-3">
          {podium.map((p) => (
            <li key={p.userId} className="rounded-lg bg-gray-50 p-3 text-sm">
              <span aria-hidden="true">{medals[p.rank - 1] ?? ""} </span>
              <span className="sr-only">Place {p.rank}: </span>
              <strong>{p.username}</strong>
              <span className="block tabular-nums text-gray-700">
                {formatGoalAmount(measure, p.progress)}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-2 text-sm text-gray-600">Nobody took part.</p>
      )}
      {winner ? (
        <p className="mt-3 text-sm" data-testid="team-winner">
          Winning team: <strong>{winner.name}</strong> with {formatGoalAmount(measure, winner.total)}
        </p>
      ) : null}
    </section>
  );
}

type Why = NonNullable<ChallengeDetailData["why"]>;

/** "Why it counted": each activity around the dates, counted with its contribution, or the reason it did not. */
export function WhyList({
  why,
  heading = "Why it counted",
  allHref,
}: {
  why: Why;
  heading?: string;
  /** Where the whole list is, when this one leaves older activities out. */
  allHref?: string;
}) {
  const dates = useDates();
  return (
    <section
      aria-labelledby="why-heading"
      data-testid="why-list"
      className={cardClass({ padding: "none", className: "p-5" })}
    >
      <h2 id="why-heading" className="font-semibold text-gray-900">
        {heading}
      </h2>
      {why.manualProgress !== null ? (
        <p className="mt-1 text-sm text-amber-800">
          An admin set this progress to {formatGoalProgress(why.measure, why.manualProgress, null)}; it stands
          until they recalculate.
        </p>
      ) : null}
      {why.activities.length === 0 ? (
        <p className="mt-2 text-sm text-gray-600">No activities around the challenge&apos;s dates yet.</p>
      ) : (
        // A scrolling list is a region the keyboard can reach and scroll (axe: scrollable-region-focusable).
        <div
          role="region"
          aria-labelledby="why-heading"
          tabIndex={0}
          className="mt-3 max-h-96 overflow-y-auto rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-accent"
        >
          <ul className="divide-y divide-gray-100 text-sm">
            {why.activities.map((a) => (
              <li key={a.id} data-testid="why-item" className="flex flex-wrap justify-between gap-x-3 py-2">
                <span className="min-w-0">
                  <span className="block truncate font-medium text-gray-900">{a.name}</span>
                  <span className="text-xs text-gray-500">
                    {sportName(a.sportType)} · {dates.date(a.startDate)}
                  </span>
                </span>
                {a.counted ? (
                  <span className="shrink-0 font-medium text-green-800">
                    Counted · +{formatGoalAmount(why.measure, a.contribution)}
                  </span>
                ) : (
                  <span className="text-gray-700 sm:max-w-[60%] sm:text-right">
                    Not counted: {a.reasonText}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {why.more && allHref ? (
        <p className="mt-2 text-sm">
          <Link to={allHref} preventScrollReset className="font-medium text-brand hover:underline">
            Show older activities
          </Link>
        </p>
      ) : null}
    </section>
  );
}
