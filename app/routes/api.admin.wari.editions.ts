import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { createEdition, listEditions } from "~/modules/wari/editions.server";
import { editionSchema } from "~/modules/wari/schema";

/** GET: every edition with its admin fields. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return listEditions(context.app);
  });
}

/** POST {year, name, date, distanceKm?, registrationOpensAt?, registrationClosesAt?, …} → 201. */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const edition = await createEdition(context.app, parseInput(editionSchema, await readJson(request)));
    return Response.json(edition, { status: 201 });
  });
}
