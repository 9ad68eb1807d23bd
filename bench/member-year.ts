/**
 * One member-year of data in D1, measured (docs/decisions/026-past-one-database.md):
 * a fresh local D1 with every migration, then MEMBERS members, each with a
 * Strava link, a sync row, a challenge participation and a year of
 * activities (5 a week, the fakes' realistic generator, the app's own row
 * mapper), and SQLite's own accounting (`PRAGMA page_count`, `dbstat`) of
 * what they added. Usage: npx tsx bench/member-year.ts (prints JSON and
 * merges `memberYear` into bench/results.json).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { toActivityRow } from "../app/modules/strava/activity-mapper";
import { generateActivities } from "../tests/fakes/strava-data";
import { sqliteIn } from "./sql";

const PERSIST = ".wrangler/bench-member-year";
const MEMBERS = 200;
const PER_YEAR = 260;

const q = (v: unknown) =>
  v === null || v === undefined
    ? "NULL"
    : typeof v === "boolean"
      ? v
        ? "1"
        : "0"
      : typeof v === "number"
        ? String(v)
        : v instanceof Date
          ? String(Math.floor(v.getTime() / 1000))
          : `'${String(v).replaceAll("'", "''")}'`;

const sqlite = (input: string) => sqliteIn(PERSIST, input);

function sizes() {
  const [pageSize, pageCount] = sqlite("PRAGMA page_size; PRAGMA page_count;").trim().split("\n").map(Number);
  const rows = sqlite(
    "SELECT name, sum(pgsize) FROM dbstat WHERE name LIKE 'activities%' OR name LIKE 'sqlite_autoindex_activities%' GROUP BY name;",
  )
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("|"));
  const activityBytes = rows.reduce((a, [, b]) => a + Number(b), 0);
  return {
    bytes: pageSize! * pageCount!,
    activityBytes,
    byIndex: Object.fromEntries(rows.map(([n, b]) => [n, Number(b)])),
  };
}

export function measureMemberYear() {
  rmSync(PERSIST, { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST], {
    stdio: "ignore",
    env: { ...process.env, CI: "1" },
  });
  sqlite(
    "INSERT INTO challenges (id, title, description, target_distance, sport_type, start_date, end_date) VALUES (1, 'Year', 'd', 1000000, 'Ride', 0, 4102444800); VACUUM;",
  );
  const before = sizes();
  const now = new Date();
  const lines: string[] = ["BEGIN;"];
  for (let m = 1; m <= MEMBERS; m++) {
    const athlete = 60_000_000 + m;
    lines.push(
      `INSERT INTO users (id, username, email, password_hash, is_verified, profile_completed, strava_id) VALUES (${m}, 'year${m}', 'year${m}@bench.test', 'pbkdf2$100000$${"x".repeat(64)}', 1, 1, ${athlete});`,
      `INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at, scope) VALUES (${m}, ${athlete}, 'v1.${"a".repeat(16)}.${"b".repeat(56)}', 'v1.${"a".repeat(16)}.${"b".repeat(56)}', 0, 'read,activity:read_all,profile:read_all');`,
      `INSERT INTO sync_status (user_id, state, last_sync_at) VALUES (${m}, 'completed', 0);`,
      `INSERT INTO challenge_participations (user_id, challenge_id, progress) VALUES (${m}, 1, 0);`,
    );
    const rows = generateActivities(athlete, PER_YEAR, { seed: athlete, days: 365, endDate: now }).map((a) =>
      toActivityRow(m, a, now),
    );
    for (const r of rows)
      lines.push(
        `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local, timezone, commute, trainer, manual, average_speed, max_speed, average_heartrate, max_heartrate, private, visibility) VALUES (${[r.userId, r.stravaId, r.name, r.type, r.sportType, r.distance, r.movingTime, r.elapsedTime, r.totalElevationGain, r.startDate, r.startDateLocal, r.timezone, r.commute, r.trainer, r.manual, r.averageSpeed, r.maxSpeed, r.averageHeartrate, r.maxHeartrate, r.private, r.visibility].map(q).join(", ")});`,
      );
  }
  lines.push("COMMIT;", "VACUUM;");
  const file = join(PERSIST, "..", "member-year.sql");
  writeFileSync(file, lines.join("\n"));
  sqlite(`.read ${file}\n`);
  rmSync(file);
  const after = sizes();
  const perMemberYear = Math.round((after.bytes - before.bytes) / MEMBERS);
  const activityRowBytes = Math.round((after.activityBytes - before.activityBytes) / (MEMBERS * PER_YEAR));
  return {
    members: MEMBERS,
    activitiesPerMemberYear: PER_YEAR,
    bytesPerMemberYear: perMemberYear,
    bytesPerActivity: activityRowBytes,
    activityTableAndIndexes: after.byIndex,
    /** One D1 database holds at most 10 GB (Workers Paid). */
    memberYearsIn10GB: Math.floor(10e9 / perMemberYear),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const memberYear = measureMemberYear();
  console.log(JSON.stringify(memberYear, null, 2));
  const out = "bench/results.json";
  const results = existsSync(out) ? (JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>) : {};
  results.memberYear = memberYear;
  writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
}
