/**
 * Inputs of the annual event's calls and forms, with the spec's messages
 * (part 2 §8 "Annual event"), shared by the /api routes, the /wari page and tests.
 */
import { z } from "zod";
import { WARI_MSG } from "./messages";
import { EVENT_NAME, EVENT_YEAR } from "./edition";
import { parseWorkoutKey } from "./workouts";

export { WARI_MSG, WARI_TOASTS } from "./messages";

/** POST /api/wari/event/register: {eventYear: 2025, eventName?}. */
export const registerSchema = z.object({
  eventYear: z.coerce
    .number({ invalid_type_error: WARI_MSG.eventYear })
    .refine((year) => year === EVENT_YEAR, WARI_MSG.eventYear),
  eventName: z.preprocess(
    (v) => (v === undefined || v === null || v === "" ? EVENT_NAME : v),
    z
      .string({ invalid_type_error: WARI_MSG.eventName })
      .trim()
      .min(1, WARI_MSG.eventName)
      .max(100, WARI_MSG.eventName),
  ),
});

/** PUT /api/training-plan/week/{week}/progress: the full list of the week's completed workout keys. */
export const progressSchema = z.object({
  completedWorkouts: z
    .array(
      z
        .string()
        .max(80)
        .refine(
          (key) => parseWorkoutKey(key) !== null,
          "Workout keys have the form week{n}_day{index}_{type}",
        ),
      {
        required_error: "completedWorkouts is required",
        invalid_type_error: "completedWorkouts must be a list of workout keys",
      },
    )
    .max(7, "A week has at most 7 workouts"),
});

/** A week number or day index from the address: a whole number, else a 404. */
export function weekParam(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 52 ? n : null;
}

export function dayParam(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 && n <= 6 ? n : null;
}

/** The /wari page's form intents; anything else is a 400 "Unknown action". */
export const wariIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("register") }),
    z.object({ intent: z.literal("generate") }),
    z.object({
      intent: z.literal("toggle"),
      key: z.string({ invalid_type_error: WARI_MSG.wrongWeekKey }).default(""),
      complete: z.string().optional(),
      via: z.string().optional(),
    }),
  ],
  { errorMap: () => ({ message: "Unknown action" }) },
);
export type WariIntent = z.infer<typeof wariIntentSchema>["intent"];
