import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import {
  notificationPreferencesOf,
  saveNotificationPreferences,
} from "~/modules/notifications/notifications.server";
import { preferencesSchema } from "~/modules/notifications/schema";

/** GET: the member's choices per kind and channel, and quiet hours (IST). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return notificationPreferencesOf(context.app, user);
  });
}

/** PUT {choices: [{kind, channel, enabled}], quietStart: "22:00"|null, quietEnd: "07:00"|null}. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return saveNotificationPreferences(
      context.app,
      user,
      parseInput(preferencesSchema, await readJson(request)),
    );
  });
}
