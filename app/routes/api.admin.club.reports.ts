import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { reportedComments } from "~/modules/club/feed.server";

/** GET /api/admin/club/reports: the reported comments still shown, most reported first (issue #41). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return { comments: await reportedComments(context.app) };
  });
}
