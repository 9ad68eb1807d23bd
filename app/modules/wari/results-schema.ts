/**
 * The admin's review of a Wari result (decision 045): confirm the computed
 * result, or correct it (status, distance, moving and elapsed time, a note).
 * One schema for the page's conform form and the JSON API.
 */
import { z } from "zod";
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

/** "h:mm" or "h:mm:ss" (or a number of seconds from the JSON API) as seconds; anything else stays as is. */
export function parseClock(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const m = /^\s*(\d{1,2}):([0-5]\d)(?::([0-5]\d))?\s*$/.exec(value);
  if (!m) return value;
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3] ?? 0);
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
