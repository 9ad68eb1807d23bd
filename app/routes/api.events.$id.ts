import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { deleteEvent, getEvent, updateEvent } from "~/modules/events/events.server";
import { eventInputSchema } from "~/modules/events/schema";

export async function loader({ context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => getEvent(context.app, idParam(params.id, "Event")));
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const id = idParam(params.id, "Event");
    if (request.method === "PUT")
      return updateEvent(context.app, id, parseInput(eventInputSchema, await readJson(request)));
    if (request.method === "DELETE") return deleteEvent(context.app, id);
    return jsonError(405, "Method not allowed");
  });
}
