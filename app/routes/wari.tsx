import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WariPage } from "~/modules/wari/components/wari-page";
import { wariAction, wariPage } from "~/modules/wari/page.server";

export const meta: MetaFunction = () => [{ title: "IAS CycleWari 2025 · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return wariPage(context.app, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  return wariAction(context.app, request);
}

export default function WariRoute() {
  return <WariPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />;
}
