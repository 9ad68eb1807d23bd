/**
 * Validation for sign-up, sign-in and recovery, carrying the spec's messages
 * (part 1 section 5). Shared by the forms, the /api routes and the tests.
 */
import { z } from "zod";

export const MSG = {
  passwordLength: "Password must be at least 8 characters long",
  passwordSpecial: "Password must contain at least one special character",
  passwordsDontMatch: "Passwords do not match",
  email: "Please enter a valid email address",
  usernameRequired: "Username is required",
  usernameFormat: "Username must be 3-30 characters: letters, numbers, dots, dashes or underscores",
  passwordRequired: "Password is required",
  loginBoth: "Please enter both username and password",
  invalidCredentials: "Invalid username or password",
  deactivated: "Your account has been deactivated. Please contact an administrator.",
  usernameTaken: "Username already exists",
  emailTaken: "Email already registered",
  forgotSent: "If an account exists with that email, we've sent password reset instructions...",
  resetInvalid: "The password reset link is invalid or has expired. Please request a new one.",
  resetError: "An error occurred while resetting your password.",
  resetDone: "Your password has been reset. You can now log in with your new password.",
  verifyMissing: "Verification token is missing",
  verifyInvalid: "Invalid or expired verification token",
  verifyDone: "Your email has been verified.",
  verificationSent: "Verification email sent. Please check your inbox.",
  alreadyVerified: "Your email is already verified.",
  tooMany: "Too many attempts. Please try again later.",
  setPasswordSent: (email: string) =>
    `We sent a link to set your password to ${email}. It works for 1 hour; once the password is set, sign in with it.`,
  setPasswordNeedsEmail:
    "Add and verify your e-mail address in Profile settings first, so we can send you the link.",
  setPasswordHasOne: "Your account already has a password.",
} as const;

/** The special characters the spec names: !@#$%^&*(),.?":{}|<> */
export const SPECIAL_CHARACTER = /[!@#$%^&*(),.?":{}|<>]/;

export const passwordSchema = z
  .string({ required_error: MSG.passwordRequired })
  .min(8, MSG.passwordLength)
  .max(128, "Password must be at most 128 characters long")
  .regex(SPECIAL_CHARACTER, MSG.passwordSpecial);

export const emailSchema = z
  .string({ required_error: MSG.email })
  .trim()
  .max(254, MSG.email)
  .email(MSG.email)
  .transform((v) => v.toLowerCase());

export const usernameSchema = z
  .string({ required_error: MSG.usernameRequired })
  .trim()
  .min(1, MSG.usernameRequired)
  .regex(/^[A-Za-z0-9._-]{3,30}$/, MSG.usernameFormat);

export const loginSchema = z.object({
  username: z.string({ required_error: MSG.loginBoth }).trim().min(1, MSG.loginBoth).max(254),
  password: z.string({ required_error: MSG.loginBoth }).min(1, MSG.loginBoth).max(128),
});

/** The registration payload carries only username, email and password. */
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});

/** The form adds the confirmation, checked in the browser and on the server. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string({ required_error: MSG.passwordsDontMatch }) })
  .refine((v) => v.password === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ["confirmPassword"],
  });

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string({ required_error: MSG.resetInvalid }).min(1, MSG.resetInvalid).max(200, MSG.resetInvalid),
  newPassword: passwordSchema,
});

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string({ required_error: MSG.passwordsDontMatch }) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: MSG.passwordsDontMatch,
    path: ["confirmPassword"],
  });
