import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { setUserFlag } from "~/modules/admin/users.server";

/**
 * POST: part 2 §7 lists it ("defined but apparently unused"); an alias of
 * PATCH …/active-status {isActive: true} with the same guard, rules and answer,
 * so a client written against the spec works.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    return { user: await setUserFlag(context.app, admin, idParam(params.id, "User"), "isActive", true) };
  });
}
