import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError } from "~/lib/http.server";
import { removeRegistration } from "~/modules/events/cancellation.server";
import { registrationMoney } from "~/modules/events/money.server";

/** GET: one registration's payments, refunds and audit timeline (admin; decision 030). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    return registrationMoney(
      context.app,
      idParam(params.id, "Event"),
      idParam(params.registrationId, "Registration"),
    );
  });
}

/** DELETE: an admin removes a member's registration from the event (it is released, kept for history, and what was paid is refunded in full). */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "DELETE") return jsonError(405, "Method not allowed");
    return removeRegistration(
      context.app,
      admin,
      idParam(params.id, "Event"),
      idParam(params.registrationId, "Registration"),
    );
  });
}
