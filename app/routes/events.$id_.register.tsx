import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { RegistrationPage } from "~/modules/events/components/registration-page";
import { registerAction, registrationPage } from "~/modules/events/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Register${data && !data.missing ? ` · ${data.event.title}` : ""} · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return registrationPage(context.app, request, params.id, "register");
}

/** Step 1 of registration, from this page and from the dialog on /events and /events/{id}/payment. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return registerAction(context.app, request, params.id);
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
