/**
 * Accounts: registration, password sign-in, e-mail verification and password
 * recovery. Domain functions only (ctx, input) → result; routes stay thin.
 */
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { accountLinkTokens, emailTokens, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { randomToken, sha256Hex } from "~/lib/encoding";
import { actionEmail, sendEmail } from "~/lib/email.server";
import { AppError, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { dummyVerify, hashPassword, verifyPassword } from "~/lib/password.server";
import { beginLoginAttempt, loginFailed, loginSucceeded } from "./login-limits.server";
import { clientIp, consumeAttempt, type Limit } from "./rate-limit.server";
import { MSG } from "./schema";
import { oneRow } from "~db/client";

export const VERIFY_TOKEN_SECONDS = 24 * 3600;
export const RESET_TOKEN_SECONDS = 3600;

/** The user as the /api contract shows it (never the hash or the session version). */
export function publicUser(user: User) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
    isActive: user.isActive,
    isVerified: user.isVerified,
    googleId: user.googleId,
    stravaId: user.stravaId,
    profileCompleted: user.profileCompleted,
    profileImageUrl: user.profileImageUrl,
    gender: user.gender,
    age: user.age,
    firstName: user.firstName,
    lastName: user.lastName,
    tshirtSize: user.tshirtSize,
    jerseySize: user.jerseySize,
    bloodGroup: user.bloodGroup,
    emergencyContactName: user.emergencyContactName,
    emergencyContactPhone: user.emergencyContactPhone,
    emergencyContactRelation: user.emergencyContactRelation,
    /** The member's own time zone (decision 042); null: the browser's, else the club's. */
    timeZone: user.timeZone,
    createdAt: user.createdAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

export async function findUserByLogin(app: AppContext, login: string): Promise<User | undefined> {
  const value = login.trim().toLowerCase();
  return app.db.query.users.findFirst({
    where: or(eq(sql`lower(${users.username})`, value), eq(sql`lower(${users.email})`, value)),
  });
}

export async function assertUnique(app: AppContext, username: string, email: string, exceptUserId?: number) {
  const clash = await app.db.query.users.findFirst({
    where: or(
      eq(sql`lower(${users.username})`, username.toLowerCase()),
      eq(sql`lower(${users.email})`, email.toLowerCase()),
    ),
  });
  if (!clash || clash.id === exceptUserId) return;
  if (clash.username.toLowerCase() === username.toLowerCase()) {
    throw new AppError(409, MSG.usernameTaken, { errors: { username: [MSG.usernameTaken] } });
  }
  throw new AppError(409, MSG.emailTaken, { errors: { email: [MSG.emailTaken] } });
}

/** Registrations per client address per hour (REGISTER_LIMIT_PER_HOUR, default 5). */
export function registrationLimit(app: AppContext, request: Request): Limit {
  const max = Number(app.env.REGISTER_LIMIT_PER_HOUR);
  return {
    key: `register:ip:${clientIp(request)}`,
    max: Number.isInteger(max) && max > 0 ? max : 5,
    windowSeconds: 3600,
  };
}

/** Every attempt to register (valid input) counts against the client address's hourly limit. */
export async function registerUser(
  app: AppContext,
  request: Request,
  input: { username: string; email: string; password: string },
): Promise<User> {
  await consumeAttempt(app, [registrationLimit(app, request)]);
  await assertUnique(app, input.username, input.email);
  const passwordHash = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
  let user: User;
  try {
    user = oneRow(
      await app.db
        .insert(users)
        .values({ username: input.username, email: input.email, passwordHash })
        .returning(),
    );
  } catch (error) {
    // A concurrent registration won the race for the same name or address.
    if (String(error).includes("UNIQUE")) await assertUnique(app, input.username, input.email);
    throw error;
  }
  app.waitUntil(sendVerificationEmail(app, user));
  return user;
}

/**
 * Checks the password. The attempt is counted before any password work
 * (login-limits.server.ts): per (account, address), per address, and no
 * account-wide lock, so strangers' failures cannot keep the owner out.
 */
export async function loginWithPassword(
  app: AppContext,
  request: Request,
  input: { username: string; password: string },
): Promise<User> {
  const user = await findUserByLogin(app, input.username);
  const attempt = await beginLoginAttempt(
    app,
    request,
    user ? `user:${user.id}` : `name:${input.username.trim().toLowerCase()}`,
  );
  const pepper = app.env.PASSWORD_PEPPER;
  if (!user || !user.passwordHash) {
    await dummyVerify(input.password, pepper);
    await loginFailed(app, attempt);
    throw new AppError(401, MSG.invalidCredentials);
  }
  const result = await verifyPassword(input.password, user.passwordHash, pepper);
  if (!result.ok) {
    await loginFailed(app, attempt);
    throw new AppError(401, MSG.invalidCredentials);
  }
  await loginSucceeded(app, attempt);
  if (!user.isActive) throw new AppError(403, MSG.deactivated, { code: "account_deactivated" });
  if (result.needsRehash) {
    const passwordHash = await hashPassword(input.password, pepper);
    await app.db.update(users).set({ passwordHash }).where(eq(users.id, user.id));
  }
  return user;
}

/** A token bound to the account and to the address it is mailed to (the account's current e-mail). */
async function issueToken(
  app: AppContext,
  user: User,
  purpose: "verify_email" | "reset_password",
  seconds: number,
) {
  const token = randomToken(32);
  await app.db.insert(emailTokens).values({
    userId: user.id,
    email: user.email.toLowerCase(),
    purpose,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(app.now().getTime() + seconds * 1000),
  });
  return token;
}

/** The address a token was mailed to is still the account's e-mail (SQL, for the token's own row). */
export const recipientStillOwns = (table: typeof emailTokens | typeof accountLinkTokens) =>
  sql`${table.email} = (SELECT lower(owner.email) FROM users AS owner WHERE owner.id = ${table.userId})`;

async function usableToken(app: AppContext, token: string, purpose: "verify_email" | "reset_password") {
  return and(
    eq(emailTokens.tokenHash, await sha256Hex(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, app.now()),
    recipientStillOwns(emailTokens),
  );
}

/**
 * Marks a token used and returns its user id; null when unknown, expired,
 * already used, or mailed to an address the account no longer has.
 */
async function consumeToken(
  app: AppContext,
  token: string,
  purpose: "verify_email" | "reset_password",
): Promise<number | null> {
  const [row] = await app.db
    .update(emailTokens)
    .set({ usedAt: app.now() })
    .where(await usableToken(app, token, purpose))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Revokes every outstanding e-mailed token of the account (verify, reset, provider linking): called when its e-mail changes. */
export async function revokeOutstandingTokens(app: AppContext, userId: number): Promise<void> {
  const now = app.now();
  await app.db.batch([
    app.db
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt))),
    app.db
      .update(accountLinkTokens)
      .set({ usedAt: now })
      .where(and(eq(accountLinkTokens.userId, userId), isNull(accountLinkTokens.usedAt))),
  ]);
}

/**
 * Verification mails for one member: 3 an hour per member (shared by resend
 * and e-mail changes) and 3 an hour per recipient address across all accounts.
 */
export async function consumeVerificationMail(app: AppContext, userId: number, email: string): Promise<void> {
  await consumeAttempt(app, [
    { key: `verify:user:${userId}`, max: 3, windowSeconds: 3600 },
    recipientMailLimit(email),
  ]);
}

/** Mails to one address, across all accounts: 3 an hour. */
export const recipientMailLimit = (email: string): Limit => ({
  key: `mail:to:${email.trim().toLowerCase()}`,
  max: 3,
  windowSeconds: 3600,
});

export const appLink = (app: AppContext, path: string) => `${app.env.APP_URL.replace(/\/$/, "")}${path}`;

export async function sendVerificationEmail(app: AppContext, user: User): Promise<void> {
  const token = await issueToken(app, user, "verify_email", VERIFY_TOKEN_SECONDS);
  await sendEmail(
    app,
    actionEmail({
      to: user.email,
      subject: "Verify your email address",
      intro: `Hi ${user.username}, welcome to CycleWari Community! Please confirm your email address.`,
      action: "Verify email",
      url: appLink(app, `/verify-email?token=${encodeURIComponent(token)}`),
      outro: "The link is valid for 24 hours. If you did not sign up, ignore this email.",
    }),
  );
}

export async function resendVerification(app: AppContext, user: User): Promise<void> {
  if (user.isVerified) throw new AppError(400, MSG.alreadyVerified);
  await consumeVerificationMail(app, user.id, user.email);
  await sendVerificationEmail(app, user);
}

export async function verifyEmail(app: AppContext, token: string | null): Promise<User> {
  if (!token) throw new AppError(400, MSG.verifyMissing);
  const userId = await consumeToken(app, token, "verify_email");
  if (!userId) throw new AppError(400, MSG.verifyInvalid);
  const user = oneRow(
    await app.db
      .update(users)
      .set({ isVerified: true, updatedAt: app.now() })
      .where(eq(users.id, userId))
      .returning(),
  );
  return user;
}

/**
 * Always resolves the same way, whether or not the account exists; the
 * lookup and the e-mail run after the response so timing tells nothing.
 */
export async function requestPasswordReset(
  app: AppContext,
  request: Request,
  email: string,
): Promise<{ message: string }> {
  await consumeAttempt(app, [
    { key: `forgot:ip:${clientIp(request)}`, max: 10, windowSeconds: 900 },
    { key: `forgot:email:${email}`, max: 3, windowSeconds: 900 },
  ]);
  app.waitUntil(
    (async () => {
      const user = await app.db.query.users.findFirst({ where: eq(sql`lower(${users.email})`, email) });
      if (!user || !user.isActive) return;
      const token = await issueToken(app, user, "reset_password", RESET_TOKEN_SECONDS);
      await sendEmail(
        app,
        actionEmail({
          to: user.email,
          subject: "Reset your password",
          intro: `Hi ${user.username}, we received a request to reset your password.`,
          action: "Reset password",
          url: appLink(app, `/reset-password?token=${encodeURIComponent(token)}`),
          outro:
            "The link is valid for 1 hour and can be used once. If you did not ask for it, ignore this email.",
        }),
      );
    })(),
  );
  return { message: MSG.forgotSent };
}

/**
 * A signed-in member without a password asks for one (decision 031): the
 * forgot-password e-mail, sent to their own verified address, whose link sets
 * the password (and, as every reset, signs them out everywhere). Answers with
 * a redirect to `back` and a toast; the e-mail limits of forgot-password apply.
 */
export async function sendSetPasswordLink(app: AppContext, request: Request, user: User, back: string) {
  try {
    if (user.passwordHash) throw new AppError(409, MSG.setPasswordHasOne);
    if (!user.isVerified || user.email.endsWith("@users.noreply.invalid"))
      throw new AppError(400, MSG.setPasswordNeedsEmail);
    await requestPasswordReset(app, request, user.email.toLowerCase());
  } catch (error) {
    const { message, headers } = replyFromError(error, undefined, { context: "set-password link" });
    return redirectWithToast(app, back, { title: message, variant: "destructive" }, { headers });
  }
  return redirectWithToast(app, back, {
    title: "Check your e-mail",
    description: MSG.setPasswordSent(user.email),
    variant: "success",
  });
}

export async function checkResetToken(app: AppContext, token: string | null): Promise<{ valid: true }> {
  if (!token) throw new AppError(400, MSG.resetInvalid);
  const [row] = await app.db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(await usableToken(app, token, "reset_password"))
    .limit(1);
  if (!row) throw new AppError(400, MSG.resetInvalid);
  return { valid: true };
}

/** Sets the new password and ends every session of that user (sessionVersion bump). */
export async function resetPassword(
  app: AppContext,
  input: { token: string; newPassword: string },
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(input.newPassword, app.env.PASSWORD_PEPPER);
  const userId = await consumeToken(app, input.token, "reset_password");
  if (!userId) throw new AppError(400, MSG.resetInvalid);
  await app.db
    .update(users)
    .set({ passwordHash, sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: app.now() })
    .where(eq(users.id, userId));
  return { message: MSG.resetDone };
}
