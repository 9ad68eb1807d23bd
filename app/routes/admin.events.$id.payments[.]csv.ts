import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { idParam } from "~/lib/http.server";
import { eventCsv } from "~/modules/events/admin-page.server";

/** GET: the event's payments summary as CSV (admin). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(context.app, request);
  return eventCsv(context.app, admin, idParam(params.id, "Event"), "payments");
}
