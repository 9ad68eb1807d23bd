import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiHandler, jsonError } from "~/lib/http.server";
import { unsubscribe } from "~/modules/notifications/notifications.server";

/**
 * POST ?token=: the one-click unsubscribe of RFC 8058 (List-Unsubscribe-Post), no
 * sign-in: the signed token names the member and the kind.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () =>
    unsubscribe(context.app, new URL(request.url).searchParams.get("token") ?? ""),
  );
}
