import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { joinWaitlist, leaveWaitlist, requireOwnWaitlistPlace } from "~/modules/events/waitlist.server";
import { registrationSchema } from "~/modules/events/schema";

/** GET: the member's place on the waitlist ({status, position, offerExpiresAt}); 404 when not on it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return requireOwnWaitlistPlace(context.app, user, idParam(params.id, "Event"));
  });
}

/** POST {name, email, phone, emergencyContact}: join (only while full); DELETE: leave. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Event");
    if (request.method === "DELETE") return leaveWaitlist(context.app, user, id);
    const joined = await joinWaitlist(
      context.app,
      user,
      id,
      parseInput(registrationSchema, await readJson(request)),
    );
    return Response.json(joined, { status: 201 });
  });
}
