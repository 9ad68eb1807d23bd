import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireTestPages, requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, parseInput, readJson } from "~/lib/http.server";
import { createTestEdition, testEditionSchema } from "~/modules/wari/test-edition.server";

/**
 * Test seam (ENABLE_TEST_PAGES only, 404 otherwise): a Wari edition on any day, past ones
 * included, with the signed-in member registered for it (tests/e2e/wari.spec.ts).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  return apiHandler(async () => {
    requireTestPages(context.app);
    const user = await requireVerifiedUser(context.app, request);
    const input = parseInput(testEditionSchema, await readJson(request));
    return Response.json(await createTestEdition(context.app, user.id, input), { status: 201 });
  });
}
