/**
 * The distance a participation has earned from activities, as raw SQL text:
 * the sum of the member's activities of the challenge's sport inside
 * [start_date, end_date] (challenge_participations.user_id /
 * challenge_id of the row being updated), 0 without any. Challenges decide
 * what to do with it (challenges/progress.server.ts: manual corrections,
 * which rows). Imports nothing but ../sports: it reaches
 * workers/load-context.ts, which vite.config.ts loads without the ~/ aliases.
 */
import { ACTIVITY_MATCHES_CHALLENGE } from "../sports/challenge-match";

export const PARTICIPATION_DISTANCE_SQL = `COALESCE((
    SELECT SUM(a.distance) FROM activities a JOIN challenges c ON c.id = challenge_participations.challenge_id
    WHERE a.user_id = challenge_participations.user_id
      AND a.start_date BETWEEN c.start_date AND c.end_date
      AND ${ACTIVITY_MATCHES_CHALLENGE}
  ), 0)`;
