import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { NotificationsPage } from "~/modules/notifications/components/notifications-page";
import { notificationsPage, notificationsPageAction } from "~/modules/notifications/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Notifications · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return notificationsPage(context.app, user, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return notificationsPageAction(context.app, user);
}

export default function NotificationsRoute() {
  const data = useLoaderData<typeof loader>();
  return <NotificationsPage items={data.items} unread={data.unread} nextBefore={data.nextBefore} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
