/**
 * The milestones that follow from a member's activities (issue #41, decision 051),
 * as raw SQL run in the same db.batch as the activity write (workers/load-context.ts
 * ACTIVITIES_CHANGED) or a challenge's progress refresh: goal percentages passed
 * (50 and 100 %) and new personal bests. INSERT OR IGNORE on feed_items'
 * milestone_key makes each one appear once, however often the refresh runs.
 * Only packages imported: workers/load-context.ts reaches this file, and vite.config.ts loads it without aliases.
 */
import { sql, type SQL } from "drizzle-orm";

/** How long after its end a challenge still announces goals reached (late syncs). */
const GOAL_GRACE_SECONDS = 7 * 86400;

const TARGET = `(CASE WHEN c.goal_type = 'distance' THEN c.target_distance ELSE c.target END)`;

/**
 * Goal percentages passed by the participations `where` selects (SQL over `cp`,
 * challenge_participations): 50 % (unless 100 % is already passed), 100 % (completed).
 */
export function goalMilestonesSql(where: string): string {
  return `INSERT OR IGNORE INTO feed_items (kind, user_id, challenge_id, audience, label, value, milestone_key)
  SELECT CASE WHEN t.pct = 100 THEN 'challenge_completed' ELSE 'challenge_goal' END, cp.user_id, cp.challenge_id,
    'challenge', c.title, t.pct, 'goal:' || cp.challenge_id || ':' || cp.user_id || ':' || t.pct
  FROM challenge_participations cp JOIN challenges c ON c.id = cp.challenge_id
  JOIN (SELECT 50 AS pct UNION ALL SELECT 100) t
  WHERE ${where} AND c.is_active = 1 AND c.end_date >= unixepoch() - ${GOAL_GRACE_SECONDS}
    AND COALESCE(${TARGET}, 0) > 0
    AND cp.progress >= t.pct / 100.0 * ${TARGET}
    AND (t.pct = 100 OR cp.progress < ${TARGET})`;
}

/** A member's goal milestones (after their activities changed). */
const memberGoalMilestones = (userId: number) => goalMilestonesSql(`cp.user_id = ${Math.trunc(userId)}`);

/**
 * New personal bests of a member: a record (activity_records, rebuilt just before)
 * held by another activity with a higher value than the one the feed last saw.
 * A record the feed has never seen (a first import) announces nothing.
 */
function personalBestMilestonesSql(userId: number): string {
  const id = Math.trunc(userId);
  return `INSERT OR IGNORE INTO feed_items (kind, user_id, audience, label, value, milestone_key)
  SELECT 'personal_best', r.user_id, 'profile', r.sport_type || ':' || r.metric, r.value,
    'pb:' || r.user_id || ':' || r.sport_type || ':' || r.metric || ':' || r.activity_id
  FROM activity_records r JOIN feed_record_marks m
    ON m.user_id = r.user_id AND m.sport_type = r.sport_type AND m.metric = r.metric
  WHERE r.user_id = ${id} AND r.activity_id <> m.activity_id AND r.value > m.value`;
}

/** The records the feed has now seen (after personalBestMilestonesSql). */
function recordMarksSql(userId: number): string {
  return `INSERT INTO feed_record_marks (user_id, sport_type, metric, activity_id, value)
  SELECT user_id, sport_type, metric, activity_id, value FROM activity_records WHERE user_id = ${Math.trunc(userId)}
  ON CONFLICT (user_id, sport_type, metric) DO UPDATE SET activity_id = excluded.activity_id, value = excluded.value`;
}

/** The statements run after every change to a member's activities, in this order. */
export const CLUB_MILESTONE_STATEMENTS: readonly ((userId: number) => SQL)[] = [
  (userId) => sql.raw(memberGoalMilestones(userId)),
  (userId) => sql.raw(personalBestMilestonesSql(userId)),
  (userId) => sql.raw(recordMarksSql(userId)),
];
