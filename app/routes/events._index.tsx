import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getOptionalUser, requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { EventsPage } from "~/modules/events/components/events-page";
import { adminEventAction } from "~/modules/events/admin-page.server";
import { eventsPage } from "~/modules/events/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Events · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Guests may browse (read-only); a signed-in account must be verified, as everywhere.
  const user = (await getOptionalUser(context.app, request))
    ? await requireVerifiedUser(context.app, request)
    : null;
  return eventsPage(context.app, user);
}

/** The admin event form dialog posts here by default (create, update, delete, toggle). */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminEventAction(context.app, admin, await readForm(request));
}

export default function EventsRoute() {
  return <EventsPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
