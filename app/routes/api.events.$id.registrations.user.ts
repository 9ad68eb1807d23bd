import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { AppError, apiHandler, idParam } from "~/lib/http.server";
import { getOwnRegistration } from "~/modules/events/registrations.server";
import { REGISTRATION_MSG } from "~/modules/events/schema";

/** The signed-in member's registration for the event (404 when there is none). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const registration = await getOwnRegistration(context.app, user, idParam(params.id, "Event"));
    if (!registration) throw new AppError(404, REGISTRATION_MSG.registrationNotFound);
    return registration;
  });
}
