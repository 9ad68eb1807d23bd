/**
 * Profile fields and their messages (spec part 1 section 5). The Personal
 * tab needs email, age, gender, tshirtSize, jerseySize and bloodGroup before
 * moving on; a complete profile needs every required field below.
 */
import { z } from "zod";
import { BLOOD_GROUPS, GENDERS, SIZES } from "~db/schema";
import { MSG as AUTH_MSG } from "../auth/schema";

export const PROFILE_MSG = {
  agePositive: "Age must be a positive number",
  ageWhole: "Age must be a whole number",
  ageRequired: "Please enter your age",
  url: "Please enter a valid URL",
  gender: "Please select a gender",
  tshirt: "Please select a T-shirt size",
  jersey: "Please select a jersey size",
  blood: "Please select a blood group",
  firstName: "Please enter your first name",
  lastName: "Please enter your last name",
  ecName: "Please enter an emergency contact name",
  ecPhone: "Please enter a valid phone number",
  ecRelation: "Please specify the relationship",
  requiredFields: "Please complete all required fields",
  cannotComplete: "Please fill in all required fields",
} as const;

export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  male: "Male",
  female: "Female",
  other: "Other",
  not_specified: "Prefer not to say",
};
export { BLOOD_GROUPS, GENDERS, SIZES };

/** Empty strings from forms mean "not given". */
const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const ageSchema = z.preprocess(
  (v) => (blank(v) === undefined ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ required_error: PROFILE_MSG.ageRequired, invalid_type_error: PROFILE_MSG.ageRequired })
    .int(PROFILE_MSG.ageWhole)
    .positive(PROFILE_MSG.agePositive)
    .max(120, PROFILE_MSG.agePositive),
);

const text = (message: string, max = 100) =>
  z.preprocess(blank, z.string({ required_error: message }).trim().min(1, message).max(max));

export const profileFields = {
  email: z.preprocess(
    blank,
    z.string({ required_error: AUTH_MSG.email }).trim().email(AUTH_MSG.email).max(254).toLowerCase(),
  ),
  age: ageSchema,
  gender: z.preprocess(
    blank,
    z.enum(GENDERS, {
      required_error: PROFILE_MSG.gender,
      invalid_type_error: PROFILE_MSG.gender,
      message: PROFILE_MSG.gender,
    }),
  ),
  tshirtSize: z.preprocess(
    blank,
    z.enum(SIZES, { required_error: PROFILE_MSG.tshirt, message: PROFILE_MSG.tshirt }),
  ),
  jerseySize: z.preprocess(
    blank,
    z.enum(SIZES, { required_error: PROFILE_MSG.jersey, message: PROFILE_MSG.jersey }),
  ),
  bloodGroup: z.preprocess(
    blank,
    z.enum(BLOOD_GROUPS, { required_error: PROFILE_MSG.blood, message: PROFILE_MSG.blood }),
  ),
  firstName: text(PROFILE_MSG.firstName),
  lastName: text(PROFILE_MSG.lastName),
  profileImageUrl: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string()
      .trim()
      .url(PROFILE_MSG.url)
      .max(2048, PROFILE_MSG.url)
      .refine((v) => /^https?:\/\//i.test(v), PROFILE_MSG.url)
      .nullable(),
  ),
  emergencyContactName: text(PROFILE_MSG.ecName),
  emergencyContactPhone: z.preprocess(
    blank,
    z
      .string({ required_error: PROFILE_MSG.ecPhone })
      .trim()
      .min(10, PROFILE_MSG.ecPhone)
      .max(20, PROFILE_MSG.ecPhone)
      .regex(/^[+0-9 ()-]+$/, PROFILE_MSG.ecPhone),
  ),
  emergencyContactRelation: text(PROFILE_MSG.ecRelation, 50),
};

export type ProfileField = keyof typeof profileFields;

/** The Personal tab's fields, checked before moving to Emergency Contact. */
export const PERSONAL_REQUIRED: ProfileField[] = [
  "email",
  "age",
  "gender",
  "tshirtSize",
  "jerseySize",
  "bloodGroup",
];
/** What a complete profile needs. */
export const COMPLETE_REQUIRED: ProfileField[] = [
  "email",
  "age",
  "gender",
  "tshirtSize",
  "jerseySize",
  "bloodGroup",
  "firstName",
  "lastName",
  "emergencyContactName",
  "emergencyContactPhone",
  "emergencyContactRelation",
];

export const FIELD_LABELS: Record<ProfileField, string> = {
  email: "Email",
  age: "Age",
  gender: "Gender",
  tshirtSize: "T-shirt size",
  jerseySize: "Jersey size",
  bloodGroup: "Blood group",
  firstName: "First name",
  lastName: "Last name",
  profileImageUrl: "Profile image URL",
  emergencyContactName: "Emergency contact name",
  emergencyContactPhone: "Emergency contact phone",
  emergencyContactRelation: "Relationship",
};

/** A partial update: any subset of the fields, each validated when present. */
export const profileUpdateSchema = z.object(profileFields).partial().strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** The page form's fields: any subset (blank = not given), plus the wizard's bookkeeping. */
export const profileFormFields = z
  .object(profileFields)
  .partial()
  .extend({ intent: z.string().optional(), step: z.string().optional() });

/** The names the form marks required (*): checked on every save, not when moving between the wizard's tabs. */
const REQUIRED_NAMES = [
  ["firstName", PROFILE_MSG.firstName],
  ["lastName", PROFILE_MSG.lastName],
] as const;

/** The page form: its fields, and the first and last name required unless the wizard only moves on (intent=next). */
export const profileFormSchema = profileFormFields.superRefine((value, ctx) => {
  if (value.intent === "next") return;
  for (const [field, message] of REQUIRED_NAMES)
    if (value[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message });
});

/** The profile pages' intents: save (the default), next (wizard step 1 → 2), complete, resend (verification e-mail). */
export const profileIntentSchema = z
  .enum(["save", "next", "complete", "resend"], { errorMap: () => ({ message: "Unknown action" }) })
  .default("save");
