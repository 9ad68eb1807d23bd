/** What members choose to share (docs/decisions/020-consent-for-shared-views.md): input shapes and wording. */
import { z } from "zod";

export const SHARING_MSG = {
  shareActivities: "shareActivities must be true or false",
  applyToCurrent: "applyToCurrent must be true or false",
  showStravaPhoto: "showStravaPhoto must be true or false",
  shareEventRegistrations: "shareEventRegistrations must be true or false",
  choice: "Choose what other participants will see",
  mapPrivacyMetres: "mapPrivacyMetres must be 0, 200, 500 or 1000",
} as const;

/** Metres hidden at each end of a map others may see (decision 050); 200 by default. */
export const MAP_PRIVACY_CHOICES = [0, 200, 500, 1000] as const;
const mapPrivacy = z.coerce
  .number({ invalid_type_error: SHARING_MSG.mapPrivacyMetres })
  .refine((v) => (MAP_PRIVACY_CHOICES as readonly number[]).includes(v), SHARING_MSG.mapPrivacyMetres);

/** The two levels, as the forms' radio values and in plain words. */
export const SHARING_CHOICES = [
  {
    value: "progress",
    label: "My name and challenge progress",
    hint: "Distance toward the target, percent and rank.",
  },
  {
    value: "activities",
    label: "Also my matching activities",
    hint: "Name, date, sport, distance, time and climbing of the activities that count. Activities you keep private on Strava stay hidden.",
  },
] as const;
export type SharingChoice = (typeof SHARING_CHOICES)[number]["value"];

const bool = (message: string) => z.boolean({ required_error: message, invalid_type_error: message });

/** PATCH /api/challenges/{id}/participation */
export const participationSharingSchema = z.object({ shareActivities: bool(SHARING_MSG.shareActivities) });

/** POST /api/challenges/{id}/join: an optional choice (default: the member's profile choice). */
export const joinSharingSchema = z.object({ shareActivities: bool(SHARING_MSG.shareActivities).optional() });

/**
 * PATCH /api/user/sharing: the profile default, optionally applied to the
 * member's current challenges, and/or whether others see their Strava photo.
 * At least one of the two choices.
 */
export const profileSharingSchema = z
  .object({
    shareActivities: bool(SHARING_MSG.shareActivities).optional(),
    applyToCurrent: bool(SHARING_MSG.applyToCurrent).optional().default(false),
    showStravaPhoto: bool(SHARING_MSG.showStravaPhoto).optional(),
    mapPrivacyMetres: z
      .number({ invalid_type_error: SHARING_MSG.mapPrivacyMetres })
      .refine((v) => (MAP_PRIVACY_CHOICES as readonly number[]).includes(v), SHARING_MSG.mapPrivacyMetres)
      .optional(),
    /** The club feed shows the member's event registrations (decision 051). */
    shareEventRegistrations: bool(SHARING_MSG.shareEventRegistrations).optional(),
  })
  .refine(
    (v) =>
      v.shareActivities !== undefined ||
      v.showStravaPhoto !== undefined ||
      v.mapPrivacyMetres !== undefined ||
      v.shareEventRegistrations !== undefined,
    {
      message: SHARING_MSG.shareActivities,
      path: ["shareActivities"],
    },
  );

/** The radio field `sharing` of a form: "progress" or "activities" → shareActivities. */
export const sharingField = z
  .enum(["progress", "activities"], { errorMap: () => ({ message: SHARING_MSG.choice }) })
  .transform((v) => v === "activities");

/** The profile's Sharing form (its own route): the choice and the "apply to my current challenges" box. */
export const profileSharingFormSchema = z.object({
  sharing: sharingField,
  applyToCurrent: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  showStravaPhoto: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
  mapPrivacyMetres: mapPrivacy.optional(),
  shareEventRegistrations: z
    .literal("on")
    .optional()
    .transform((v) => v === "on"),
});

export const choiceOf = (shareActivities: boolean): SharingChoice =>
  shareActivities ? "activities" : "progress";
