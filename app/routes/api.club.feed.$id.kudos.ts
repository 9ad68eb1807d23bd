import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { giveKudos, removeKudos } from "~/modules/club/feed.server";

/** POST gives kudos to a feed item (one per member), DELETE takes it back. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Feed item");
    return request.method === "POST" ? giveKudos(context.app, user, id) : removeKudos(context.app, user, id);
  });
}
