import { useFetcher } from "@remix-run/react";
import { useEffect, type FormEvent } from "react";
import { useHydrated } from "~/ui/charts/lazy-chart";
import { useToast } from "~/ui/toast";
import { formatKmNumber, formatPlanMinutes, shortDate } from "~/lib/format";
import type { TrainingPlanView } from "../plan.server";
import type { Workout } from "../plan-types";
import type { WariMode } from "../edition";
import { plannedWorkoutCount } from "../workout-matching";
import { intensityLabel, workoutDate, workoutKey } from "../workouts";
import { WARI_MSG, WARI_TOASTS } from "../messages";
import { GenerateButton } from "./overview";
import { cardClass } from "~/ui/card";
import { Fold } from "~/ui/fold";

type Week = TrainingPlanView["planDetails"]["weeklySchedule"][number];

const INTENSITY_TONES = [
  "bg-gray-100 text-gray-700",
  "bg-sky-100 text-sky-900",
  "bg-emerald-100 text-emerald-900",
  "bg-amber-100 text-amber-900",
  "bg-brand-soft text-brand-ink",
  "bg-red-100 text-red-900",
];

interface ToggleAnswer {
  ok: boolean;
  title?: string;
  message?: string;
}

/**
 * One workout with its toggle: a plain form (works without JavaScript, the
 * action redirects back to the week); once hydrated a fetcher submits it,
 * shows the new state at once, and a refusal becomes the spec's toast.
 */
function WorkoutRow({
  week,
  dayIndex,
  workout,
  done,
  matched,
  readOnly,
}: {
  week: Week;
  dayIndex: number;
  workout: Workout;
  done: boolean;
  /** A ride on the workout's day matched it: done, nothing to tick. */
  matched: boolean;
  /** After the event: the plan is a record, nothing to tick. */
  readOnly: boolean;
}) {
  const fetcher = useFetcher<ToggleAnswer>();
  const toast = useToast();
  const hydrated = useHydrated();
  const key = workoutKey(week.week, dayIndex, workout.type);
  const pendingValue = fetcher.formData?.get("complete");
  const checked = pendingValue === undefined || pendingValue === null ? done : pendingValue === "true";

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) {
      toast({
        title: fetcher.data.title ?? "Update Failed",
        description: fetcher.data.message,
        variant: "destructive",
      });
    }
  }, [fetcher.state, fetcher.data, toast]);

  const label = `${workout.day} ${workout.type}`;

  /**
   * Spec: a workout other than a rest day can be marked only if the server
   * finds a matching activity for that week and day, so the page asks first
   * (the save enforces the same rule; this gives the answer before the tick).
   */
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (checked || workout.type === "Rest") return;
    event.preventDefault();
    const form = event.currentTarget;
    fetch(`/api/training-plan/check-activity/${week.week}/${dayIndex}`, {
      headers: { Accept: "application/json" },
    })
      .then(async (res) => {
        const answer = (await res.json().catch(() => null)) as {
          hasMatchingActivity?: boolean;
          message?: string;
        } | null;
        if (!res.ok || !answer) throw new Error(answer?.message ?? res.statusText);
        if (!answer.hasMatchingActivity)
          toast({
            ...WARI_TOASTS.cannotComplete,
            description: answer.message || WARI_MSG.noMatchingActivity,
            variant: "destructive",
          });
        else fetcher.submit(form, { method: "post", action: "/wari?tab=plan", preventScrollReset: true });
      })
      .catch(() => toast({ title: WARI_MSG.checkFailed, variant: "destructive" }));
  };
  return (
    <li
      className={`flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4 ${workout.isEventDay ? "rounded-lg bg-brand-tint px-2" : ""}`}
      data-testid={`workout-${key}`}
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <div className="w-20 shrink-0">
          <p className="text-sm font-semibold text-gray-900">{workout.day.slice(0, 3)}</p>
          <p className="text-xs text-gray-500">{shortDate(workoutDate(week.startDate, dayIndex))}</p>
        </div>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-semibold text-gray-900">
            {workout.type}
            {workout.type === "Rest" ? null : (
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ${INTENSITY_TONES[Math.min(5, Math.max(0, workout.intensity))]}`}
              >
                {intensityLabel(workout.intensity)}
              </span>
            )}
            {workout.duration > 0 ? (
              <span className="text-xs font-normal text-gray-500">{formatPlanMinutes(workout.duration)}</span>
            ) : null}
          </p>
          <p className="mt-0.5 break-words text-sm text-gray-600">{workout.description}</p>
        </div>
      </div>
      <div className="shrink-0 pl-[5.75rem] sm:pl-0">
        {workout.isEventDay ? (
          <span className="inline-flex rounded-full bg-brand px-3 py-1 text-xs font-semibold text-white">
            Event Day
          </span>
        ) : matched ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-xs font-medium text-green-800"
            data-testid={`matched-${key}`}
          >
            <span aria-hidden="true">✓</span> Ridden
          </span>
        ) : readOnly ? (
          done ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-green-50 px-3 py-1 text-xs font-medium text-green-800">
              <span aria-hidden="true">✓</span> Done
            </span>
          ) : null
        ) : (
          <fetcher.Form method="post" action="/wari?tab=plan" preventScrollReset onSubmit={onSubmit}>
            <input type="hidden" name="intent" value="toggle" />
            <input type="hidden" name="key" value={key} />
            <input type="hidden" name="complete" value={String(!checked)} />
            {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
            <button
              type="submit"
              aria-pressed={checked}
              aria-label={checked ? `Mark ${label} as not done` : `Mark ${label} as complete`}
              className={`inline-flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm font-medium ${
                checked
                  ? "border-green-300 bg-green-50 text-green-800 hover:bg-green-100"
                  : "border-gray-300 bg-white text-gray-700 hover:bg-gray-50"
              }`}
            >
              <span
                aria-hidden="true"
                className={`flex h-4 w-4 items-center justify-center rounded border text-[10px] ${checked ? "border-green-600 bg-green-600 text-white" : "border-gray-400"}`}
              >
                {checked ? "✓" : ""}
              </span>
              {checked ? "Done" : "Mark done"}
            </button>
          </fetcher.Form>
        )}
      </div>
    </li>
  );
}

const STANDING: Record<Week["standing"]["status"], { label: string; tone: string } | null> = {
  done: { label: "Goal met", tone: "bg-green-100 text-green-800" },
  short: { label: "Short of goal", tone: "bg-amber-100 text-amber-900" },
  missed: { label: "Missed", tone: "bg-red-100 text-red-800" },
  current: null,
  upcoming: null,
};

function WeekCard({
  week,
  current,
  open,
  readOnly,
}: {
  week: Week;
  current: boolean;
  open: boolean;
  readOnly: boolean;
}) {
  const standing = week.standing;
  const badge = STANDING[standing.status];
  const countable = plannedWorkoutCount(week);
  const done = week.matchedWorkouts.length;
  const percent = countable ? Math.round((100 * Math.min(done, countable)) / countable) : 0;
  return (
    <details
      id={`week-${week.week}`}
      open={open}
      className={cardClass({ padding: "none", className: "group" })}
      data-testid={`week-${week.week}`}
    >
      <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 p-4">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-semibold text-gray-900">
            Week {week.week}
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium text-gray-700">
              {week.phase}
            </span>
            {week.recoveryWeek ? (
              <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-medium text-sky-900">
                Recovery week
              </span>
            ) : null}
            {current ? (
              <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs font-semibold text-brand-strong">
                Current week
              </span>
            ) : null}
            {badge ? (
              <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${badge.tone}`}>
                {badge.label}
              </span>
            ) : null}
          </p>
          <p className="mt-0.5 text-sm text-gray-600">
            {shortDate(week.startDate)} – {shortDate(week.endDate)} · Goal {formatKmNumber(week.weeklyGoalKm)}{" "}
            km · Long ride {formatKmNumber(week.longRideGoalKm)} km
          </p>
          {standing.status !== "upcoming" ? (
            <p className="mt-0.5 text-sm text-gray-700" data-testid={`week-${week.week}-standing`}>
              Ridden {formatKmNumber(Math.round(standing.riddenKm))} of {formatKmNumber(week.weeklyGoalKm)} km
              {standing.longestRideKm > 0
                ? ` · longest ${formatKmNumber(Math.round(standing.longestRideKm))} km`
                : ""}
              {standing.adjustedGoalKm
                ? ` · this week's goal eased to ${formatKmNumber(standing.adjustedGoalKm)} km`
                : ""}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-2 text-sm text-gray-700">
          <span data-testid={`week-${week.week}-done`}>{`${done}/${countable} workouts done`}</span>
          <span className="h-2 w-20 overflow-hidden rounded-full bg-gray-100" aria-hidden="true">
            <span className="block h-full bg-green-500" style={{ width: `${percent}%` }} />
          </span>
          <span aria-hidden="true" className="text-gray-400 transition group-open:rotate-180">
            ▾
          </span>
        </div>
      </summary>
      <ul className="divide-y divide-gray-100 border-t border-gray-100 px-4">
        {week.workouts.map((workout, dayIndex) => (
          <WorkoutRow
            key={dayIndex}
            week={week}
            dayIndex={dayIndex}
            workout={workout}
            done={week.progress.completedWorkouts.includes(workoutKey(week.week, dayIndex, workout.type))}
            matched={week.matchedWorkouts.includes(workoutKey(week.week, dayIndex, workout.type))}
            readOnly={readOnly}
          />
        ))}
      </ul>
    </details>
  );
}

export function TrainingPlanTab({
  plan,
  openWeek,
  refusal,
  mode = "training",
}: {
  plan: TrainingPlanView | null;
  openWeek: number | null;
  refusal?: { title: string; message: string } | null;
  mode?: WariMode;
}) {
  if (!plan) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center">
        <p className="text-lg font-semibold text-gray-900">No Training Plan Available</p>
        {mode === "results" ? (
          <p className="mx-auto mt-1 max-w-md text-sm text-gray-600">
            This edition is over. Plans are generated for an upcoming edition.
          </p>
        ) : (
          <>
            <p className="mx-auto mt-1 max-w-md text-sm text-gray-600">
              Generate a personalised plan from your cycling so far. It counts back from the event day, week
              by week.
            </p>
            <GenerateButton label="Generate Now" className="mx-auto mt-4 max-w-xs" />
          </>
        )}
      </div>
    );
  }
  const weeks = plan.planDetails.weeklySchedule;
  const results = mode === "results";
  // After the event no week is current; before it the current week opens and the weeks before it fold away.
  const current = results ? null : (weeks[plan.currentWeekIndex]?.week ?? null);
  const past = results ? weeks : weeks.filter((w) => current !== null && w.week < current);
  const rest = results ? [] : weeks.filter((w) => current === null || w.week >= current);
  const open = openWeek ?? current;
  const card = (week: Week) => (
    <WeekCard
      key={week.week}
      week={week}
      current={week.week === current}
      open={week.week === open}
      readOnly={results}
    />
  );
  const pastGoal = past.reduce((n, w) => n + w.weeklyGoalKm, 0);
  const pastRidden = past.reduce((n, w) => n + w.standing.riddenKm, 0);
  return (
    <div className="space-y-3">
      {refusal ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">{refusal.title}</p>
          <p>{refusal.message}</p>
        </div>
      ) : null}
      {/* The assessment is advice for the weeks ahead: after the ride it no longer applies. */}
      {plan.planDetails.assessment && !results ? (
        <div
          role="note"
          className={`rounded-lg border p-3 text-sm ${plan.planDetails.assessment.eventReady ? "border-green-200 bg-green-50 text-green-900" : "border-amber-200 bg-amber-50 text-amber-900"}`}
          data-testid="plan-assessment"
        >
          <p className="font-semibold">
            {plan.planDetails.assessment.eventReady
              ? `This plan prepares the ${plan.planDetails.eventDistanceKm} km day`
              : `A realistic target this year: about ${formatKmNumber(plan.planDetails.assessment.realisticTargetKm)} km`}
          </p>
          <p className="mt-1">{plan.planDetails.assessment.message}</p>
        </div>
      ) : null}
      <p className="text-sm text-gray-600">
        {results
          ? "The event is over: your plan stays here as a record of your training, week by week."
          : "A workout is done when a ride on its day has synced or been uploaded; rest days can be ticked any time, the event day cannot be ticked."}
      </p>
      {past.length ? (
        <Fold
          open={past.some((w) => w.week === openWeek)}
          className="group/past rounded-xl border border-gray-200 bg-gray-50"
          contentClassName="space-y-3 p-3 pt-0"
          testId="past-weeks"
          summary={
            <summary className="flex cursor-pointer list-none flex-wrap items-center justify-between gap-2 p-4 font-semibold text-gray-900">
              <span>
                {results
                  ? `All ${past.length} weeks of the plan`
                  : past.length === 1
                    ? "Past week (week 1)"
                    : `Past weeks (weeks 1–${past.length})`}
              </span>
              <span className="text-sm font-normal text-gray-700">
                {`Ridden ${formatKmNumber(Math.round(pastRidden))} of ${formatKmNumber(pastGoal)} km `}
                <span
                  aria-hidden="true"
                  className="inline-block text-gray-500 transition group-open/past:rotate-180"
                >
                  ▾
                </span>
              </span>
            </summary>
          }
        >
          {past.map(card)}
        </Fold>
      ) : null}
      {rest.map(card)}
    </div>
  );
}
