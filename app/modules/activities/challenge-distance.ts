/**
 * The progress a participation has earned from activities, as raw SQL text,
 * per the challenge's goal (issue #39 item 1, docs/decisions/043): over the
 * member's matching activities inside [start_date, end_date]
 * (challenge_participations.user_id / challenge_id of the row being updated),
 * distance sums metres, elevation metres gained, time moving seconds, count
 * counts them, and days counts the calendar days in IST (the club zone,
 * app/lib/format.ts CLUB_TIME_ZONE, a fixed +05:30) whose matching distance
 * reaches min_per_day (any matching activity without one); 0 without any.
 * Only the branch of the challenge's goal runs (CASE is lazy). Challenges
 * decide what to do with it (challenges/progress.server.ts: manual
 * corrections, which rows). Imports nothing but ../sports: it reaches
 * workers/load-context.ts, which vite.config.ts loads without the ~/ aliases.
 */
import { ACTIVITY_MATCHES_CHALLENGE } from "../sports/challenge-match";

/** India Standard Time's offset from UTC in minutes (no daylight saving): a day in IST starts at 18:30 UTC. */
export const IST_OFFSET_MINUTES = 330;

const matching = `FROM activities a JOIN challenges c ON c.id = challenge_participations.challenge_id
    WHERE a.user_id = challenge_participations.user_id
      AND a.start_date BETWEEN c.start_date AND c.end_date
      AND ${ACTIVITY_MATCHES_CHALLENGE}`;

const sumOf = (expr: string) => `COALESCE((SELECT SUM(${expr}) ${matching}), 0)`;

const PARTICIPATION_DISTANCE_SQL = sumOf("a.distance");

/**
 * The goal as the CASE below reads it: the mode `longest` (the longest single
 * activity's distance, decision 049) before the measure; a `group` goal's
 * participant earns their own sum of its measure (their contribution).
 */
export const PARTICIPATION_PROGRESS_SQL = `(CASE (SELECT CASE WHEN goal_mode = 'longest' THEN 'longest' ELSE goal_type END FROM challenges WHERE id = challenge_participations.challenge_id)
    WHEN 'longest' THEN COALESCE((SELECT MAX(a.distance) ${matching}), 0)
    WHEN 'elevation' THEN ${sumOf("a.total_elevation_gain")}
    WHEN 'time' THEN ${sumOf("a.moving_time")}
    WHEN 'count' THEN (SELECT COUNT(*) ${matching})
    WHEN 'days' THEN (SELECT COUNT(*) FROM (
      SELECT date(a.start_date, 'unixepoch', '+${IST_OFFSET_MINUTES} minutes') AS day, SUM(a.distance) AS metres, MAX(COALESCE(c.min_per_day, 0)) AS needed
      ${matching}
      GROUP BY day HAVING metres >= needed))
    ELSE ${PARTICIPATION_DISTANCE_SQL} END)`;
