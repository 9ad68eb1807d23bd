/**
 * Admin reports (spec part 2: Analysis tab; calls /api/admin/reports/*). Each
 * is one SQL aggregate; the pivot of the per-user report into sport columns
 * is the only shaping done here.
 */
import { and, count, gte, isNull, lt, sql, type SQL } from "drizzle-orm";
import {
  challengeParticipations,
  challenges,
  eventRegistrations,
  stravaConnections,
  users,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { oneRow } from "~db/client";
import {
  activeMembersPerWeek,
  memberSportTotals,
  monthlyActivityTotals,
} from "~/modules/activities/reports.server";
import { avatarFor } from "~/modules/privacy/photos.server";
import { formatNumber } from "~/lib/format";
import { PARTICIPATION_WEEKS } from "./schema";

/** Activities by type needs no shaping: the admin answers the activities module's aggregate as it is. */
export { activitiesByType } from "~/modules/activities/reports.server";

/** Months shown by the activity trends report. */
export const TREND_MONTHS = 12;
/** The sport columns of the user-activity report that are always present (others are added when found). */
export const DEFAULT_SPORT_COLUMNS = ["Run", "Ride", "Swim", "Walk", "Hike"] as const;

const toKm1 = (metres: number) => Math.round(metres / 100) / 10;

/** Month by month over the last TREND_MONTHS months (months without activities are present with zeros). */
export async function activityTrends(app: AppContext) {
  const now = app.now();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (TREND_MONTHS - 1), 1));
  const rows = await monthlyActivityTotals(app, first);
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  return Array.from({ length: TREND_MONTHS }, (_, i) => {
    const d = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + i, 1));
    const key = d.toISOString().slice(0, 7);
    return byMonth.get(key) ?? { month: key, activityCount: 0, totalDistanceKm: 0, activeUsers: 0 };
  });
}

export async function userParticipation(app: AppContext) {
  const row = oneRow(
    await app.db
      .select({
        totalUsers: sql<number>`(SELECT count(*) FROM ${users})`.mapWith(Number),
        stravaConnectedUsers: sql<number>`(SELECT count(*) FROM ${stravaConnections})`.mapWith(Number),
        uniqueParticipants:
          sql<number>`(SELECT count(DISTINCT ${challengeParticipations.userId}) FROM ${challengeParticipations})`.mapWith(
            Number,
          ),
        totalChallenges: sql<number>`(SELECT count(*) FROM ${challenges})`.mapWith(Number),
        // Released registrations (expired holds, removed by an admin) stay for history but are no registrations.
        totalRegistrations:
          sql<number>`(SELECT count(*) FROM ${eventRegistrations} WHERE ${eventRegistrations.releasedAt} IS NULL)`.mapWith(
            Number,
          ),
        paidRegistrations:
          sql<number>`(SELECT count(*) FROM ${eventRegistrations} WHERE ${eventRegistrations.releasedAt} IS NULL AND ${eventRegistrations.paymentStatus} IN ('paid', 'completed'))`.mapWith(
            Number,
          ),
      })
      .from(sql`(SELECT 1)`),
  );
  return {
    users: { totalUsers: row.totalUsers, stravaConnectedUsers: row.stravaConnectedUsers },
    challenges: { uniqueParticipants: row.uniqueParticipants, totalChallenges: row.totalChallenges },
    events: { totalRegistrations: row.totalRegistrations, paidRegistrations: row.paidRegistrations },
  };
}

// ---- Participation over time (issue #37 item 9) -------------------------------

const WEEK_S = 7 * 86_400;
/** India's offset and the first Monday of Unix time (5 Jan 1970): weeks run Monday to Sunday, India time. */
const IST_OFFSET_S = 19_800;
const FIRST_MONDAY_S = 4 * 86_400;

/** The India-time week (Monday to Sunday, numbered from 5 Jan 1970) of a Unix-seconds column, as SQL. */
const weekOf = (column: unknown): SQL<number> =>
  sql<number>`(${column} + ${sql.raw(String(IST_OFFSET_S - FIRST_MONDAY_S))}) / ${sql.raw(String(WEEK_S))}`.mapWith(
    Number,
  );
/** The week number of an instant, and the instant (Unix seconds) a week starts. */
const weekNumber = (seconds: number) => Math.floor((seconds + IST_OFFSET_S - FIRST_MONDAY_S) / WEEK_S);
const weekStartSeconds = (week: number) => week * WEEK_S + FIRST_MONDAY_S - IST_OFFSET_S;

export interface ParticipationWeek {
  /** The week's Monday (India time), YYYY-MM-DD. */
  week: string;
  /** Members (accounts) at the end of the week. */
  members: number;
  /** Accounts created in the week. */
  newMembers: number;
  /** Members with at least one activity starting in the week. */
  activeMembers: number;
  /** Challenges joined in the week. */
  challengeJoins: number;
  /** Event registrations made in the week that hold (released ones are history, as in Participation Stats). */
  eventRegistrations: number;
}

/**
 * The last `weeks` weeks (Monday to Sunday, India time; the current week so
 * far last), each with members, active members, challenge joins and event
 * registrations: one grouped count per table over an indexed time column
 * (users.created_at, activities.start_date, challenge_participations.created_at,
 * event_registrations.registration_date), sent in one batch.
 */
export async function participationOverTime(
  app: AppContext,
  weeks: number = PARTICIPATION_WEEKS.default,
): Promise<{ weeks: ParticipationWeek[] }> {
  const nowS = Math.floor(app.now().getTime() / 1000);
  const last = weekNumber(nowS);
  const first = last - weeks + 1;
  const from = new Date(weekStartSeconds(first) * 1000);
  const byWeek = <T extends { week: number; n: number }>(rows: T[]) =>
    new Map(rows.map((r) => [r.week, r.n]));
  const [before, joined, active, joins, registrations] = await app.db.batch([
    app.db.select({ n: count() }).from(users).where(lt(users.createdAt, from)),
    app.db
      .select({ week: weekOf(users.createdAt), n: count() })
      .from(users)
      .where(gte(users.createdAt, from))
      .groupBy(weekOf(users.createdAt)),
    activeMembersPerWeek(app, from, weekOf),
    app.db
      .select({ week: weekOf(challengeParticipations.createdAt), n: count() })
      .from(challengeParticipations)
      .where(gte(challengeParticipations.createdAt, from))
      .groupBy(weekOf(challengeParticipations.createdAt)),
    app.db
      .select({ week: weekOf(eventRegistrations.registrationDate), n: count() })
      .from(eventRegistrations)
      .where(and(gte(eventRegistrations.registrationDate, from), isNull(eventRegistrations.releasedAt)))
      .groupBy(weekOf(eventRegistrations.registrationDate)),
  ]);
  const newMembers = byWeek(joined);
  const activeMembers = byWeek(active);
  const challengeJoins = byWeek(joins);
  const eventRegs = byWeek(registrations);
  let members = before[0]?.n ?? 0;
  return {
    weeks: Array.from({ length: weeks }, (_, i) => {
      const week = first + i;
      members += newMembers.get(week) ?? 0;
      return {
        week: new Date((week * WEEK_S + FIRST_MONDAY_S) * 1000).toISOString().slice(0, 10),
        members,
        newMembers: newMembers.get(week) ?? 0,
        activeMembers: activeMembers.get(week) ?? 0,
        challengeJoins: challengeJoins.get(week) ?? 0,
        eventRegistrations: eventRegs.get(week) ?? 0,
      };
    }),
  };
}

export interface UserActivityRow {
  userId: number;
  username: string;
  email: string;
  profileImageUrl: string | null;
  totalActivities: number;
  totalDistanceKm: number;
  /** km per sport type, one key per column in `sportColumns`. */
  distanceBySport: Record<string, number>;
}

/** A report row as answered: the spec's flat "numeric distance per sport type" (`Ride: 12.5`) beside `distanceBySport`. */
export type UserActivityReportRow = UserActivityRow & { [sportType: string]: unknown };

/** Per member with activities: totals and the distance per sport type. */
export async function userActivitiesReport(
  app: AppContext,
): Promise<{ sportColumns: string[]; users: UserActivityReportRow[] }> {
  const rows = await memberSportTotals(app);
  const people = new Map(
    rows.map((r) => [
      r.userId,
      {
        username: r.username,
        email: r.email,
        // What an admin may see of the member's picture (decision 029).
        profileImageUrl: avatarFor(null, { id: r.userId, ...r }),
      },
    ]),
  );
  const sportColumns = [
    ...DEFAULT_SPORT_COLUMNS,
    ...[...new Set(rows.map((r) => r.sportType))]
      .filter((s) => !(DEFAULT_SPORT_COLUMNS as readonly string[]).includes(s))
      .sort(),
  ];
  const byUser = new Map<number, UserActivityRow>();
  const metres = new Map<number, number>();
  for (const r of rows) {
    const person = people.get(r.userId);
    if (!person) continue;
    let entry = byUser.get(r.userId);
    if (!entry) {
      entry = {
        userId: r.userId,
        ...person,
        totalActivities: 0,
        totalDistanceKm: 0,
        distanceBySport: Object.fromEntries(sportColumns.map((s) => [s, 0])),
      };
      byUser.set(r.userId, entry);
    }
    entry.totalActivities += r.n;
    metres.set(r.userId, (metres.get(r.userId) ?? 0) + r.metres);
    entry.distanceBySport[r.sportType] = toKm1(r.metres);
  }
  for (const [userId, total] of metres) byUser.get(userId)!.totalDistanceKm = toKm1(total);
  const sorted = [...byUser.values()].sort(
    (a, b) => b.totalDistanceKm - a.totalDistanceKm || a.username.localeCompare(b.username),
  );
  return { sportColumns, users: sorted.map((u) => ({ ...u.distanceBySport, ...u })) };
}

/**
 * Members counted in steps of `step` of a per-member number (the spec's user
 * report groups total distance in 50 km buckets and activity counts in
 * buckets of 10).
 */
export function buckets(values: number[], step: number, unit: string, maxBuckets = 12) {
  const counts = new Map<number, number>();
  for (const value of values) {
    // One outlier must not stretch the chart: the last bucket is open-ended.
    const bucket = Math.min(Math.floor(value / step), maxBuckets - 1);
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const last = Math.max(-1, ...counts.keys());
  return Array.from({ length: last + 1 }, (_, b) => ({
    label: b === maxBuckets - 1 ? `${b * step}+${unit}` : `${b * step}-${(b + 1) * step}${unit}`,
    members: counts.get(b) ?? 0,
  }));
}

/** A bucket edge people can read: two significant figures, whole numbers (1,234.5 → 1,200; 87.4 → 87). */
function readableEdge(value: number): number {
  if (value < 100) return Math.round(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  return Math.round(value / unit) * unit;
}

/**
 * Members spread over about `parts` buckets cut at the community's own
 * quantiles (issue #20 item 8: in 50 km steps, 42 of 45 members shared the
 * first bar). Members with nothing are a bucket of their own; the edges are
 * rounded to readable numbers, and a value on an edge goes to the upper bucket.
 */
export function quantileBuckets(values: number[], parts = 5, unit = " km") {
  const zero = values.filter((v) => v <= 0).length;
  const positive = values.filter((v) => v > 0).sort((a, b) => a - b);
  const out: { label: string; members: number }[] = [];
  if (zero > 0) out.push({ label: `0${unit}`, members: zero });
  if (positive.length === 0) return out;
  const edges = [0];
  for (let i = 1; i < parts; i++) {
    const edge = readableEdge(positive[Math.floor((i * positive.length) / parts)]!);
    if (edge > edges[edges.length - 1]!) edges.push(edge);
  }
  const counts = edges.map(() => 0);
  for (const v of positive) {
    let b = edges.length - 1;
    while (b > 0 && v < edges[b]!) b--;
    counts[b]! += 1;
  }
  const n = (x: number) => formatNumber(x, 3);
  edges.forEach((edge, b) => {
    const next = edges[b + 1];
    out.push({
      label: next === undefined ? `${n(edge)}+${unit}` : `${n(edge)}-${n(next)}${unit}`,
      members: counts[b]!,
    });
  });
  return out;
}

/** Members by total distance at the community's quantiles, for the Distance Distribution chart. */
export const distanceQuantiles = (rows: Pick<UserActivityRow, "totalDistanceKm">[]) =>
  quantileBuckets(rows.map((r) => r.totalDistanceKm));

/** Buckets for the Distance Distribution chart: members by total distance in 50 km steps. */
export const distanceBuckets = (rows: Pick<UserActivityRow, "totalDistanceKm">[]) =>
  buckets(
    rows.map((r) => r.totalDistanceKm),
    50,
    " km",
  );

/** Members by their number of activities, in steps of 10. */
export const activityCountBuckets = (rows: Pick<UserActivityRow, "totalActivities">[]) =>
  buckets(
    rows.map((r) => r.totalActivities),
    10,
    "",
  );
