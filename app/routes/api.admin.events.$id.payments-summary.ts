import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { paymentsSummary } from "~/modules/events/exports.server";

/** GET: money in and out for the event, in paise (admin). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return paymentsSummary(context.app, idParam(params.id, "Event"));
  });
}
