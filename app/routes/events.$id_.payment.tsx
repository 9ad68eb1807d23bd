import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam } from "~/lib/http.server";
import { EventNotFound } from "~/modules/events/components/event-detail";
import { RegistrationPage } from "~/modules/events/components/registration-page";
import { registrationPage } from "~/modules/events/registration-page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Complete Payment${data ? ` · ${data.event.title}` : ""} · CycleWari Community` },
];

/** The member's pending registration, prefilled; its form posts to /events/{id}/register. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return registrationPage(context.app, user, idParam(params.id, "Event"), "payment");
}

export default function EventPaymentRoute() {
  return <RegistrationPage data={useLoaderData<typeof loader>()} actionData={undefined} kind="payment" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />;
}
