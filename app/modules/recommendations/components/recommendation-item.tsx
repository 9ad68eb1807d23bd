import type { ReactNode } from "react";
import { formatDay, formatTargetDistance, formatTargetDuration, sportName } from "~/lib/format";
import { difficultyLabel, difficultyTone, type Recommendation } from "../constants";

export function DifficultyBadge({ difficulty }: { difficulty: string | null | undefined }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${difficultyTone(difficulty)}`}
      data-testid="difficulty-badge"
    >
      {difficultyLabel(difficulty)}
    </span>
  );
}

/**
 * One recommendation: title, sport, difficulty badge, target duration and
 * distance; the page adds the description, the date and the actions.
 */
export function RecommendationItem({
  recommendation: r,
  detailed = false,
  actions,
}: {
  recommendation: Recommendation;
  detailed?: boolean;
  actions?: ReactNode;
}) {
  return (
    <li className="py-4 first:pt-0 last:pb-0" data-testid="recommendation" data-status={r.status}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-gray-900">{r.title}</h3>
          <p className="text-sm text-gray-600">{sportName(r.sportType)}</p>
        </div>
        <DifficultyBadge difficulty={r.difficulty} />
      </div>
      {detailed ? <p className="mt-2 text-sm text-gray-700">{r.description}</p> : null}
      <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="text-gray-500">Duration:</dt>
          <dd className="font-medium tabular-nums text-gray-900" data-testid="target-duration">
            {formatTargetDuration(r.targetDuration)}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-gray-500">Distance:</dt>
          <dd className="font-medium tabular-nums text-gray-900" data-testid="target-distance">
            {formatTargetDistance(r.targetDistance)}
          </dd>
        </div>
        {detailed ? (
          <div className="flex gap-1">
            <dt className="text-gray-500">
              {r.status === "completed" && r.completedAt ? "Completed:" : "Recommended:"}
            </dt>
            <dd className="text-gray-900">
              {formatDay(r.status === "completed" && r.completedAt ? r.completedAt : r.recommendationDate)}
            </dd>
          </div>
        ) : null}
      </dl>
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </li>
  );
}
