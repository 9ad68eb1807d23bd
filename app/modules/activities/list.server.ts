/**
 * The activity list (/activities and GET /api/activities): filters, search,
 * sort and pagination in SQL, and who may see whose activities.
 *
 * A member sees their own activities. Someone else's only when they are an
 * admin, or when they name a challenge (challengeId) in which both they and
 * that member take part (the "View all N activities" link of the challenge
 * detail); a challenge narrows the list to the activities that count
 * towards it (its dates and its sport, by the challenges module's rule).
 * In someone else's list only activities Strava shows to everyone appear,
 * and without their Strava ids (docs/decisions/018-activity-privacy.md);
 * in a challenge, only when that member shares their activities there (or
 * the viewer is an admin: docs/decisions/020-consent-for-shared-views.md).
 */
import { and, asc, count, desc, eq, gte, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import {
  activities,
  challengeParticipations,
  challenges,
  users,
  type Activity,
  type ActivitySource,
  type User,
} from "~db/schema";
import { oneRow, type BatchPart, type Db } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { kmToMetres } from "./achievements";
import { ACTIVITY_MATCHES_CHALLENGE } from "~/modules/sports/challenge-match";
import { sportMatches } from "~/modules/sports/sql.server";
import { challengeActivitiesVisibleTo, type Viewer } from "~/modules/privacy/consent-sql.server";
import { activityVisibleTo, sharedInAChallengeWith } from "./activity-sql.server";
import { MSG, PAGE_SIZE, type ActivityListQuery, type ActivitySort } from "./schema";

export interface ActivityView {
  id: number;
  userId: number;
  /** Only in the member's own views (a link to their own Strava activity). */
  stravaId?: number;
  /** Where the activity came from: strava, file, archive or manual (issue #14). */
  source: ActivitySource;
  name: string;
  type: string;
  sportType: string;
  /** ISO-8601 UTC */
  startDate: string;
  /** Strava's local wall-clock time */
  startDateLocal: string;
  timezone: string | null;
  distance: number;
  movingTime: number;
  elapsedTime: number;
  totalElevationGain: number;
  commute: boolean;
  trainer: boolean;
  manual: boolean;
  averageSpeed: number | null;
  maxSpeed: number | null;
}

/**
 * What a list row shows (components/activity-row.tsx) and nothing else: for a page that sends
 * rows in its loader data, such as the dashboard's recent activities (issue #17: fewer bytes in
 * the page and less to decode before hydration).
 */
export function toActivityRow(a: ActivityView) {
  const { id, name, sportType, startDateLocal, distance, movingTime, totalElevationGain, commute, source } =
    a;
  const row = {
    id,
    name,
    sportType,
    startDateLocal,
    distance,
    movingTime,
    totalElevationGain,
    commute,
    source,
  };
  return a.stravaId != null ? { ...row, stravaId: a.stravaId } : row;
}

export interface Pagination {
  total: number;
  page: number;
  limit: number;
  pages: number;
}

export interface ActivityPage {
  activities: ActivityView[];
  pagination: Pagination;
  /** Whose activities these are. */
  owner: { id: number; username: string };
  /** The challenge that narrows the list, when challengeId was given. */
  challenge: { id: number; title: string } | null;
}

export function toActivityView(a: Activity): ActivityView {
  return {
    id: a.id,
    userId: a.userId,
    ...(a.stravaId != null ? { stravaId: a.stravaId } : {}),
    source: a.source,
    name: a.name,
    type: a.type,
    sportType: a.sportType,
    startDate: a.startDate.toISOString(),
    startDateLocal: a.startDateLocal,
    timezone: a.timezone,
    distance: a.distance,
    movingTime: a.movingTime,
    elapsedTime: a.elapsedTime,
    totalElevationGain: a.totalElevationGain,
    commute: a.commute,
    trainer: a.trainer,
    manual: a.manual,
    averageSpeed: a.averageSpeed,
    maxSpeed: a.maxSpeed,
  };
}

type Challenge = typeof challenges.$inferSelect;

const ORDER: Record<ActivitySort, SQL[]> = {
  "-startDate": [desc(activities.startDate), desc(activities.id)],
  startDate: [asc(activities.startDate), asc(activities.id)],
  "-distance": [desc(activities.distance), desc(activities.startDate)],
  distance: [asc(activities.distance), desc(activities.startDate)],
  "-movingTime": [desc(activities.movingTime), desc(activities.startDate)],
  "-totalElevationGain": [desc(activities.totalElevationGain), desc(activities.startDate)],
  name: [sql`${activities.name} COLLATE NOCASE ASC`, desc(activities.startDate)],
};

/** Whose activities the viewer asked for, checked; plus the challenge that narrows them. */
async function resolveScope(app: AppContext, viewer: User, query: Partial<ActivityListQuery>) {
  const userId = query.userId ?? viewer.id;
  const self = userId === viewer.id;
  if (!query.challengeId) {
    if (self) return { owner: viewer, challenge: null };
    if (!viewer.isAdmin) throw new AppError(403, MSG.forbidden);
  }
  const [challenge, members, owner] = await Promise.all([
    query.challengeId
      ? app.db.query.challenges.findFirst({ where: eq(challenges.id, query.challengeId) })
      : null,
    query.challengeId
      ? app.db
          .select({ userId: challengeParticipations.userId })
          .from(challengeParticipations)
          .where(
            and(
              eq(challengeParticipations.challengeId, query.challengeId),
              inArray(challengeParticipations.userId, [viewer.id, userId]),
            ),
          )
      : [],
    self ? viewer : app.db.query.users.findFirst({ where: eq(users.id, userId) }),
  ]);
  if (query.challengeId && !challenge) throw new AppError(404, MSG.challengeNotFound);
  const joined = new Set(members.map((m) => m.userId));
  if (!self && !viewer.isAdmin && !(joined.has(viewer.id) && joined.has(userId)))
    throw new AppError(403, MSG.forbidden);
  if (!owner) throw new AppError(404, MSG.userNotFound);
  return { owner, challenge: challenge ?? null };
}

function listConditions(
  userId: number,
  query: Partial<ActivityListQuery>,
  challenge: Challenge | null,
  viewer: Viewer,
): SQL {
  const where: (SQL | undefined)[] = [eq(activities.userId, userId)];
  if (viewer.id !== userId) where.push(activityVisibleTo(viewer.id));
  if (viewer.id !== userId && challenge)
    where.push(challengeActivitiesVisibleTo(viewer, activities.userId, challenge.id));
  if (query.type) where.push(sportMatches(query.type));
  if (query.minDistance !== undefined) where.push(gte(activities.distance, kmToMetres(query.minDistance)));
  if (query.maxDistance !== undefined) where.push(lte(activities.distance, kmToMetres(query.maxDistance)));
  if (query.minElevation !== undefined) where.push(gte(activities.totalElevationGain, query.minElevation));
  if (query.commute !== undefined) where.push(eq(activities.commute, query.commute));
  if (query.search) {
    const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`${activities.name} LIKE ${pattern} ESCAPE '\\'`);
  }
  if (challenge) {
    // The challenge's own matching rule (app/modules/challenges), so the list shows exactly what counts
    // towards progress and the detail page's "View all N activities".
    where.push(
      gte(activities.startDate, challenge.startDate),
      lte(activities.startDate, challenge.endDate),
      sql`EXISTS (SELECT 1 FROM activities a JOIN challenges c ON c.id = ${challenge.id} WHERE a.id = ${activities.id} AND ${sql.raw(ACTIVITY_MATCHES_CHALLENGE)})`,
    );
  }
  return and(...where)!;
}

/**
 * The two statements of a page (the total and the rows), exported so the benchmark times the same SQL.
 * `viewer` (default: the owner) hides the owner's non-public activities from anyone else,
 * and in a challenge their activities unless they share them there.
 */
export function listQueries(
  db: Db,
  userId: number,
  query: Partial<ActivityListQuery>,
  challenge: Challenge | null = null,
  viewer: Viewer = { id: userId, isAdmin: false },
) {
  const page = query.page ?? 1;
  const limit = query.limit ?? PAGE_SIZE;
  const where = listConditions(userId, query, challenge, viewer);
  return {
    page,
    limit,
    total: db.select({ total: count() }).from(activities).where(where),
    rows: db
      .select()
      .from(activities)
      .where(where)
      .orderBy(...ORDER[query.sort ?? "-startDate"])
      .limit(limit)
      .offset((page - 1) * limit),
  };
}

/** The member's own latest activities (the dashboard's recent list), as a part of a page's one batch. */
export function recentActivitiesPart(
  app: AppContext,
  userId: number,
  limit: number,
): BatchPart<ActivityView[]> {
  const q = listQueries(app.db, userId, { page: 1, limit });
  return {
    statements: [q.rows],
    assemble: ([rows]) => (rows as Activity[]).map(toActivityView),
  };
}

/** One page of activities and the total, in one round trip. */
export async function listActivities(
  app: AppContext,
  viewer: User,
  query: Partial<ActivityListQuery>,
): Promise<ActivityPage> {
  const { owner, challenge } = await resolveScope(app, viewer, query);
  const q = listQueries(app.db, owner.id, query, challenge, viewer);
  const [totals, rows] = await app.db.batch([q.total, q.rows]);
  const { total } = oneRow(totals);
  const own = owner.id === viewer.id;
  return {
    activities: rows.map((a) => {
      const view = toActivityView(a);
      if (!own) delete view.stravaId;
      return view;
    }),
    pagination: { total, page: q.page, limit: q.limit, pages: Math.ceil(total / q.limit) },
    owner: { id: owner.id, username: owner.username },
    challenge: challenge ? { id: challenge.id, title: challenge.title } : null,
  };
}

/**
 * One activity for its detail page (/activities/{id}): the owner's own, with its
 * Strava id; for an admin, another member's public one (decision 018: admins
 * see public activities, for corrections), without it. Anything else is 404,
 * so a private activity's existence is not given away.
 */
export async function getActivityDetail(
  app: AppContext,
  viewer: User,
  id: number,
): Promise<ActivityView & { own: boolean }> {
  // Issue #40: a member also sees another's public activity when its owner shares activities in a challenge
  // they both joined (decision 020's consent), so a shared map has a page to open on.
  const mayView = viewer.isAdmin
    ? activityVisibleTo(viewer.id)
    : or(
        eq(activities.userId, viewer.id),
        and(activityVisibleTo(viewer.id), sharedInAChallengeWith(viewer.id, activities.id)),
      );
  const row = await app.db.query.activities.findFirst({ where: and(eq(activities.id, id), mayView) });
  if (!row) throw new AppError(404, MSG.activityNotFound);
  const own = row.userId === viewer.id;
  const view = toActivityView(row);
  if (!own) delete view.stravaId;
  return { ...view, own };
}

/**
 * GET /api/activities answers the paginated object when page or limit is
 * given, otherwise a plain list (the spec allows both): the first page, 20
 * newest first (part 1 §9: "Activities page size default 20").
 */
export async function listActivitiesForApi(
  app: AppContext,
  viewer: User,
  query: ActivityListQuery,
): Promise<ActivityPage | ActivityView[]> {
  if (query.page !== undefined || query.limit !== undefined) return listActivities(app, viewer, query);
  return (await listActivities(app, viewer, { ...query, page: 1, limit: PAGE_SIZE })).activities;
}
