/**
 * The admin's review of a Wari result (decision 045): confirm the computed
 * result, or correct it (status, distance, moving and elapsed time, a note).
 * One schema for the page's conform form and the JSON API.
 */
import { z } from "zod";
import { parseDuration } from "~/modules/uploads/schema";
import { RESULT_STATUSES } from "./results";

export const RESULT_MSG = {
  userId: "Choose a registered member",
  status: "Choose Finished, Partial or No ride",
  distance: "Distance must be a number of km from 0 to 1000",
  distanceNeeded: "Enter the ride's distance in km",
  distanceNone: "A result without a ride has no distance",
  time: "Enter a time as h:mm or h:mm:ss (at most 48 hours)",
  note: "A note is at most 500 characters",
  notRegistered: "That member is not registered for this edition",
  notOver: "Results open the day after the ride",
  confirmed: "Result confirmed",
  corrected: "Result corrected",
} as const;

const blank = (v: unknown) => (v === "" || v === null ? undefined : v);

/** "h:mm", "h:mm:ss" or minutes (the manual entry's `parseDuration`) as seconds; a number passes; anything else stays as is. */
export function parseClock(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const seconds = parseDuration(value);
  return Number.isNaN(seconds) ? value : seconds;
}

const seconds = z.preprocess(
  (v) => parseClock(blank(v)),
  z
    .number({ errorMap: () => ({ message: RESULT_MSG.time }) })
    .int(RESULT_MSG.time)
    .min(0, RESULT_MSG.time)
    .max(48 * 3600, RESULT_MSG.time)
    .optional(),
);

const userId = z.coerce
  .number({ errorMap: () => ({ message: RESULT_MSG.userId }) })
  .int(RESULT_MSG.userId)
  .positive(RESULT_MSG.userId);

const note = z.preprocess(blank, z.string().trim().max(500, RESULT_MSG.note).optional());

export const reviewSchema = z
  .discriminatedUnion("intent", [
    z.object({ intent: z.literal("confirm"), userId, note }),
    z.object({
      intent: z.literal("correct"),
      userId,
      status: z.enum(RESULT_STATUSES, { errorMap: () => ({ message: RESULT_MSG.status }) }),
      distanceKm: z.preprocess(
        blank,
        z.coerce
          .number({ errorMap: () => ({ message: RESULT_MSG.distance }) })
          .min(0, RESULT_MSG.distance)
          .max(1000, RESULT_MSG.distance)
          .optional(),
      ),
      movingTime: seconds,
      elapsedTime: seconds,
      note,
    }),
  ])
  .superRefine((value, ctx) => {
    if (value.intent !== "correct") return;
    if (value.status === "no_ride" && value.distanceKm !== undefined && value.distanceKm > 0)
      ctx.addIssue({ code: "custom", path: ["distanceKm"], message: RESULT_MSG.distanceNone });
    if (value.status !== "no_ride" && value.distanceKm === undefined)
      ctx.addIssue({ code: "custom", path: ["distanceKm"], message: RESULT_MSG.distanceNeeded });
  });
export type ReviewInput = z.infer<typeof reviewSchema>;
