/** /notifications (issue #41): the member's list and its "mark all read" button. */
import { parseInput, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import {
  listNotifications,
  markNotificationsRead,
  saveNotificationPreferences,
} from "./notifications.server";
import { CHANNELS_OF, NOTIFICATION_KINDS } from "./rules";
import { notificationQuerySchema, preferencesSchema } from "./schema";

export async function notificationsPage(app: AppContext, user: User, url: URL) {
  const query = parseInput(notificationQuerySchema, { before: url.searchParams.get("before") ?? undefined });
  return listNotifications(app, user, query);
}

export async function notificationsPageAction(app: AppContext, user: User) {
  return { ok: true, ...(await markNotificationsRead(app, user, "all")) };
}

export const NOTIFICATIONS_SETTINGS_PAGE = "/profile-settings#notifications";

/** The profile's Notifications form: a box per kind and channel ("kind.channel"), quiet hours; back with a toast. */
export async function notificationSettingsAction(app: AppContext, user: User, form: FormData) {
  const time = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" && v !== "" ? v : null;
  };
  try {
    const input = parseInput(preferencesSchema, {
      choices: NOTIFICATION_KINDS.flatMap((kind) =>
        CHANNELS_OF[kind].map((channel) => ({
          kind,
          channel,
          enabled: form.get(`${kind}.${channel}`) === "on",
        })),
      ),
      quietStart: time("quietStart"),
      quietEnd: time("quietEnd"),
    });
    const { message } = await saveNotificationPreferences(app, user, input);
    return redirectWithToast(app, NOTIFICATIONS_SETTINGS_PAGE, { title: message, variant: "success" });
  } catch (error) {
    const { message } = replyFromError(error, undefined, { context: "notifications: settings" });
    return redirectWithToast(app, NOTIFICATIONS_SETTINGS_PAGE, {
      title: "Your notification choices were not saved",
      description: message,
      variant: "destructive",
    });
  }
}
