/**
 * The benchmark's member: one verified account with BENCH_ACTIVITIES (20,000)
 * activities of every sport over ten years, as one SQL file for
 * `wrangler d1 execute --local`. The activities come from the same generator
 * and mapper as the demo seed and the Strava fake.
 */
import { hashPassword } from "../app/lib/password.server";
import { toActivityRow } from "../app/modules/strava/activity-mapper";
import { generateActivities } from "../tests/fakes/strava-data";

export const BENCH_USER = { id: 900_001, username: "bench", password: "Bench@1234", email: "bench@example.com" };
export const BENCH_ACTIVITIES = 20_000;
const ATHLETE_ID = 9_001;

function value(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  if (v instanceof Date) return String(Math.floor(v.getTime() / 1000));
  return `'${String(v).replace(/'/g, "''")}'`;
}

export async function benchSeedSql(opts: { pepper: string; now: Date; count?: number }): Promise<string> {
  const u = BENCH_USER;
  const out = [
    `INSERT INTO users (id, username, email, password_hash, is_verified, profile_completed) VALUES (${u.id}, ${value(u.username)}, ${value(u.email)}, ${value(await hashPassword(u.password, opts.pepper))}, 1, 1);`,
  ];
  const rows = generateActivities(ATHLETE_ID, opts.count ?? BENCH_ACTIVITIES, { seed: ATHLETE_ID, days: 3650, endDate: opts.now }).map((a) =>
    toActivityRow(u.id, a, opts.now),
  );
  const cols = ["user_id", "strava_id", "name", "type", "sport_type", "distance", "moving_time", "elapsed_time", "total_elevation_gain", "start_date", "start_date_local", "timezone", "commute", "trainer", "manual", "average_speed", "max_speed"] as const;
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map((r) =>
        `(${[r.userId, r.stravaId, r.name, r.type, r.sportType, r.distance, r.movingTime, r.elapsedTime, r.totalElevationGain, r.startDate, r.startDateLocal, r.timezone, r.commute, r.trainer, r.manual, r.averageSpeed, r.maxSpeed].map(value).join(", ")})`,
      )
      .join(",\n");
    out.push(`INSERT INTO activities (${cols.join(", ")}) VALUES\n${values};`);
  }
  return out.join("\n");
}
