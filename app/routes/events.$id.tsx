import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EventDetailPage } from "~/modules/events/components/event-detail";
import { eventDetailPage } from "~/modules/events/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data && !data.missing ? data.event.title : "Event not found"} · CycleWari Community` }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return eventDetailPage(context.app, request, params.id);
}

export default function EventDetailRoute() {
  return <EventDetailPage data={useLoaderData<typeof loader>()} />;
}
