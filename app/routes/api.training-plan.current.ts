import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getCurrentPlan } from "~/modules/wari/plan.server";

/** The member's 2025 training plan with progress, or null. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    Response.json(await getCurrentPlan(context.app, (await requireVerifiedUser(context.app, request)).id)),
  );
}
