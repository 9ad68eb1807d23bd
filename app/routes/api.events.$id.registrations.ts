import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { listRegistrations } from "~/modules/events/registrations.server";

/** Admin: the event's registrations with each member's username, email and profile image. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return Response.json(await listRegistrations(context.app, idParam(params.id, "Event")));
  });
}
