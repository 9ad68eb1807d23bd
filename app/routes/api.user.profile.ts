import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { publicUser } from "~/modules/auth/auth.server";
import { updateProfile } from "~/modules/profile/profile.server";
import { profileUpdateSchema } from "~/modules/profile/schema";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    const input = parseInput(profileUpdateSchema, await readJson(request));
    return publicUser(await updateProfile(context.app, user, input));
  });
}
