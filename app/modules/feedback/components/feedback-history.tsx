import { Link, useNavigate, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { Alert } from "~/ui/form";
import { useToast } from "~/ui/toast";
import type { FeedbackView } from "../feedback.server";
import { useDates } from "~/lib/time-zone";
import { FEEDBACK_MSG } from "../schema";
import { StatusBadge, TableHead, TypeBadge, ViewCell } from "./parts";
import { Card } from "~/ui/card";
import { buttonClass } from "~/ui/button";

const button = "inline-flex items-center justify-center";
const primary = buttonClass({ size: "sm", className: button });
const secondary = buttonClass({
  variant: "secondary",
  size: "sm",
  className: `${button} disabled:opacity-60`,
});

export function FeedbackHistoryPage({ items }: { items: FeedbackView[] | null }) {
  const dates = useDates();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const toast = useToast();
  const refreshing = revalidator.state === "loading";

  useEffect(() => {
    if (items === null)
      toast({ title: "Error", description: FEEDBACK_MSG.historyFailed, variant: "destructive" });
  }, [items, toast]);

  return (
    <main className="mx-auto max-w-5xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-gray-900">Feedback History</h1>
        <div className="flex gap-2">
          {/* A GET form: without JavaScript it reloads the page; with it, Remix refetches in place. */}
          <form
            method="get"
            onSubmit={(event) => {
              event.preventDefault();
              revalidator.revalidate();
            }}
          >
            <button
              type="submit"
              className={secondary}
              disabled={refreshing}
              aria-busy={refreshing || undefined}
            >
              {refreshing ? "Refreshing..." : "Refresh"}
            </button>
          </form>
          <Link to="/feedback" className={primary}>
            Submit New Feedback
          </Link>
        </div>
      </div>

      <div className="mt-6">
        {items === null ? (
          <Alert tone="error">{FEEDBACK_MSG.historyFailed}</Alert>
        ) : items.length === 0 ? (
          <div className="rounded-xl border border-dashed border-gray-300 bg-white p-10 text-center">
            <p className="font-medium text-gray-900">No feedback submitted yet</p>
            <p className="mt-1 text-sm text-gray-600">
              Your bug reports, ideas and praise will be listed here with their status.
            </p>
            <Link to="/feedback" className={`${primary} mt-4`}>
              Send your first feedback
            </Link>
          </div>
        ) : (
          <div className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white">
            <table className="min-w-full divide-y divide-gray-200 text-sm">
              <caption className="sr-only">Your feedback, newest first</caption>
              <TableHead columns={["ID", "Type", "Subject", "Status", "Date", "Actions"]} />
              <tbody className="divide-y divide-gray-100">
                {items.map((f) => (
                  <tr
                    key={f.id}
                    className="cursor-pointer hover:bg-gray-50"
                    onClick={() => navigate(`/feedback/history/${f.id}`)}
                  >
                    <td className="px-3 py-2 text-gray-600">#{f.id}</td>
                    <td className="px-3 py-2">
                      <TypeBadge type={f.feedbackType} />
                    </td>
                    <td className="max-w-[16rem] truncate px-3 py-2 font-medium text-gray-900">
                      {f.subject}
                    </td>
                    <td className="px-3 py-2">
                      <StatusBadge status={f.status} label="text" />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-gray-600">{dates.date(f.createdAt)}</td>
                    <ViewCell to={`/feedback/history/${f.id}`} id={f.id} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </main>
  );
}

function DetailActions() {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to="/feedback/history" className={secondary}>
        ← Back
      </Link>
      <Link to="/feedback" className={primary}>
        New Feedback
      </Link>
    </div>
  );
}

/** The detail page without its feedback: not found (the route's 404 boundary) or failed to load. */
export function FeedbackDetailMissing({ message = FEEDBACK_MSG.notFound }: { message?: string }) {
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-4 py-6 sm:py-8">
      <Alert tone="error">{message}</Alert>
      <DetailActions />
    </main>
  );
}

export function FeedbackDetailPage({ item }: { item: FeedbackView | null }) {
  const dates = useDates();
  if (!item) return <FeedbackDetailMissing message={FEEDBACK_MSG.detailFailed} />;
  const actions = <DetailActions />;
  return (
    <main className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      {actions}
      <Card as="article" padding="sm" className="mt-6">
        <header>
          <h1 className="break-words text-2xl font-bold text-gray-900">{item.subject}</h1>
          <p className="mt-1 text-sm text-gray-600">
            Submitted <time dateTime={item.createdAt}>{dates.dateTime(item.createdAt)}</time>
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <TypeBadge type={item.feedbackType} />
            <StatusBadge status={item.status} label="text" />
          </div>
        </header>
        <section className="mt-6">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Message</h2>
          <p className="mt-2 whitespace-pre-wrap break-words text-gray-900">{item.message}</p>
        </section>
        {item.screenshotUrl ? (
          <section className="mt-6">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-gray-500">Screenshot</h2>
            <a href={item.screenshotUrl} target="_blank" rel="noreferrer" className="mt-2 inline-block">
              <img
                src={item.screenshotUrl}
                alt={`Screenshot attached to “${item.subject}”`}
                className="max-h-96 max-w-full rounded border border-gray-200"
                loading="lazy"
              />
            </a>
          </section>
        ) : null}
        <section className="mt-6 rounded-lg border border-gray-200 bg-gray-50 p-4">
          <h2 className="font-semibold text-gray-900">Admin Response</h2>
          {item.adminResponse ? (
            <>
              <p className="mt-2 whitespace-pre-wrap break-words text-gray-900">{item.adminResponse}</p>
              <p className="mt-2 text-xs text-gray-600">
                Last updated <time dateTime={item.updatedAt}>{dates.dateTime(item.updatedAt)}</time>
              </p>
            </>
          ) : (
            <p className="mt-2 text-gray-700">
              <span className="font-medium">Awaiting Response.</span> The team has not answered yet; you will
              see their response here.
            </p>
          )}
        </section>
      </Card>
    </main>
  );
}
