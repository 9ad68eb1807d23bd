import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getOptionalUser, requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { idParam, readForm } from "~/lib/http.server";
import { EventDetailPage, EventNotFound } from "~/modules/events/components/event-detail";
import { eventDetailAction } from "~/modules/events/admin-page.server";
import { eventDetailPage } from "~/modules/events/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.event.title ?? "Event not found"} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  // Guests may browse (read-only); a signed-in account must be verified, as everywhere.
  const user = (await getOptionalUser(context.app, request))
    ? await requireVerifiedUser(context.app, request)
    : null;
  return eventDetailPage(context.app, user, idParam(params.id, "Event"), new URL(request.url));
}

/** Admin: remove a participant (the participants table's confirmation dialog). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return eventDetailAction(context.app, admin, idParam(params.id, "Event"), await readForm(request));
}

export default function EventDetailRoute() {
  return <EventDetailPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />;
}
