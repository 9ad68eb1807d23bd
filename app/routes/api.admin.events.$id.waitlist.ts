import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { listWaitlist } from "~/modules/events/waitlist.server";

/** GET: the event's waitlist in line order (admin). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return listWaitlist(context.app, idParam(params.id, "Event"));
  });
}
