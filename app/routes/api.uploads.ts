import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { filesOf, listUploads, readUploadForm, receiveUploads } from "~/modules/uploads/uploads.server";

/** The member's uploads with their status (the upload page polls this). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return { uploads: await listUploads(context.app, user) };
  });
}

/** multipart/form-data with one or more `files`: stored and queued (202); refused files are listed with why. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const result = await receiveUploads(context.app, user, filesOf(await readUploadForm(request)));
    return Response.json(result, { status: result.uploads.length ? 202 : 400 });
  });
}
