/**
 * Wari results in D1 (issue #38 item 5, decision 045). Each registered member's
 * result of an edition is stored in `wari_results`: refreshed on read once the
 * ride day is over in India (one statement finds every member's longest ride of
 * the window through the activities module; only changed rows are written, in
 * one db.batch), and reviewed by an admin (confirmed or corrected, each review
 * a row of `wari_result_audit`). Counts are SQL aggregates over the stored rows.
 */
import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { users, wariEditions, wariRegistrations, wariResultAudit, wariResults } from "~db/schema";
import type { User } from "~db/schema";
import type { BatchPart } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { longestRidesStartedBetween, type LongestRideRow } from "~/modules/activities/queries.server";
import { AppError } from "~/lib/http.server";
import { toCsv } from "~/lib/csv";
import { editionMode, type Edition } from "./edition";
import { getEdition, listEditions, type CurrentEdition } from "./editions.server";
import { getCurrentPlan } from "./plan.server";
import {
  metresToKm1,
  nextEditionDate,
  RESULT_LABELS,
  resultOf,
  resultWindowMs,
  type EventResult,
  type ResultValue,
  type ResultView,
} from "./results";
import { RESULT_MSG, type ReviewInput } from "./results-schema";
import { planAdherence } from "./workout-matching";
import { WARI_MSG } from "./messages";
import { wariFinishedStatement } from "~/modules/club/feed.server";

type StoredRow = typeof wariResults.$inferSelect;

const rideOf = (row: LongestRideRow) =>
  row.id === null
    ? []
    : [
        {
          activityId: row.id,
          name: row.name ?? "",
          distanceM: row.distance ?? 0,
          movingTime: row.movingTime ?? 0,
          elapsedTime: row.elapsedTime ?? 0,
          startMs: (row.startDate ?? 0) * 1000,
        },
      ];

const sameComputed = (stored: StoredRow | undefined, value: ResultValue) =>
  stored !== undefined &&
  stored.status === value.status &&
  stored.activityId === value.activityId &&
  stored.activityName === value.activityName &&
  stored.distanceM === value.distanceM &&
  stored.movingTime === value.movingTime &&
  stored.elapsedTime === value.elapsedTime &&
  (stored.startedAt?.getTime() ?? null) === value.startMs;

/**
 * Recomputes the stored results of an edition once its ride day is over (IST):
 * every registered member's, or one member's. Writes only the rows that changed
 * and never a row an admin reviewed (confirmed or corrected: it stays as reviewed).
 */
export async function refreshResults(app: AppContext, edition: Edition, userId?: number): Promise<void> {
  if (editionMode(edition, app.now()) !== "results") return;
  const year = edition.year;
  const members: SQL = sql`SELECT ${wariRegistrations.userId} AS user_id FROM ${wariRegistrations}
    WHERE ${wariRegistrations.eventYear} = ${year}${userId === undefined ? sql`` : sql` AND ${wariRegistrations.userId} = ${userId}`}`;
  const window = resultWindowMs(edition.rideDate);
  const [rides, stored] = await Promise.all([
    longestRidesStartedBetween(app, members, new Date(window.from), new Date(window.to)),
    app.db
      .select()
      .from(wariResults)
      .where(
        and(
          eq(wariResults.editionYear, year),
          userId === undefined ? undefined : eq(wariResults.userId, userId),
        ),
      ),
  ]);
  const byUser = new Map(stored.map((row) => [row.userId, row]));
  // The club feed (decision 051): a finish appears once, however often results are recomputed.
  const finishes = rides.flatMap((row) =>
    resultOf(rideOf(row), edition).status === "finished"
      ? [wariFinishedStatement(app, row.userId, year)]
      : [],
  );
  const now = app.now();
  const writes = rides.flatMap((row) => {
    const before = byUser.get(row.userId);
    // An admin's confirmed or corrected result stands as it was reviewed.
    if (before?.review) return [];
    const value = resultOf(rideOf(row), edition);
    if (sameComputed(before, value)) return [];
    const computed = {
      status: value.status,
      activityId: value.activityId,
      activityName: value.activityName,
      distanceM: value.distanceM,
      movingTime: value.movingTime,
      elapsedTime: value.elapsedTime,
      startedAt: value.startMs === null ? null : new Date(value.startMs),
      computedAt: now,
    };
    return [
      app.db
        .insert(wariResults)
        .values({ editionYear: year, userId: row.userId, ...computed })
        .onConflictDoUpdate({ target: [wariResults.editionYear, wariResults.userId], set: computed }),
    ];
  });
  const [first, ...rest] = [...writes, ...finishes];
  if (first) await app.db.batch([first, ...rest]);
}

/** The result shown: the admin's values once reviewed, else the computed ones. */
function viewOf(row: StoredRow): ResultView {
  const reviewed = row.review !== null;
  return {
    status: reviewed ? (row.reviewedStatus ?? row.status) : row.status,
    review: row.review,
    activityId: row.activityId,
    activityName: row.activityName,
    distanceKm: metresToKm1(reviewed ? row.reviewedDistanceM : row.distanceM),
    movingTimeSeconds: reviewed ? row.reviewedMovingTime : row.movingTime,
    elapsedTimeSeconds: reviewed ? row.reviewedElapsedTime : row.elapsedTime,
    startedAt: row.startedAt?.toISOString() ?? null,
  };
}

/** A registration's stored result, as a join condition. */
const registrationsResult = and(
  eq(wariRegistrations.eventYear, wariResults.editionYear),
  eq(wariRegistrations.userId, wariResults.userId),
);

/** The result's status after review, as SQL (counts of finishers). */
const finalStatus = sql`coalesce(${wariResults.reviewedStatus}, ${wariResults.status})`;

/** Finishers per edition year, one aggregate over the stored results. */
async function finisherCounts(app: AppContext, year?: number): Promise<Map<number, number>> {
  const rows = await app.db
    .select({ year: wariResults.editionYear, n: sql<number>`count(*)` })
    .from(wariResults)
    .innerJoin(wariRegistrations, registrationsResult)
    .where(
      and(
        sql`${finalStatus} = 'finished'`,
        year === undefined ? undefined : eq(wariResults.editionYear, year),
      ),
    )
    .groupBy(wariResults.editionYear);
  return new Map(rows.map((r) => [r.year, Number(r.n)]));
}

async function storedResult(app: AppContext, year: number, userId: number): Promise<StoredRow | null> {
  const [row] = await app.db
    .select()
    .from(wariResults)
    .where(and(eq(wariResults.editionYear, year), eq(wariResults.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * /wari in results mode: the member's result (null when not registered) and the
 * club's finisher count; null before the ride day is over.
 */
export async function memberEventResult(
  app: AppContext,
  userId: number,
  current: CurrentEdition | null,
): Promise<EventResult | null> {
  if (!current || current.mode !== "results") return null;
  const { edition } = current;
  await refreshResults(app, edition, userId);
  const [row, counts] = await Promise.all([
    storedResult(app, edition.year, userId),
    finisherCounts(app, edition.year),
  ]);
  return {
    registered: row !== null,
    // A member who did not register still sees their ride of the day; it is not in the club's results.
    result: row ? viewOf(row) : await liveResult(app, edition, userId),
    finisherCount: counts.get(edition.year) ?? 0,
    rideDate: edition.rideDate,
    nextEventDate: nextEditionDate(app.env.WARI_NEXT_EVENT_DATE, edition.rideDate),
  };
}

/** The member's result computed now and not stored (a member who did not register). */
async function liveResult(app: AppContext, edition: Edition, userId: number): Promise<ResultView> {
  const window = resultWindowMs(edition.rideDate);
  const [row] = await longestRidesStartedBetween(
    app,
    sql`SELECT ${userId} AS user_id`,
    new Date(window.from),
    new Date(window.to),
  );
  const value = resultOf(row ? rideOf(row) : [], edition);
  return {
    status: value.status,
    review: null,
    activityId: value.activityId,
    activityName: value.activityName,
    distanceKm: metresToKm1(value.distanceM),
    movingTimeSeconds: value.movingTime,
    elapsedTimeSeconds: value.elapsedTime,
    startedAt: value.startMs === null ? null : new Date(value.startMs).toISOString(),
  };
}

/** The editions the member is registered for whose ride day is over, their results refreshed. */
async function refreshMemberResults(app: AppContext, userId: number, editions: readonly Edition[]) {
  const registered = await app.db
    .select({ year: wariRegistrations.eventYear })
    .from(wariRegistrations)
    .where(eq(wariRegistrations.userId, userId));
  const years = new Set(registered.map((r) => r.year));
  const past = editions.filter((e) => years.has(e.year) && editionMode(e, app.now()) === "results");
  await Promise.all(past.map((e) => refreshResults(app, e, userId)));
  return years;
}

export interface FinisherBadge {
  year: number;
  name: string;
  distanceKm: number;
}

/** The editions the member finished (dashboard and profile badges), newest first. */
export async function finisherBadges(app: AppContext, userId: number): Promise<FinisherBadge[]> {
  await refreshMemberResults(app, userId, await listEditions(app));
  return badgesRead(app, userId);
}

/**
 * The finisher badges as a part of a page's one batch (the dashboard): the badges, and which of
 * the member's registrations have a stored result. Only a past edition the member registered for
 * with no stored result yet is computed here (then the badges are read again); the stored results
 * are refreshed by /wari, the admin's results page and the cron. `editions` is the same batch's.
 */
export function finisherBadgesPart(
  app: AppContext,
  userId: number,
  editions: () => readonly Edition[],
): BatchPart<FinisherBadge[]> {
  const registrations = app.db
    .select({ year: wariRegistrations.eventYear, stored: sql<number>`${wariResults.userId} IS NOT NULL` })
    .from(wariRegistrations)
    .leftJoin(wariResults, registrationsResult)
    .where(eq(wariRegistrations.userId, userId));
  return {
    statements: [registrations, badgesRead(app, userId)],
    assemble: async ([registered, badges]) => {
      const missing = new Set(
        (registered as { year: number; stored: number }[]).filter((r) => !r.stored).map((r) => r.year),
      );
      const due = editions().filter((e) => missing.has(e.year) && editionMode(e, app.now()) === "results");
      if (due.length === 0) return badges as FinisherBadge[];
      await Promise.all(due.map((e) => refreshResults(app, e, userId)));
      return badgesRead(app, userId);
    },
  };
}

function badgesRead(app: AppContext, userId: number) {
  return app.db
    .select({ year: wariEditions.year, name: wariEditions.name, distanceKm: wariEditions.distanceKm })
    .from(wariResults)
    .innerJoin(wariEditions, eq(wariEditions.year, wariResults.editionYear))
    .innerJoin(wariRegistrations, registrationsResult)
    .where(and(eq(wariResults.userId, userId), sql`${finalStatus} = 'finished'`))
    .orderBy(desc(wariEditions.year));
}

export interface HistoryEdition {
  year: number;
  name: string;
  rideDate: string;
  distanceKm: number;
  over: boolean;
  registered: boolean;
  /** Workouts matched / planned of the member's plan for the edition, null without a plan. */
  plan: { done: number; planned: number } | null;
  result: ResultView | null;
  finisherCount: number;
}

/** /wari/history: every edition, newest first, with the member's registration, plan adherence and result. */
export async function memberWariHistory(app: AppContext, userId: number): Promise<HistoryEdition[]> {
  const editions = await listEditions(app);
  const years = await refreshMemberResults(app, userId, editions);
  const [stored, counts, plans] = await Promise.all([
    app.db.select().from(wariResults).where(eq(wariResults.userId, userId)),
    finisherCounts(app),
    Promise.all(editions.map((e) => (years.has(e.year) ? getCurrentPlan(app, userId, e) : null))),
  ]);
  const byYear = new Map(stored.map((row) => [row.editionYear, row]));
  return editions
    .map((edition, i) => {
      const row = years.has(edition.year) ? byYear.get(edition.year) : undefined;
      const plan = plans[i];
      return {
        year: edition.year,
        name: edition.name,
        rideDate: edition.rideDate,
        distanceKm: edition.distanceKm,
        over: editionMode(edition, app.now()) === "results",
        registered: years.has(edition.year),
        plan: plan ? planAdherence(plan.planDetails.weeklySchedule) : null,
        result: row ? viewOf(row) : null,
        finisherCount: counts.get(edition.year) ?? 0,
      };
    })
    .reverse();
}

export interface AdminResultRow extends ResultView {
  userId: number;
  name: string;
  email: string;
  /** The computed status, beside the reviewed one. */
  computedStatus: string;
  reviewedBy: string | null;
  reviewedAt: string | null;
}

const memberName = (u: { firstName: string | null; lastName: string | null; username: string }) =>
  [u.firstName, u.lastName].filter(Boolean).join(" ") || u.username;

async function requireEdition(app: AppContext, year: number): Promise<Edition> {
  const edition = await getEdition(app, year);
  if (!edition) throw new AppError(404, WARI_MSG.noEdition);
  return edition;
}

/**
 * The admin's finisher list of an edition (GET /api/admin/wari/editions/{year}/results):
 * every registered member's result, finishers first, longest first; empty before the ride day is over.
 */
export async function editionResults(app: AppContext, year: number) {
  const edition = await requireEdition(app, year);
  const over = editionMode(edition, app.now()) === "results";
  await refreshResults(app, edition);
  const reviewer = alias(users, "reviewer");
  const [rows, registeredRows] = await Promise.all([
    app.db
      .select({ result: wariResults, user: users, reviewer: { name: reviewer.username } })
      .from(wariResults)
      .innerJoin(
        wariRegistrations,
        and(
          eq(wariRegistrations.eventYear, wariResults.editionYear),
          eq(wariRegistrations.userId, wariResults.userId),
        ),
      )
      .innerJoin(users, eq(users.id, wariResults.userId))
      .leftJoin(reviewer, eq(reviewer.id, wariResults.reviewedBy))
      .where(eq(wariResults.editionYear, year))
      .orderBy(
        sql`CASE ${finalStatus} WHEN 'finished' THEN 0 WHEN 'partial' THEN 1 ELSE 2 END`,
        desc(sql`coalesce(${wariResults.reviewedDistanceM}, ${wariResults.distanceM}, 0)`),
        asc(users.username),
      ),
    app.db
      .select({ n: sql<number>`count(*)` })
      .from(wariRegistrations)
      .where(eq(wariRegistrations.eventYear, year)),
  ]);
  const results: AdminResultRow[] = rows.map(({ result, user, reviewer: by }) => ({
    ...viewOf(result),
    userId: user.id,
    name: memberName(user),
    email: user.email,
    computedStatus: result.status,
    reviewedBy: by?.name ?? null,
    reviewedAt: result.reviewedAt?.toISOString() ?? null,
  }));
  return {
    edition: {
      year: edition.year,
      name: edition.name,
      date: edition.rideDate,
      distanceKm: edition.distanceKm,
    },
    over,
    registered: Number(registeredRows[0]?.n ?? 0),
    finisherCount: results.filter((r) => r.status === "finished").length,
    results,
  };
}
export type EditionResults = Awaited<ReturnType<typeof editionResults>>;

const resultText = (v: {
  status: string;
  distanceM: number | null;
  movingTime: number | null;
  elapsedTime: number | null;
}) =>
  JSON.stringify({
    status: v.status,
    distanceKm: metresToKm1(v.distanceM),
    movingTime: v.movingTime,
    elapsedTime: v.elapsedTime,
  });

/**
 * An admin confirms (freezes the computed result) or corrects (sets the values)
 * a registered member's result of an edition that is over; the change and its
 * audit row are written in one db.batch. Answers the member's row.
 */
export async function reviewResult(app: AppContext, admin: User, year: number, input: ReviewInput) {
  const edition = await requireEdition(app, year);
  if (editionMode(edition, app.now()) !== "results")
    throw new AppError(409, RESULT_MSG.notOver, { code: "edition_not_over" });
  await refreshResults(app, edition, input.userId);
  const [row, registration] = await Promise.all([
    storedResult(app, year, input.userId),
    app.db
      .select({ id: wariRegistrations.id })
      .from(wariRegistrations)
      .where(and(eq(wariRegistrations.eventYear, year), eq(wariRegistrations.userId, input.userId)))
      .limit(1),
  ]);
  if (!row || !registration[0])
    throw new AppError(404, RESULT_MSG.notRegistered, { errors: { userId: [RESULT_MSG.notRegistered] } });
  const before = viewOf(row);
  const next =
    input.intent === "confirm"
      ? {
          status: before.status,
          distanceM: row.review ? row.reviewedDistanceM : row.distanceM,
          movingTime: before.movingTimeSeconds,
          elapsedTime: before.elapsedTimeSeconds,
        }
      : {
          status: input.status,
          distanceM: input.distanceKm === undefined ? null : Math.round(input.distanceKm * 1000),
          movingTime: input.movingTime ?? null,
          elapsedTime: input.elapsedTime ?? null,
        };
  const review = input.intent === "confirm" ? ("confirmed" as const) : ("corrected" as const);
  const now = app.now();
  await app.db.batch([
    app.db
      .update(wariResults)
      .set({
        review,
        reviewedStatus: next.status,
        reviewedDistanceM: next.distanceM,
        reviewedMovingTime: next.movingTime,
        reviewedElapsedTime: next.elapsedTime,
        reviewedBy: admin.id,
        reviewedAt: now,
      })
      .where(and(eq(wariResults.editionYear, year), eq(wariResults.userId, input.userId))),
    app.db.insert(wariResultAudit).values({
      editionYear: year,
      userId: input.userId,
      adminId: admin.id,
      action: review,
      fromResult: resultText({
        status: before.status,
        distanceM: row.review ? row.reviewedDistanceM : row.distanceM,
        movingTime: before.movingTimeSeconds,
        elapsedTime: before.elapsedTimeSeconds,
      }),
      toResult: resultText(next),
      note: input.note ?? null,
      at: now,
    }),
  ]);
  const updated = await storedResult(app, year, input.userId);
  return {
    message: review === "confirmed" ? RESULT_MSG.confirmed : RESULT_MSG.corrected,
    ...viewOf(updated!),
  };
}

/** The audit of an edition's reviews, newest first (the admin page). */
export async function resultAudit(app: AppContext, year: number) {
  const admin = alias(users, "admin");
  const rows = await app.db
    .select({ audit: wariResultAudit, member: users, admin: { name: admin.username } })
    .from(wariResultAudit)
    .innerJoin(users, eq(users.id, wariResultAudit.userId))
    .leftJoin(admin, eq(admin.id, wariResultAudit.adminId))
    .where(eq(wariResultAudit.editionYear, year))
    .orderBy(desc(wariResultAudit.at), desc(wariResultAudit.id))
    .limit(50);
  return rows.map(({ audit, member, admin: by }) => ({
    id: audit.id,
    member: memberName(member),
    admin: by?.name ?? null,
    action: audit.action,
    from: audit.fromResult,
    to: audit.toResult,
    note: audit.note,
    at: audit.at.toISOString(),
  }));
}

export const RESULT_CSV_COLUMNS = [
  "name",
  "email",
  "result",
  "distance_km",
  "moving_time_s",
  "elapsed_time_s",
  "activity",
  "started_at",
  "review",
  "reviewed_by",
  "reviewed_at",
] as const;

/** GET /api/admin/wari/editions/{year}/results.csv: the finisher list as CSV (formula-guarded). */
export async function resultsCsv(app: AppContext, year: number): Promise<Response> {
  const { results } = await editionResults(app, year);
  const csv = toCsv(
    RESULT_CSV_COLUMNS,
    results.map((r) => ({
      name: r.name,
      email: r.email,
      result: RESULT_LABELS[r.status],
      distance_km: r.distanceKm,
      moving_time_s: r.movingTimeSeconds,
      elapsed_time_s: r.elapsedTimeSeconds,
      activity: r.activityName,
      started_at: r.startedAt,
      review: r.review ?? "",
      reviewed_by: r.reviewedBy,
      reviewed_at: r.reviewedAt,
    })),
  );
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="wari-${year}-results.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
