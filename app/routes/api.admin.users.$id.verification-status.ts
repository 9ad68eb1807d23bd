import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { flagSchemas } from "~/modules/admin/schema";
import { setUserFlag } from "~/modules/admin/users.server";

/** PATCH {isVerified}: mark a member's e-mail verified or unverified. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    const id = idParam(params.id, "User");
    const { isVerified } = parseInput(flagSchemas.isVerified, await readJson(request));
    return { user: await setUserFlag(context.app, admin, id, "isVerified", isVerified) };
  });
}
