import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput } from "~/lib/http.server";
import { z } from "zod";
import { userActivities } from "~/modules/admin/users.server";

const query = z.object({
  limit: z.coerce
    .number({ invalid_type_error: "limit must be between 1 and 200" })
    .int()
    .min(1, "limit must be between 1 and 200")
    .max(200, "limit must be between 1 and 200")
    .default(50),
});

/** The user's newest activities (`?limit=`, 50 by default) and their total. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    const { limit } = parseInput(query, Object.fromEntries(new URL(request.url).searchParams));
    return userActivities(context.app, idParam(params.id, "User"), limit, admin.id);
  });
}
