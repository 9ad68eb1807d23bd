import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput } from "~/lib/http.server";
import { whyItCounted } from "~/modules/challenges/why.server";

const whyQuery = z.object({
  userId: z.coerce
    .number({ invalid_type_error: "userId must be a member's id" })
    .int("userId must be a member's id")
    .positive("userId must be a member's id")
    .optional(),
});

/**
 * GET /api/challenges/{id}/why[?userId=]: each of the member's activities around the challenge's dates,
 * counted (with its contribution) or why not (issue #39 item 4). Another member's: admins only (403).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { userId } = parseInput(whyQuery, Object.fromEntries(new URL(request.url).searchParams));
    return whyItCounted(context.app, user, idParam(params.id, "Challenge"), userId);
  });
}
