/**
 * The sport rules of sports.ts as SQL, so a sport means the same thing in the
 * dashboard's stats, the activity list, challenge progress, the fitness
 * profile and the Wari analysis. A lower module: it knows the activities
 * table's columns but no module above it.
 */
import { sql, type AnyColumn, type SQL } from "drizzle-orm";
import { activities } from "~db/schema";
import { DASHBOARD_SPORTS, SPORT_GROUPS, sportTypesOf } from "./sports";

/** `'a', 'b'` from our own constants (Strava sport type names), never from input. */
function literals(values: readonly string[]): SQL {
  for (const v of values) if (!/^[A-Za-z0-9]+$/.test(v)) throw new Error(`not a sport type constant: ${v}`);
  return sql.raw(values.map((v) => `'${v}'`).join(", "));
}

/** The dashboard sport of a sport type column: CASE over the sport groups, 'Other' for the rest. */
export function sportGroupOf(column: AnyColumn | SQL.Aliased): SQL<string> {
  return sql<string>`CASE ${sql.join(
    DASHBOARD_SPORTS.filter((s) => s !== "Other").map(
      (s) =>
        sql`WHEN ${column} IN (${literals(SPORT_GROUPS[s as keyof typeof SPORT_GROUPS])}) THEN ${sql.raw(`'${s}'`)}`,
    ),
    sql` `,
  )} ELSE 'Other' END`;
}

/** `sport_type` matches a filter value: a dashboard sport (its group), or one exact Strava sport type. */
export function sportMatches(value: string): SQL {
  const types = sportTypesOf(value);
  if ("exclude" in types) return sql`${activities.sportType} NOT IN (${literals(types.exclude)})`;
  if (types.include.length === 1) return sql`${activities.sportType} = ${types.include[0]}`;
  return sql`${activities.sportType} IN (${literals(types.include)})`;
}
