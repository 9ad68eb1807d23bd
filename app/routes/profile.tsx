import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GoogleLinkCard, ProfileHeader, SimpleProfileForm } from "~/modules/profile/components/profile-form";
import { profileAction, profileLoader } from "~/modules/profile/profile-form.server";
import { Card } from "~/ui/card";

export const meta: MetaFunction = () => [{ title: "Profile · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return profileLoader(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return profileAction(context.app, request);
}

/** /profile: the simple one-page form. */
export default function Profile() {
  const { username, values, confined, profileCompleted, googleLinked } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <ProfileHeader username={username} confined={confined} profileCompleted={profileCompleted} />
      <Card>
        <SimpleProfileForm defaultValue={values} />
      </Card>
      <GoogleLinkCard linked={googleLinked} />
    </main>
  );
}
