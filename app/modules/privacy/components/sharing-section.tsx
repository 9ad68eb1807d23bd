import { Form, Link, useNavigation } from "@remix-run/react";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { SharingSettings } from "../sharing.server";
import { SharingChoice } from "./sharing-choice";
import { MAP_PRIVACY_CHOICES } from "../schema";
import { formatInt } from "~/lib/format";

/**
 * /profile-settings' Sharing section: the default for challenges joined from
 * now on, optionally applied to current ones, and each joined challenge's
 * choice (changed on its page). Posts to /profile-settings/sharing.
 */
export function SharingSection({ sharing }: { sharing: SharingSettings }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === "/profile-settings/sharing";
  const current = sharing.challenges.filter((c) => c.current);
  return (
    <Card as="section" id="sharing" aria-labelledby="sharing-heading" padding="sm" className="space-y-4">
      <div>
        <h2 id="sharing-heading" className="text-lg font-semibold text-gray-900">
          Sharing
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          What other participants see of you in the challenges you join. Admins can always see your public
          activities, to correct progress; activities you keep private on Strava are never shown to anyone
          else.
        </p>
      </div>
      <Form method="post" action="/profile-settings/sharing" className="space-y-4">
        <SharingChoice
          shareActivities={sharing.shareActivities}
          legend="When I join a challenge, other participants see"
        />
        {current.length ? (
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input type="checkbox" name="applyToCurrent" className="mt-1 h-4 w-4 accent-brand" />
            <span>
              Also use this in my {current.length} current {current.length === 1 ? "challenge" : "challenges"}
            </span>
          </label>
        ) : null}
        <div className="flex items-start gap-3 rounded-md border border-gray-200 p-3">
          {/* The photo the box is about, large enough to recognise (issue #37). */}
          {sharing.stravaPhotoUrl ? (
            <img
              src={sharing.stravaPhotoUrl}
              alt="Your Strava profile photo"
              width={64}
              height={64}
              referrerPolicy="no-referrer"
              className="h-16 w-16 shrink-0 rounded-full bg-gray-200 object-cover"
              data-testid="strava-photo-consent"
            />
          ) : null}
          <label className="flex items-start gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              name="showStravaPhoto"
              defaultChecked={sharing.showStravaPhoto}
              aria-describedby="strava-photo-hint"
              className="mt-1 h-4 w-4 accent-brand"
            />
            <span>
              Show my Strava profile photo to other members
              <span id="strava-photo-hint" className="block text-xs text-gray-600">
                {sharing.stravaPhotoUrl
                  ? "Otherwise only you see it; others see your initial, or the profile image you set in Edit Profile."
                  : "You have no Strava photo here yet: it comes with your Strava connection and is removed when you disconnect."}
              </span>
            </span>
          </label>
        </div>
        <label className="block text-sm text-gray-800">
          <span className="font-medium">
            When my map is shown to other participants, hide its first and last
          </span>
          <select
            name="mapPrivacyMetres"
            defaultValue={String(sharing.mapPrivacyMetres)}
            aria-describedby="map-privacy-hint"
            className="mt-1 block w-full max-w-xs rounded-md border border-gray-300 bg-white px-3 py-2 text-base"
          >
            {MAP_PRIVACY_CHOICES.map((m) => (
              <option key={m} value={m}>
                {m === 0 ? "0 m (show the whole route)" : `${formatInt(m)} m`}
              </option>
            ))}
          </select>
          <span id="map-privacy-hint" className="block text-xs text-gray-600">
            Maps are shown only where you share your activities, never for activities private on Strava.
          </span>
        </label>
        <label className="flex items-start gap-2 text-sm text-gray-800">
          <input
            type="checkbox"
            name="shareEventRegistrations"
            defaultChecked={sharing.shareEventRegistrations}
            className="mt-1 h-4 w-4 accent-brand"
          />
          <span>
            Show my event registrations in the club feed
            <span className="block text-xs text-gray-600">
              Your challenge milestones appear in the club feed where you share your activities in that
              challenge; personal bests and the Wari where your profile shares them.
            </span>
          </span>
        </label>
        <Button type="submit" disabled={saving} className="disabled:opacity-60">
          {saving ? "Saving..." : "Save sharing"}
        </Button>
      </Form>
      {sharing.challenges.length ? (
        <div>
          <h3 className="text-sm font-medium text-gray-900">Your challenges</h3>
          <ul className="mt-2 divide-y divide-gray-100 text-sm" data-testid="sharing-challenges">
            {sharing.challenges.map((c) => (
              <li key={c.challengeId} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  to={`/challenges/${c.challengeId}#sharing`}
                  className="font-medium text-brand hover:underline"
                >
                  {c.title}
                </Link>
                <span className="text-gray-600">
                  {c.shareActivities ? "Name, progress and matching activities" : "Name and progress only"}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-gray-500">You have not joined a challenge yet.</p>
      )}
    </Card>
  );
}
