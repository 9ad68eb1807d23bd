import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof createDb>;
export { schema };

import type { SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";

const dialect = new SQLiteAsyncDialect();

/**
 * Runs hand-written `sql` statements atomically in one D1 batch (D1 has no
 * interactive transactions). drizzle's own batch() accepts query builders;
 * this is for set-based SQL it cannot express.
 */
export async function batchSql<T = Record<string, unknown>>(
  d1: D1Database,
  statements: SQL[],
): Promise<D1Result<T>[]> {
  if (statements.length === 0) return [];
  return d1.batch<T>(
    statements.map((statement) => {
      const query = dialect.sqlToQuery(statement);
      return d1.prepare(query.sql).bind(...query.params);
    }),
  );
}

/**
 * The one row of a statement that always answers exactly one (an
 * `INSERT … RETURNING`, an `UPDATE … RETURNING` of a row just read, an
 * aggregate `SELECT`); a missing row is a bug, not a user error.
 */
export function oneRow<T>(rows: readonly T[]): T {
  const row = rows[0];
  if (row === undefined) throw new Error("Expected one row, got none");
  return row;
}

/**
 * A module's share of a page's one D1 batch: its statements for a member, and
 * how it turns their results (in the same order) into what the page shows.
 * A page runs every part's statements in one db.batch (one round trip) and
 * hands each part its own slice (app/modules/dashboard/page.server.ts).
 */
export interface BatchPart<T> {
  statements: BatchItem<"sqlite">[];
  assemble(results: unknown[]): T | Promise<T>;
}
