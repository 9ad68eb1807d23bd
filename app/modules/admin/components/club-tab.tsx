/**
 * Club tab (issue #41): the comments members reported, most reported first,
 * each with what it was written on, its author and how often and when it was
 * reported; the admin hides it (shown to nobody, kept for the record) or keeps
 * it (its reports cleared). Works as plain forms without JavaScript.
 */
import type { ReportedComment } from "~/modules/club/feed.server";
import { formatInt } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { btnSecondary, FetcherMark, LoadFailed, useAdminFetcher } from "./shared";

export const NO_REPORTS = "No reported comments. Members can report a comment from the club feed.";

function Decide({ comment, intent, label }: { comment: ReportedComment; intent: string; label: string }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <FetcherMark />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={comment.id} />
      <button
        type="submit"
        className={btnSecondary}
        disabled={fetcher.state !== "idle"}
        aria-label={`${label}: ${comment.author}'s comment "${comment.body.slice(0, 40)}"`}
      >
        {label}
      </button>
    </fetcher.Form>
  );
}

export function ClubTab({ reported }: { reported: ReportedComment[] | null }) {
  const dates = useDates();
  if (reported === null) return <LoadFailed what="reported comments" tab="club" />;
  return (
    <section aria-labelledby="reported-heading" className="space-y-4">
      <h2 id="reported-heading" className="text-lg font-semibold text-gray-900">
        Reported comments
      </h2>
      {reported.length === 0 ? (
        <p className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">{NO_REPORTS}</p>
      ) : (
        <ul className="space-y-3" data-testid="reported-comments">
          {reported.map((c) => (
            <li
              key={c.id}
              className="rounded-lg border border-gray-200 bg-white p-4"
              data-testid="reported-comment"
            >
              <p className="text-sm text-gray-600">
                <span className="font-semibold text-gray-900">{c.author}</span> on{" "}
                <a href={`/club#item-${c.itemId}`} className="text-brand hover:underline">
                  {c.itemLabel}
                </a>
              </p>
              <blockquote className="mt-2 whitespace-pre-wrap break-words border-l-4 border-amber-300 pl-3 text-gray-900">
                {c.body}
              </blockquote>
              <p className="mt-2 text-xs text-gray-600">
                {`Reported ${c.reports === 1 ? "once" : `${formatInt(c.reports)} times`}, last on ${dates.dateTime(c.lastReportedAt)}`}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Decide comment={c} intent="comment-hide" label="Hide" />
                <Decide comment={c} intent="comment-keep" label="Keep" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
