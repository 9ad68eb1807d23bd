import { formatPercent } from "~/lib/format";
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import { Link, useActionData } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useToast } from "~/ui/toast";
import type { JoinResult } from "../page.server";
import { MedalIcon } from "./medal-icon";

export const SPORT_LABELS: Record<string, string> = {
  Run: "Running",
  Ride: "Cycling",
  Swim: "Swimming",
  Walk: "Walking",
  Hike: "Hiking",
  AllSports: "All sports",
};

export function ProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div
      className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-label={label}
    >
      <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** "Completed ✓" once a participant reaches the target, else the percentage. */
export function CompletedOrPercent({ percent }: { percent: number }) {
  return percent >= 100 ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
      Completed ✓
    </span>
  ) : (
    <strong className="tabular-nums">{formatPercent(percent)}</strong>
  );
}

/** A medal for a challenge the member completed (the list's cards and the dashboard). */
/** The badge of a completed challenge: a medal and "Completed". */
export function CompletedBadge() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800"
      data-testid="completed-badge"
    >
      <MedalIcon className="h-3.5 w-3.5" />
      Completed
    </span>
  );
}

export function ActiveBadge({ active }: { active: boolean }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${active ? "bg-green-100 text-green-800" : "bg-gray-200 text-gray-700"}`}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}

/**
 * Toasts for a join attempt and the 'Strava Connection Required' dialog when
 * the server answers 403 strava_required.
 */
export function JoinFeedback({ failureText }: { failureText: { title: string; description?: string } }) {
  const result = useActionData<JoinResult>();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  // Each answer is acted on once: the page re-renders after it (revalidation, a new
  // `failureText` object), and a dialog the member closed must not open again.
  const handled = useRef<JoinResult | undefined>(undefined);
  useEffect(() => {
    if (!result || result.intent !== "join" || handled.current === result) return;
    handled.current = result;
    if (result.ok)
      // One message per join (issue #37): the spec's title, without its description repeating it.
      toast({ title: "You've joined the challenge!", variant: "success" });
    else if (result.stravaRequired) setOpen(true);
    else
      toast({
        ...failureText,
        description: failureText.description ?? result.message,
        variant: "destructive",
      });
  }, [result, toast, failureText]);
  return (
    <>
      {result?.stravaRequired ? (
        <noscript>
          <p className="rounded-md border border-amber-200 bg-amber-50 p-3 text-amber-900">
            Strava Connection Required. <a href="/profile/strava">Connect Strava</a>
          </p>
        </noscript>
      ) : null}
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel className="w-full max-w-md rounded-xl bg-white p-6 shadow-xl">
            <DialogTitle className="text-lg font-semibold text-gray-900">
              Strava Connection Required
            </DialogTitle>
            <p className="mt-2 text-gray-700">
              Connect your Strava account to join challenges: your synced activities count towards your
              progress.
            </p>
            <div className="mt-6 flex justify-end gap-3">
              <button
                type="button"
                onClick={() => setOpen(false)}
                className="rounded-md border border-gray-300 px-4 py-2 font-medium text-gray-800 hover:bg-gray-50"
              >
                Cancel
              </button>
              <Link
                to="/profile/strava"
                className="rounded-md bg-[#fc4c02] px-4 py-2 font-semibold text-white hover:bg-[#e34402]"
              >
                Connect Strava
              </Link>
            </div>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
