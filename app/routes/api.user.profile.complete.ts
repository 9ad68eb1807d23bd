import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError } from "~/lib/http.server";
import { publicUser } from "~/modules/auth/auth.server";
import { completeProfile } from "~/modules/profile/profile.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
  return apiHandler(async () =>
    publicUser(await completeProfile(context.app, await requireUser(context.app, request))),
  );
}
