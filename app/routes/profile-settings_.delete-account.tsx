import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/lib/guards.server";
import { DeleteAccountPage } from "~/modules/account/components/data-rights";
import { accountSection, deleteAccountAction } from "~/modules/account/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Delete my account · CycleWari Community" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(context.app, request);
  return accountSection(context.app, user, request);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireUser(context.app, request);
  return deleteAccountAction(context.app, user, request);
}

export default function DeleteAccount() {
  return (
    <DeleteAccountPage section={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
