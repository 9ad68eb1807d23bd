import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput } from "~/lib/http.server";
import { clubFeed } from "~/modules/club/feed.server";
import { feedQuerySchema } from "~/modules/club/schema";

/** GET /api/club/feed?before=&limit=: the club feed, newest first (keyset paging on `nextBefore`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const query = parseInput(feedQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return clubFeed(context.app, user, query);
  });
}
