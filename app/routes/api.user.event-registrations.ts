import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { ownRegistrationsByEvent } from "~/modules/events/registrations.server";

/** The member's registrations keyed by event id. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    ownRegistrationsByEvent(context.app, await requireVerifiedUser(context.app, request)),
  );
}
