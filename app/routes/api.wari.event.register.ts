import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { registerForEvent } from "~/modules/wari/event.server";
import { registerSchema } from "~/modules/wari/schema";

export const loader = () => jsonError(405, "Method not allowed");

/**
 * {eventYear, eventName?} → 201 with the registration; 409 `already_registered` on a repeat;
 * 400 for a year without an edition or with registration closed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const { eventYear } = parseInput(registerSchema, await readJson(request));
    const { registration } = await registerForEvent(context.app, user.id, { eventYear });
    return Response.json({ message: "Registered", created: true, registration }, { status: 201 });
  });
}
