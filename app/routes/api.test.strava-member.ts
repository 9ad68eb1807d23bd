import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireTestPages, requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { connectAndBackfillInline, testStravaMemberSchema } from "~/modules/strava/test-member.server";

/**
 * Test seam (ENABLE_TEST_PAGES only, 404 otherwise): the signed-in member is linked to a fake
 * Strava athlete and backfilled in this request, without the queue (tests/e2e/fixtures.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireTestPages(context.app);
    const user = await requireVerifiedUser(context.app, request);
    const input = parseInput(testStravaMemberSchema, await readJson(request));
    return Response.json(await connectAndBackfillInline(context.app, user.id, input), { status: 201 });
  });
}
