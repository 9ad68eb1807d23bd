import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { markNotificationsRead } from "~/modules/notifications/notifications.server";
import { markReadSchema } from "~/modules/notifications/schema";

/** POST {ids} or {all: true}: marks the member's notifications read; answers the unread count. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const input = parseInput(markReadSchema, await readJson(request));
    return markNotificationsRead(context.app, user, input.all ? "all" : (input.ids ?? []));
  });
}
