import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { readForm, redirect } from "~/lib/http.server";
import { NOTIFICATIONS_SETTINGS_PAGE, notificationSettingsAction } from "~/modules/notifications/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** The form lives on /profile-settings; a visit here goes there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireVerifiedUser(context.app, request);
  return redirect(NOTIFICATIONS_SETTINGS_PAGE);
}

/** The Notifications section's form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return notificationSettingsAction(context.app, user, await readForm(request));
}

export default function NotificationSettingsForm() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
