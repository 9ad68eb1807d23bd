import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { editionResults, reviewResult } from "~/modules/wari/results.server";
import { reviewSchema } from "~/modules/wari/results-schema";
import { WARI_MSG, yearParam } from "~/modules/wari/schema";

/** GET: the edition's finisher list (every registered member's result), as JSON. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const year = yearParam(params.year);
    if (year === null) return jsonError(404, WARI_MSG.noEdition);
    return editionResults(context.app, year);
  });
}

/** POST {intent: "confirm" | "correct", userId, …}: the admin's review of one result, with an audit entry. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const year = yearParam(params.year);
    if (year === null) return jsonError(404, WARI_MSG.noEdition);
    return reviewResult(context.app, admin, year, parseInput(reviewSchema, await readJson(request)));
  });
}
