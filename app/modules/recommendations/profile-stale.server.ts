/**
 * The recommendations module's "activities changed" statement: when a
 * member's activities change, their stored fitness profile becomes stale in
 * the same batch, and `getFitnessProfile` recomputes it on its next read (as
 * it does for a profile older than a day). No imports beyond drizzle, so the
 * composition in workers/load-context.ts stays light.
 */
import { sql, type SQL } from "drizzle-orm";

export function markFitnessProfileStale(userId: number): SQL {
  return sql`UPDATE fitness_profiles SET last_updated = 0 WHERE user_id = ${Math.trunc(userId)}`;
}
