import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { ChallengesPageData, JoinResult } from "../page.server";
import { timeRemaining } from "../rules";
import { sourcesText } from "../schema";
import {
  ActiveBadge,
  CompletedBadge,
  CompletedOrPercent,
  JoinFeedback,
  ProgressBar,
  SPORT_LABELS,
} from "./challenge-ui";
import { TeamPicker } from "./team-picker";
import { formatGoalProgress, formatGoalTarget, formatInt, formatMetresAsKm } from "~/lib/format";
import { buttonClass } from "~/ui/button";
import { cardClass } from "~/ui/card";
import { PoweredByStrava } from "~/ui/strava-brand";
import { SharingChoice } from "~/modules/privacy/ui";

/** /challenges: the grid, the member's progress on joined ones, and the join buttons. */
export function ChallengesGrid({ data }: { data: ChallengesPageData }) {
  const { challenges, mine, teams, stravaRequired, shareActivities } = data;
  const navigation = useNavigation();
  const result = useActionData<JoinResult>();
  const joiningId =
    navigation.state === "submitting" ? Number(navigation.formData?.get("challengeId")) : null;
  const now = new Date();
  return (
    <main className="mx-auto max-w-7xl space-y-6 px-4 py-8">
      <JoinFeedback failureText={{ title: "Failed to join challenge. Please try again." }} />
      <div>
        <h1 className="text-2xl font-bold text-gray-900">Challenges</h1>
        <p className="mt-1 text-gray-600">
          Join a challenge and your activities count towards it automatically: synced from Strava, or uploaded
          where the challenge counts files.
        </p>
      </div>
      {stravaRequired ? (
        <div role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
          <strong>Strava Connection Required.</strong> Connect your Strava account to join challenges.{" "}
          <Link to="/profile/strava" className="font-semibold underline">
            Connect Strava
          </Link>
        </div>
      ) : null}
      {challenges.length === 0 ? (
        <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
          No challenges yet. Check back soon!
        </p>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {challenges.map((c) => {
            const participation = mine[c.id];
            const cardTeams = teams[c.id];
            const completed = participation !== undefined && participation.percent >= 100;
            return (
              <li
                key={c.id}
                className={cardClass({
                  padding: "none",
                  className: `flex flex-col p-5 ${completed ? "ring-2 ring-green-600/40" : ""}`,
                })}
                data-testid="challenge-card"
              >
                <div className="flex items-start justify-between gap-2">
                  <h2 className="text-lg font-semibold text-gray-900">{c.title}</h2>
                  <div className="flex shrink-0 flex-col items-end gap-1">
                    <ActiveBadge active={c.isActive} />
                    {completed ? <CompletedBadge /> : null}
                  </div>
                </div>
                <p className="mt-2 line-clamp-3 text-sm text-gray-600">{c.description}</p>
                <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
                  {c.measure === "distance" ? (
                    <>
                      <dt className="text-gray-500">Target Distance</dt>
                      <dd className="text-right font-medium">
                        {c.targetDistance ? formatMetresAsKm(c.targetDistance) : "No distance target"}
                      </dd>
                    </>
                  ) : (
                    <>
                      <dt className="text-gray-500">Goal</dt>
                      <dd className="text-right font-medium">{formatGoalTarget(c.measure, c.target)}</dd>
                    </>
                  )}
                  <dt className="text-gray-500">Sport</dt>
                  <dd className="text-right font-medium">{SPORT_LABELS[c.sportType] ?? c.sportType}</dd>
                  <dt className="text-gray-500">Time Remaining</dt>
                  <dd className="text-right font-medium">{timeRemaining(c.endDate, now)}</dd>
                  <dt className="text-gray-500">Participants</dt>
                  <dd className="text-right font-medium">{formatInt(c.participantCount)}</dd>
                </dl>
                <div className="mt-auto pt-5">
                  {participation ? (
                    <div className="space-y-2">
                      <div className="flex justify-between text-sm">
                        <span>{formatGoalProgress(c.measure, participation.progress, c.target)}</span>
                        <CompletedOrPercent percent={participation.percent} />
                      </div>
                      <ProgressBar percent={participation.percent} label={`Progress in ${c.title}`} />
                      <Link
                        to={`/challenges/${c.id}`}
                        className="mt-2 inline-block font-semibold text-brand hover:underline"
                      >
                        View Details
                      </Link>
                    </div>
                  ) : (
                    <div className="space-y-3">
                      {c.isActive && new Date(c.endDate) > now ? (
                        <Form method="post" className="space-y-3" data-testid="join-form">
                          <input type="hidden" name="challengeId" value={c.id} />
                          {cardTeams ? (
                            <TeamPicker
                              id={`join-team-${c.id}`}
                              teams={cardTeams}
                              error={result?.challengeId === c.id ? result.teamError : undefined}
                            />
                          ) : null}
                          <SharingChoice shareActivities={shareActivities} compact />
                          <p className="text-xs text-gray-600">Counts: {sourcesText(c.sources)}</p>
                          <div className="flex items-center justify-between gap-3">
                            <Link
                              to={`/challenges/${c.id}`}
                              className="text-sm font-medium text-brand hover:underline"
                            >
                              View Details
                            </Link>
                            <button
                              type="submit"
                              disabled={joiningId === c.id}
                              className={buttonClass({ className: "text-sm disabled:opacity-60" })}
                            >
                              {joiningId === c.id ? "Joining..." : "Join Challenge"}
                            </button>
                          </div>
                        </Form>
                      ) : (
                        <Link
                          to={`/challenges/${c.id}`}
                          className="text-sm font-medium text-brand hover:underline"
                        >
                          View Details
                        </Link>
                      )}
                    </div>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <PoweredByStrava />
    </main>
  );
}
