/**
 * The weekly digest's bench (issue #41, decision 054): 10,000 more members
 * (verified, each with a day of riding last week) seeded beside the bench's
 * own, then the quarter-hourly cron run through wrangler dev's /__scheduled
 * until the digest's cursor says done. `digest10kMs` is the cron runs' total
 * wall time (with the production DIGEST_BATCHES_PER_RUN), `runs` how many it
 * took and `perRunMs` each. The queue's consumer sends the e-mails to the
 * fakes meanwhile, in the same workerd, so the figure includes that load.
 */
import { execFileSync } from "node:child_process";

export const DIGEST_BENCH_MEMBERS = 10_000;
/** Ids far above the bench's other members. */
const FIRST_ID = 5_000_000;

/** The IST Monday (YYYY-MM-DD) of the week before `now`'s: the week the digest reports. */
function lastWeekMonday(now: Date): string {
  const wall = new Date(now.getTime() + 330 * 60_000);
  const weekday = (wall.getUTCDay() + 6) % 7;
  return new Date(wall.getTime() - (weekday + 7) * 86_400_000).toISOString().slice(0, 10);
}

/** sqlite3 SQL: the digest's members and their week (a recursive CTE: no 10,000-line script). */
export function digestBenchSql(now: Date): string {
  const monday = lastWeekMonday(now);
  return `
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${DIGEST_BENCH_MEMBERS - 1})
INSERT INTO users (id, username, email, is_verified, profile_completed)
  SELECT ${FIRST_ID} + i, 'digest' || i, 'digest' || i || '@bench.test', 1, 1 FROM n;
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${DIGEST_BENCH_MEMBERS - 1})
INSERT INTO activity_day_totals (user_id, day, sport_type, activity_count, distance, moving_time, elevation)
  SELECT ${FIRST_ID} + i, '${monday}', 'Ride', 1, 20000 + i, 3600, 100 FROM n;`;
}

/** Runs the cron until the digest's cursor is done (at most `maxRuns`); the runs' wall times. */
export async function timeDigest(target: string, dbFile: string, maxRuns = 40) {
  const cursor = () =>
    execFileSync(
      "sqlite3",
      ["-readonly", dbFile, "SELECT week || '|' || done FROM digest_cursor WHERE id = 1"],
      {
        encoding: "utf8",
      },
    ).trim();
  const perRunMs: number[] = [];
  for (let run = 0; run < maxRuns; run++) {
    const started = performance.now();
    const res = await fetch(`${target}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
    await res.text();
    perRunMs.push(Math.round(performance.now() - started));
    const state = cursor();
    if (!state)
      return { digest10kMs: null, note: "not due (Monday before 07:00 IST)", runs: run + 1, perRunMs };
    if (state.endsWith("|1")) {
      const sum = perRunMs.reduce((a, b) => a + b, 0);
      return { digest10kMs: sum, members: DIGEST_BENCH_MEMBERS, runs: run + 1, perRunMs };
    }
  }
  return { digest10kMs: null, note: `not done after ${maxRuns} runs`, runs: maxRuns, perRunMs };
}
