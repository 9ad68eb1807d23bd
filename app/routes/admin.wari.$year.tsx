import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireAdmin } from "~/lib/guards.server";
import { jsonError, orNotFound, readForm } from "~/lib/http.server";
import { AdminResultsPage } from "~/modules/wari/components/admin-results";
import { adminResultsAction, adminResultsPage } from "~/modules/wari/results-page.server";
import { WARI_MSG, yearParam } from "~/modules/wari/schema";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction = () => [{ title: "Wari results · Admin · CycleWari Community" }];

function year(value: string | undefined): number {
  const y = yearParam(value);
  if (y === null) throw jsonError(404, WARI_MSG.noEdition);
  return y;
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireAdmin(context.app, request);
  return orNotFound(adminResultsPage(context.app, year(params.year)));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return adminResultsAction(context.app, admin, year(params.year), await readForm(request));
}

export default function AdminWariResults() {
  return (
    <AdminResultsPage data={useLoaderData<typeof loader>()} actionData={useActionData<typeof action>()} />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
