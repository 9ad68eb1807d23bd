import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { ClubFeedPage } from "~/modules/club/components/club-feed";
import { clubPage, clubPageAction } from "~/modules/club/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Club · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return clubPage(context.app, user, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return clubPageAction(context.app, user, request);
}

export default function ClubRoute() {
  const data = useLoaderData<typeof loader>();
  return <ClubFeedPage feed={data.feed} isAdmin={data.isAdmin} paged={data.paged} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
