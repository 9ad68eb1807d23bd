import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { HeatmapPage } from "~/modules/activities/components/heatmap-page";
import { heatmapPage } from "~/modules/activities/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "My heatmap · CycleWari Community" }];

/** /activities/heatmap: the member's own routes drawn together (issue #40); never anyone else's. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return heatmapPage(context.app, user, new URL(request.url));
}

export default function HeatmapRoute() {
  return <HeatmapPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
