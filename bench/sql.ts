/**
 * The app's own statements as plain SQL for the sqlite3 CLI: built by the
 * same module functions the Worker runs (drizzle's toSQL), with the bound
 * parameters inlined.
 */
import { createDb } from "../db/client";
import { dashboardStatsQueries } from "../app/modules/activities/stats.server";
import { listQueries } from "../app/modules/activities/list.server";
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { memberLoadRows } from "../app/modules/activities/queries.server";
import { currentEdition, istDay } from "../app/modules/wari/edition";
import { chartRange } from "../app/modules/wari/training-load.server";
import { fitnessSeries, trainingDays, type LoadActivity } from "../app/modules/wari/training-load";
import type { AppContext } from "../workers/load-context";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { feedCommentsSql, feedItemsSql } from "../app/modules/club/feed.server";
import { feedQuerySchema } from "../app/modules/club/schema";

/** The local D1 file that `wrangler … --persist-to <persist>` keeps. */
export function d1FileIn(persist: string): string {
  const dir = join(persist, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  if (!file) throw new Error("no D1 file");
  return join(dir, file);
}

/** The sqlite3 CLI on that file: its output. */
export function sqliteIn(persist: string, input: string): string {
  return execFileSync("sqlite3", [d1FileIn(persist)], {
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
}

interface ToSql {
  toSQL(): { sql: string; params: unknown[] };
}

/** `?` placeholders replaced by literals (our statements have no `?` inside string literals). */
export function inline(query: ToSql): string {
  const { sql, params } = query.toSQL();
  let i = 0;
  return sql.replace(/\?/g, () => {
    const p = params[i++];
    if (p === null || p === undefined) return "NULL";
    if (typeof p === "number") return String(p);
    if (typeof p === "boolean") return p ? "1" : "0";
    return `'${String(p).replace(/'/g, "''")}'`;
  });
}

// The statements are only built here, never run: no database binding is needed.
const db = createDb({} as D1Database);

const dialect = new SQLiteAsyncDialect();
/** A hand-written `sql` statement with its parameters inlined. */
const inlineSql = (statement: SQL) => inline({ toSQL: () => dialect.sqlToQuery(statement) });

/**
 * The two statements of the first page of /club for `viewerId` (issue #41): its
 * items, then the comments of those with any (their ids read once from `file`).
 */
export function clubFeedSql(file: string, viewerId: number): string[] {
  const items = inlineSql(feedItemsSql(viewerId, feedQuerySchema.parse({})));
  const ids = execFileSync(
    "sqlite3",
    ["-readonly", file, `SELECT id FROM (SELECT * FROM (${items}) LIMIT 20) WHERE comment_count > 0`],
    {
      encoding: "utf8",
    },
  )
    .split("\n")
    .filter(Boolean)
    .map(Number);
  return ids.length ? [items, inlineSql(feedCommentsSql(ids))] : [items];
}

/** The statements behind GET /api/dashboard/stats. */
export function statsSql(userId: number, now: Date): string[] {
  const q = dashboardStatsQueries(db, userId, now);
  return [inline(q.bySport), inline(q.achievements), inline(q.recent), inline(q.commute)];
}

/** The two statements of GET /api/activities?page=N (limit 20, newest first). */
export function listPageSql(userId: number, page: number): string[] {
  const q = listQueries(db, userId, { page });
  return [inline(q.total), inline(q.rows)];
}

/** Wari's one read of the member's activities (memberLoadRows) as SQL. */
export function fitnessRowsSql(userId: number): string {
  return inline(memberLoadRows({ db } as AppContext, userId));
}

/** The pass a stale cache costs: the member's rows into daily totals and the chart's curves, timed per run (ms). */
export function fitnessChartCompute(
  file: string,
  userId: number,
  now: Date,
  warmup: number,
  runs: number,
): number[] {
  const json = execFileSync("sqlite3", ["-json", file, fitnessRowsSql(userId)], {
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const rows = JSON.parse(json) as Record<string, unknown>[];
  const activities: LoadActivity[] = rows.map((r) => ({
    startDateLocal: String(r.start_date_local),
    sportType: String(r.sport_type),
    distance: Number(r.distance),
    movingTime: Number(r.moving_time),
    totalElevationGain: Number(r.total_elevation_gain),
  }));
  // The chart is anchored on the current edition's ride day, as getFitnessChart does.
  const editions = execFileSync(
    "sqlite3",
    ["-json", file, "SELECT ride_date AS rideDate FROM wari_editions"],
    {
      encoding: "utf8",
    },
  );
  const current = currentEdition(
    editions.trim() ? (JSON.parse(editions) as { rideDate: string }[]) : [],
    now,
  );
  const { from, to } = chartRange(now, current?.edition.rideDate ?? istDay(now));
  const times: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = performance.now();
    fitnessSeries(trainingDays(activities), from, to);
    if (i >= warmup) times.push(performance.now() - start);
  }
  return times;
}
