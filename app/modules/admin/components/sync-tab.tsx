/**
 * Strava Sync tab: the scheduler's summary (work waiting, reads spent in the
 * 15-minute window and today, a new member's expected wait, the pending
 * hints against the reads left today and the catch-up time), then every
 * linked member's sync state with a sync button each; refreshed every 30 seconds.
 */
import { Link, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import type { listSyncStatus, SchedulerStatus } from "../strava-sync.server";
import { btnSecondary, FetcherMark, LoadFailed, useAdminFetcher } from "./shared";
import { formatInt } from "~/lib/format";
import { useDates } from "~/lib/time-zone";

type SyncRow = Awaited<ReturnType<typeof listSyncStatus>>[number];

export const SYNC_REFRESH_MS = 30_000;

/** "at once", "in about 20 minutes", "in about 3 hours". */
export function waitInWords(seconds: number): string {
  if (seconds <= 0) return "at once";
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 90) return `in about ${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.round(minutes / 60);
  return `in about ${hours} hours`;
}

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg border border-gray-200 bg-white p-4">
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold text-gray-900">{value}</dd>
      <dd className="mt-1 text-xs text-gray-600">{detail}</dd>
    </div>
  );
}

function SchedulerSummary({ s }: { s: SchedulerStatus | null }) {
  const dates = useDates();
  if (s === null)
    return (
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        Could not load the Strava budget and queue.
      </p>
    );
  const q = s.queue;
  return (
    <dl aria-label="Strava budget and queue" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        label="Queue"
        value={`${formatInt(q.total)} waiting`}
        detail={`Webhooks ${q.webhook} · first pages ${q.firstPage} · backfills ${q.backfill} · refreshes ${q.refresh}`}
      />
      <Figure
        label="Reads this 15-minute window"
        value={`${s.reads.window.used} / ${s.reads.window.limit}`}
        detail={`Resets at ${dates.time(s.reads.window.resetsAt)}`}
      />
      <Figure
        label="Reads today"
        value={`${s.reads.today.used} / ${s.reads.today.limit}`}
        detail={`Resets at ${dates.time(s.reads.today.resetsAt)}`}
      />
      <Figure
        label="A new member's first 200 activities"
        value={waitInWords(s.newMemberWaitSeconds)}
        detail={`Quiet athletes are refreshed after ${s.quietRefreshHours} hours without webhooks`}
      />
      <ShortfallFigure s={s} />
    </dl>
  );
}

/** The pending hints against the reads left today, and when the last one is expected (decision 059). */
function ShortfallFigure({ s }: { s: SchedulerStatus }) {
  const dates = useDates();
  const f = s.shortfall;
  return (
    <Figure
      label="Pending hints against reads left today"
      value={`${formatInt(f.pendingHints)} / ${formatInt(f.readsLeftToday)}`}
      detail={[
        f.short > 0 ? `Short by ${formatInt(f.short)}` : "Today covers every hint",
        `${formatInt(f.servedFirst)} served first`,
        f.catchUpAt ? `caught up by ${dates.dateTime(f.catchUpAt)}` : "nothing waiting",
      ].join(" · ")}
    />
  );
}

function StateBadge({ row }: { row: SyncRow }) {
  const dates = useDates();
  const s = row.syncStatus;
  if (s.state === "waiting" && s.resumesAt) {
    return (
      <span className="inline-flex rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
        Waiting for Strava&apos;s rate limit until {s.resumesAt ? dates.dateTime(s.resumesAt) : "Never"}
      </span>
    );
  }
  const [label, tone] =
    s.state === "running" || s.state === "queued" || s.state === "deferred"
      ? [
          `Syncing${s.progress.total > 0 ? ` ${s.progress.current}/${s.progress.total}` : ""}`,
          "bg-blue-100 text-blue-900",
        ]
      : s.error
        ? ["Error", "bg-red-100 text-red-900"]
        : s.completed
          ? ["Completed", "bg-green-100 text-green-900"]
          : ["Never synced", "bg-gray-100 text-gray-800"];
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{label}</span>
  );
}

function SyncButton({ row }: { row: SyncRow }) {
  const fetcher = useAdminFetcher();
  const busy =
    fetcher.state !== "idle" || ["running", "queued", "deferred", "waiting"].includes(row.syncStatus.state);
  return (
    <fetcher.Form method="post">
      <FetcherMark />
      <input type="hidden" name="intent" value="sync-user" />
      <input type="hidden" name="userId" value={row.userId} />
      <button type="submit" className={btnSecondary} disabled={busy} aria-label={`Sync ${row.username}`}>
        {busy ? "Syncing..." : "Sync"}
      </button>
    </fetcher.Form>
  );
}

export function SyncTab({ rows, scheduler }: { rows: SyncRow[] | null; scheduler: SchedulerStatus | null }) {
  const dates = useDates();
  const revalidator = useRevalidator();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === "visible" && revalidator.state === "idle") revalidator.revalidate();
    }, SYNC_REFRESH_MS);
    return () => clearInterval(timer);
  }, [revalidator]);

  if (rows === null) return <LoadFailed what="the sync status" tab="sync" />;
  return (
    <section aria-label="Strava Sync" className="space-y-3">
      <p className="text-sm text-gray-600">Refreshes every 30 seconds.</p>
      <SchedulerSummary s={scheduler} />
      {rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-8 text-center text-gray-700">
          No member has connected Strava yet.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-xl border border-gray-200 bg-white">
          <table className="min-w-full divide-y divide-gray-200 text-sm">
            <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
              <tr>
                <th scope="col" className="px-3 py-2">
                  User
                </th>
                <th scope="col" className="px-3 py-2">
                  Status
                </th>
                <th scope="col" className="px-3 py-2">
                  Last sync
                </th>
                <th scope="col" className="px-3 py-2">
                  Initiated by
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((row) => (
                <tr key={row.userId}>
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/users/${row.userId}`}
                      className="font-medium text-brand hover:underline"
                    >
                      {row.username}
                    </Link>
                    <div className="text-xs text-gray-600">{row.email}</div>
                  </td>
                  <td className="px-3 py-2">
                    <StateBadge row={row} />
                    {row.syncStatus.error ? (
                      <div className="mt-1 max-w-xs text-xs text-red-700">{row.syncStatus.error}</div>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 text-gray-700">
                    {row.syncStatus.lastSyncAt ? dates.dateTime(row.syncStatus.lastSyncAt) : "Never"}
                  </td>
                  <td className="px-3 py-2 text-gray-700">{row.syncStatus.initiatedBy ?? "—"}</td>
                  <td className="px-3 py-2 text-right">
                    <SyncButton row={row} />
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
