/**
 * Inputs of the annual event's calls and forms, with the spec's messages
 * (part 2 §8 "Annual event"), shared by the /api routes, the /wari page and tests.
 */
import { z } from "zod";
import { EVENT_NAME, EVENT_YEAR, parseWorkoutKey } from "./rules";

export const WARI_MSG = {
  loadFailed: "Failed to load Wari event data. Please try again later.",
  generateFailed: "Failed to generate training plan. Please try again later.",
  noMatchingActivity: "No matching activity found for this workout",
  eventDay: "The event day cannot be marked as complete",
  checkFailed: "Error checking activity",
  updateFailed: "Failed to update workout status",
  planExists: "You already have a training plan for 2025",
  noPlan: "No training plan found",
  weekNotFound: "Week not found in your training plan",
  dayNotFound: "Day not found in this week",
  wrongWeekKey: "Workout keys must belong to this week's workouts",
  eventYear: `Registration is open for the ${EVENT_YEAR} event only`,
  eventName: "Event name must be 1 to 100 characters",
} as const;

export const WARI_TOASTS = {
  generated: { title: "Success", description: "Your training plan has been successfully generated!" },
  generateFailed: { title: "Error", description: WARI_MSG.generateFailed },
  cannotComplete: { title: "Cannot mark as complete" },
  updateFailed: { title: "Update Failed" },
  registrationFailed: { title: "Registration Failed" },
  registered: { title: "Registered", description: `You are registered for ${EVENT_NAME}.` },
} as const;

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
