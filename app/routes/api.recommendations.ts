import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput } from "~/lib/http.server";
import { listRecommendations } from "~/modules/recommendations/recommendations.server";
import { listQuerySchema } from "~/modules/recommendations/schema";

/** The member's recommendations, optionally of one status (?status=pending|completed|skipped). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { status } = parseInput(listQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return listRecommendations(context.app, user.id, status);
  });
}
