import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ProfileHeader, ProfileWizard } from "~/modules/profile/components/profile-form";
import { Card } from "~/ui/card";
import { profileAction, profilePage } from "~/modules/profile/page.server";
import { DataRightsSections } from "~/modules/account/components/data-rights";
import { accountSection } from "~/modules/account/page.server";
import { requireUser } from "~/lib/guards.server";
import { StravaSettingsSection } from "~/modules/strava/ui";
import { getStravaStatus } from "~/modules/strava/status.server";
import { readForm } from "~/lib/http.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import type { VerifyNoteHandle } from "~/ui/header";
import { SharingSection } from "~/modules/privacy/components/sharing-section";
import { sharingSettings } from "~/modules/privacy/sharing.server";
import { NotificationSettingsSection } from "~/modules/notifications/components/notification-settings";
import { notificationPreferencesOf } from "~/modules/notifications/notifications.server";
import { TimeZoneSection } from "~/modules/profile/components/time-zone-section";
import { timeZoneChoices } from "~/lib/format";

/** The page's own notice (with its resend button) replaces the header's verify note. */
export const handle: VerifyNoteHandle = { hidesVerifyNote: () => true };

export const meta: MetaFunction = () => [{ title: "Profile settings · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context.app, request);
  const [profile, sharing, account, strava, notifications] = await Promise.all([
    profilePage(context.app, user),
    sharingSettings(context.app, user),
    accountSection(context.app, user, request),
    getStravaStatus(context.app, user),
    notificationPreferencesOf(context.app, user),
  ]);
  return {
    ...profile,
    sharing,
    account,
    strava,
    notifications,
    timeZone: { value: user.timeZone, choices: timeZoneChoices() },
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context.app, request);
  return profileAction(context.app, user, await readForm(request));
}

export default function ProfileSettings() {
  const { username, values, confined, profileCompleted, sharing, account, strava, timeZone, notifications } =
    useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <ProfileHeader username={username} confined={confined} profileCompleted={profileCompleted} />
      <Card>
        <ProfileWizard defaultValue={values} />
      </Card>
      <SharingSection sharing={sharing} />
      {confined ? null : <NotificationSettingsSection preferences={notifications} />}
      <TimeZoneSection timeZone={timeZone.value} choices={timeZone.choices} />
      <StravaSettingsSection status={strava} />
      <p className="text-sm text-gray-600">
        Prefer one page? Use the{" "}
        <Link to="/profile" className="font-medium text-brand hover:underline">
          simple profile form
        </Link>
        .
      </p>
      <DataRightsSections section={account} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
