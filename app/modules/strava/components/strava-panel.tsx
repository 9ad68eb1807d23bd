import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useId, useState } from "react";
import { formatTimeAgo } from "~/lib/format";
import { useDates } from "~/lib/time-zone";
import { StravaLogo, stravaButtonClass } from "~/ui/strava-brand";
import { KEEP_AGREEMENT_LABEL } from "../disconnect-text";
import type { StravaStatus, SyncStatusView } from "../status.server";

export const SYNC_POLL_MS = 5000;
/** While the member's latest activities wait for Strava's reads (expected in minutes or hours): a slower poll. */
export const SYNC_WAIT_POLL_MS = 60_000;

/** The connect button's label for each state of the spec (part 1 section 2). */
export function connectLabel(
  status: StravaStatus | null,
  connecting: boolean,
): { label: string; disabled: boolean } {
  if (!status) return { label: "Loading...", disabled: true };
  if (connecting) return { label: "Connecting...", disabled: true };
  if (!status.connected) return { label: "Connect with Strava", disabled: false };
  if (status.tokenExpired) return { label: "Reconnect Strava (Token Expired)", disabled: false };
  if (status.sync?.error) return { label: "Reconnect with Strava", disabled: false };
  return { label: "Connected to Strava", disabled: true };
}

/**
 * The "Connect with Strava" button (Strava's brand: app/ui/strava-brand.tsx)
 * in each state of the spec. While it starts a connect it comes with the
 * "Keep my imported activities if I disconnect Strava" box (unticked unless
 * the member already agreed). Two links, one per answer: CSS shows the one
 * that matches the box (`group-has-[:checked]`), so it works without
 * JavaScript; the "keep" link adds `keep=1`.
 */
export function StravaConnectButton({
  status,
  returnTo = "/dashboard",
  showLastSync = true,
}: {
  status: StravaStatus | null;
  returnTo?: string;
  /** The connected chip's "· last sync … ago"; off where the page shows the time already. */
  showLastSync?: boolean;
}) {
  const dates = useDates();
  const [connecting, setConnecting] = useState(false);
  const keepId = useId();
  const { label, disabled } = connectLabel(status, connecting);
  if (disabled && status?.connected && !connecting) {
    // Connected: a status chip, not a disabled orange button that reads like a broken call to action.
    const last = showLastSync ? status.sync?.lastSyncAt : null;
    return (
      <span
        data-testid="strava-chip"
        className="inline-flex items-center gap-2 rounded-full border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-900"
      >
        <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
        <span data-testid="strava-connect">{label}</span>
        {last ? (
          // Relative to the clock of whoever renders it; the browser's may differ by a minute.
          <span className="font-normal text-green-800" suppressHydrationWarning>
            {`· last sync ${formatTimeAgo(last, Date.now(), dates.zone)}`}
          </span>
        ) : null}
      </span>
    );
  }
  if (disabled) {
    return (
      <button
        type="button"
        disabled
        className={`${stravaButtonClass} cursor-default opacity-70`}
        data-testid="strava-connect"
      >
        <StravaLogo />
        {label}
      </button>
    );
  }
  const href = `/api/user/connect-strava?returnTo=${encodeURIComponent(returnTo)}`;
  const link = (keep: boolean) => (
    <a
      href={keep ? `${href}&keep=1` : href}
      onClick={() => setConnecting(true)}
      className={`${stravaButtonClass} hover:bg-[#E34A00] ${
        keep ? "hidden group-has-[:checked]/connect:inline-flex" : "group-has-[:checked]/connect:hidden"
      }`}
      data-testid={keep ? "strava-connect-keep" : "strava-connect"}
    >
      <StravaLogo />
      {label}
    </a>
  );
  return (
    <div className="group/connect flex flex-col items-start gap-2">
      {link(false)}
      {link(true)}
      <div className="flex max-w-sm items-start gap-2 text-sm text-gray-700">
        <input
          // Remounted when the stored agreement changes, so the box shows it after a withdrawal or a reconnect.
          key={status?.keepActivitiesSince ?? "none"}
          id={keepId}
          type="checkbox"
          defaultChecked={Boolean(status?.keepActivitiesSince)}
          className="mt-0.5 h-4 w-4 rounded border-gray-300"
          aria-describedby={`${keepId}-hint`}
        />
        <div>
          <label htmlFor={keepId} className="font-medium text-gray-900">
            {KEEP_AGREEMENT_LABEL}
          </label>
          <p id={`${keepId}-hint`} className="text-gray-600">
            Unticked, disconnecting Strava deletes the activities imported from it.
          </p>
        </div>
      </div>
    </div>
  );
}

/** Clock time for "sync again at" / "continues at" in the page's zone: "6:30 am IST" (same on server and client). */
function ClockTime({ iso }: { iso: string }) {
  const dates = useDates();
  return <time dateTime={iso}>{dates.time(iso)}</time>;
}

/**
 * The member's "Sync now" button: a plain form post (works without
 * JavaScript), disabled with the time while the 15-minute cooldown runs or a
 * sync is under way.
 */
export function SyncNowForm({ status, error }: { status: StravaStatus; error: string | null }) {
  const navigation = useNavigation();
  if (!status.connected || status.tokenExpired) return null;
  const sync = status.sync;
  const running = Boolean(sync && !sync.completed && !sync.error);
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "sync";
  const cooldown = sync?.nextSyncAt ?? null;
  const disabled = running || submitting || Boolean(cooldown);
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value="sync" />
      <button
        type="submit"
        disabled={disabled}
        data-testid="strava-sync-now"
        className="inline-flex items-center rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {submitting ? "Starting..." : running ? "Sync in progress" : "Sync now"}
      </button>
      {cooldown ? (
        <span className="text-sm text-gray-700" data-testid="strava-sync-next">
          You can sync again at <ClockTime iso={cooldown} />.
        </span>
      ) : null}
      {error ? (
        <span role="alert" className="text-sm text-red-700">
          {error}
        </span>
      ) : null}
    </Form>
  );
}

/** The upload page, for an activity a member needs before Strava's reads reach theirs. */
export const UPLOAD_PATH = "/activities/upload";

/**
 * "Waiting for Strava": the member's latest activities wait for the app's
 * Strava reads (decision 059), with when they are expected in the page's zone
 * (the time alone within 24 hours, else the date too) and the file upload for an
 * activity they need now. On the dashboard (in the sync banner) and /activities.
 */
export function HintWaitNotice({ expectedBy }: { expectedBy: string }) {
  const dates = useDates();
  // Within a day the clock time alone is unambiguous (its next occurrence); later ones name the day.
  const soon = new Date(expectedBy).getTime() - Date.now() < 24 * 3600 * 1000;
  return (
    <div
      role="status"
      className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
      data-testid="strava-wait"
    >
      <p>
        Waiting for Strava: your latest activities are expected by{" "}
        <time dateTime={expectedBy} suppressHydrationWarning>
          {soon ? dates.time(expectedBy) : dates.dateTime(expectedBy)}
        </time>
        .
      </p>
      <p className="mt-1 text-sm">
        Need an activity now?{" "}
        <Link to={UPLOAD_PATH} className="font-medium underline">
          Upload its file
        </Link>{" "}
        instead.
      </p>
    </div>
  );
}

function mmss(seconds: number) {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/**
 * Blue banner with progress and an elapsed mm:ss timer while a sync runs, red
 * on error, hidden when completed. Polls /api/user/sync-status every 5 s
 * while a sync runs (queued, running or waiting; every minute while the member's
 * latest activities wait for the app's Strava reads), refreshes the page data when
 * it finishes and then stops: nothing is polled once nothing runs (issue #37).
 */
export function SyncBanner({ status }: { status: StravaStatus }) {
  const [sync, setSync] = useState<SyncStatusView | null>(status.sync);
  const [elapsed, setElapsed] = useState(0);
  const revalidator = useRevalidator();

  useEffect(() => setSync(status.sync), [status.sync]);

  const running = Boolean(status.connected && sync && !sync.completed && !sync.error);
  const pollMs = sync?.expectedBy ? SYNC_WAIT_POLL_MS : SYNC_POLL_MS;
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    const poll = async () => {
      if (document.hidden) return;
      try {
        const res = await fetch("/api/user/sync-status", { credentials: "same-origin" });
        if (!res.ok || stopped) return;
        const next = (await res.json()) as SyncStatusView;
        setSync(next);
        if (next.completed || next.error) revalidator.revalidate();
      } catch {
        // offline for a moment: the next tick tries again
      }
    };
    const timer = setInterval(poll, pollMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, pollMs]);

  useEffect(() => {
    if (!running) return;
    const started = sync?.startedAt ? new Date(sync.startedAt).getTime() : Date.now();
    const tick = () => setElapsed(Math.max(0, Math.floor((Date.now() - started) / 1000)));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [running, sync?.startedAt]);

  if (!sync) return null;
  if (sync.error) {
    return (
      <div
        role="alert"
        className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900"
        data-testid="sync-banner"
      >
        There was an error syncing your Strava activities: {sync.error}
      </div>
    );
  }
  if (sync.completed) return null;
  if (sync.state === "waiting" && sync.expectedBy) return <HintWaitNotice expectedBy={sync.expectedBy} />;
  if (sync.state === "waiting" && sync.resumesAt) {
    return (
      <div
        role="status"
        className="rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900"
        data-testid="sync-banner"
      >
        Waiting for Strava&apos;s rate limit: your sync will continue at <ClockTime iso={sync.resumesAt} />.
      </div>
    );
  }
  const { current, total } = sync.progress;
  const percent = total > 0 ? Math.min(100, Math.round((current / total) * 100)) : 0;
  return (
    <div
      role="status"
      className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-900"
      data-testid="sync-banner"
    >
      <div className="flex items-center justify-between gap-4 text-sm font-medium">
        <span>Syncing your Strava activities… {total > 0 ? `${current} of ${total}` : "starting"}</span>
        <span aria-label="Elapsed time" className="tabular-nums">
          {mmss(elapsed)}
        </span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-blue-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total || 100}
        aria-valuenow={total ? current : 0}
        aria-label="Sync progress"
      >
        <div className="h-full rounded-full bg-blue-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
