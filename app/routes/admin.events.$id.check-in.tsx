import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/guards.server";
import { idParam, readForm } from "~/lib/http.server";
import { CheckInPage } from "~/modules/events/components/check-in-page";
import { EventNotFound } from "~/modules/events/components/event-detail";
import { checkInAction, checkInPage } from "~/modules/events/admin-page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Check-in${data ? ` · ${data.event.title}` : ""} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return checkInPage(context.app, admin, idParam(params.id, "Event"));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return checkInAction(context.app, admin, idParam(params.id, "Event"), await readForm(request));
}

export default function CheckInRoute() {
  return <CheckInPage data={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />;
}
