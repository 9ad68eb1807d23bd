/**
 * Inputs of the annual event's calls and forms, with the spec's messages
 * (part 2 §8 "Annual event"), shared by the /api routes, the /wari page and tests.
 */
import { z } from "zod";
import { WARI_MSG } from "./messages";
import { DEFAULT_DISTANCE_KM } from "./edition";
import { parseWorkoutKey } from "./workouts";

export { WARI_MSG, WARI_TOASTS } from "./messages";

/** POST /api/wari/event/register: {eventYear, eventName?}; the edition of that year decides the rest. */
export const registerSchema = z.object({
  eventYear: z.coerce
    .number({ invalid_type_error: WARI_MSG.eventYear, required_error: WARI_MSG.eventYear })
    .int(WARI_MSG.eventYear)
    .min(2000, WARI_MSG.eventYear)
    .max(2200, WARI_MSG.eventYear),
  eventName: z
    .string({ invalid_type_error: WARI_MSG.eventName })
    .trim()
    .min(1, WARI_MSG.eventName)
    .max(100, WARI_MSG.eventName)
    .optional(),
});

const EDITION_MSG = {
  year: "Year must be a year between 2000 and 2200",
  name: "Name must be 1 to 100 characters",
  date: "Date must be a day such as 2026-06-06",
  distanceKm: "Distance must be a whole number of km from 1 to 1000",
  text: "Must be at most 500 characters",
  instant: "Must be a date and time",
  eventId: "Event must be an event id",
} as const;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const isDay = (text: string) => {
  const ms = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === text;
};
const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string({ invalid_type_error: EDITION_MSG.text })
      .trim()
      .max(max, EDITION_MSG.text)
      .nullable()
      .optional(),
  );
/** An instant: an ISO string with a zone, or the form's India-time "YYYY-MM-DDTHH:MM". */
const optionalInstant = z.preprocess(
  (v) => (v === "" ? null : v),
  z
    .string({ invalid_type_error: EDITION_MSG.instant })
    .transform((v, ctx) => {
      const text = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) ? `${v}:00+05:30` : v;
      const ms = Date.parse(text);
      if (!Number.isFinite(ms)) {
        ctx.addIssue({ code: "custom", message: EDITION_MSG.instant });
        return z.NEVER;
      }
      return new Date(ms).toISOString();
    })
    .nullable()
    .optional(),
);

const editionFields = {
  name: z
    .string({ required_error: EDITION_MSG.name, invalid_type_error: EDITION_MSG.name })
    .trim()
    .min(1, EDITION_MSG.name)
    .max(100, EDITION_MSG.name),
  date: z
    .string({ required_error: EDITION_MSG.date, invalid_type_error: EDITION_MSG.date })
    .trim()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isDay(v), EDITION_MSG.date),
  distanceKm: z.coerce
    .number({ invalid_type_error: EDITION_MSG.distanceKm })
    .int(EDITION_MSG.distanceKm)
    .min(1, EDITION_MSG.distanceKm)
    .max(1000, EDITION_MSG.distanceKm),
  startPlace: optionalText(200),
  description: optionalText(500),
  registrationOpensAt: optionalInstant,
  registrationClosesAt: optionalInstant,
  eventId: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ invalid_type_error: EDITION_MSG.eventId })
      .int(EDITION_MSG.eventId)
      .positive(EDITION_MSG.eventId)
      .nullable()
      .optional(),
  ),
};

/** POST /api/admin/wari/editions and the admin's Wari tab: a new edition. */
export const editionSchema = z
  .object({
    year: z.coerce
      .number({ required_error: EDITION_MSG.year, invalid_type_error: EDITION_MSG.year })
      .int(EDITION_MSG.year)
      .min(2000, EDITION_MSG.year)
      .max(2200, EDITION_MSG.year),
    ...editionFields,
    distanceKm: z.preprocess(blankToUndefined, editionFields.distanceKm.default(DEFAULT_DISTANCE_KM)),
  })
  // Only a real day is checked against the year (a malformed one has its own message).
  .refine((e) => !/^\d{4}-\d{2}-\d{2}$/.test(e.date) || !isDay(e.date) || e.date.startsWith(`${e.year}-`), {
    message: WARI_MSG.dateYear,
    path: ["date"],
  });
export type EditionInput = z.infer<typeof editionSchema>;

/** PATCH /api/admin/wari/editions/{year}: any of the fields; the year is the address. */
export const editionPatchSchema = z
  .object({
    name: editionFields.name.optional(),
    date: editionFields.date.optional(),
    distanceKm: editionFields.distanceKm.optional(),
    startPlace: editionFields.startPlace,
    description: editionFields.description,
    registrationOpensAt: editionFields.registrationOpensAt,
    registrationClosesAt: editionFields.registrationClosesAt,
    eventId: editionFields.eventId,
  })
  .strict("Unknown field: the year cannot be changed");
export type EditionPatch = z.infer<typeof editionPatchSchema>;

/** An edition's year from the address, else a 404. */
export function yearParam(value: string | undefined): number | null {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 2000 && n <= 2200 ? n : null;
}

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
