import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { exportForApi } from "~/modules/account/api.server";

/** "Download my data": the member's ZIP (`?format=json`: data.json alone). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    return exportForApi(context.app, user, new URL(request.url));
  });
}
