import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ProfileHeader, ProfileWizard } from "~/modules/profile/components/profile-form";
import { profileAction, profileLoader } from "~/modules/profile/profile-form.server";
import { Card } from "~/ui/card";

export const meta: MetaFunction = () => [{ title: "Profile settings · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return profileLoader(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return profileAction(context.app, request);
}

export default function ProfileSettings() {
  const { username, values, confined, profileCompleted } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <ProfileHeader username={username} confined={confined} profileCompleted={profileCompleted} />
      <Card>
        <ProfileWizard defaultValue={values} />
      </Card>
      <p className="text-sm text-gray-600">
        Prefer one page? Use the{" "}
        <Link to="/profile" className="font-medium text-brand-700 hover:underline">
          simple profile form
        </Link>
        .
      </p>
    </main>
  );
}
