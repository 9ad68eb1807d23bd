import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { memberTimeZone } from "~/lib/time-zone";
import { addManualActivity } from "~/modules/uploads/manual.server";
import { manualEntrySchema } from "~/modules/uploads/schema";

export const loader = () => jsonError(405, "Method not allowed");

/**
 * A manual entry: { sportType, name?, start, distanceKm, duration, elevation } (201; 409 for a duplicate).
 * A start without an offset is the member's own clock (their time-zone setting, else India time).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const result = await addManualActivity(
      context.app,
      user,
      parseInput(manualEntrySchema(memberTimeZone(user)), await readJson(request)),
    );
    return Response.json(result, { status: 201 });
  });
}
