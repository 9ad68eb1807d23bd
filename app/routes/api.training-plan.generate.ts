import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { generatePlanFor } from "~/modules/wari/plan.server";

export const loader = () => jsonError(405, "Method not allowed");

/** No payload; the answer (201) is the new plan. 409 when the member already has one. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return Response.json(await generatePlanFor(context.app, user.id), { status: 201 });
  });
}
