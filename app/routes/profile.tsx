import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GoogleLinkCard, ProfileHeader, SimpleProfileForm } from "~/modules/profile/components/profile-form";
import { Card } from "~/ui/card";
import { profileAction, profilePage } from "~/modules/profile/page.server";
import { requireUser } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";
import { FinisherBadges } from "~/modules/wari/badges";
import { finisherBadges } from "~/modules/wari/results.server";
import type { VerifyNoteHandle } from "~/ui/header";

/** The page's own notice (with its resend button) replaces the header's verify note. */
export const handle: VerifyNoteHandle = { hidesVerifyNote: () => true };

export const meta: MetaFunction = () => [{ title: "Profile · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context.app, request);
  const [page, wariBadges] = await Promise.all([
    profilePage(context.app, user),
    finisherBadges(context.app, user.id),
  ]);
  return { ...page, wariBadges };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context.app, request);
  return profileAction(context.app, user, await readForm(request));
}

/** /profile: the simple one-page form. */
export default function Profile() {
  const { username, values, confined, profileCompleted, googleLinked, wariBadges } =
    useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <ProfileHeader username={username} confined={confined} profileCompleted={profileCompleted} />
      <FinisherBadges badges={wariBadges} />
      <Card>
        <SimpleProfileForm defaultValue={values} />
      </Card>
      <GoogleLinkCard linked={googleLinked} />
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
