/** Admin validation and messages (spec part 2 sections 5 and 8). */
import { z } from "zod";
import { emailSchema, passwordSchema, usernameSchema } from "~/modules/auth/schema";
import { pageQueryFields } from "~/lib/paging";

export const USERS_PAGE_SIZE = 10;

export const ADMIN_MSG = {
  userNotFound: "User not found",
  missingFields: "Please fill in all required fields.",
  ownAdmin: "You cannot remove your own admin rights",
  ownActive: "You cannot deactivate your own account",
  ownDelete: "You cannot delete your own account",
  deleteRefused:
    "This user has activities, challenge participations or event registrations and cannot be deleted. Deactivate the account instead.",
  flag: "Send true or false",
} as const;

/** The toasts of the Users tab. */
export const USER_TOASTS = {
  isAdmin: {
    on: "Admin Granted",
    off: "Admin Removed",
    network: "Failed to update admin status. Please try again.",
  },
  isVerified: {
    on: "Email Verified",
    off: "Email Unverified",
    network: "Failed to update verification status. Please try again.",
  },
  isActive: {
    on: "User Activated",
    off: "User Deactivated",
    network: "Failed to update active status. Please try again.",
  },
  created: "User Created",
  createFailed: "Failed to Create User",
  createNetwork: "Failed to create user. Please try again.",
  deleteFailed: "Failed to Delete User",
} as const;

const requiredText = z
  .string({ required_error: ADMIN_MSG.missingFields, invalid_type_error: ADMIN_MSG.missingFields })
  .trim()
  .min(1, ADMIN_MSG.missingFields);
const flag = z.preprocess(
  (v) => (v === "true" || v === "on" ? true : v === "false" || v === undefined || v === "" ? false : v),
  z.boolean({ invalid_type_error: ADMIN_MSG.flag }),
);

export const createUserSchema = z.object({
  username: requiredText.pipe(usernameSchema),
  email: requiredText.pipe(emailSchema),
  password: z
    .string({ required_error: ADMIN_MSG.missingFields })
    .min(1, ADMIN_MSG.missingFields)
    .pipe(passwordSchema),
  isAdmin: flag.default(false),
  isVerified: flag.default(false),
});
export type CreateUserInput = z.infer<typeof createUserSchema>;

export const flagSchemas = {
  isAdmin: z.object({
    isAdmin: z.boolean({ required_error: ADMIN_MSG.flag, invalid_type_error: ADMIN_MSG.flag }),
  }),
  isVerified: z.object({
    isVerified: z.boolean({ required_error: ADMIN_MSG.flag, invalid_type_error: ADMIN_MSG.flag }),
  }),
  isActive: z.object({
    isActive: z.boolean({ required_error: ADMIN_MSG.flag, invalid_type_error: ADMIN_MSG.flag }),
  }),
} as const;

export const userListQuerySchema = z.object({
  ...pageQueryFields(USERS_PAGE_SIZE),
  search: z.string().trim().max(100, "search cannot exceed 100 characters").default(""),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** /admin/challenges/{id}: a page of participants (?q name filter, ?page); bad values fall back to the defaults. */
export const PROGRESS_PAGE_SIZE = 50;
export const progressListQuerySchema = z.object({
  ...pageQueryFields(PROGRESS_PAGE_SIZE),
  q: z.string().trim().max(50).default(""),
});

/** Weeks the participation report covers by default, and the fewest and most it answers. */
export const PARTICIPATION_WEEKS = { default: 26, min: 4, max: 104 } as const;

/** GET /api/admin/reports/participation-over-time: how many weeks, the current one last. */
export const participationQuerySchema = z.object({
  weeks: z.coerce
    .number({ invalid_type_error: "weeks must be a whole number" })
    .int("weeks must be a whole number")
    .min(
      PARTICIPATION_WEEKS.min,
      `weeks must be between ${PARTICIPATION_WEEKS.min} and ${PARTICIPATION_WEEKS.max}`,
    )
    .max(
      PARTICIPATION_WEEKS.max,
      `weeks must be between ${PARTICIPATION_WEEKS.min} and ${PARTICIPATION_WEEKS.max}`,
    )
    .default(PARTICIPATION_WEEKS.default),
});
