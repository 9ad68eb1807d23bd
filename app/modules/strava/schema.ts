/** The Strava page's form intents (/profile/strava), parsed, never cast (decision 002). */
import { z } from "zod";

export const stravaPageIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("sync") }),
    z.object({ intent: z.literal("disconnect"), confirmNoSignIn: z.literal("on").optional() }),
    z.object({ intent: z.literal("withdraw-keep") }),
  ],
  { errorMap: () => ({ message: "Unknown action" }) },
);

/** DELETE /api/user/strava: `{confirmNoSignIn: true}` lets a Strava-only account disconnect anyway. */
export const disconnectBodySchema = z.object({
  confirmNoSignIn: z.boolean({ invalid_type_error: "confirmNoSignIn must be true or false" }).optional(),
});
