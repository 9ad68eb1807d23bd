import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { getOptionalUser, requireAdmin } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { createEvent, listEvents } from "~/modules/events/events.server";
import { eventInputSchema } from "~/modules/events/schema";

/** The events list is public (admins also see inactive events). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    Response.json(await listEvents(context.app, await getOptionalUser(context.app, request))),
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const event = await createEvent(context.app, parseInput(eventInputSchema, await readJson(request)));
    return Response.json(event, { status: 201 });
  });
}
