import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { resultsCsv } from "~/modules/wari/results.server";
import { WARI_MSG, yearParam } from "~/modules/wari/schema";

/** GET: the edition's finisher list as CSV (admin). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const year = yearParam(params.year);
    if (year === null) return jsonError(404, WARI_MSG.noEdition);
    return resultsCsv(context.app, year);
  });
}
