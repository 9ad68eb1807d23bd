import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminForbidden, UserDashboard, UserMissing } from "~/modules/admin/components/user-dashboard";
import { adminUserAction, adminUserPage } from "~/modules/admin/page.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "user" in data ? data.user.username : "User"} · Admin · CycleWari Community` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return adminUserPage(context.app, request, params.id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return adminUserAction(context.app, request, params.id);
}

export default function AdminUserRoute() {
  const data = useLoaderData<typeof loader>();
  if (data.state === "forbidden") return <AdminForbidden />;
  if (data.state === "missing") return <UserMissing />;
  return <UserDashboard data={data} />;
}
