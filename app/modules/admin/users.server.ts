/**
 * Admin user management (spec part 2: Users tab, /admin/users/{id}, calls
 * "Users, sync and reports"): a searchable page of users, the three
 * independent flags, creation, deletion of users with no history, and the
 * per-user lists. Counts are SQL aggregates.
 */
import { and, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import {
  challengeParticipations,
  challenges,
  eventRegistrations,
  events,
  stravaConnections,
  users,
  type User,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { hashPassword } from "~/lib/password.server";
import { AppError } from "~/lib/http.server";
import { assertUnique, publicUser, sendVerificationEmail } from "~/modules/auth/auth.server";
import { activityCountOf, hasNoActivities, memberActivitiesPage } from "~/modules/activities/queries.server";
import { memberSportGroupTotals } from "~/modules/activities/reports.server";
import { DASHBOARD_SPORTS, type DashboardSport } from "~/modules/sports/sports";
import { ADMIN_MSG, type CreateUserInput, type UserListQuery } from "./schema";
import { oneRow } from "~db/client";

export type AdminUserFlag = "isAdmin" | "isVerified" | "isActive";

const escapeLike = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function userSearch(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = escapeLike(search.toLowerCase());
  return or(
    sql`lower(${users.username}) LIKE ${pattern} ESCAPE '\\'`,
    sql`lower(${users.email}) LIKE ${pattern} ESCAPE '\\'`,
  );
}

/** The admin's user object: the public fields plus `stravaTokenExpiry` (part 2 §3; null without Strava). */
function adminUser(user: User, tokenExpiry: Date | null | undefined) {
  return { ...publicUser(user), stravaTokenExpiry: tokenExpiry?.toISOString() ?? null };
}

/** One page of users (newest first) with the total from the same statement. */
export async function listUsers(app: AppContext, query: UserListQuery) {
  const where = userSearch(query.search);
  const rows = await app.db
    .select({
      user: users,
      tokenExpiry: stravaConnections.expiresAt,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(users)
    .leftJoin(stravaConnections, eq(stravaConnections.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total =
    rows[0]?.total ??
    (query.page > 1 ? (await app.db.select({ n: count() }).from(users).where(where))[0]!.n : 0);
  return {
    users: rows.map((r) => adminUser(r.user, r.tokenExpiry)),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

export async function requireUserById(app: AppContext, id: number): Promise<User> {
  const user = await app.db.query.users.findFirst({ where: eq(users.id, id) });
  if (!user) throw new AppError(404, ADMIN_MSG.userNotFound);
  return user;
}

export async function getUserForAdmin(app: AppContext, id: number) {
  const [row] = await app.db
    .select({ user: users, tokenExpiry: stravaConnections.expiresAt })
    .from(users)
    .leftJoin(stravaConnections, eq(stravaConnections.userId, users.id))
    .where(eq(users.id, id));
  if (!row) throw new AppError(404, ADMIN_MSG.userNotFound);
  return adminUser(row.user, row.tokenExpiry);
}

/** Created by an admin: verified at once if they say so, otherwise the member gets the usual verification e-mail. */
export async function createUserByAdmin(app: AppContext, input: CreateUserInput) {
  await assertUnique(app, input.username, input.email);
  const passwordHash = await hashPassword(input.password, app.env.PASSWORD_PEPPER);
  let user: User;
  try {
    user = oneRow(
      await app.db
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          passwordHash,
          isAdmin: input.isAdmin,
          isVerified: input.isVerified,
        })
        .returning(),
    );
  } catch (error) {
    if (String(error).includes("UNIQUE")) await assertUnique(app, input.username, input.email);
    throw error;
  }
  if (!user.isVerified) app.waitUntil(sendVerificationEmail(app, user));
  return publicUser(user);
}

const SELF_REFUSALS: Partial<Record<AdminUserFlag, string>> = {
  isAdmin: ADMIN_MSG.ownAdmin,
  isActive: ADMIN_MSG.ownActive,
};

/**
 * Sets one flag. An admin cannot remove their own admin right or deactivate
 * themselves. Deactivation ends the member's sessions for good: every request
 * re-reads the user row, and the sessionVersion bump keeps a later
 * reactivation from reviving the old sessions.
 */
export async function setUserFlag(
  app: AppContext,
  actor: User,
  id: number,
  flag: AdminUserFlag,
  value: boolean,
) {
  if (actor.id === id && !value && SELF_REFUSALS[flag]) throw new AppError(400, SELF_REFUSALS[flag]!);
  const [user] = await app.db
    .update(users)
    .set({
      [flag]: value,
      ...(flag === "isActive" && !value ? { sessionVersion: sql`${users.sessionVersion} + 1` } : {}),
      updatedAt: app.now(),
    })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw new AppError(404, ADMIN_MSG.userNotFound);
  return publicUser(user);
}

/** What keeps a user from being deleted: their activities, challenge participations and event registrations. */
export async function userHistoryCounts(app: AppContext, id: number) {
  const row = oneRow(
    await app.db
      .select({
        activities: activityCountOf(id),
        challenges:
          sql<number>`(SELECT count(*) FROM ${challengeParticipations} WHERE ${challengeParticipations.userId} = ${id})`.mapWith(
            Number,
          ),
        events:
          sql<number>`(SELECT count(*) FROM ${eventRegistrations} WHERE ${eventRegistrations.userId} = ${id})`.mapWith(
            Number,
          ),
      })
      .from(sql`(SELECT 1)`),
  );
  return row;
}

/** Deletes a user with no history; otherwise 409 with the counts and the advice to deactivate instead. */
export async function deleteUserByAdmin(app: AppContext, actor: User, id: number) {
  if (actor.id === id) throw new AppError(400, ADMIN_MSG.ownDelete);
  const user = await requireUserById(app, id);
  const counts = await userHistoryCounts(app, id);
  if (counts.activities + counts.challenges + counts.events > 0) {
    throw new AppError(409, ADMIN_MSG.deleteRefused, { summary: counts });
  }
  // The conditional delete keeps the rule even if history arrives between the count and the delete.
  const deleted = await app.db
    .delete(users)
    .where(
      and(
        eq(users.id, id),
        hasNoActivities(id),
        sql`NOT EXISTS (SELECT 1 FROM ${challengeParticipations} WHERE ${challengeParticipations.userId} = ${id})`,
        sql`NOT EXISTS (SELECT 1 FROM ${eventRegistrations} WHERE ${eventRegistrations.userId} = ${id})`,
      ),
    )
    .returning({ id: users.id });
  if (deleted.length === 0)
    throw new AppError(409, ADMIN_MSG.deleteRefused, { summary: await userHistoryCounts(app, id) });
  return { message: `User ${user.username} deleted`, id };
}

/**
 * The user's activities, newest first, `limit` of them with the total. An
 * admin looking at someone else sees only what Strava shows to everyone; the
 * totals elsewhere still count every activity (docs/decisions/018-activity-privacy.md).
 */
export async function userActivities(app: AppContext, id: number, limit: number, viewerId: number) {
  await requireUserById(app, id);
  const rows = await memberActivitiesPage(app, id, { limit, viewerId });
  return {
    activities: rows.map(({ total: _total, ...a }) => ({ ...a, startDate: a.startDate.toISOString() })),
    total: rows[0]?.total ?? 0,
  };
}

/**
 * The user dashboard's header: running and cycling (spec part 2) and every dashboard sport, grouped and
 * counted as on the member's own dashboard (all their activities, private ones too), km to 1 decimal, minutes.
 */
export async function userSportSummary(app: AppContext, id: number) {
  const rows = await memberSportGroupTotals(app, id);
  const groups = DASHBOARD_SPORTS.flatMap((sport) => {
    const row = rows.find((r) => r.sport === sport);
    return row ? [{ sport, count: row.count, distanceKm: row.distanceKm, timeMinutes: row.timeMinutes }] : [];
  });
  const of = (sport: DashboardSport) => {
    const { count = 0, distanceKm = 0, timeMinutes = 0 } = groups.find((g) => g.sport === sport) ?? {};
    return { count, distanceKm, timeMinutes };
  };
  return {
    running: of("Run"),
    cycling: of("Ride"),
    groups,
    totalActivities: groups.reduce((sum, g) => sum + g.count, 0),
  };
}

export async function userChallenges(app: AppContext, id: number) {
  await requireUserById(app, id);
  const rows = await app.db
    .select({ p: challengeParticipations, c: challenges })
    .from(challengeParticipations)
    .innerJoin(challenges, eq(challenges.id, challengeParticipations.challengeId))
    .where(eq(challengeParticipations.userId, id))
    .orderBy(desc(challenges.endDate));
  return rows.map(({ p, c }) => ({
    id: p.id,
    challengeId: c.id,
    userId: p.userId,
    progress: p.progress,
    createdAt: p.createdAt.toISOString(),
    challenge: {
      title: c.title,
      targetDistance: c.targetDistance,
      sportType: c.sportType,
      startDate: c.startDate.toISOString(),
      endDate: c.endDate.toISOString(),
    },
  }));
}

export async function userEvents(app: AppContext, id: number) {
  await requireUserById(app, id);
  const rows = await app.db
    .select({ r: eventRegistrations, e: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    // Released registrations (expired holds, removed by an admin) are history, not registrations (docs/decisions/016).
    .where(and(eq(eventRegistrations.userId, id), isNull(eventRegistrations.releasedAt)))
    .orderBy(desc(events.date));
  return rows.map(({ r, e }) => ({
    id: r.id,
    eventId: e.id,
    paymentStatus: r.paymentStatus,
    registrationDate: r.registrationDate.toISOString(),
    event: { title: e.title, date: e.date.toISOString(), location: e.location },
  }));
}
