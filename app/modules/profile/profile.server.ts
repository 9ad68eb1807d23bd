/** Profile settings: partial updates, completeness and the missing-fields map. */
import { eq, sql } from "drizzle-orm";
import { users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { consumeVerificationMail, revokeOutstandingTokens, sendVerificationEmail } from "../auth/auth.server";
import { MSG as AUTH_MSG } from "../auth/schema";
import {
  COMPLETE_REQUIRED,
  FIELD_LABELS,
  PROFILE_MSG,
  type ProfileField,
  type ProfileUpdate,
} from "./schema";
import { oneRow } from "~db/client";

/** field → true when missing, for every field a complete profile needs. */
export function missingFields(user: Pick<User, ProfileField>): Record<ProfileField, boolean> {
  return Object.fromEntries(
    COMPLETE_REQUIRED.map((field) => {
      const value = user[field];
      const placeholder =
        field === "email" && typeof value === "string" && value.endsWith("@users.noreply.invalid");
      return [field, value === null || value === undefined || value === "" || placeholder];
    }),
  ) as Record<ProfileField, boolean>;
}

export const isProfileComplete = (user: Pick<User, ProfileField>) =>
  !Object.values(missingFields(user)).some(Boolean);

export function describeMissing(missing: Record<string, boolean>): string {
  return Object.entries(missing)
    .filter(([, isMissing]) => isMissing)
    .map(([field]) => FIELD_LABELS[field as ProfileField] ?? field)
    .join(", ");
}

/**
 * Saves the given fields. A changed e-mail must be unique and is verified
 * again: every outstanding token of the account is revoked and a verification
 * e-mail goes out, within the verification-mail limits (per member, shared
 * with resend, and per recipient). A full profile becomes complete.
 */
export async function updateProfile(app: AppContext, user: User, input: ProfileUpdate): Promise<User> {
  const changes: Partial<User> = { ...input } as Partial<User>;
  const emailChanged = input.email !== undefined && input.email.toLowerCase() !== user.email.toLowerCase();
  if (emailChanged) {
    const clash = await app.db.query.users.findFirst({
      where: eq(sql`lower(${users.email})`, input.email!.toLowerCase()),
    });
    if (clash && clash.id !== user.id)
      throw new AppError(409, AUTH_MSG.emailTaken, { errors: { email: [AUTH_MSG.emailTaken] } });
    await consumeVerificationMail(app, user.id, input.email!);
    changes.isVerified = false;
  }
  const merged = { ...user, ...changes };
  if (isProfileComplete(merged)) changes.profileCompleted = true;
  const updated = oneRow(
    await app.db
      .update(users)
      .set({ ...changes, updatedAt: app.now() })
      .where(eq(users.id, user.id))
      .returning(),
  );
  if (emailChanged) {
    await revokeOutstandingTokens(app, user.id);
    app.waitUntil(sendVerificationEmail(app, updated));
  }
  return updated;
}

/** 'Mark Profile as Complete': 400 with missingFields when anything is missing. */
export async function completeProfile(app: AppContext, user: User): Promise<User> {
  const missing = missingFields(user);
  if (Object.values(missing).some(Boolean)) {
    throw new AppError(400, `${PROFILE_MSG.cannotComplete}: ${describeMissing(missing)}`, {
      missingFields: missing,
    });
  }
  const updated = oneRow(
    await app.db
      .update(users)
      .set({ profileCompleted: true, updatedAt: app.now() })
      .where(eq(users.id, user.id))
      .returning(),
  );
  return updated;
}
