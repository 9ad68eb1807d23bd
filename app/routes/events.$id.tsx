import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EventDetailPage } from "~/modules/events/components/event-detail";
import { eventDetailAction, eventDetailPage } from "~/modules/events/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && !data.missing ? data.event.title : "Event not found"} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return eventDetailPage(context.app, request, params.id);
}

/** Admin: remove a participant (the participants table's confirmation dialog). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return eventDetailAction(context.app, request, params.id);
}

export default function EventDetailRoute() {
  return <EventDetailPage data={useLoaderData<typeof loader>()} />;
}
