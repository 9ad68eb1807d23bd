import { Alert } from "~/ui/form";
import type { FitnessProfile } from "../constants";
import { isEmptyProfile } from "../fitness-profile";
import {
  formatDay,
  formatElevation,
  formatInt,
  formatNumber,
  formatTargetDistance,
  formatTargetDuration,
  sportName,
} from "~/lib/format";
import { levelLabel } from "../constants";
import { Card } from "~/ui/card";

const LEVEL_TONES = {
  beginner: "bg-gray-100 text-gray-800",
  intermediate: "bg-blue-100 text-blue-800",
  advanced: "bg-purple-100 text-purple-800",
  elite: "bg-amber-100 text-amber-900",
} as const;

function Chips({ items, tone }: { items: string[]; tone: string }) {
  if (items.length === 0) return <span className="text-gray-500">None yet</span>;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className={`rounded-full px-2 py-0.5 text-xs font-medium ${tone}`}>
          {item}
        </li>
      ))}
    </ul>
  );
}

/** The page's side panel (spec §2): the member's fitness profile, or the warning when there is none. */
export function FitnessProfilePanel({ profile }: { profile: FitnessProfile }) {
  const empty = isEmptyProfile(profile);
  const { insights } = profile;
  return (
    <Card aria-labelledby="fitness-profile-heading" as="section" padding="sm" data-testid="fitness-profile">
      <h2 id="fitness-profile-heading" className="text-lg font-semibold text-gray-900">
        Your Fitness Profile
      </h2>
      {empty ? (
        <div className="mt-3">
          <Alert tone="warning" title="No Fitness Profile Available">
            Connect Strava and sync your activities: your profile is built from the last{" "}
            {insights.windowWeeks} weeks of training. Until then, recommendations are set for a beginner.
          </Alert>
        </div>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600">
            From your last {insights.windowWeeks} weeks of activities.
          </p>
          <div className="mt-3 flex items-center gap-2">
            <span className="text-sm text-gray-500">Fitness level</span>
            <span
              className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${LEVEL_TONES[profile.fitnessLevel]}`}
              data-testid="fitness-level"
            >
              {levelLabel(profile.fitnessLevel)}
            </span>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
            <div className="rounded-lg bg-gray-50 p-3">
              <dt className="text-gray-500">Weekly distance</dt>
              <dd className="mt-0.5 font-semibold tabular-nums text-gray-900">
                {formatTargetDistance(profile.avgWeeklyDistance)}
              </dd>
            </div>
            <div className="rounded-lg bg-gray-50 p-3">
              <dt className="text-gray-500">Weekly time</dt>
              <dd className="mt-0.5 font-semibold tabular-nums text-gray-900">
                {formatTargetDuration(profile.avgWeeklyDuration)}
              </dd>
            </div>
            <div className="rounded-lg bg-gray-50 p-3">
              <dt className="text-gray-500">Weekly elevation</dt>
              <dd className="mt-0.5 font-semibold tabular-nums text-gray-900">
                {formatElevation(Math.round(profile.avgWeeklyElevation))}
              </dd>
            </div>
            <div className="rounded-lg bg-gray-50 p-3">
              <dt className="text-gray-500">Activities</dt>
              <dd className="mt-0.5 font-semibold tabular-nums text-gray-900">
                {formatInt(insights.recentActivitiesCount)}{" "}
                <span className="font-normal text-gray-600">
                  ({formatNumber(insights.activityFrequency)} a week)
                </span>
              </dd>
            </div>
          </dl>
          <dl className="mt-4 space-y-3 text-sm">
            <div>
              <dt className="text-gray-500">Main sport</dt>
              <dd className="font-medium text-gray-900">
                {insights.mainSportType ? sportName(insights.mainSportType) : "—"}
              </dd>
            </div>
            <div>
              <dt className="mb-1 text-gray-500">Preferred sports</dt>
              <dd>
                <Chips items={profile.preferredSportTypes} tone="bg-brand-tint text-brand" />
              </dd>
            </div>
            <div>
              <dt className="mb-1 text-gray-500">Strengths</dt>
              <dd>
                <Chips items={insights.strengths} tone="bg-green-50 text-green-800" />
              </dd>
            </div>
            <div>
              <dt className="mb-1 text-gray-500">Areas to improve</dt>
              <dd>
                <Chips items={insights.improvementAreas} tone="bg-amber-50 text-amber-900" />
              </dd>
            </div>
          </dl>
          <p className="mt-4 text-xs text-gray-500">Updated {formatDay(profile.lastUpdated)}</p>
        </>
      )}
    </Card>
  );
}
