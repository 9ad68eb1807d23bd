import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getCurrentPlan } from "~/modules/wari/plan.server";

/** The member's training plan for the current edition, with progress, or null. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    Response.json(await getCurrentPlan(context.app, (await requireVerifiedUser(context.app, request)).id)),
  );
}
