import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUserWith } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { statsQuery } from "~/modules/activities/stats.server";

/** The guard reads the session's user and runs the four stats statements in one D1 round trip. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const stats = statsQuery(context.app);
    const { results } = await requireVerifiedUserWith(context.app, request, stats.statements);
    return stats.assemble(results);
  });
}
