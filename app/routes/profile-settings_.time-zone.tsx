import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { readForm, redirect } from "~/lib/http.server";
import { TIME_ZONE_PAGE, timeZoneAction } from "~/modules/profile/time-zone.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** The form lives on /profile-settings; a visit here goes there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context.app, request);
  return redirect(TIME_ZONE_PAGE);
}

/** The Time zone section's form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context.app, request);
  return timeZoneAction(context.app, user, await readForm(request));
}

export default function TimeZoneForm() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
