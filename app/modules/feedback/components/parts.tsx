import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { STATUS_LABELS, statusText, TYPE_LABELS, type FeedbackStatus, type FeedbackType } from "../schema";

const STATUS_TONES: Record<FeedbackStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  in_progress: "bg-blue-100 text-blue-900",
  resolved: "bg-green-100 text-green-900",
  closed: "bg-gray-200 text-gray-800",
};

const TYPE_TONES: Record<FeedbackType, string> = {
  bug: "bg-red-100 text-red-900",
  feature: "bg-purple-100 text-purple-900",
  improvement: "bg-sky-100 text-sky-900",
  praise: "bg-emerald-100 text-emerald-900",
  other: "bg-gray-100 text-gray-800",
};

const badge = "inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold";

export function TypeBadge({ type }: { type: FeedbackType }) {
  return <span className={`${badge} ${TYPE_TONES[type]}`}>{TYPE_LABELS[type]}</span>;
}

/** `label="text"` shows the raw status with the underscore replaced by a space (the member's pages); `"title"` the admin's labels. */
export function StatusBadge({
  status,
  label = "title",
}: {
  status: FeedbackStatus;
  label?: "text" | "title";
}) {
  return (
    <span className={`${badge} capitalize ${STATUS_TONES[status]}`}>
      {label === "text" ? statusText(status) : STATUS_LABELS[status]}
    </span>
  );
}

/** The header row of the feedback tables. */
export function TableHead({ columns }: { columns: ReactNode[] }) {
  return (
    <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className="px-3 py-2">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** The last cell of a feedback row: a link to the feedback (a row click does not fire twice). */
export function ViewCell({ to, id }: { to: string; id: number }) {
  return (
    <td className="px-3 py-2">
      <Link
        to={to}
        className="font-medium text-brand hover:underline"
        onClick={(event) => event.stopPropagation()}
      >
        View<span className="sr-only"> feedback #{id}</span>
      </Link>
    </td>
  );
}
