import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { deleteUpload } from "~/modules/uploads/uploads.server";
import { UPLOAD_MSG } from "~/modules/uploads/schema";

export const loader = () => jsonError(405, "Method not allowed");

/** DELETE: the member's own upload, its activities and its file. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    await deleteUpload(context.app, user, idParam(params.id, "Upload"));
    return { message: UPLOAD_MSG.deleted };
  });
}
