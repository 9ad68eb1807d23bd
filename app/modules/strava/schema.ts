/** The Strava page's form intents (/profile/strava), parsed, never cast (decision 002). */
import { z } from "zod";

export const stravaPageIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("sync") }),
    z.object({ intent: z.literal("disconnect") }),
    z.object({ intent: z.literal("withdraw-keep") }),
  ],
  { errorMap: () => ({ message: "Unknown action" }) },
);
