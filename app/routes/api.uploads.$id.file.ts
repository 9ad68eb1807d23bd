import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { downloadUpload } from "~/modules/uploads/uploads.server";

/** The original file, for its owner only. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return downloadUpload(context.app, user, idParam(params.id, "Upload"));
  });
}
