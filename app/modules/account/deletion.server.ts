/**
 * "Delete my account" (docs/decisions/022). After the member confirms (their
 * password, or for accounts without one a sign-in of the last few minutes):
 * Strava is told to deauthorize the app (a failure does not block), the
 * feedback screenshots leave R2, and one D1 batch deletes the feedback rows,
 * the rate-limit counters named after the member, and the users row, whose
 * foreign keys cascade to every other personal table. Payments stay for
 * accounting: the cascade deletes the registration and `payments.registration_id`
 * becomes NULL (ON DELETE SET NULL), `event_id` still says what was paid for.
 * Last, every session of the member in KV is deleted.
 *
 * A paid place in an event still to come is not dropped silently (decision
 * 031): without `cancelPaidPlaces` the deletion answers 409 `paid_places`
 * with each place and the refund the event's rule gives now; with it, each
 * registration is cancelled through the events module first (refund started,
 * e-mail sent, the place offered to the waitlist), then the account goes.
 */
import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { eventRegistrations, events, feedback, rateLimits, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { verifyPassword } from "~/lib/password.server";
import { destroyAllUserSessions } from "~/lib/session.server";
import { consumeAttempt } from "~/modules/auth/rate-limit.server";
import { cancellationQuote, cancelOwnRegistration } from "~/modules/events/cancellation.server";
import { deauthorizeAtStrava } from "~/modules/strava/client.server";
import { ACCOUNT_MSG, DELETE_ATTEMPTS, FRESH_SIGN_IN_MINUTES } from "./schema";

export interface DeletionConfirmation {
  /** The current password (password accounts). */
  password?: string;
  /** Seconds since the member's current session was created (accounts without a password). */
  sessionAgeSeconds: number | null;
  /** The member saw their paid upcoming places and agrees they are cancelled (refunded by each event's rule). */
  cancelPaidPlaces?: boolean;
}

/** A paid place in an event still to come, and what cancelling it now refunds (paise). */
export interface PaidPlace {
  eventId: number;
  title: string;
  /** ISO-8601 UTC. */
  date: string;
  paid: number;
  refund: number;
  percent: number;
}

/**
 * The member's live, paid, not checked-in registrations in events that have
 * not started and are not cancelled, soonest first, with the refund that
 * cancelling now gives by the event's rule (the events module's own quote).
 */
export async function upcomingPaidPlaces(app: AppContext, user: Pick<User, "id">): Promise<PaidPlace[]> {
  const rows = await app.db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(eventRegistrations.userId, user.id),
        isNull(eventRegistrations.releasedAt),
        isNull(eventRegistrations.checkedInAt),
        inArray(eventRegistrations.paymentStatus, ["paid", "completed"]),
        isNull(events.cancelledAt),
        gt(events.date, app.now()),
      ),
    )
    .orderBy(asc(events.date));
  return Promise.all(
    rows.map(async ({ registration, event }) => {
      const quote = await cancellationQuote(app, event, registration);
      return {
        eventId: event.id,
        title: event.title,
        date: event.date.toISOString(),
        paid: quote.paid,
        refund: quote.refund,
        percent: quote.percent,
      };
    }),
  );
}

/** How the member confirms: their password, or a recent sign-in when the account has none. */
export const confirmationKind = (user: Pick<User, "passwordHash">) =>
  user.passwordHash ? ("password" as const) : ("fresh-sign-in" as const);

export const isFreshSignIn = (ageSeconds: number | null) =>
  ageSeconds !== null && ageSeconds >= 0 && ageSeconds < FRESH_SIGN_IN_MINUTES * 60;

/** Throws unless the member confirmed: the right password (counted, 429 past the limit) or a fresh sign-in. */
async function assertConfirmed(app: AppContext, user: User, confirmation: DeletionConfirmation) {
  if (!user.passwordHash) {
    if (!isFreshSignIn(confirmation.sessionAgeSeconds))
      throw new AppError(403, ACCOUNT_MSG.signInAgain, { code: "reauthentication_required" });
    return;
  }
  if (!confirmation.password)
    throw new AppError(400, ACCOUNT_MSG.passwordRequired, {
      errors: { password: [ACCOUNT_MSG.passwordRequired] },
    });
  await consumeAttempt(app, [{ key: `delete:user:${user.id}`, ...DELETE_ATTEMPTS }]);
  const result = await verifyPassword(confirmation.password, user.passwordHash, app.env.PASSWORD_PEPPER);
  if (!result.ok)
    throw new AppError(403, ACCOUNT_MSG.wrongPassword, {
      code: "wrong_password",
      errors: { password: [ACCOUNT_MSG.wrongPassword] },
    });
}

/** True when the member is an admin and no other active admin exists. */
export async function isLastAdmin(app: AppContext, user: Pick<User, "id" | "isAdmin">): Promise<boolean> {
  if (!user.isAdmin) return false;
  const [others] = await app.db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, user.id)));
  return (others?.n ?? 0) === 0;
}

/**
 * The rate-limit counters whose key names the member (their id, username or
 * e-mail): login, verification and reset mails, feedback, export and deletion
 * attempts. Counters keyed by client address alone name no one and stay
 * until the cron clears them.
 */
function personalRateLimits(user: User) {
  const name = user.username.toLowerCase();
  const email = user.email.toLowerCase();
  const exact = [
    `login:account:user:${user.id}`,
    `login:account:name:${name}`,
    `login:account:name:${email}`,
    `verify:user:${user.id}`,
    `feedback:user:${user.id}`,
    `export:user:${user.id}`,
    `delete:user:${user.id}`,
    `mail:to:${email}`,
    `forgot:email:${email}`,
  ];
  const prefixes = [`login:pair:user:${user.id}:`, `login:pair:name:${name}:`, `login:pair:name:${email}:`];
  return or(
    inArray(rateLimits.key, exact),
    ...prefixes.map((prefix) => sql`substr(${rateLimits.key}, 1, ${prefix.length}) = ${prefix}`),
  );
}

/** Every R2 key under `prefix` (R2 lists at most 1000 a call). */
async function keysUnder(app: AppContext, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await app.env.UPLOADS.list({ prefix, cursor });
    keys.push(...page.objects.map((object) => object.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
  return keys;
}

/**
 * R2 keys of the member's files: the screenshots their feedback names, any
 * left under their feedback prefix, and their uploaded activity files
 * (`activity-files/<id>/`, docs/decisions/023).
 */
async function memberObjectKeys(
  app: AppContext,
  userId: number,
): Promise<{ keys: string[]; screenshots: number; activityFiles: number }> {
  const [rows, screenshots, activityFiles] = await Promise.all([
    app.db.select({ key: feedback.screenshotKey }).from(feedback).where(eq(feedback.userId, userId)),
    keysUnder(app, `feedback/${userId}/`),
    keysUnder(app, `activity-files/${userId}/`),
  ]);
  const keys = new Set(rows.map((row) => row.key).filter((key): key is string => Boolean(key)));
  for (const key of screenshots) keys.add(key);
  const screenshotCount = keys.size;
  for (const key of activityFiles) keys.add(key);
  return { keys: [...keys], screenshots: screenshotCount, activityFiles: activityFiles.length };
}

export interface DeletionResult {
  /** Strava confirmed the deauthorization (or there was no connection to end). */
  stravaDeauthorized: boolean;
  screenshotsDeleted: number;
  /** Original activity files the member uploaded (R2). */
  activityFilesDeleted: number;
  sessionsEnded: number;
  /** The paid places cancelled first, with the refund each one started (null: none under the rule). */
  cancelledPlaces: {
    eventId: number;
    title: string;
    refund: { amount: number; status: "pending" | "processed" | "failed" } | null;
  }[];
}

export async function deleteAccount(
  app: AppContext,
  user: User,
  confirmation: DeletionConfirmation,
): Promise<DeletionResult> {
  await assertConfirmed(app, user, confirmation);
  if (await isLastAdmin(app, user)) throw new AppError(409, ACCOUNT_MSG.lastAdmin, { code: "last_admin" });

  const places = await upcomingPaidPlaces(app, user);
  if (places.length > 0 && !confirmation.cancelPaidPlaces)
    throw new AppError(409, ACCOUNT_MSG.paidPlaces, { code: "paid_places", places });
  // Each through the member's own cancellation: the event's refund rule, the refund path, the e-mail, the waitlist.
  const cancelledPlaces: DeletionResult["cancelledPlaces"] = [];
  for (const place of places) {
    const { refund } = await cancelOwnRegistration(app, user, place.eventId);
    cancelledPlaces.push({ eventId: place.eventId, title: place.title, refund });
  }

  // Before the connection row (and its token) goes with the cascade.
  const stravaDeauthorized = await deauthorizeAtStrava(app, user.id);

  const { keys, screenshots, activityFiles } = await memberObjectKeys(app, user.id);
  // R2 takes up to 1000 keys per delete.
  for (let i = 0; i < keys.length; i += 1000) await app.env.UPLOADS.delete(keys.slice(i, i + 1000));

  await app.db.batch([
    // feedback.user_id is ON DELETE SET NULL (admins keep anonymous reports elsewhere); a member's own goes.
    app.db.delete(feedback).where(eq(feedback.userId, user.id)),
    app.db.delete(rateLimits).where(personalRateLimits(user)),
    // Cascades: tokens, Strava connection, sync status and jobs, activities, participations and
    // their audit, recommendations, fitness profile, registrations (payments SET NULL), Wari rows.
    app.db.delete(users).where(eq(users.id, user.id)),
  ]);

  const sessionsEnded = await destroyAllUserSessions(app, user.id);
  return {
    stravaDeauthorized,
    screenshotsDeleted: screenshots,
    activityFilesDeleted: activityFiles,
    sessionsEnded,
    cancelledPlaces,
  };
}
