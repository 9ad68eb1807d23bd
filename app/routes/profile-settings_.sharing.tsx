import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { readForm, redirect } from "~/lib/http.server";
import { SHARING_PAGE, sharingAction } from "~/modules/privacy/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** The form lives on /profile-settings; a visit here goes there. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(context.app, request);
  return redirect(SHARING_PAGE);
}

/** The Sharing section's form. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context.app, request);
  return sharingAction(context.app, user, await readForm(request));
}

export default function SharingForm() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
