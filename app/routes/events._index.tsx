import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EventsPage } from "~/modules/events/components/events-page";
import { adminEventAction, eventsPage } from "~/modules/events/page.server";

export const meta: MetaFunction = () => [{ title: "Events · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return eventsPage(context.app, request);
}

/** The admin event form dialog posts here by default (create, update, delete, toggle). */
export async function action({ request, context }: ActionFunctionArgs) {
  return adminEventAction(context.app, request);
}

export default function EventsRoute() {
  return <EventsPage data={useLoaderData<typeof loader>()} />;
}
