/** Challenges tab: cards with an active switch, Edit and Delete; the create/edit dialog (spec part 2 sections 5 and 9). */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { ChallengeView } from "~/modules/challenges/challenges.server";
import { ActiveBadge, SPORT_LABELS } from "~/modules/challenges/ui";
import { formGoal, GOAL_FORM, GROUP_FORM, goalTarget, targetToForm } from "~/modules/challenges/rules";
import { CHALLENGE_SPORT_TYPES } from "~/modules/challenges/schema";
import { ErrorList } from "~/ui/form";
import {
  btnPrimary,
  btnSecondary,
  DeleteWithConfirm,
  FetcherMark,
  inputClass,
  LoadFailed,
  Modal,
  useActiveToggle,
  useAdminFetcher,
} from "./shared";
import { Card } from "~/ui/card";
import { formatGoalTarget, formatInt, sportName } from "~/lib/format";

type Challenge = ChallengeView & { participantCount: number; teamNames?: string | null };

/** Create offers Run, Ride, Swim, Walk; edit adds Hike and AllSports (spec part 2 section 9). */
const CREATE_SPORTS = ["Run", "Ride", "Swim", "Walk"] as const;
const EDIT_SPORTS = ["Run", "Ride", "Swim", "Walk", "Hike", "AllSports"] as const;

/** `YYYY-MM-DDTHH:mm` in India time for a datetime-local input. */
function localInput(date: Date): string {
  const ist = new Date(date.getTime() + 330 * 60_000);
  return ist.toISOString().slice(0, 16);
}

const plusDays = (value: string, days: number) => {
  const parsed = new Date(`${value}:00+05:30`);
  return Number.isNaN(parsed.getTime()) ? value : localInput(new Date(parsed.getTime() + days * 86_400_000));
};

export function ChallengeFormDialog({
  challenge,
  trigger,
}: {
  challenge?: Challenge;
  trigger: (open: () => void) => React.ReactNode;
}) {
  const editing = Boolean(challenge);
  const [open, setOpen] = useState(false);
  // Field messages show next to their fields, not again in a toast.
  const fetcher = useAdminFetcher(undefined, { inlineFieldErrors: true });
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors = result && !result.ok ? result.errors : undefined;
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const [goal, setGoal] = useState<string>(challenge?.goalType ?? "distance");
  const [sportTypes, setSportTypes] = useState<string[]>(challenge?.sportTypes ?? []);
  const [groupOf, setGroupOf] = useState<string>(challenge?.groupOf ?? "distance");
  const unitGoal = formGoal(goal, groupOf);

  const openDialog = () => {
    // Spec defaults: start now, end 7 days later.
    const now = new Date();
    setStart(challenge ? localInput(new Date(challenge.startDate)) : localInput(now));
    setEnd(
      challenge
        ? localInput(new Date(challenge.endDate))
        : localInput(new Date(now.getTime() + 7 * 86_400_000)),
    );
    setGoal(challenge?.goalType ?? "distance");
    setSportTypes(challenge?.sportTypes ?? []);
    setGroupOf(challenge?.groupOf ?? "distance");
    setOpen(true);
  };
  useEffect(() => {
    if (result?.ok) setOpen(false);
  }, [result]);

  const err = (name: string) => <ErrorList errors={errors?.[name]} />;
  const sports = editing ? EDIT_SPORTS : CREATE_SPORTS;
  return (
    <>
      {trigger(openDialog)}
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={editing ? "Edit Challenge" : "Create New Challenge"}
        wide
      >
        <fetcher.Form method="post" className="grid gap-4 sm:grid-cols-2">
          <FetcherMark />
          <input type="hidden" name="intent" value={editing ? "update-challenge" : "create-challenge"} />
          {challenge ? <input type="hidden" name="challengeId" value={challenge.id} /> : null}
          <div className="sm:col-span-2">
            <label htmlFor="challenge-title" className="block text-sm font-medium text-gray-800">
              Title
            </label>
            <input
              id="challenge-title"
              name="title"
              defaultValue={challenge?.title}
              className={inputClass}
              aria-invalid={errors?.title ? true : undefined}
            />
            {err("title")}
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="challenge-description" className="block text-sm font-medium text-gray-800">
              Description
            </label>
            <textarea
              id="challenge-description"
              name="description"
              rows={3}
              defaultValue={challenge?.description}
              className={inputClass}
              aria-invalid={errors?.description ? true : undefined}
            />
            {err("description")}
          </div>
          <div>
            <label htmlFor="challenge-start" className="block text-sm font-medium text-gray-800">
              Start date (IST)
            </label>
            <input
              id="challenge-start"
              name="startDate"
              type="datetime-local"
              value={start}
              onChange={(e) => {
                setStart(e.target.value);
                // Spec: on edit, changing the start date sets the end date to 7 days later.
                if (editing) setEnd(plusDays(e.target.value, 7));
              }}
              className={inputClass}
            />
            {err("startDate")}
          </div>
          <div>
            <label htmlFor="challenge-end" className="block text-sm font-medium text-gray-800">
              End date (IST)
            </label>
            <input
              id="challenge-end"
              name="endDate"
              type="datetime-local"
              value={end}
              onChange={(e) => setEnd(e.target.value)}
              className={inputClass}
              aria-invalid={errors?.endDate ? true : undefined}
            />
            {err("endDate")}
          </div>
          <div>
            <label htmlFor="challenge-sport" className="block text-sm font-medium text-gray-800">
              Sport type
            </label>
            <select
              id="challenge-sport"
              name="sportType"
              defaultValue={challenge?.sportType ?? "Run"}
              className={inputClass}
            >
              {sports.map((s) => (
                <option key={s} value={s}>
                  {SPORT_LABELS[s]}
                </option>
              ))}
            </select>
            {err("sportType")}
          </div>
          <div>
            <label htmlFor="challenge-goal" className="block text-sm font-medium text-gray-800">
              Goal
            </label>
            <select
              id="challenge-goal"
              name="goalType"
              value={goal}
              onChange={(e) => setGoal(e.target.value)}
              className={inputClass}
            >
              {Object.entries(GOAL_FORM).map(([value, g]) => (
                <option key={value} value={value}>
                  {g.name}
                </option>
              ))}
            </select>
            {err("goalType")}
          </div>
          {goal === "group" ? (
            <div>
              <label htmlFor="challenge-group-of" className="block text-sm font-medium text-gray-800">
                Club total of
              </label>
              <select
                id="challenge-group-of"
                name="groupOf"
                value={groupOf}
                onChange={(e) => setGroupOf(e.target.value)}
                className={inputClass}
              >
                {Object.entries(GROUP_FORM).map(([value, name]) => (
                  <option key={value} value={value}>
                    {name}
                  </option>
                ))}
              </select>
              {err("groupOf")}
            </div>
          ) : (
            <div>
              <label htmlFor="challenge-teams" className="block text-sm font-medium text-gray-800">
                Teams (optional)
              </label>
              <input
                id="challenge-teams"
                name="teams"
                defaultValue={challenge?.teamNames ?? ""}
                placeholder="Red, Blue"
                aria-describedby="challenge-teams-hint"
                className={inputClass}
              />
              <p id="challenge-teams-hint" className="mt-1 text-xs text-gray-500">
                Two or more names, separated by commas: members pick a team when they join.
              </p>
              {err("teams")}
            </div>
          )}
          <div>
            <label htmlFor="challenge-sport-types" className="block text-sm font-medium text-gray-800">
              Activity types that count (optional)
            </label>
            <select
              id="challenge-sport-types"
              multiple
              value={sportTypes}
              onChange={(e) => setSportTypes(Array.from(e.target.selectedOptions, (o) => o.value))}
              aria-describedby="challenge-sport-types-hint"
              className={`${inputClass} h-24`}
            >
              {CHALLENGE_SPORT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {sportName(t)}
                </option>
              ))}
            </select>
            <input type="hidden" name="sportTypes" value={sportTypes.join(",")} />
            <p id="challenge-sport-types-hint" className="mt-1 text-xs text-gray-500">
              None selected: the sport type above counts.
            </p>
            {err("sportTypes")}
          </div>
          {goal === "distance" ? (
            <div>
              <label htmlFor="challenge-distance" className="block text-sm font-medium text-gray-800">
                Target distance (km)
              </label>
              <input
                id="challenge-distance"
                name="targetDistanceKm"
                type="number"
                min={0}
                step="0.1"
                defaultValue={challenge?.targetDistance != null ? challenge.targetDistance / 1000 : ""}
                className={inputClass}
              />
              {err("targetDistance")}
            </div>
          ) : (
            <div>
              <label htmlFor="challenge-target" className="block text-sm font-medium text-gray-800">
                Target ({GOAL_FORM[unitGoal]?.unit})
              </label>
              <input
                id="challenge-target"
                name="target"
                type="number"
                min={0}
                step={unitGoal === "time" ? "0.5" : unitGoal === "distance" ? "0.1" : "1"}
                defaultValue={
                  challenge?.goalType === goal && formGoal(goal, challenge.groupOf) === unitGoal
                    ? targetToForm(unitGoal, challenge.target)
                    : ""
                }
                className={inputClass}
                aria-invalid={errors?.target ? true : undefined}
              />
              {err("target")}
            </div>
          )}
          {goal === "days" ? (
            <div>
              <label htmlFor="challenge-min-per-day" className="block text-sm font-medium text-gray-800">
                Minimum per day (km, optional)
              </label>
              <input
                id="challenge-min-per-day"
                name="minPerDayKm"
                type="number"
                min={0}
                step="0.1"
                defaultValue={challenge?.minPerDay != null ? challenge.minPerDay / 1000 : ""}
                className={inputClass}
              />
              {err("minPerDay")}
            </div>
          ) : null}
          <div>
            {editing ? (
              <>
                <label htmlFor="challenge-time" className="block text-sm font-medium text-gray-800">
                  Target time (hours)
                </label>
                <input
                  id="challenge-time"
                  name="targetTimeHours"
                  type="number"
                  min={0}
                  step="1"
                  defaultValue={challenge?.targetTime != null ? challenge.targetTime / 3600 : ""}
                  className={inputClass}
                />
              </>
            ) : (
              <>
                <label htmlFor="challenge-time" className="block text-sm font-medium text-gray-800">
                  Target time (days)
                </label>
                <input
                  id="challenge-time"
                  name="targetTimeDays"
                  type="number"
                  min={0}
                  step="1"
                  className={inputClass}
                />
              </>
            )}
            {err("targetTime")}
          </div>
          <label className="flex items-center gap-2 self-end text-sm text-gray-800">
            <input
              type="checkbox"
              name="isActive"
              defaultChecked={challenge?.isActive ?? true}
              className="h-4 w-4 rounded border-gray-300 text-brand"
            />{" "}
            Active
          </label>
          <label className="flex items-center gap-2 self-end text-sm text-gray-800">
            <input
              type="checkbox"
              name="countManual"
              defaultChecked={challenge?.sources?.split(",").includes("manual") ?? false}
              className="h-4 w-4 rounded border-gray-300 text-brand"
            />{" "}
            Count manual entries (Strava, uploaded files and the Strava archive always count)
          </label>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <button type="button" className={btnSecondary} onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="submit" className={btnPrimary} disabled={fetcher.state !== "idle"}>
              {fetcher.state !== "idle" ? "Saving..." : editing ? "Save Changes" : "Create Challenge"}
            </button>
          </div>
        </fetcher.Form>
      </Modal>
    </>
  );
}

function ChallengeCard({ challenge }: { challenge: Challenge }) {
  const toggle = useActiveToggle(challenge.isActive);
  return (
    <Card as="article" padding="none" className="flex flex-col p-4">
      <div className="flex items-start justify-between gap-2">
        <h3 className="font-semibold text-gray-900">
          <Link to={`/admin/challenges/${challenge.id}`} className="hover:underline">
            {challenge.title}
          </Link>
        </h3>
        <ActiveBadge active={toggle.active} />
      </div>
      <p className="mt-1 line-clamp-2 text-sm text-gray-600">{challenge.description}</p>
      <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-gray-500">Sport</dt>
          <dd className="text-gray-900">{SPORT_LABELS[challenge.sportType] ?? challenge.sportType}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Goal</dt>
          <dd className="text-gray-900">{formatGoalTarget(challenge.measure, goalTarget(challenge))}</dd>
        </div>
        <div>
          <dt className="text-gray-500">Participants</dt>
          <dd className="text-gray-900">{formatInt(challenge.participantCount)}</dd>
        </div>
      </dl>
      <div className="mt-auto flex flex-wrap items-center gap-2 pt-4">
        {toggle.button({ intent: "challenge-active", idName: "challengeId", id: challenge.id })}
        <ChallengeFormDialog
          challenge={challenge}
          trigger={(open) => (
            <button type="button" className={btnSecondary} onClick={open}>
              Edit
            </button>
          )}
        />
        <DeleteWithConfirm
          name={challenge.title}
          title="Delete challenge"
          question="Are you sure you want to delete this challenge?"
          intent="delete-challenge"
          idName="challengeId"
          id={challenge.id}
        />
        <Link
          to={`/admin/challenges/${challenge.id}`}
          className="ml-auto text-sm font-medium text-brand hover:underline"
        >
          Progress
        </Link>
      </div>
    </Card>
  );
}

export function ChallengesTab({ challenges }: { challenges: Challenge[] | null }) {
  if (challenges === null) return <LoadFailed what="challenges" tab="challenges" />;
  if (challenges.length === 0)
    return (
      <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
        No challenges yet. Create the first one.
      </p>
    );
  return (
    <section aria-label="Challenges" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {challenges.map((c) => (
        <ChallengeCard key={c.id} challenge={c} />
      ))}
    </section>
  );
}
