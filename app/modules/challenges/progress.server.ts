/**
 * Challenge progress = the goal (activities/challenge-distance.ts: distance, elevation, time, days, count) over the participant's
 * activities of the challenge's sport inside [startDate, endDate]. Ride counts
 * VirtualRide (and the other ride types of the dashboard's grouping);
 * AllSports counts everything. An admin's manual correction (manual_progress) wins until
 * an admin recalculation clears it. One set-based UPDATE; the sync engine runs
 * it in the same batch as each activity upsert or delete, so leaderboards
 * follow the sync.
 */
import { sql, type SQL } from "drizzle-orm";
// Relative on purpose: workers/load-context.ts imports this file and vite.config.ts loads that without aliases.
import { PARTICIPATION_PROGRESS_SQL } from "../activities/challenge-distance";

/** Raw SQL text of the refresh (keeps manual corrections), narrowed by a WHERE on challenge_participations. */
export function progressUpdateSql(where = "1 = 1"): string {
  return `UPDATE challenge_participations SET progress = COALESCE(manual_progress, ${PARTICIPATION_PROGRESS_SQL}), updated_at = unixepoch()
  WHERE ${where}`;
}

/** Refreshes every participation of one member (after their activities changed). */
export function refreshMemberProgress(userId: number): SQL {
  return sql.raw(progressUpdateSql(`user_id = ${Math.trunc(userId)}`));
}

/** Admin recalculation: drops manual corrections and recomputes a whole challenge in one statement. */
export function recalculateChallengeStatement(challengeId: number): SQL {
  return sql.raw(`UPDATE challenge_participations SET manual_progress = NULL, progress = ${PARTICIPATION_PROGRESS_SQL}, updated_at = unixepoch()
  WHERE challenge_id = ${Math.trunc(challengeId)}`);
}

/** Refreshes one participation (after joining). */
export function refreshParticipationStatement(challengeId: number, userId: number): SQL {
  return sql.raw(
    progressUpdateSql(`challenge_id = ${Math.trunc(challengeId)} AND user_id = ${Math.trunc(userId)}`),
  );
}
