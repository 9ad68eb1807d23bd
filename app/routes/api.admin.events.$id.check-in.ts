import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { checkIn } from "~/modules/events/check-in.server";

export const loader = () => jsonError(405, "Method not allowed");

const bodySchema = z.object({
  code: z.string({ required_error: "Enter a check-in code" }).trim().min(1, "Enter a check-in code").max(64),
});

/** POST {code}: checks the registration in (once, only for this event) → {message, id, name, checkedInAt}. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    if (request.method !== "POST") return jsonError(405, "Method not allowed");
    const { code } = parseInput(bodySchema, await readJson(request));
    return checkIn(context.app, admin, idParam(params.id, "Event"), { code });
  });
}
