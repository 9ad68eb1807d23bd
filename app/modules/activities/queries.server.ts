/**
 * Reads of the activities table that other modules need (the Strava sync and
 * webhooks, the fitness profile, the Wari analysis and plan, the challenge
 * pages, the admin's sync tab and user pages):
 * they call these instead of querying the table, so every SQL over
 * `activities` lives in this module. Each is an aggregate or a LIMIT over the
 * indexed (user_id, start_date) / (user_id, sport_type, …) columns; the
 * callers keep their own rules (windows, levels, readiness) and pass dates in.
 */
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  lt,
  lte,
  max,
  min,
  ne,
  sql,
  sum,
  type SQL,
} from "drizzle-orm";
import { activities } from "~db/schema";
import type { Db } from "~db/client";
import type { AppContext } from "~workers/load-context";
import {
  ACTIVITY_MATCHES_CHALLENGE,
  SOURCE_MATCHES_CHALLENGE,
  SPORT_MATCHES_CHALLENGE,
} from "~/modules/sports/challenge-match";
import { IST_OFFSET_MINUTES } from "./challenge-distance";
import { sportGroupOf, sportMatches } from "~/modules/sports/sql.server";
import {
  challengeActivitiesVisibleTo,
  participationVisibleTo,
  type Viewer,
} from "~/modules/privacy/consent-sql.server";
import { activityVisibleTo, activityVisibleToSql } from "./activity-sql.server";
import { DUPLICATE_DISTANCE_SHARE, DUPLICATE_START_SECONDS } from "./store.server";

const num = (text: ReturnType<typeof sql>) => text.mapWith(Number);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const DAY_MS = 86_400_000;

/**
 * Start of the member's newest Strava activity (incremental syncs look back
 * from it), or null. Uploads do not count: a file newer than the last sync
 * must not make the sync skip the Strava activities before it.
 */
export async function newestActivityStart(app: AppContext, userId: number): Promise<Date | null> {
  const [newest] = await app.db
    .select({ startDate: activities.startDate })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.source, "strava")))
    .orderBy(desc(activities.startDate))
    .limit(1);
  return newest?.startDate ?? null;
}

/** Whether the member has any activity at all, from any source (the first-run card of issue #20). */
export async function hasAnyActivity(app: AppContext, userId: number): Promise<boolean> {
  const [row] = await app.db
    .select({ id: activities.id })
    .from(activities)
    .where(eq(activities.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Whether the member holds the activity with this Strava id (webhook delete hints). */
export async function holdsStravaActivity(
  app: AppContext,
  userId: number,
  stravaId: number,
): Promise<boolean> {
  const held = await app.db.query.activities.findFirst({
    columns: { id: true },
    where: and(eq(activities.userId, userId), eq(activities.stravaId, stravaId)),
  });
  return Boolean(held);
}

/**
 * Per dashboard sport totals in [since, until] and the number of active weeks
 * (counted from `since` in steps of `weekSeconds`): the fitness profile's inputs.
 */
export function windowAggregateQueries(
  db: Db,
  userId: number,
  { since, until, weekSeconds }: { since: Date; until: Date; weekSeconds: number },
) {
  const inWindow = and(
    eq(activities.userId, userId),
    gte(activities.startDate, since),
    lte(activities.startDate, until),
  );
  const perSport = db
    .select({
      sport: sportGroupOf(activities.sportType),
      activityCount: num(sql`count(*)`),
      totalDistance: num(sql`coalesce(sum(${activities.distance}), 0)`),
      totalDuration: num(sql`coalesce(sum(${activities.movingTime}), 0)`),
      totalElevation: num(sql`coalesce(sum(${activities.totalElevationGain}), 0)`),
      longestDistance: num(sql`coalesce(max(${activities.distance}), 0)`),
      longestDuration: num(sql`coalesce(max(${activities.movingTime}), 0)`),
    })
    .from(activities)
    .where(inWindow)
    .groupBy(sql`1`);
  const sinceSeconds = seconds(since);
  const weeks = db
    .select({
      activeWeeks: num(
        sql`count(DISTINCT CAST((${activities.startDate} - ${sinceSeconds}) / ${weekSeconds} AS INTEGER))`,
      ),
    })
    .from(activities)
    .where(inWindow);
  return [perSport, weeks] as const;
}

export interface RideWindows {
  now: Date;
  /** Start of the weekly window (`weeks` weeks of `weekSeconds` before now). */
  since: Date;
  yearStart: Date;
  longestSince: Date;
  weeks: number;
  weekSeconds: number;
}

/**
 * The member's rides (the dashboard's Ride group) as three statements: the
 * lifetime counts and metres (from the covering index on user, sport and
 * distance: no row is read), the totals of the last year (year, longest,
 * window, active days and weeks, other sports in the window: only the rows
 * since the earliest of those windows, by the user-and-start index) and the
 * window's metres per week bucket. One statement over all of a 20,000-activity
 * member's rows took ~30 ms in sqlite3; these take ~8 ms together.
 */
export function rideAnalysisQueries(db: Db, userId: number, w: RideWindows) {
  const ride = sportMatches("Ride");
  const nowS = seconds(w.now);
  const sinceS = seconds(w.since);
  const inWindow = sql`${activities.startDate} >= ${sinceS} AND ${activities.startDate} <= ${nowS}`;
  const lifetime = db
    .select({
      rides: num(sql`coalesce(sum(CASE WHEN ${ride} THEN 1 ELSE 0 END), 0)`),
      all: num(sql`count(*)`),
      lifetime: num(sql`coalesce(sum(CASE WHEN ${ride} THEN ${activities.distance} ELSE 0 END), 0)`),
    })
    .from(activities)
    .where(eq(activities.userId, userId));
  // Every total below asks for a start in [one of the windows' starts, now].
  const earliest = Math.min(seconds(w.yearStart), seconds(w.longestSince), sinceS);
  const recent = db
    .select({
      year: num(
        sql`coalesce(sum(CASE WHEN ${ride} AND ${activities.startDate} >= ${seconds(w.yearStart)} AND ${activities.startDate} <= ${nowS} THEN ${activities.distance} ELSE 0 END), 0)`,
      ),
      longest: num(
        sql`coalesce(max(CASE WHEN ${ride} AND ${activities.startDate} >= ${seconds(w.longestSince)} AND ${activities.startDate} <= ${nowS} THEN ${activities.distance} END), 0)`,
      ),
      window: num(
        sql`coalesce(sum(CASE WHEN ${ride} AND ${inWindow} THEN ${activities.distance} ELSE 0 END), 0)`,
      ),
      activeDays: num(
        sql`count(DISTINCT CASE WHEN ${ride} AND ${inWindow} THEN substr(${activities.startDateLocal}, 1, 10) END)`,
      ),
      activeWeeks: num(
        sql`count(DISTINCT CASE WHEN ${ride} AND ${inWindow} THEN CAST((${activities.startDate} - ${sinceS}) / ${w.weekSeconds} AS INTEGER) END)`,
      ),
      otherSports: num(sql`coalesce(sum(CASE WHEN NOT (${ride}) AND ${inWindow} THEN 1 ELSE 0 END), 0)`),
    })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        sql`${activities.startDate} >= ${earliest}`,
        sql`${activities.startDate} <= ${nowS}`,
      ),
    );
  const weekly = db
    .select({
      bucket: num(
        sql`min(CAST((${activities.startDate} - ${sinceS}) / ${w.weekSeconds} AS INTEGER), ${w.weeks - 1})`,
      ),
      metres: num(sql`sum(${activities.distance})`),
    })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        ride,
        gte(activities.startDate, w.since),
        lte(activities.startDate, w.now),
      ),
    )
    .groupBy(sql`1`);
  return [lifetime, recent, weekly] as const;
}

/** The member's longest ride on a calendar day (its local start date `YYYY-MM-DD`), or null. */
export function longestRideOn(app: AppContext, userId: number, day: string) {
  return longestRideBetween(app, userId, day, day);
}

/**
 * The member's longest ride whose local start date lies in [fromDay, toDay]
 * (`YYYY-MM-DD`), or null: the Wari result around the event day.
 */
export async function longestRideBetween(app: AppContext, userId: number, fromDay: string, toDay: string) {
  const from = Date.parse(`${fromDay}T00:00:00Z`);
  const to = Date.parse(`${toDay}T00:00:00Z`);
  // The (user_id, start_date) index narrows the range (a day of slack for time zones); the local date decides.
  const [ride] = await app.db
    .select({
      id: activities.id,
      name: activities.name,
      distance: activities.distance,
      movingTime: activities.movingTime,
      startDateLocal: activities.startDateLocal,
    })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        gte(activities.startDate, new Date(from - DAY_MS)),
        lt(activities.startDate, new Date(to + 2 * DAY_MS)),
        sportMatches("Ride"),
        sql`substr(${activities.startDateLocal}, 1, 10) BETWEEN ${fromDay} AND ${toDay}`,
      ),
    )
    .orderBy(desc(activities.distance))
    .limit(1);
  return ride ?? null;
}

export interface LongestRideRow {
  userId: number;
  /** null: no ride started in the window */
  id: number | null;
  name: string | null;
  /** metres */
  distance: number | null;
  movingTime: number | null;
  elapsedTime: number | null;
  /** unix seconds */
  startDate: number | null;
}

/**
 * For each member id of `members` (a one-column `SELECT user_id …`), their longest ride
 * started in [from, to) (the Wari result window), or nulls: one statement, each member's
 * rides read through the (user_id, sport_type, start_date) index.
 */
export function longestRidesStartedBetween(
  app: AppContext,
  members: SQL,
  from: Date,
  to: Date,
): Promise<LongestRideRow[]> {
  const fromS = Math.floor(from.getTime() / 1000);
  const toS = Math.floor(to.getTime() / 1000);
  return app.db.all<LongestRideRow>(sql`
    SELECT m.user_id AS userId, a.id AS id, a.name AS name, a.distance AS distance,
      a.moving_time AS movingTime, a.elapsed_time AS elapsedTime, a.start_date AS startDate
    FROM (${members}) m
    LEFT JOIN activities a ON a.id = (
      SELECT ${activities.id} FROM ${activities}
      WHERE ${activities.userId} = m.user_id AND ${sportMatches("Ride")}
        AND ${activities.startDate} >= ${fromS} AND ${activities.startDate} < ${toS}
      ORDER BY ${activities.distance} DESC, ${activities.elapsedTime} ASC, ${activities.id} ASC
      LIMIT 1
    )`);
}

/** The member's activity count, newest start and counts and distance per sport type (admin sync tab). */
export async function memberActivityTotals(app: AppContext, userId: number) {
  const [[totals], byType] = await Promise.all([
    app.db
      .select({ total: count(), latest: max(activities.startDate) })
      .from(activities)
      .where(eq(activities.userId, userId)),
    app.db
      .select({ type: activities.sportType, count: count(), totalDistance: sum(activities.distance) })
      .from(activities)
      .where(eq(activities.userId, userId))
      .groupBy(activities.sportType)
      .orderBy(desc(count())),
  ]);
  return { totals, byType };
}

/** An activity counting towards a challenge, as the challenge pages show it (raw row, seconds). */
export interface ChallengeActivityRow {
  id: number;
  user_id: number;
  name: string;
  type: string;
  sport_type: string;
  start_date: number;
  distance: number;
  moving_time: number;
  total_elevation_gain: number;
  /** The member's number of matching activities (latestChallengeActivities), 0 otherwise. */
  total: number;
}

const OWNER = sql.raw("a.user_id");
/** A member id of a json_each list: consent is decided per member before any of their activities is read. */
const MEMBER = sql.raw("m.value");

/**
 * The `perMember` newest activities of each of `userIds` that count towards
 * the challenge, plus each member's count, as `viewer` may see them (others'
 * only when public and shared with consent). One statement whatever the number of members;
 * the members whose activities the viewer may not see are left out before any row is read.
 */
export function latestChallengeActivities(
  app: AppContext,
  q: { challengeId: number; userIds: number[]; viewer: Viewer; perMember: number },
) {
  return app.db.all<ChallengeActivityRow>(sql`
      SELECT * FROM (
        SELECT a.id, a.user_id, a.name, a.type, a.sport_type, a.start_date, a.distance, a.moving_time, a.total_elevation_gain,
          ROW_NUMBER() OVER (PARTITION BY a.user_id ORDER BY a.start_date DESC) AS rn,
          COUNT(*) OVER (PARTITION BY a.user_id) AS total
        FROM activities a JOIN challenges c ON c.id = ${q.challengeId}
        WHERE a.user_id IN (SELECT value FROM json_each(${JSON.stringify(q.userIds)}) AS m
            WHERE ${challengeActivitiesVisibleTo(q.viewer, MEMBER, q.challengeId)})
          AND ${activityVisibleToSql(q.viewer.id)}
          AND a.start_date BETWEEN c.start_date AND c.end_date AND ${sql.raw(ACTIVITY_MATCHES_CHALLENGE)}
      ) WHERE rn <= ${q.perMember}`);
}

/** The participants' activities counting towards the challenge (one member's with `userId`), newest first, as `viewer` may see them. */
export function challengeActivityRows(
  app: AppContext,
  q: { challengeId: number; userId?: number; viewer: Viewer; limit: number },
) {
  const userFilter = q.userId ? sql`AND a.user_id = ${q.userId}` : sql``;
  return app.db.all<ChallengeActivityRow & { username: string }>(sql`
    SELECT a.id, a.user_id, u.username, a.name, a.type, a.sport_type, a.start_date, a.distance, a.moving_time, a.total_elevation_gain, 0 AS total
    FROM activities a
    JOIN challenge_participations p ON p.user_id = a.user_id AND p.challenge_id = ${q.challengeId}
    JOIN challenges c ON c.id = p.challenge_id
    JOIN users u ON u.id = a.user_id
    WHERE a.start_date BETWEEN c.start_date AND c.end_date AND ${sql.raw(ACTIVITY_MATCHES_CHALLENGE)} ${userFilter}
      AND ${activityVisibleToSql(q.viewer.id)} AND ${challengeActivitiesVisibleTo(q.viewer, OWNER, q.challengeId)}
      AND ${participationVisibleTo(q.viewer, "p")}
    ORDER BY a.start_date DESC
    LIMIT ${q.limit}`);
}

/**
 * Each participant's recent volume in a challenge's measure, as a subquery of (user_id, volume) over every
 * participant (0 without activities): the admin's "balance teams" (decision 049). Their activities since
 * `since` that count for the challenge's sports and sources (its dates aside), as the goal counts them:
 * metres (distance, longest and a distance group), metres gained, moving seconds, activities, or IST days
 * with one. A correlated aggregate per participant over (user_id, start_date).
 */
export function recentChallengeVolumes(challengeId: number, since: Date): SQL {
  return sql`(SELECT p.user_id, COALESCE((
      SELECT CASE c.goal_type
          WHEN 'elevation' THEN SUM(a.total_elevation_gain)
          WHEN 'time' THEN SUM(a.moving_time)
          WHEN 'count' THEN COUNT(*)
          WHEN 'days' THEN COUNT(DISTINCT date(a.start_date, 'unixepoch', '+${sql.raw(String(IST_OFFSET_MINUTES))} minutes'))
          ELSE SUM(a.distance) END
      FROM activities a
      WHERE a.user_id = p.user_id AND a.start_date >= ${seconds(since)} AND ${sql.raw(ACTIVITY_MATCHES_CHALLENGE)}
    ), 0) AS volume
    FROM challenge_participations p JOIN challenges c ON c.id = p.challenge_id
    WHERE p.challenge_id = ${challengeId})`;
}

/** The member's number of activities, as a scalar subquery (the admin's deletion blockers). */
export function activityCountOf(userId: number): SQL<number> {
  return sql<number>`(SELECT count(*) FROM ${activities} WHERE ${activities.userId} = ${userId})`.mapWith(
    Number,
  );
}

/** True while the member has no activity, as a condition (the guard of the admin's conditional user delete). */
export function hasNoActivities(userId: number): SQL {
  return sql`NOT EXISTS (SELECT 1 FROM ${activities} WHERE ${activities.userId} = ${userId})`;
}

/** The member's `limit` newest activities that `viewerId` may see, each row with the total of them (`count(*) OVER ()`). */
export function memberActivitiesPage(
  app: AppContext,
  userId: number,
  q: { limit: number; viewerId: number },
) {
  return app.db
    .select({
      id: activities.id,
      name: activities.name,
      type: activities.sportType,
      startDate: activities.startDate,
      distance: activities.distance,
      movingTime: activities.movingTime,
      totalElevationGain: activities.totalElevationGain,
      source: activities.source,
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(activities)
    .where(and(eq(activities.userId, userId), activityVisibleTo(q.viewerId)))
    .orderBy(desc(activities.startDate), desc(activities.id))
    .limit(q.limit);
}

/**
 * Every activity of the member, oldest first, all columns: the data export
 * (docs/decisions/022). A statement, so the export reads it in its one batch.
 */
export function memberActivitiesForExport(db: Db, userId: number) {
  return db
    .select()
    .from(activities)
    .where(eq(activities.userId, userId))
    .orderBy(activities.startDate, activities.id);
}

/** The column names of an exported activity (the CSV header, also when there is no row). */
export const ACTIVITY_EXPORT_COLUMNS: readonly string[] = Object.keys(getTableColumns(activities));

/**
 * Every activity of the member with the columns of Wari's training-load model
 * (one pass, decision 024): local start, sport, distance, moving time, climbing.
 */
export function memberLoadRows(app: AppContext, userId: number) {
  return app.db
    .select({
      startDateLocal: activities.startDateLocal,
      sportType: activities.sportType,
      distance: activities.distance,
      movingTime: activities.movingTime,
      totalElevationGain: activities.totalElevationGain,
      averageHeartrate: activities.averageHeartrate,
      maxHeartrate: activities.maxHeartrate,
    })
    .from(activities)
    .where(eq(activities.userId, userId));
}

/**
 * The member's activity that an incoming one (start, metres) would duplicate
 * (the rule of store.server.ts), or null: the manual form and the upload
 * results name it.
 */
export async function findSameActivity(
  app: AppContext,
  userId: number,
  start: Date,
  distance: number,
  exceptId?: number,
): Promise<{ id: number; name: string; source: string; startDate: Date } | null> {
  const at = seconds(start);
  const [row] = await app.db
    .select({
      id: activities.id,
      name: activities.name,
      source: activities.source,
      startDate: activities.startDate,
    })
    .from(activities)
    .where(
      and(
        eq(activities.userId, userId),
        gte(activities.startDate, new Date((at - DUPLICATE_START_SECONDS) * 1000)),
        lte(activities.startDate, new Date((at + DUPLICATE_START_SECONDS) * 1000)),
        sql`abs(${activities.distance} - ${distance}) <= ${DUPLICATE_DISTANCE_SHARE} * max(${activities.distance}, ${distance})`,
        exceptId === undefined ? undefined : ne(activities.id, exceptId),
      ),
    )
    .orderBy(sql`${activities.source} <> 'strava'`)
    .limit(1);
  return row ?? null;
}

/** How many activities each of these uploads holds now. */
export async function uploadActivityCounts(
  app: AppContext,
  uploadIds: readonly number[],
): Promise<Map<number, number>> {
  if (uploadIds.length === 0) return new Map();
  const rows = await app.db
    .select({ uploadId: activities.uploadId, n: count() })
    .from(activities)
    .where(sql`${activities.uploadId} IN (SELECT value FROM json_each(${JSON.stringify(uploadIds)}))`)
    .groupBy(activities.uploadId);
  return new Map(rows.map((r) => [r.uploadId!, r.n]));
}

/** The first activity an upload holds (the one a single file holds), to link to from its result. */
export interface UploadActivity {
  id: number;
  name: string;
  sportType: string;
  distance: number;
  startDate: Date;
}

/**
 * How many activities each of these uploads holds now, and the first of them
 * (lowest id): one grouped read over the upload index joined to that row.
 */
export async function uploadActivitySummaries(
  app: AppContext,
  uploadIds: readonly number[],
): Promise<Map<number, { count: number; first: UploadActivity }>> {
  if (uploadIds.length === 0) return new Map();
  const held = app.db
    .select({ uploadId: activities.uploadId, n: count().as("n"), firstId: min(activities.id).as("first_id") })
    .from(activities)
    .where(sql`${activities.uploadId} IN (SELECT value FROM json_each(${JSON.stringify(uploadIds)}))`)
    .groupBy(activities.uploadId)
    .as("held");
  const rows = await app.db
    .select({
      uploadId: held.uploadId,
      n: held.n,
      id: activities.id,
      name: activities.name,
      sportType: activities.sportType,
      distance: activities.distance,
      startDate: activities.startDate,
    })
    .from(held)
    .innerJoin(activities, eq(activities.id, held.firstId));
  return new Map(rows.map(({ uploadId, n, ...first }) => [uploadId!, { count: n, first }]));
}

/** The member's manual entries, newest first (the uploads page lists them to delete). */
export function memberManualActivities(app: AppContext, userId: number, limit = 50) {
  return app.db
    .select({
      id: activities.id,
      name: activities.name,
      sportType: activities.sportType,
      startDate: activities.startDate,
      distance: activities.distance,
      movingTime: activities.movingTime,
      elevationGain: activities.totalElevationGain,
    })
    .from(activities)
    .where(and(eq(activities.userId, userId), eq(activities.source, "manual")))
    .orderBy(desc(activities.startDate), desc(activities.id))
    .limit(limit);
}

/** Why an activity did not count (issue #39 item 4), most basic first: another sport, outside the dates, a source not taken, below the day's minimum, not the longest. */
export type WhyReason = "sport" | "dates" | "source" | "below_min" | "not_longest";

export interface WhyRow {
  id: number;
  name: string;
  sport_type: string;
  source: string;
  start_date: number;
  distance: number;
  total_elevation_gain: number;
  moving_time: number;
  /** The counted metres of the activity's IST day (a days goal's minimum). */
  day_metres: number;
  /** 1 for the day's first counted activity. */
  nth_in_day: number;
  /** 1 for the longest counted activity. */
  nth_longest: number;
  reason: WhyReason | null;
}

/**
 * A member's activities from `marginDays` before a challenge's start to as many after its end, newest first,
 * each with the reason it does not count (null: it counts) by the rules of challenge-distance.ts. One statement
 * over the member's activities by start date (activities_user_start_idx); window functions give each IST day's
 * counted distance and the longest counted activity.
 */
export function challengeWhyRows(
  app: AppContext,
  challengeId: number,
  userId: number,
  marginDays: number,
  limit: number,
) {
  const ok = "(x.sport_ok AND x.source_ok AND x.in_dates)";
  return app.db.all<WhyRow>(sql`
    WITH x AS (
      SELECT a.id, a.name, a.sport_type, a.source, a.start_date, a.distance, a.total_elevation_gain, a.moving_time,
        ${sql.raw(SPORT_MATCHES_CHALLENGE)} AS sport_ok, ${sql.raw(SOURCE_MATCHES_CHALLENGE)} AS source_ok,
        (a.start_date BETWEEN c.start_date AND c.end_date) AS in_dates,
        date(a.start_date, 'unixepoch', '+${sql.raw(String(IST_OFFSET_MINUTES))} minutes') AS day,
        c.goal_type, c.goal_mode, COALESCE(c.min_per_day, 0) AS min_per_day
      FROM challenges c JOIN activities a ON a.user_id = ${userId}
        AND a.start_date BETWEEN c.start_date - ${marginDays * 86400} AND c.end_date + ${marginDays * 86400}
      WHERE c.id = ${challengeId}
    ), y AS (
      SELECT x.*,
        SUM(CASE WHEN ${sql.raw(ok)} THEN x.distance ELSE 0 END) OVER (PARTITION BY x.day) AS day_metres,
        ROW_NUMBER() OVER (PARTITION BY x.day, ${sql.raw(ok)} ORDER BY x.start_date, x.id) AS nth_in_day,
        ROW_NUMBER() OVER (PARTITION BY ${sql.raw(ok)} ORDER BY x.distance DESC, x.start_date, x.id) AS nth_longest
      FROM x
    )
    SELECT id, name, sport_type, source, start_date, distance, total_elevation_gain, moving_time, day_metres,
      nth_in_day, nth_longest,
      CASE WHEN NOT sport_ok THEN 'sport' WHEN NOT in_dates THEN 'dates' WHEN NOT source_ok THEN 'source'
        WHEN goal_type = 'days' AND goal_mode = 'total' AND day_metres < min_per_day THEN 'below_min'
        WHEN goal_mode = 'longest' AND nth_longest > 1 THEN 'not_longest' END AS reason
    FROM y ORDER BY start_date DESC, id DESC LIMIT ${limit}`);
}
