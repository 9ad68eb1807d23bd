import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { participants } from "~/modules/events/exports.server";

/** GET: the event's participants (the CSV's rows, amounts in paise) for admins. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return participants(context.app, idParam(params.id, "Event"));
  });
}
