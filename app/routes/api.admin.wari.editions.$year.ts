import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { deleteEdition, updateEdition } from "~/modules/wari/editions.server";
import { editionPatchSchema, WARI_MSG, yearParam } from "~/modules/wari/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** PATCH the given fields of an edition; DELETE it (409 while it has registrations). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const year = yearParam(params.year);
    if (year === null) return jsonError(404, WARI_MSG.noEdition);
    if (request.method === "DELETE") return deleteEdition(context.app, year);
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    return updateEdition(context.app, year, parseInput(editionPatchSchema, await readJson(request)));
  });
}
