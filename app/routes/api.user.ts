import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { deleteAccountForApi } from "~/modules/account/api.server";
import { publicUser } from "~/modules/auth/auth.server";
import { setTimeZone, timeZoneSchema } from "~/modules/profile/time-zone.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => publicUser(await requireUser(context.app, request)));
}

/**
 * PATCH /api/user {timeZone}: the member's time zone, an IANA name or null for automatic
 * (decision 042). DELETE /api/user {password}: deletes the account (docs/decisions/022).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    if (request.method === "PATCH") {
      const { timeZone } = parseInput(timeZoneSchema, await readJson(request));
      return setTimeZone(context.app, user, timeZone);
    }
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
    return deleteAccountForApi(context.app, user, request);
  });
}
