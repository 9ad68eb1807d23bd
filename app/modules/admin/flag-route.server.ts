/** The three PATCH /api/admin/users/{id}/…-status calls share one shape. */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { flagSchemas } from "./schema";
import { setUserFlag, type AdminUserFlag } from "./users.server";

export function userFlagAction(flag: AdminUserFlag) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
    return apiHandler(async () => {
      const admin = await requireAdmin(context.app, request);
      const id = idParam(params.id, "User");
      const input = parseInput(flagSchemas[flag], await readJson(request)) as Record<AdminUserFlag, boolean>;
      return { user: await setUserFlag(context.app, admin, id, flag, input[flag]) };
    });
  };
}

/**
 * POST /api/admin/users/{id}/activate and /deactivate: part 2 §7 lists them
 * ("defined but apparently unused"); thin aliases of PATCH …/active-status
 * with the same guard, rules and answer, so a client written against the
 * spec works.
 */
export function userActiveAlias(isActive: boolean) {
  return async ({ request, context, params }: ActionFunctionArgs) => {
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    return apiHandler(async () => {
      const admin = await requireAdmin(context.app, request);
      return {
        user: await setUserFlag(context.app, admin, idParam(params.id, "User"), "isActive", isActive),
      };
    });
  };
}
