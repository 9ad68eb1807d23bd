import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, parseInput } from "~/lib/http.server";
import { listFeedbackForAdmin } from "~/modules/feedback/feedback.server";
import { adminListQuerySchema } from "~/modules/feedback/schema";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const query = parseInput(adminListQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return listFeedbackForAdmin(context.app, query);
  });
}
