import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { deleteComment, editComment } from "~/modules/club/feed.server";
import { commentSchema } from "~/modules/club/schema";

/** PATCH {body} edits the member's own comment, DELETE deletes it (403 for someone else's). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "PATCH" && request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Comment");
    if (request.method === "DELETE") return deleteComment(context.app, user, id);
    const { body } = parseInput(commentSchema, await readJson(request));
    return { comment: await editComment(context.app, user, id, body) };
  });
}
