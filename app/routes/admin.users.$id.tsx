import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { MESSAGES, requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { idParam, jsonError, readForm } from "~/lib/http.server";
import { AdminForbidden, UserDashboard, UserMissing } from "~/modules/admin/components/user-dashboard";
import { adminUserAction, adminUserPage } from "~/modules/admin/page.server";
import { GeneralErrorBoundary } from "~/ui/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? data.user.username : "User"} · Admin · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireVerifiedUser(context.app, request);
  // Part 2: a member who opens this address is told 'Admin access required' (403), not redirected.
  if (!viewer.isAdmin) throw jsonError(403, MESSAGES.adminRequired);
  return adminUserPage(context.app, viewer, { id: idParam(params.id, "User") });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  const id = idParam(params.id, "User");
  return adminUserAction(context.app, admin, { id, form: await readForm(request), url: request.url });
}

export default function AdminUserRoute() {
  return <UserDashboard data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary statusHandlers={{ 403: () => <AdminForbidden />, 404: () => <UserMissing /> }} />
  );
}
