/**
 * Data rights (issue #13): the member's data export and account deletion
 * (docs/decisions/022-data-export-and-account-deletion.md). Messages shared by
 * the page, the /api calls and the tests.
 */
import { z } from "zod";

/** The confirmation page (and the form that works without JavaScript). */
export const DELETE_ACCOUNT_PATH = "/profile-settings/delete-account";
/** The download (a plain link: works without JavaScript). */
export const EXPORT_PATH = "/api/user/export";

/** A member without a password confirms deletion with a sign-in at most this old. */
export const FRESH_SIGN_IN_MINUTES = 10;
/** Wrong-password attempts at deletion per member per window (then 429). */
export const DELETE_ATTEMPTS = { max: 5, windowSeconds: 900 } as const;
/** Exports per member per hour: each one reads and zips everything. */
export const EXPORTS_PER_HOUR = 10;

export const ACCOUNT_MSG = {
  passwordRequired: "Please enter your password to confirm",
  wrongPassword: "That password is not correct. Your account was not deleted.",
  signInAgain: `For your safety, please sign in again (within the last ${FRESH_SIGN_IN_MINUTES} minutes) before deleting your account.`,
  lastAdmin:
    "You are the only admin. Make another member an admin before deleting your account, so the club keeps someone who can manage it.",
  deleted: "Your account has been deleted",
  deletedDetail: "Your personal data is gone. Payment records are kept for accounting, without your name.",
  failed: "Your account could not be deleted. Please try again.",
  paidPlaces:
    "You have a paid place in an upcoming event. Deleting your account cancels it first, with the refund the event's rule gives. Confirm that to continue.",
  paidPlacesConfirm: "Cancel my registrations and refund them by each event's rule",
} as const;

/** DELETE /api/user and the confirmation form: the password (password accounts only). */
export const deleteAccountSchema = z.object({
  password: z
    .string({ invalid_type_error: ACCOUNT_MSG.passwordRequired })
    .max(128, ACCOUNT_MSG.wrongPassword)
    .optional(),
  cancelPaidPlaces: z.boolean({ invalid_type_error: "cancelPaidPlaces must be true or false" }).optional(),
});

/** `?format=json` gives data.json alone; anything else (or nothing) the ZIP. */
export const exportFormatSchema = z
  .enum(["zip", "json"], { errorMap: () => ({ message: "format must be zip or json" }) })
  .default("zip");
