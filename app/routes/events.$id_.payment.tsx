import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { RegistrationPage } from "~/modules/events/components/registration-page";
import { registrationPage } from "~/modules/events/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `Complete Payment${data && !data.missing ? ` · ${data.event.title}` : ""} · CycleWari Community` },
];

/** The member's pending registration, prefilled; its form posts to /events/{id}/register. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return registrationPage(context.app, request, params.id, "payment");
}

export default function EventPaymentRoute() {
  return <RegistrationPage data={useLoaderData<typeof loader>()} actionData={undefined} kind="payment" />;
}
