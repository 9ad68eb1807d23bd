import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { deleteUserByAdmin, getUserForAdmin } from "~/modules/admin/users.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return getUserForAdmin(context.app, idParam(params.id, "User"));
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    return deleteUserByAdmin(context.app, admin, idParam(params.id, "User"));
  });
}
