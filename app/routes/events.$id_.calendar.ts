import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser } from "~/lib/guards.server";
import { idParam } from "~/lib/http.server";
import { eventCalendarFile } from "~/modules/events/page.server";

/**
 * GET: the event as an .ics file ("Add to calendar"). Public event data only,
 * so guests may have it like the page (decision 025); inactive events are 404
 * except for admins.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context.app, request);
  return eventCalendarFile(context.app, user, idParam(params.id, "Event"));
}
