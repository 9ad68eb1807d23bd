import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getActivityAnalysis } from "~/modules/wari/analysis.server";

/** The member's cycling analysis with category and readiness (windows: app/modules/wari/analysis.server.ts). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    getActivityAnalysis(context.app, (await requireVerifiedUser(context.app, request)).id),
  );
}
