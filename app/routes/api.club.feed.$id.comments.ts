import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { addComment } from "~/modules/club/feed.server";
import { commentSchema } from "~/modules/club/schema";

/** POST {body}: a comment on a feed item (1–500 characters). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Feed item");
    const { body } = parseInput(commentSchema, await readJson(request));
    return Response.json({ comment: await addComment(context.app, user, id, body) }, { status: 201 });
  });
}
