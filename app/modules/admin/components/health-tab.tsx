/**
 * Health tab (issue #41 item 4, decision 054): what failed in the last 7 days,
 * counted per kind, each row with a retry where one makes sense, and the last
 * cron runs. A table that scrolls sideways on a phone; its caption names it.
 */
import type { HealthReport } from "~/modules/health/health.server";
import { formatInt } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { btnSecondary, FetcherMark, LoadFailed, useAdminFetcher } from "./shared";

type Failure = HealthReport["failures"][number];

export const NOTHING_FAILED = "Nothing failed in the last 7 days";

function RetryButton({ row }: { row: Failure }) {
  const fetcher = useAdminFetcher();
  return (
    <fetcher.Form method="post">
      <FetcherMark />
      <input type="hidden" name="intent" value="health-retry" />
      <input type="hidden" name="kind" value={row.kind} />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        className={btnSecondary}
        disabled={fetcher.state !== "idle"}
        aria-label={`Retry: ${row.what}`}
      >
        {fetcher.state !== "idle" ? "Retrying..." : "Retry"}
      </button>
    </fetcher.Form>
  );
}

const cell = "px-3 py-2 align-top";

export function HealthTab({ report }: { report: HealthReport | null }) {
  const dates = useDates();
  if (report === null) return <LoadFailed what="health" tab="health" />;
  return (
    <section aria-labelledby="health-heading" className="space-y-6">
      <h2 id="health-heading" className="text-lg font-semibold text-gray-900">
        Failures in the last 7 days
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" aria-label="Failures per kind">
        {report.counts.map((c) => (
          <div key={c.kind} className="rounded-lg border border-gray-200 bg-white p-3">
            <dt className="text-xs text-gray-600">{c.label}</dt>
            <dd className="mt-1 text-xl font-semibold text-gray-900">{formatInt(c.n)}</dd>
          </div>
        ))}
      </dl>
      {report.failures.length === 0 ? (
        <p className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">{NOTHING_FAILED}</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <caption className="sr-only">What failed in the last 7 days, newest first</caption>
            <thead className="bg-gray-50 text-left text-gray-700">
              <tr>
                <th scope="col" className={cell}>
                  Kind
                </th>
                <th scope="col" className={cell}>
                  What
                </th>
                <th scope="col" className={cell}>
                  When
                </th>
                <th scope="col" className={cell}>
                  Error
                </th>
                <th scope="col" className={cell}>
                  <span className="sr-only">Retry</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {report.failures.map((row) => (
                <tr key={`${row.kind}-${row.id}`}>
                  <td className={`${cell} whitespace-nowrap`}>{row.label}</td>
                  <th scope="row" className={`${cell} font-normal text-gray-900`}>
                    {row.what}
                    {row.attempts ? (
                      <span className="block text-xs text-gray-600">{row.attempts} attempts</span>
                    ) : null}
                  </th>
                  <td className={`${cell} whitespace-nowrap`}>{dates.dateTime(row.at)}</td>
                  <td className={`${cell} max-w-xs break-words text-gray-700`}>{row.error ?? ""}</td>
                  <td className={cell}>{row.retry ? <RetryButton row={row} /> : null}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 id="cron-heading" className="text-lg font-semibold text-gray-900">
        Last cron runs
      </h2>
      {report.cronRuns.length === 0 ? (
        <p className="text-sm text-gray-600">No cron run recorded yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200 text-sm" aria-labelledby="cron-heading">
            <thead className="bg-gray-50 text-left text-gray-700">
              <tr>
                <th scope="col" className={cell}>
                  Cron
                </th>
                <th scope="col" className={cell}>
                  Started
                </th>
                <th scope="col" className={cell}>
                  Finished
                </th>
                <th scope="col" className={cell}>
                  Result
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {report.cronRuns.map((run) => (
                <tr key={run.id}>
                  <td className={`${cell} whitespace-nowrap font-mono`}>{run.cron}</td>
                  <td className={`${cell} whitespace-nowrap`}>{dates.dateTime(run.startedAt)}</td>
                  <td className={`${cell} whitespace-nowrap`}>
                    {run.finishedAt ? dates.dateTime(run.finishedAt) : "—"}
                  </td>
                  <td className={cell}>
                    {run.status === "ok"
                      ? "OK"
                      : run.status === "running"
                        ? "Running"
                        : `Error: ${run.error ?? ""}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
