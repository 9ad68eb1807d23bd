/**
 * The profile's Sharing section (its data is `sharingSettings`): its form's adapter (POST /profile-settings/sharing), the same call as
 * PATCH /api/user/sharing. Works without JavaScript: the answer is a redirect with a toast.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { parseInput, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { profileSharingFormSchema } from "./schema";
import { setProfileSharing } from "./sharing.server";

export const SHARING_PAGE = "/profile-settings#sharing";

/** The Sharing form: saves the default (and, when ticked, current challenges), back to the profile with a toast. */
export async function sharingAction(app: AppContext, user: User, form: FormData): Promise<Response> {
  try {
    const input = parseInput(profileSharingFormSchema, Object.fromEntries(form));
    const { message } = await setProfileSharing(app, user, {
      shareActivities: input.sharing,
      applyToCurrent: input.applyToCurrent,
      showStravaPhoto: input.showStravaPhoto,
      mapPrivacyMetres: input.mapPrivacyMetres,
      shareEventRegistrations: input.shareEventRegistrations,
    });
    return redirectWithToast(app, SHARING_PAGE, { title: message, variant: "success" });
  } catch (error) {
    const { message } = replyFromError(error, undefined, { context: "privacy: sharing" });
    return redirectWithToast(app, SHARING_PAGE, {
      title: "Your sharing choice was not saved",
      description: message,
      variant: "destructive",
    });
  }
}
