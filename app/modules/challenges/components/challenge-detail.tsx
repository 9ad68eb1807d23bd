import { Form, Link, useActionData, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import {
  formatDuration,
  formatGoalProgress,
  formatGoalTarget,
  formatKm,
  formatMetresAsKm,
  plural,
  sportName,
} from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { settle } from "~/ui/navigation";
import { Pagination } from "~/ui/pagination";
import type { ChallengeDetailData, JoinResult, SharingResult } from "../page.server";
import { GENDER_TABS, PARTICIPANT_SORTS, sourcesText } from "../schema";
import { ActiveBadge, CompletedOrPercent, JoinFeedback, ProgressBar, SPORT_LABELS } from "./challenge-ui";
import { TeamPicker } from "./team-picker";
import { buttonClass } from "~/ui/button";
import { cardClass } from "~/ui/card";
import { PoweredByStrava } from "~/ui/strava-brand";
import { Avatar } from "~/ui/avatar";
import { SharingChoice } from "~/modules/privacy/ui";
import { ClubTotal, FinalStandings, TeamBoard, WhyList } from "./team-board";

/** The leaderboard's amount column, named for what the goal counts. */
const COLUMN_BY_MEASURE: Record<string, string> = {
  distance: "Distance",
  elevation: "Climbed",
  time: "Time",
  days: "Days",
  count: "Activities",
  longest: "Longest",
  group: "Contributed",
};

/** What /challenges/{id}'s error boundary shows for a 404. */
export function ChallengeNotFound() {
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-gray-900">Challenge not found</h1>
      <Link to="/challenges" className={buttonClass({ className: "mt-6 inline-block" })}>
        Back to Challenges
      </Link>
    </main>
  );
}

/** The participant's choice of what others see here (intent sharing); the answer shows above the form. */
function ChallengeSharing({ shareActivities, saving }: { shareActivities: boolean; saving: boolean }) {
  const result = useActionData<SharingResult>();
  return (
    <section
      id="sharing"
      aria-labelledby="sharing-heading"
      className={cardClass({ padding: "none", className: "p-5" })}
    >
      <h2 id="sharing-heading" className="font-semibold text-gray-900">
        Your sharing in this challenge
      </h2>
      {result?.intent === "sharing" ? (
        <p role="status" className={`mt-1 text-sm ${result.ok ? "text-green-700" : "text-red-700"}`}>
          {result.message}
        </p>
      ) : null}
      {/* key: after a save the radios show the stored choice again */}
      <Form method="post" className="mt-3 space-y-3" key={String(shareActivities)}>
        <input type="hidden" name="intent" value="sharing" />
        <SharingChoice shareActivities={shareActivities} />
        <button type="submit" disabled={saving} className={buttonClass({ className: "disabled:opacity-60" })}>
          {saving ? "Saving..." : "Save sharing"}
        </button>
        <p className="text-xs text-gray-500">
          Your default for new challenges is in{" "}
          <Link to={`/profile-settings#sharing`} className="font-medium text-brand hover:underline">
            profile settings
          </Link>
          . Admins can always see your public activities, to correct progress.
        </p>
      </Form>
    </section>
  );
}

/** How many participants the leaderboard shows before "Show all". */
const TOP = 10;

type Participant = ChallengeDetailData["participants"][number];

/**
 * The compact leaderboard: one line per participant (rank, name, bar, km, %),
 * the viewer highlighted (and pinned above the list when their row is not
 * shown), each participant's matching activities behind a disclosure, which
 * the server fills only where consent allows (decision 020).
 */
function Leaderboard({
  participants,
  challengeId,
  viewerId,
  me,
  showProgressOnlyNote,
  isAdmin,
  limit,
  showAllHref,
  morePages,
  goal,
}: {
  goal: { measure: string; target: number | null };
  participants: Participant[];
  challengeId: number;
  viewerId: number;
  me: ChallengeDetailData["me"];
  showProgressOnlyNote: boolean;
  isAdmin: boolean;
  limit: number | null;
  showAllHref: string;
  morePages: boolean;
}) {
  const shown = limit === null ? participants : participants.slice(0, limit);
  const hidden = participants.length - shown.length;
  const meShown = shown.some((p) => p.userId === viewerId);
  const mine = participants.find((p) => p.userId === viewerId);
  return (
    <div className="space-y-3">
      {me && !meShown ? (
        <div
          data-testid="my-position"
          className="flex items-center gap-3 rounded-lg border border-brand-soft bg-brand-tint px-3 py-2 text-sm"
        >
          <span className="w-8 text-center font-bold text-gray-700">{mine?.rank ?? "—"}</span>
          <span className="font-semibold text-gray-900">You</span>
          <div className="hidden flex-1 sm:block">
            <ProgressBar percent={me.percent} label="Your progress" />
          </div>
          <span className="ml-auto tabular-nums text-gray-800">
            {formatGoalProgress(goal.measure, me.progress, goal.target)}
          </span>
          <CompletedOrPercent percent={me.percent} />
        </div>
      ) : null}
      <div className={cardClass({ padding: "none", className: "overflow-hidden" })}>
        <div
          aria-hidden="true"
          className="hidden grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1.2fr)_6rem_6.5rem] gap-3 border-b border-gray-100 bg-gray-50 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-gray-600 sm:grid"
        >
          <span className="text-center">#</span>
          <span>Name</span>
          <span>Progress</span>
          <span className="text-right">{COLUMN_BY_MEASURE[goal.measure] ?? "Total"}</span>
          <span className="text-right">Done</span>
        </div>
        <ol className="divide-y divide-gray-100">
          {shown.map((p) => {
            const isMe = p.userId === viewerId;
            return (
              <li
                key={p.id}
                data-testid="participant"
                aria-current={isMe ? "true" : undefined}
                className={`px-3 py-2 ${isMe ? "bg-brand-tint" : ""}`}
              >
                <div className="grid grid-cols-[2rem_minmax(0,1fr)] items-center gap-x-3 gap-y-1 sm:grid-cols-[2.5rem_minmax(0,1fr)_minmax(0,1.2fr)_6rem_6.5rem]">
                  <span className="text-center font-bold tabular-nums text-gray-600">
                    {p.rank ?? <span aria-label="Not ranked">·</span>}
                  </span>
                  <span className="flex min-w-0 items-center gap-2">
                    <Avatar name={p.user.username} src={p.user.profileImageUrl} />
                    {isAdmin ? (
                      <Link
                        to={`/admin/users/${p.userId}`}
                        data-testid="participant-name"
                        className="truncate font-semibold text-brand hover:underline"
                      >
                        {p.user.username}
                      </Link>
                    ) : (
                      <span data-testid="participant-name" className="truncate font-semibold text-gray-900">
                        {p.user.username}
                      </span>
                    )}
                    {isMe ? (
                      <span className="shrink-0 rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">
                        You
                      </span>
                    ) : null}
                  </span>

                  <div className="col-span-2 flex items-center gap-3 sm:col-span-1">
                    <div className="min-w-0 flex-1">
                      <ProgressBar percent={p.percent} label={`${p.user.username}'s progress`} />
                    </div>
                    <span className="shrink-0 text-right text-sm sm:hidden">
                      <span className="tabular-nums text-gray-700">
                        {formatGoalProgress(p.challenge.goalType, p.progress, p.challenge.target)}
                      </span>{" "}
                      · <CompletedOrPercent percent={p.percent} />
                    </span>
                  </div>
                  <span className="hidden text-right text-sm tabular-nums text-gray-700 sm:block">
                    {formatGoalProgress(p.challenge.goalType, p.progress, p.challenge.target)}
                  </span>
                  <span className="hidden text-right text-sm sm:block">
                    <CompletedOrPercent percent={p.percent} />
                  </span>
                </div>
                <ParticipantActivities participant={p} challengeId={challengeId} />
              </li>
            );
          })}
        </ol>
      </div>
      {showProgressOnlyNote &&
      shown.some((p) => !p.shareActivities && !p.activities.length && p.activityCount !== 0) ? (
        <p className="text-xs text-gray-600" data-testid="leaderboard-legend">
          <strong className="font-semibold">Shares progress only:</strong> a participant without a list of
          activities chose to show their name and progress, not their activities.
        </p>
      ) : null}
      {hidden > 0 || (limit !== null && morePages) ? (
        <Link
          to={showAllHref}
          preventScrollReset
          className={buttonClass({ variant: "secondary", size: "sm" })}
        >
          Show all{hidden > 0 ? ` (${plural(hidden, "more participant")})` : ""}
        </Link>
      ) : null}
    </div>
  );
}

/** A participant's matching activities, folded away (a native disclosure: it works without JavaScript). */
function ParticipantActivities({
  participant: p,
  challengeId,
}: {
  participant: Participant;
  challengeId: number;
}) {
  const dates = useDates();
  if (p.activities.length)
    return (
      <>
        <details className="group ml-11 mt-1 text-sm">
          <summary className="cursor-pointer select-none text-gray-600 hover:text-gray-900">
            {p.activityCount !== null ? plural(p.activityCount, "activity", "activities") : "Activities"}
          </summary>
          <ul className="mt-1 space-y-1 text-gray-700">
            {p.activities.map((a) => (
              <li key={a.id} className="flex justify-between gap-2">
                <span className="truncate">{a.name}</span>
                <span className="shrink-0 text-gray-500">
                  {formatKm(a.distance / 1000)} · {dates.date(a.startDate)}
                </span>
              </li>
            ))}
          </ul>
        </details>
        {p.activityCount !== null && p.activityCount > 3 ? (
          <Link
            to={`/activities?userId=${p.userId}&challengeId=${challengeId}`}
            className="ml-11 mt-1 block text-sm font-medium text-brand hover:underline"
          >
            View all {p.activityCount} activities
          </Link>
        ) : null}
      </>
    );
  if (p.activityCount === 0)
    return <p className="ml-11 mt-1 text-xs text-gray-500">No activities recorded yet</p>;
  // "Shares progress only" is said once, in the leaderboard's legend.
  return null;
}

/** /challenges/{id}: details, the join button, and the participants (search, sort, gender tabs, pages). */
export function ChallengeDetail({ data }: { data: ChallengeDetailData }) {
  const dates = useDates();
  const {
    challenge,
    participants,
    total,
    pages,
    joined,
    myShareActivities,
    shareActivities,
    isAdmin,
    query,
  } = data;
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const joinResult = useActionData<JoinResult | SharingResult>();
  const submit = useSubmit();
  const typing = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(typing.current), []);
  const canJoin = challenge.isActive && !joined && new Date(challenge.endDate) > new Date();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const withParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value === null) next.delete(key);
    else next.set(key, value);
    if (key !== "page") next.delete("page");
    const qs = next.toString();
    return qs ? `?${qs}` : ".";
  };
  // A search shows every match; otherwise the top 10 (and you) until "Show all".
  const limit = query.q || searchParams.get("all") === "1" || query.page > 1 ? null : TOP;
  const tabHref = (gender: string) => withParam("gender", gender === "all" ? null : gender);
  return (
    <main className="mx-auto max-w-5xl space-y-6 px-4 py-8">
      <JoinFeedback
        failureText={{ title: "Error", description: "Failed to join challenge. Please try again later." }}
      />
      <Link to="/challenges" className="text-sm font-medium text-brand hover:underline">
        ← Back to Challenges
      </Link>
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex items-center gap-3">
            <h1 className="text-2xl font-bold text-gray-900">{challenge.title}</h1>
            <ActiveBadge active={challenge.isActive} />
          </div>
          <p className="mt-2 max-w-2xl text-gray-600">{challenge.description}</p>
        </div>
        {canJoin ? (
          <Form
            method="post"
            className={cardClass({ padding: "none", className: "w-full space-y-3 p-4 sm:w-80" })}
            data-testid="join-form"
          >
            <input type="hidden" name="intent" value="join" />
            {data.teams.length ? (
              <TeamPicker
                id="join-team"
                teams={data.teams}
                error={joinResult?.intent === "join" ? joinResult.teamError : undefined}
              />
            ) : null}
            <p className="text-xs text-gray-600">Counts activities from {sourcesText(challenge.sources)}.</p>
            <SharingChoice shareActivities={shareActivities} />
            <button
              type="submit"
              disabled={submitting === "join"}
              className={buttonClass({
                size: "none",
                className: "w-full px-5 py-2 font-semibold disabled:opacity-60",
              })}
            >
              {submitting === "join" ? "Joining..." : "Join Challenge"}
            </button>
          </Form>
        ) : null}
      </header>

      {myShareActivities !== null ? (
        <ChallengeSharing shareActivities={myShareActivities} saving={submitting === "sharing"} />
      ) : null}

      <section aria-labelledby="details-heading" className={cardClass({ padding: "none", className: "p-5" })}>
        <h2 id="details-heading" className="font-semibold text-gray-900">
          Challenge Details
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-4">
          <div>
            <dt className="text-gray-500">Sport</dt>
            <dd className="font-medium">
              {challenge.sportTypes
                ? challenge.sportTypes.map(sportName).join(", ")
                : (SPORT_LABELS[challenge.sportType] ?? challenge.sportType)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">Counts</dt>
            <dd className="font-medium">{sourcesText(challenge.sources)}</dd>
          </div>
          <div>
            <dt className="text-gray-500">Dates</dt>
            <dd className="font-medium" data-testid="challenge-dates">
              {dates.range(challenge.startDate, challenge.endDate)}
            </dd>
          </div>
          <div>
            <dt className="text-gray-500">Target</dt>
            <dd className="font-medium">
              {challenge.measure === "distance"
                ? challenge.targetDistance
                  ? formatMetresAsKm(challenge.targetDistance)
                  : "No distance target"
                : formatGoalTarget(challenge.measure, challenge.target)}
              {challenge.minPerDay ? ` (at least ${formatMetresAsKm(challenge.minPerDay)} a day)` : ""}
            </dd>
          </div>
          {challenge.targetTime ? (
            <div>
              <dt className="text-gray-500">Target time</dt>
              <dd className="font-medium">{formatDuration(challenge.targetTime)}</dd>
            </div>
          ) : null}
        </dl>
      </section>

      {data.ended && challenge.goalType !== "group" ? (
        <FinalStandings podium={data.podium} winner={data.teams[0] ?? null} measure={challenge.measure} />
      ) : null}
      {data.groupTotal ? (
        <ClubTotal
          total={data.groupTotal.total}
          members={data.groupTotal.members}
          measure={challenge.measure}
          target={challenge.target}
        />
      ) : null}
      {data.why ? (
        <WhyList
          why={data.why}
          allHref={`?${new URLSearchParams([...searchParams.entries()].filter(([k]) => k !== "why").concat([["why", "all"]])).toString()}`}
        />
      ) : null}

      <div className={data.teams.length ? "grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]" : ""}>
        <section aria-labelledby="participants-heading" className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="participants-heading" className="text-lg font-semibold text-gray-900">
              Participants ({total})
            </h2>
            <Form
              method="get"
              className="flex flex-wrap items-end gap-2"
              role="search"
              // Search as you type (a short pause first); Apply still sends the form, with or without JavaScript.
              // Apply sends it at once, so a pending typed search is dropped rather than sent a second time.
              onSubmit={() => window.clearTimeout(typing.current)}
              onChange={(event) => {
                const form = event.currentTarget;
                if ((event.target as HTMLElement).getAttribute("name") !== "q") return;
                window.clearTimeout(typing.current);
                typing.current = window.setTimeout(
                  () => settle(submit(form, { replace: true, preventScrollReset: true })),
                  300,
                );
              }}
            >
              {query.gender !== "all" ? <input type="hidden" name="gender" value={query.gender} /> : null}
              <label className="text-sm">
                <span className="sr-only">Search participants</span>
                <input
                  type="search"
                  name="q"
                  defaultValue={query.q}
                  placeholder="Search participants"
                  className="w-44 rounded-md border border-gray-300 px-3 py-1.5 text-sm"
                />
              </label>
              <label className="text-sm">
                <span className="sr-only">Sort by</span>
                <select
                  name="sort"
                  defaultValue={query.sort}
                  className="rounded-md border border-gray-300 px-2 py-1.5 text-sm"
                >
                  {PARTICIPANT_SORTS.map((s) => (
                    <option key={s} value={s}>
                      {s === "progress" ? "Progress" : s === "name" ? "Name" : "Joined"}
                    </option>
                  ))}
                </select>
              </label>
              <button
                type="submit"
                className="rounded-md bg-gray-900 px-3 py-1.5 text-sm font-semibold text-white"
              >
                Apply
              </button>
            </Form>
          </div>
          <nav aria-label="Gender" className="flex gap-1 overflow-x-auto rounded-lg bg-gray-100 p-1 text-sm">
            {GENDER_TABS.map((g) => (
              <Link
                key={g}
                to={tabHref(g)}
                replace
                preventScrollReset
                aria-current={query.gender === g ? "page" : undefined}
                className={`rounded-md px-3 py-1.5 font-medium ${query.gender === g ? "bg-white shadow" : "text-gray-600"}`}
              >
                {g === "all" ? "All" : g === "male" ? "Men" : g === "female" ? "Women" : "Other"}
              </Link>
            ))}
          </nav>
          {participants.length === 0 ? (
            <p className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center text-gray-600">
              No participants found
            </p>
          ) : (
            <Leaderboard
              participants={participants}
              challengeId={challenge.id}
              viewerId={data.viewerId}
              me={data.me}
              goal={challenge}
              showProgressOnlyNote={joined || isAdmin}
              isAdmin={isAdmin}
              limit={limit}
              showAllHref={withParam("all", "1")}
              morePages={pages > 1}
            />
          )}
          {limit === null ? (
            <Pagination
              page={query.page}
              pages={pages}
              hrefFor={(page) => withParam("page", String(page))}
              label="Participant pages"
            />
          ) : null}
        </section>
        {data.teams.length ? (
          <TeamBoard
            teams={data.teams}
            measure={challenge.measure}
            challengeId={challenge.id}
            myTeamId={data.me?.teamId ?? null}
          />
        ) : null}
      </div>
      <PoweredByStrava />
    </main>
  );
}
