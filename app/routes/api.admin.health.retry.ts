import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { retryFailure, retrySchema } from "~/modules/admin/actions/health.server";

export const loader = () => jsonError(405, "Method not allowed");

/** POST {kind, id}: sends one failed thing again → {message}; 404 when there is nothing to retry (decision 054). */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    return Response.json(
      await retryFailure(context.app, admin, parseInput(retrySchema, await readJson(request))),
    );
  });
}
