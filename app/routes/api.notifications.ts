import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput } from "~/lib/http.server";
import { listNotifications } from "~/modules/notifications/notifications.server";
import { notificationQuerySchema } from "~/modules/notifications/schema";

/** GET /api/notifications?before=&limit=: the member's notifications, newest first, and the unread count. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const query = parseInput(notificationQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return listNotifications(context.app, user, query);
  });
}
