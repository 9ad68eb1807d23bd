/**
 * Whether an activity counts towards a challenge, as raw SQL text. Imports
 * nothing but ./sports: the challenge distance (activities/challenge-distance.ts)
 * builds on it, and that reaches workers/load-context.ts, which vite.config.ts
 * loads without the ~/ aliases.
 */
import { SPORT_GROUPS } from "./sports";

const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");

/**
 * An activity counts towards a challenge, as raw SQL over `a` (activities)
 * and `c` (challenges): the dashboard's sport groups (decision 007), so Ride
 * counts VirtualRide and the other ride types, and AllSports counts everything,
 * unless the challenge lists its own Strava sport types (`c.sport_types`, a comma
 * list: issue #39 item 1), then exactly those count;
 * and only activities of a source the challenge counts (`c.sources`, a comma
 * list of strava, file, archive, manual: issue #14).
 */
/** The activity's sport counts (the sport group, or the challenge's own list of sport types). */
export const SPORT_MATCHES_CHALLENGE = `(CASE WHEN c.sport_types IS NOT NULL THEN instr(',' || c.sport_types || ',', ',' || a.sport_type || ',') > 0 ELSE (c.sport_type = 'AllSports' OR ${Object.entries(
  SPORT_GROUPS,
)
  .map(([sport, types]) => `(c.sport_type = '${sport}' AND a.sport_type IN (${quoted(types)}))`)
  .join(" OR ")}) END)`;

/** The activity's source (strava, file, archive, manual) is one the challenge takes. */
export const SOURCE_MATCHES_CHALLENGE = `(instr(',' || c.sources || ',', ',' || a.source || ',') > 0)`;

export const ACTIVITY_MATCHES_CHALLENGE = `(${SPORT_MATCHES_CHALLENGE} AND ${SOURCE_MATCHES_CHALLENGE})`;
