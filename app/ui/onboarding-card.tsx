/**
 * The first-run card (issue #20 item 2): for a member with no activities yet,
 * what connecting Strava does, how long the first sync takes, and the upload
 * alternative, instead of leaving them with a page of zeros and no hint.
 */
import { Link } from "@remix-run/react";
import { cardClass } from "./card";
import { StravaLogo, stravaButtonClass } from "./strava-brand";

export function OnboardingCard({
  connected,
  what,
  connectHere = false,
}: {
  /** Strava is connected: the first sync is on its way. */
  connected: boolean;
  /** What this page shows once activities are in ("your statistics and achievements"). */
  what: string;
  /** The page has no Connect with Strava button of its own: the card links to /profile/strava. */
  connectHere?: boolean;
}) {
  return (
    <section
      aria-labelledby="onboarding-heading"
      data-testid="onboarding"
      className={cardClass({ padding: "sm", className: "border-brand-soft bg-brand-tint/60" })}
    >
      <h2 id="onboarding-heading" className="text-lg font-semibold text-gray-900">
        {connected ? "Your first Strava sync is on its way" : "Welcome! Bring in your activities"}
      </h2>
      <p className="mt-1 text-gray-700">
        Once your activities are here, this page shows {what}. Until then the numbers stay at zero.
      </p>
      <ul className="mt-3 list-inside list-disc space-y-1 text-sm text-gray-700">
        {connected ? (
          <li>
            Strava sends your history in pages: most members see their activities within a few minutes; years
            of history can take longer, because Strava limits how fast apps may read.
          </li>
        ) : (
          <>
            <li>
              {connectHere ? "Connecting" : "The Connect with Strava button above"} brings in your rides,
              runs, swims, walks and hikes, and keeps new ones coming in by themselves.
            </li>
            <li>
              The first sync usually takes a few minutes; years of history can take longer, because Strava
              limits how fast apps may read.
            </li>
          </>
        )}
        <li>No Strava? Upload FIT, GPX or TCX files, your Strava archive, or enter an activity by hand.</li>
      </ul>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        {connected || !connectHere ? null : (
          <Link to="/profile/strava" className={`${stravaButtonClass} hover:bg-[#E34A00]`}>
            <StravaLogo />
            Connect Strava
          </Link>
        )}
        <Link
          to="/activities/upload"
          className="rounded-md border border-gray-300 bg-white px-4 py-2 font-semibold text-gray-900 hover:bg-gray-50"
        >
          Upload activities
        </Link>
      </div>
    </section>
  );
}
