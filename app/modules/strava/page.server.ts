/**
 * /profile/strava adapters `(ctx, user, input)` (decision 002): the page's
 * data, and its form intents: "Sync now", "Disconnect Strava" (after the
 * confirmation at `?confirm=disconnect`) and withdrawing the keep agreement.
 */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { appErrorStatus, parseInput, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { countStravaActivities } from "~/modules/activities/store.server";
import { activityCount } from "./disconnect-text";
import {
  disconnectMember,
  stravaIsOnlySignIn,
  withdrawKeepAgreement,
  type MemberDisconnect,
} from "./disconnect.server";
import { memberSyncFromForm } from "./member-sync.server";
import { stravaPageIntentSchema } from "./schema";
import { getStravaStatus } from "./status.server";

const PAGE = "/profile/strava";

export async function stravaPage(app: AppContext, user: User, url: URL) {
  const [status, stravaActivities, onlySignIn] = await Promise.all([
    getStravaStatus(app, user),
    countStravaActivities(app, user.id),
    stravaIsOnlySignIn(app, user.id),
  ]);
  return {
    status,
    stravaActivities,
    /** No password, no Google: the confirmation warns and offers to set a password first (decision 031). */
    onlySignIn,
    confirmingDisconnect: status.connected && url.searchParams.get("confirm") === "disconnect",
  };
}

export type StravaPageAnswer = { error: string } | { disconnected: MemberDisconnect };

/** A missing intent is the "Sync now" form of pages rendered before intents existed. */
export async function stravaPageAction(app: AppContext, user: User, form: FormData) {
  try {
    const parsed = parseInput(stravaPageIntentSchema, {
      ...Object.fromEntries(form),
      intent: form.get("intent") ?? "sync",
    });
    const { intent } = parsed;
    if (intent === "sync") return await memberSyncFromForm(app, user.id, PAGE);
    if (parsed.intent === "disconnect") {
      const confirmNoSignIn = parsed.confirmNoSignIn === "on";
      const disconnected = await disconnectMember(app, user.id, { confirmNoSignIn });
      return Response.json({ disconnected } satisfies StravaPageAnswer);
    }
    const { deletedActivities } = await withdrawKeepAgreement(app, user.id);
    return await redirectWithToast(app, PAGE, {
      title: "Agreement withdrawn",
      description:
        deletedActivities > 0
          ? `Deleted the ${activityCount(deletedActivities)} imported from Strava.`
          : "If you disconnect Strava, your imported activities are deleted.",
      variant: "success",
    });
  } catch (error) {
    const status = appErrorStatus(error);
    if (status === null || status >= 500) throw error;
    const { message, headers } = replyFromError(error);
    return Response.json({ error: message } satisfies StravaPageAnswer, { status, headers });
  }
}
