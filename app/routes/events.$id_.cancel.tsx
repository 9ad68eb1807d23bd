import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam, redirect } from "~/lib/http.server";
import { EventNotFound } from "~/modules/events/components/event-detail";
import { cancelRegistrationAction } from "~/modules/events/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** The confirmation lives on the event page: a GET here goes there. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireVerifiedUser(context.app, request);
  throw redirect(`/events/${idParam(params.id, "Event")}`);
}

/** The member cancels their registration (refund by the event's rule), then back to the event with a toast. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return cancelRegistrationAction(context.app, user, idParam(params.id, "Event"));
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />;
}
