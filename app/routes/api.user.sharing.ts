import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { profileSharingSchema } from "~/modules/privacy/schema";
import { setProfileSharing, sharingSettings } from "~/modules/privacy/sharing.server";

/** The profile default and the choice in each joined challenge. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    return sharingSettings(context.app, user);
  });
}

/**
 * PATCH {shareActivities?, applyToCurrent?, showStravaPhoto?}: the profile
 * default (optionally for current challenges too) and whether other members
 * see the member's Strava photo (decision 029); at least one choice.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const user = await requireUser(context.app, request);
    return setProfileSharing(context.app, user, parseInput(profileSharingSchema, await readJson(request)));
  });
}
