import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { userEvents } from "~/modules/admin/users.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return Response.json(await userEvents(context.app, idParam(params.id, "User")));
  });
}
