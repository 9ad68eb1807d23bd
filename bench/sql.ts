/**
 * The app's own statements as plain SQL for the sqlite3 CLI: built by the
 * same module functions the Worker runs (drizzle's toSQL), with the bound
 * parameters inlined.
 */
import { createDb } from "../db/client";
import { dashboardStatsQueries } from "../app/modules/activities/stats.server";
import { listQueries } from "../app/modules/activities/list.server";

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
