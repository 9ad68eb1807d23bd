import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { idParam, readForm } from "~/lib/http.server";
import { EventNotFound } from "~/modules/events/components/event-detail";
import { RegistrationPage } from "~/modules/events/components/registration-page";
import { registerAction, registrationPage } from "~/modules/events/registration-page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Register${data ? ` · ${data.event.title}` : ""} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return registrationPage(context.app, user, idParam(params.id, "Event"), "register");
}

/** Step 1 of registration, from this page and from the dialog on /events and /events/{id}/payment. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return registerAction(context.app, user, idParam(params.id, "Event"), await readForm(request));
}

export default function EventRegisterRoute() {
  return (
    <RegistrationPage
      data={useLoaderData<typeof loader>()}
      actionData={useActionData<typeof action>()}
      kind="register"
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: () => <EventNotFound /> }} />;
}
