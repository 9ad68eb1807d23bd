/** The notifications' input (issue #41): paging, marking read, preferences. */
import { z } from "zod";
import { keysetQueryFields } from "~/lib/paging";
import { CHANNELS_OF, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "./rules";

export const notificationQuerySchema = z.object(keysetQueryFields("a notification id", 20, 50));

const IDS_MSG = "Give the notification ids (up to 100) or all: true";
export const markReadSchema = z
  .object({
    ids: z.array(z.number().int().positive(), { invalid_type_error: IDS_MSG }).max(100, IDS_MSG).optional(),
    all: z.boolean({ invalid_type_error: IDS_MSG }).optional(),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { message: IDS_MSG, path: ["ids"] });

const QUIET_MSG = "Quiet hours are a time like 22:00";
const clock = z
  .string({ invalid_type_error: QUIET_MSG })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, QUIET_MSG)
  .transform((v) => Number(v.slice(0, 2)) * 60 + Number(v.slice(3)));

/** PUT /api/notifications/preferences and the profile's Notifications form. */
export const preferencesSchema = z.object({
  choices: z
    .array(
      z.object({
        kind: z.enum(NOTIFICATION_KINDS),
        channel: z.enum(NOTIFICATION_CHANNELS),
        enabled: z.boolean(),
      }),
    )
    // One choice per kind and channel offered.
    .max(Object.values(CHANNELS_OF).flat().length),
  quietStart: clock.nullable(),
  quietEnd: clock.nullable(),
});
export type PreferencesInput = z.infer<typeof preferencesSchema>;

const KEY_MSG = "Give the subscription's keys as the browser made them (p256dh and auth, base64url)";
/** base64url text of exactly `bytes` bytes (a P-256 point starts with 0x04). */
const base64urlOf = (bytes: number, point = false) =>
  z
    .string({ required_error: KEY_MSG, invalid_type_error: KEY_MSG })
    .max(200, KEY_MSG)
    .refine((v) => {
      if (!/^[A-Za-z0-9_-]+={0,2}$/.test(v)) return false;
      let raw: string;
      try {
        raw = atob(v.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/"));
      } catch {
        return false; // a length no base64 text has
      }
      return raw.length === bytes && (!point || raw.charCodeAt(0) === 4);
    }, KEY_MSG);

const ENDPOINT_MSG = "Give the subscription's endpoint: the push service's http(s) address";
const endpoint = z
  .string({ required_error: ENDPOINT_MSG, invalid_type_error: ENDPOINT_MSG })
  .max(1000, ENDPOINT_MSG)
  .url(ENDPOINT_MSG)
  .refine((v) => /^https?:\/\//.test(v), ENDPOINT_MSG);

/** POST /api/push/subscriptions: the browser's PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64urlOf(65, true), auth: base64urlOf(16) },
    { required_error: KEY_MSG, invalid_type_error: KEY_MSG },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions: which device. */
export const pushUnsubscribeSchema = z.object({ endpoint });
