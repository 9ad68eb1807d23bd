/**
 * The member's time zone (issue #37 item 1, docs/decisions/042-member-time-zone.md):
 * an IANA name the runtime knows, or none (the browser's zone, else the club's). The
 * root loader reads it to write every page's dates and times (app/lib/time-zone.tsx).
 * One domain call for PATCH /api/user and the profile's Time zone form.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { isTimeZone } from "~/lib/format";
import { parseInput, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";

export const TIME_ZONE_MSG = {
  invalid: "Choose a time zone from the list",
  saved: "Time zone saved",
  cleared: "Time zone set to automatic",
  notSaved: "Your time zone was not saved",
} as const;

/** A zone the runtime's Intl knows, or null for automatic. */
const zoneValue = z
  .string({ invalid_type_error: TIME_ZONE_MSG.invalid, required_error: TIME_ZONE_MSG.invalid })
  .refine(isTimeZone, TIME_ZONE_MSG.invalid)
  .nullable();

/** PATCH /api/user: `{"timeZone": "Europe/London" | null}`. */
export const timeZoneSchema = z.object({ timeZone: zoneValue }).strict();

/** The profile form: the select's value, "" for automatic. */
export const timeZoneFormSchema = z.object({
  timeZone: z.preprocess((v) => (v === "" ? null : v), zoneValue),
});

export const TIME_ZONE_PAGE = "/profile-settings#time-zone";

/** Saves the member's zone (null: automatic). */
export async function setTimeZone(
  app: AppContext,
  user: User,
  timeZone: string | null,
): Promise<{ message: string; timeZone: string | null }> {
  await app.db.update(users).set({ timeZone, updatedAt: app.now() }).where(eq(users.id, user.id));
  return { message: timeZone ? TIME_ZONE_MSG.saved : TIME_ZONE_MSG.cleared, timeZone };
}

/** The profile's Time zone form (POST /profile-settings/time-zone): back to the profile with a toast. */
export async function timeZoneAction(app: AppContext, user: User, form: FormData): Promise<Response> {
  try {
    const { timeZone } = parseInput(timeZoneFormSchema, Object.fromEntries(form));
    const { message } = await setTimeZone(app, user, timeZone);
    return redirectWithToast(app, TIME_ZONE_PAGE, { title: message, variant: "success" });
  } catch (error) {
    const { message } = replyFromError(error, undefined, { context: "profile: time zone" });
    return redirectWithToast(app, TIME_ZONE_PAGE, {
      title: TIME_ZONE_MSG.notSaved,
      description: message,
      variant: "destructive",
    });
  }
}
