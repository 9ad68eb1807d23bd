import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { AppError, apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { joinWaitlist, leaveWaitlist, ownWaitlistPlace } from "~/modules/events/lifecycle.server";
import { REGISTRATION_MSG, registrationSchema } from "~/modules/events/schema";
import { requireEvent } from "~/modules/events/events.server";

/** GET: the member's place on the waitlist ({status, position, offerExpiresAt}); 404 when not on it. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const id = idParam(params.id, "Event");
    await requireEvent(context.app, id);
    const place = await ownWaitlistPlace(context.app, user, id);
    if (!place) throw new AppError(404, REGISTRATION_MSG.waitlistNotFound);
    return place;
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
