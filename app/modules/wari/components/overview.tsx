import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { SubmitButton } from "~/ui/form";
import type { ActivityAnalysis } from "../analysis.server";
import type { RegistrationView } from "../event.server";
import { formatKmNumber, longDate } from "~/lib/format";
import type { TrainingPlanView } from "../plan.server";
import { guidanceFor, LONGEST_RIDE_MIN_KM } from "../coaching";
import { countdown, COUNTDOWN_TICK_MS } from "../countdown";
import { rideStartMs } from "../edition";
import type { WariEditionView } from "../page.server";
import { pageCategory } from "../readiness";
import type { WariMode } from "../edition";
import type { EventResult } from "../results";
import { EventResultPanel } from "./results";
import { plannedWorkoutCount } from "../workout-matching";
import { cardClass } from "~/ui/card";

export const card = cardClass({ padding: "sm" });

/** Label and value tiles, two a row on phones and four from `sm`. */
export function Tiles({
  items,
  large = false,
}: {
  items: readonly (readonly [string, string])[];
  large?: boolean;
}) {
  return (
    <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-lg bg-gray-50 p-3">
          <dt className="text-xs text-gray-600">{label}</dt>
          <dd className={`mt-1 font-bold text-gray-900 ${large ? "text-lg" : ""}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Starts from the server's clock (same first render on both sides), then ticks every second in the browser. */
function useTickingNow(serverNow: string, stopped: boolean) {
  const [now, setNow] = useState(() => Date.parse(serverNow));
  useEffect(() => {
    setNow(Date.now());
    if (stopped) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [stopped]);
  return now;
}

function Countdown({ serverNow, edition }: { serverNow: string; edition: WariEditionView }) {
  const start = rideStartMs(edition);
  const initiallyPassed = countdown(Date.parse(serverNow), start).passed;
  const now = useTickingNow(serverNow, initiallyPassed);
  const left = countdown(now, start);
  if (left.passed) {
    return (
      <div data-testid="countdown" className="rounded-lg bg-gray-50 p-4 text-center">
        <p className="text-lg font-semibold text-gray-900">Event day has passed</p>
        <p className="text-sm font-medium text-gray-800">{edition.texts.dateLabel}</p>
        <p className="mt-1 text-sm text-gray-600">{left.message}</p>
      </div>
    );
  }
  const units = [
    ["days", left.days],
    ["hours", left.hours],
    ["minutes", left.minutes],
    ["seconds", left.seconds],
  ] as const;
  return (
    <div data-testid="countdown">
      <div className="grid grid-cols-4 gap-2 text-center" aria-live="off">
        {units.map(([label, value]) => (
          <div key={label} className="rounded-lg bg-brand-tint px-1 py-3">
            <div className="text-2xl font-bold tabular-nums text-brand">{value}</div>
            <div className="text-xs uppercase tracking-wide text-gray-600">{label}</div>
          </div>
        ))}
      </div>
      <p className="mt-3 text-center text-sm text-gray-700">{left.message}</p>
    </div>
  );
}

export function GenerateButton({
  label = "Generate Training Plan",
  className = "",
}: {
  label?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  return (
    <Form method="post" action="/wari?tab=plan" className={className}>
      <input type="hidden" name="intent" value="generate" />
      <SubmitButton pending={pending} pendingText="Generating...">
        {label}
      </SubmitButton>
    </Form>
  );
}

/** The stored category of the page (the plan's, else the registration's), or null. */
export const storedCategory = (plan: TrainingPlanView | null, registration: RegistrationView | null) =>
  plan?.category ?? registration?.category ?? null;

export function EventCard({
  serverNow,
  edition,
  plan,
  registration,
  mode = "training",
  result = null,
}: {
  serverNow: string;
  edition: WariEditionView;
  plan: TrainingPlanView | null;
  registration: RegistrationView | null;
  mode?: WariMode;
  result?: EventResult | null;
}) {
  const category = storedCategory(plan, registration);
  const info = [
    ["Event Date", edition.texts.dateLabel],
    ["Distance", edition.texts.distance],
    ["Your Category", category ?? "Not categorized yet"],
    ["Training Start Date", plan ? longDate(plan.startDate) : "Not started"],
  ] as const;
  return (
    <section aria-labelledby="countdown-heading" className={card}>
      <h2 id="countdown-heading" className="text-lg font-semibold text-gray-900">
        {mode === "results" ? `Your ${edition.name} result` : "Countdown to the Event"}
      </h2>
      <div className="mt-3">
        {mode === "results" && result ? (
          <EventResultPanel data={result} distanceKm={edition.distanceKm} />
        ) : (
          <Countdown serverNow={serverNow} edition={edition} />
        )}
      </div>
      <h3 className="mt-6 text-sm font-semibold uppercase tracking-wide text-gray-500">Key Information</h3>
      <dl className="mt-2 divide-y divide-gray-100 text-sm" data-testid="key-information">
        {info.map(([term, value]) => (
          <div key={term} className="flex justify-between gap-4 py-2">
            <dt className="text-gray-600">{term}</dt>
            <dd className="text-right font-medium text-gray-900">{value}</dd>
          </div>
        ))}
      </dl>
      {/* A past edition's plan is a record: nothing to generate for it. */}
      {plan || mode === "results" ? null : <GenerateButton className="mt-4" />}
    </section>
  );
}

export function ReadinessCard({ analysis, stored }: { analysis: ActivityAnalysis; stored: string | null }) {
  const { category, readiness, source } = pageCategory(analysis, stored);
  const tiles = [
    ["This Year (km)", formatKmNumber(analysis.currentYearCyclingKm)],
    ["Weekly Avg (km)", formatKmNumber(analysis.weeklyAverageCyclingKm)],
    ["Longest Ride (km)", formatKmNumber(analysis.longestRideKm)],
    ["Consistency", `${analysis.consistencyScore}/100`],
  ] as const;
  return (
    <section aria-labelledby="readiness-heading" className={card} data-testid="readiness-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="readiness-heading" className="text-lg font-semibold text-gray-900">
          Your Event Readiness
        </h2>
        <span
          className="rounded-full bg-brand-soft px-3 py-1 text-sm font-semibold text-brand-strong"
          data-testid="readiness-category"
        >
          <span className="font-normal">
            {source === "plan" ? "Category (your plan): " : "Level from your rides: "}
          </span>
          {category}
        </span>
      </div>
      <div className="mt-4">
        <div className="flex justify-between text-sm">
          <span className="text-gray-600">Overall readiness</span>
          <span className="font-semibold text-gray-900">{readiness}%</span>
        </div>
        <div
          className="mt-1 h-3 w-full overflow-hidden rounded-full bg-gray-100"
          role="progressbar"
          aria-label="Overall readiness"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={readiness}
        >
          <div className="h-full rounded-full bg-brand" style={{ width: `${readiness}%` }} />
        </div>
      </div>
      <Tiles items={tiles} large />
      <div
        className="mt-4 rounded-lg border border-brand-soft bg-brand-tint p-3 text-sm text-gray-800"
        data-testid="category-guidance"
      >
        <p className="font-semibold text-gray-900">{category} guidance</p>
        <p className="mt-1">{guidanceFor(category, analysis)}</p>
      </div>
      {analysis.longestRideKm < LONGEST_RIDE_MIN_KM ? (
        <div
          role="alert"
          className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <p className="font-semibold">Room for improvement</p>
          <p className="mt-1">
            Your longest ride ({formatKmNumber(analysis.longestRideKm)} km) is below the recommended{" "}
            {LONGEST_RIDE_MIN_KM} km minimum. Lengthen your long ride by 10-15% each week.
          </p>
        </div>
      ) : null}
    </section>
  );
}

export function PlanSummary({ plan, mode = "training" }: { plan: TrainingPlanView; mode?: WariMode }) {
  const weeks = plan.planDetails.weeklySchedule;
  if (!weeks.length) return null;
  const current = weeks[plan.currentWeekIndex] ?? weeks[weeks.length - 1]!;
  const done = weeks.reduce((n, w) => n + w.matchedWorkouts.length, 0);
  const total = weeks.reduce((n, w) => n + plannedWorkoutCount(w), 0);
  const ridden = weeks.reduce((n, w) => n + w.standing.riddenKm, 0);
  const items = [
    ...(mode === "results"
      ? ([
          ["Plan", `${weeks.length} weeks, finished`],
          ["Ridden in the plan", `${formatKmNumber(Math.round(ridden))} km`],
        ] as const)
      : ([
          ["Current Week", `Week ${current.week} of ${weeks.length}`],
          ["Phase", String(current.phase)],
        ] as const)),
    ["Total Distance Goal", `${formatKmNumber(plan.planDetails.totalDistanceKm)} km`],
    ["Workouts Done", `${done} of ${total}`],
  ] as const;
  return (
    <section aria-labelledby="summary-heading" className={card} data-testid="plan-summary">
      <h2 id="summary-heading" className="text-lg font-semibold text-gray-900">
        {mode === "results" ? "Your Training Plan" : "Training Plan Progress"}
      </h2>
      <Tiles items={items} />
      <PlanStanding plan={plan} mode={mode} />
    </section>
  );
}

/** Where the member is against the plan: the km ridden in the weeks so far against their goals. */
function PlanStanding({ plan, mode }: { plan: TrainingPlanView; mode: WariMode }) {
  const weeks = plan.planDetails.weeklySchedule.slice(0, plan.currentWeekIndex + 1);
  const goal = weeks.reduce((n, w) => n + w.weeklyGoalKm, 0);
  const ridden = weeks.reduce((n, w) => n + w.standing.riddenKm, 0);
  const adjusted = mode === "results" ? null : weeks.at(-1)?.standing.adjustedGoalKm;
  return (
    <p className="mt-3 text-sm text-gray-700" data-testid="plan-standing">
      Through week {weeks.length} you rode {formatKmNumber(Math.round(ridden))} km of the{" "}
      {formatKmNumber(goal)} km planned{goal > 0 ? ` (${Math.round((100 * ridden) / goal)}%)` : ""}.
      {adjusted
        ? ` This week's goal is eased to ${formatKmNumber(adjusted)} km to pick up from where you are.`
        : ""}
    </p>
  );
}
