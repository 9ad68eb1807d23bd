/**
 * Wari's "activities changed" statement (decision 024): the member's cached
 * training days become stale in the same batch as the write, and the next
 * read recomputes them. An upsert, so a write that lands while the first
 * computation runs (no row yet) still outdates it; nothing for a member
 * who no longer exists. No imports beyond drizzle:
 * workers/load-context.ts composes it.
 */
import { sql, type SQL } from "drizzle-orm";

export function markTrainingLoadStale(userId: number): SQL {
  const id = Math.trunc(userId);
  return sql`INSERT INTO training_load_cache (user_id, generation, days) SELECT id, 1, NULL FROM users WHERE id = ${id} ON CONFLICT (user_id) DO UPDATE SET generation = generation + 1, days = NULL`;
}
