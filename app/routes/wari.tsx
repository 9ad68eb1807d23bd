import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireVerifiedUser } from "~/lib/guards.server";
import { readForm } from "~/lib/http.server";
import { WariPage } from "~/modules/wari/components/wari-page";
import { wariAction, wariPage } from "~/modules/wari/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

/** The current edition's name ('IAS CycleWari 2025 · CycleWari Community'), not a year in code (issue #38). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.edition?.name ?? "Wari"} · CycleWari Community` },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return wariPage(context.app, user, new URL(request.url));
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return wariAction(context.app, user, await readForm(request));
}

export default function WariRoute() {
  return <WariPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
