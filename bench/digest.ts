/**
 * The weekly digest's bench (issue #41, decision 054): 10,000 more members
 * (verified, each with a day of riding last week) seeded beside the bench's
 * own, then ONE quarter-hourly cron run through wrangler dev's /__scheduled
 * (the production DIGEST_BATCHES_PER_RUN): it queues the week's ranges of 50,
 * and the `digests` queue's consumer, in the same workerd, builds and sends
 * them to the fake e-mail provider. `digest10kMs` is the time from the cron
 * run's start until digest_sends holds all 10,000 as sent (polled with the
 * sqlite3 CLI on the D1 file); `cronRunMs` is that one run's wall time.
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

/** How often digest_sends is counted while the consumer works, and for how long at most. */
const POLL_MS = 250;
const TIMEOUT_MS = 300_000;

/** One cron run, then the wait until the 10,000 members' digests are sent; the times. */
export async function timeDigest(target: string, dbFile: string) {
  const count = (query: string) =>
    Number(execFileSync("sqlite3", ["-readonly", dbFile, query], { encoding: "utf8" }).trim() || 0);
  const sent = () =>
    count(`SELECT count(*) FROM digest_sends WHERE status = 'sent' AND user_id >= ${FIRST_ID}`);
  const started = performance.now();
  const res = await fetch(`${target}/__scheduled?cron=${encodeURIComponent("*/15 * * * *")}`);
  await res.text();
  const cronRunMs = Math.round(performance.now() - started);
  const cursor = execFileSync(
    "sqlite3",
    [
      "-readonly",
      dbFile,
      "SELECT week || '|' || done || '|' || last_user_id FROM digest_cursor WHERE id = 1",
    ],
    { encoding: "utf8" },
  ).trim();
  if (!cursor) return { digest10kMs: null, note: "not due (Monday before 07:00 IST)", runs: 1, cronRunMs };
  if (!cursor.split("|")[1]?.startsWith("1"))
    return {
      digest10kMs: null,
      note: `one cron run did not queue every range (${cursor})`,
      runs: 1,
      cronRunMs,
    };
  let n = sent();
  while (n < DIGEST_BENCH_MEMBERS && performance.now() - started < TIMEOUT_MS) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    n = sent();
  }
  const digest10kMs = Math.round(performance.now() - started);
  const failed = count(`SELECT count(*) FROM digest_sends WHERE status <> 'sent' AND user_id >= ${FIRST_ID}`);
  const allMembers = count("SELECT count(*) FROM digest_sends WHERE status = 'sent'");
  if (n < DIGEST_BENCH_MEMBERS)
    return {
      digest10kMs: null,
      note: `${n} of ${DIGEST_BENCH_MEMBERS} sent after ${TIMEOUT_MS / 1000} s (${failed} not sent)`,
      runs: 1,
      cronRunMs,
    };
  return {
    digest10kMs,
    members: DIGEST_BENCH_MEMBERS,
    runs: 1,
    cronRunMs,
    sentInAll: allMembers,
    notSent: failed,
  };
}
