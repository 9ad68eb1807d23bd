/**
 * GET /api/dashboard/stats and the dashboard's cards: per-sport totals,
 * achievements, commute savings and the last 30 days. Four aggregate
 * statements over the member's indexed rows, sent to D1 as one batch:
 * - totals per sport type from the covering index (user_id, sport_type,
 *   distance, moving_time, total_elevation_gain), folded into the dashboard's
 *   sports, with the overall totals as a window over the same groups;
 * - one index range count per achievement band, all in one row;
 * - the last 30 days on (user_id, start_date);
 * - commutes on (user_id, commute, start_date).
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { activities, activitySportTotals } from "~db/schema";
import type { BatchResponse } from "drizzle-orm/batch";
import { oneRow, type BatchPart, type Db } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { ACHIEVEMENT_BANDS, ACHIEVEMENT_SPORTS, type AchievementSport } from "./achievements";
import { sportGroupOf, sportMatches } from "~/modules/sports/sql.server";
import { countIf, inBand, totalsColumns } from "./activity-sql.server";
import { commuteFactors, commuteSavings, type CommuteFactors } from "./commute";
import { DASHBOARD_SPORTS, type DashboardSport } from "~/modules/sports/sports";

export const RECENT_DAYS = 30;

export interface SportTotals {
  activityCount: number;
  totalDistanceKm: number;
  totalMovingTimeHours: number;
  totalElevation: number;
}

export interface CommuteStats {
  days: number;
  activityCount: number;
  totalDistanceKm: number;
  totalElevation: number;
  /** kg */
  co2Offset: number;
  /** litres */
  fuelSaved: number;
  /** paise */
  moneySaved: number;
  rideCount: number;
  runCount: number;
  walkCount: number;
  /** The factors the savings were computed with (app/modules/activities/commute.ts). */
  factors: CommuteFactors;
}

export type Achievements = { [S in AchievementSport]: Record<string, number> };

export interface DashboardStats {
  overall: SportTotals;
  bySport: Record<DashboardSport, SportTotals>;
  achievements: Achievements;
  commuteStats: CommuteStats;
  /** Totals of the last RECENT_DAYS days. */
  recent: SportTotals & { days: number; since: string };
}

const recentSince = (now: Date) => new Date(now.getTime() - RECENT_DAYS * 86_400_000);

const num = (sqlText: ReturnType<typeof sql>) => sqlText.mapWith(Number);

/** The four statements, exported so the benchmark times the very same SQL with the sqlite3 CLI. */
export function dashboardStatsQueries(db: Db, userId: number, now: Date) {
  const since = recentSince(now);
  const mine = eq(activities.userId, userId);

  // The member's totals per sport type, as the "activities changed" statements keep them
  // (activity_sport_totals, summaries.server.ts): a few rows by primary key, not every activity.
  const t = activitySportTotals;
  const perType = db.$with("per_type").as(
    db
      .select({
        sportType: t.sportType,
        n: sql<number>`${t.activityCount}`.as("n"),
        d: sql<number>`${t.distance}`.as("d"),
        m: sql<number>`${t.movingTime}`.as("m"),
        e: sql<number>`${t.elevation}`.as("e"),
      })
      .from(t)
      .where(eq(t.userId, userId)),
  );
  const bySport = db
    .with(perType)
    .select({
      sport: sportGroupOf(perType.sportType),
      activityCount: num(sql`sum(${perType.n})`),
      totalDistanceKm: num(sql`round(sum(${perType.d}) / 1000.0, 2)`),
      totalMovingTimeHours: num(sql`round(sum(${perType.m}) / 3600.0, 2)`),
      totalElevation: num(sql`round(sum(${perType.e}), 1)`),
      allCount: num(sql`sum(sum(${perType.n})) OVER ()`),
      allDistanceKm: num(sql`round(sum(sum(${perType.d})) OVER () / 1000.0, 2)`),
      allMovingTimeHours: num(sql`round(sum(sum(${perType.m})) OVER () / 3600.0, 2)`),
      allElevation: num(sql`round(sum(sum(${perType.e})) OVER (), 1)`),
    })
    .from(perType)
    .groupBy(sql`1`);

  // One row: a scalar index range count per band (D1 caps UNION terms, so not a union). Each column
  // has its own alias: D1's batch answers rows as objects, so two columns of the same text would collide.
  const bandCounts = ACHIEVEMENT_SPORTS.flatMap((sport) =>
    ACHIEVEMENT_BANDS[sport].map((band) => ({ sport, band })),
  );
  const achievements = db
    .select(
      Object.fromEntries(
        bandCounts.map(({ sport, band }, i) => [
          `${sport}.${band.key}`,
          num(
            sql`(SELECT count(*) FROM ${activities} WHERE ${and(mine, sportMatches(sport), inBand(band))})`,
          ).as(`band_${i}`),
        ]),
      ),
    )
    .from(sql`(SELECT 1)`);

  const recent = db
    .select(totalsColumns())
    .from(activities)
    .where(and(mine, gte(activities.startDate, since)));

  const commute = db
    .select({
      days: num(sql`count(DISTINCT substr(${activities.startDateLocal}, 1, 10))`),
      ...totalsColumns(),
      rideCount: countIf(sportMatches("Ride")),
      runCount: countIf(sportMatches("Run")),
      walkCount: countIf(sportMatches("Walk")),
    })
    .from(activities)
    .where(and(mine, eq(activities.commute, true)));

  return { bySport, achievements, recent, commute, since };
}

/** The four statements as one batch list, for a caller that runs them alongside its own (see statsQuery). */
export function dashboardStatsStatements(db: Db, userId: number, now: Date) {
  const q = dashboardStatsQueries(db, userId, now);
  return [q.bySport, q.achievements, q.recent, q.commute] as const;
}

type StatsRows = BatchResponse<ReturnType<typeof dashboardStatsStatements>>;

/** The stats as a part of a page's one batch (the dashboard). */
export function dashboardStatsPart(app: AppContext, userId: number): BatchPart<DashboardStats> {
  const stats = statsQuery(app);
  return {
    statements: [...stats.statements(userId)],
    assemble: (results) => stats.assemble(results as unknown as StatsRows),
  };
}

/**
 * GET /api/dashboard/stats in one D1 round trip: the route's guard
 * (`requireVerifiedUserWith`) runs `statements` in the same batch as the
 * session's user row, then `assemble` turns the rows into the answer.
 */
export function statsQuery(app: AppContext) {
  const now = app.now();
  return {
    statements: (userId: number) => dashboardStatsStatements(app.db, userId, now),
    assemble: (rows: StatsRows): DashboardStats => assembleDashboardStats(app, now, rows),
  };
}

function assembleDashboardStats(
  app: AppContext,
  now: Date,
  [groupRows, [bands], recentRows, commuteRows]: StatsRows,
): DashboardStats {
  const recentRow = oneRow(recentRows);
  const commuteRow = oneRow(commuteRows);
  const bySportRow = new Map(groupRows.map((row) => [row.sport, row]));
  const bySport = Object.fromEntries(
    DASHBOARD_SPORTS.map((sport) => {
      const row = bySportRow.get(sport);
      return [
        sport,
        {
          activityCount: row?.activityCount ?? 0,
          totalDistanceKm: row?.totalDistanceKm ?? 0,
          totalMovingTimeHours: row?.totalMovingTimeHours ?? 0,
          totalElevation: row?.totalElevation ?? 0,
        },
      ];
    }),
  ) as Record<DashboardSport, SportTotals>;
  const all = groupRows[0];

  const factors = commuteFactors(app.env);
  const achievements = Object.fromEntries(
    ACHIEVEMENT_SPORTS.map((sport) => [
      sport,
      Object.fromEntries(
        ACHIEVEMENT_BANDS[sport].map((band) => [band.key, bands?.[`${sport}.${band.key}`] ?? 0]),
      ),
    ]),
  ) as Achievements;

  return {
    overall: {
      activityCount: all?.allCount ?? 0,
      totalDistanceKm: all?.allDistanceKm ?? 0,
      totalMovingTimeHours: all?.allMovingTimeHours ?? 0,
      totalElevation: all?.allElevation ?? 0,
    },
    bySport,
    achievements,
    commuteStats: {
      days: commuteRow.days,
      activityCount: commuteRow.activityCount,
      totalDistanceKm: commuteRow.totalDistanceKm,
      totalElevation: commuteRow.totalElevation,
      ...commuteSavings(commuteRow.totalDistanceKm, factors),
      rideCount: commuteRow.rideCount,
      runCount: commuteRow.runCount,
      walkCount: commuteRow.walkCount,
      factors,
    },
    recent: { days: RECENT_DAYS, since: recentSince(now).toISOString(), ...recentRow },
  };
}
