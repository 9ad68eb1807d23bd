/**
 * Input schemas of the recommendations area, shared by the page's form, the
 * /api routes and the tests. Invalid input is a 400 with these messages.
 */
import { z } from "zod";
import { DIFFICULTIES, IMPROVEMENT_TARGETS, SPORTS, STATUSES } from "./constants";

export const MSG = {
  sportTypes: "Sport types must be a list of Run, Ride or Swim",
  difficultyPreference: "Difficulty preference must be easy, moderate or hard",
  targetImprovementRequired: "Please choose a target improvement: general, distance, speed or elevation",
  targetImprovement: "Target improvement must be general, distance, speed or elevation",
  status: "Status must be pending, completed or skipped",
  notFound: "Recommendation not found",
  notPendingComplete: "Only a pending recommendation can be marked as completed",
  notPendingSkip: "Only a pending recommendation can be skipped",
} as const;

/** "" and whitespace → undefined, so an empty form field or query value is "not given". */
function blank(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

function enumOf<T extends readonly [string, ...string[]]>(values: T, invalid: string, required = invalid) {
  return z.enum(values, {
    errorMap: (issue, ctx) => ({
      message: issue.code === "invalid_type" && ctx.data === undefined ? required : invalid,
    }),
  });
}

/**
 * POST /api/recommendations/generate and the page's generator form.
 * sportTypes: optional list (an empty list means "my preferred sports");
 * difficultyPreference: optional (moderate); targetImprovement: required.
 */
export const generateSchema = z.object({
  sportTypes: z
    .array(z.enum(SPORTS, { errorMap: () => ({ message: MSG.sportTypes }) }), {
      invalid_type_error: MSG.sportTypes,
    })
    .max(SPORTS.length * 2, MSG.sportTypes)
    .optional()
    .transform((list) => (list?.length ? [...new Set(list)] : undefined)),
  difficultyPreference: z.preprocess(blank, enumOf(DIFFICULTIES, MSG.difficultyPreference).optional()),
  targetImprovement: z.preprocess(
    blank,
    enumOf(IMPROVEMENT_TARGETS, MSG.targetImprovement, MSG.targetImprovementRequired),
  ),
});
export type GenerateInput = z.infer<typeof generateSchema>;

/** GET /api/recommendations?status= (empty or absent: every status). */
export const listQuerySchema = z.object({
  status: z.preprocess(blank, enumOf(STATUSES, MSG.status).optional()),
});
/** The /recommendations page's form intents: generate (the generator form), complete and skip (a pending item). */
export const pageIntentSchema = z.discriminatedUnion(
  "intent",
  [
    generateSchema.extend({ intent: z.literal("generate") }),
    z.object({ intent: z.literal("complete"), id: z.string().optional() }),
    z.object({ intent: z.literal("skip"), id: z.string().optional() }),
  ],
  { errorMap: () => ({ message: "Unknown action" }) },
);
export type PageIntent = z.infer<typeof pageIntentSchema>["intent"];
