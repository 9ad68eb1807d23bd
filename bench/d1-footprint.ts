/**
 * The D1 footprint of a club's activities, measured (issue #42 item 4,
 * docs/decisions/026-past-one-database.md): a fresh local D1 with every
 * migration, then MEMBERS members (a Strava link, a sync row, a challenge
 * participation) with YEARS years of activities each (5 a week, the fakes'
 * generator), written by the app's own statements as the sync's backfill
 * writes them, a page of 200 at a time: the upsert (store.server.ts), the
 * polylines of the list read (tracks.server.ts) and every "activities
 * changed" statement (workers/load-context.ts: challenge progress, the stale
 * marks, the day/sport/month totals and records, the feed's milestones, the
 * heatmap mark). DETAIL_SHARE of the activities (default 1 in 5) also get the
 * splits and profile a detail read stores when their owner opens them.
 * Then SQLite's own accounting: `dbstat` per table and index (bytes, pages)
 * and row counts, extrapolated per member-year (every table here grows with
 * the members' activities or with the members) to TARGET_MEMBERS members ×
 * YEARS years, against D1's 10 GB.
 *
 * Usage: npx tsx bench/d1-footprint.ts (prints JSON and merges `d1Footprint`
 * into bench/results.json; `npm run bench:report` then writes RESULTS.md).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SQL } from "drizzle-orm";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { upsertActivitiesStatements } from "../app/modules/activities/store.server";
import { stravaPolylinesStatement } from "../app/modules/activities/tracks.server";
import { toActivityRow } from "../app/modules/strava/activity-mapper";
import { generateActivities, toDetailedActivity } from "../tests/fakes/strava-data";
import { ACTIVITIES_CHANGED, type AppContext } from "../workers/load-context";
import { inline, sqliteIn } from "./sql";

const PERSIST = ".wrangler/bench-d1-footprint";
const MEMBERS = Number(process.env.MEMBERS ?? 100);
const YEARS = Number(process.env.YEARS ?? 5);
const PER_YEAR = 260;
const TARGET_MEMBERS = 10_000;
const DETAIL_SHARE = Number(process.env.DETAIL_SHARE ?? 0.2);
/** One D1 database holds at most 10 GB (Workers Paid). */
const D1_LIMIT = 10e9;

const sqlite = (input: string) => sqliteIn(PERSIST, input);

const dialect = new SQLiteSyncDialect();
const asText = (s: SQL) => `${inline({ toSQL: () => dialect.sqlToQuery(s) })};`;

interface Part {
  name: string;
  /** The table an index belongs to (itself for a table). */
  table: string;
  kind: "table" | "index";
  bytes: number;
  rows: number | null;
}

/** dbstat per table and index, with the row count of each table. */
function parts(): Part[] {
  const objects = sqlite(
    "SELECT s.name, coalesce(m.tbl_name, s.name), coalesce(m.type, 'table'), sum(s.pgsize) FROM dbstat s LEFT JOIN sqlite_schema m ON m.name = s.name GROUP BY s.name;",
  )
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((l) => l.split("|"))
    .map(([name, table, type, bytes]) => ({
      name: name!,
      table: table!,
      kind: (type === "index" ? "index" : "table") as Part["kind"],
      bytes: Number(bytes),
      rows: null as number | null,
    }));
  const tables = objects.filter((o) => o.kind === "table" && !o.name.startsWith("sqlite_"));
  const counts = sqlite(tables.map((t) => `SELECT count(*) FROM "${t.name}";`).join("\n"))
    .trim()
    .split("\n")
    .map(Number);
  tables.forEach((t, i) => (t.rows = counts[i]!));
  return objects;
}

export function measureFootprint() {
  rmSync(PERSIST, { recursive: true, force: true });
  execFileSync("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", PERSIST], {
    stdio: "ignore",
    env: { ...process.env, CI: "1" },
  });
  sqlite(
    "INSERT INTO challenges (id, title, description, target_distance, sport_type, start_date, end_date) VALUES (1, 'Years', 'd', 1000000, 'Ride', 0, 4102444800); VACUUM;",
  );
  const before = new Map(parts().map((p) => [p.name, p]));
  const now = new Date();
  const app = { now: () => now } as AppContext;
  let detailed = 0;
  for (let m = 1; m <= MEMBERS; m++) {
    const athlete = 60_000_000 + m;
    const lines: string[] = [
      "BEGIN;",
      `INSERT INTO users (id, username, email, password_hash, is_verified, profile_completed, strava_id) VALUES (${m}, 'years${m}', 'years${m}@bench.test', 'pbkdf2$100000$${"x".repeat(64)}', 1, 1, ${athlete});`,
      `INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at, scope) VALUES (${m}, ${athlete}, 'v1.${"a".repeat(16)}.${"b".repeat(56)}', 'v1.${"a".repeat(16)}.${"b".repeat(56)}', 0, 'read,activity:read_all,profile:read_all');`,
      `INSERT INTO sync_status (user_id, state, last_sync_at) VALUES (${m}, 'completed', 0);`,
      `INSERT INTO challenge_participations (user_id, challenge_id, progress) VALUES (${m}, 1, 0);`,
    ];
    const all = generateActivities(athlete, PER_YEAR * YEARS, {
      seed: athlete,
      days: 365 * YEARS,
      endDate: now,
    });
    // The backfill's pages: 200 activities, their upsert, their polylines and the "activities changed" statements.
    for (let i = 0; i < all.length; i += 200) {
      const page = all.slice(i, i + 200);
      const rows = page.map((a) => toActivityRow(m, a, now));
      for (const s of [
        ...upsertActivitiesStatements(app, m, rows),
        ...stravaPolylinesStatement(app, m, page),
        ...ACTIVITIES_CHANGED.map((statement) => statement(m)),
      ])
        lines.push(asText(s));
    }
    // The detail read of the activities their owner opens: splits and profile, the shape of activity-detail.server.ts.
    for (const a of all) {
      if ((a.id % 1000) / 1000 >= DETAIL_SHARE) continue;
      const d = toDetailedActivity(a);
      if (!d.splits_metric.length) continue;
      detailed++;
      let along = 0;
      let ele = d.elev_low ?? 0;
      const splits = d.splits_metric.map((s, k) => ({
        km: k + 1,
        distance: Math.round(s.distance),
        movingTime: s.moving_time,
        elevationGain: Math.round(Math.max(0, s.elevation_difference)),
        averageHeartrate: s.average_heartrate ?? null,
      }));
      const profile = {
        distance: [0],
        elevation: [Math.round(ele)],
        speed: [null as number | null],
        heartrate: [null as number | null],
      };
      d.splits_metric.forEach((s, k) => {
        along += splits[k]!.distance;
        ele += s.elevation_difference;
        profile.distance.push(Math.round(along) / 1000);
        profile.elevation.push(Math.round(ele));
        profile.speed.push(Math.round(s.average_speed * 36) / 10);
        profile.heartrate.push(s.average_heartrate ?? null);
      });
      const json = (v: unknown) => `'${JSON.stringify(v).replaceAll("'", "''")}'`;
      lines.push(
        `UPDATE activity_tracks SET splits = ${json(splits)}, profile = ${json(profile)}, detail_fetched_at = ${Math.floor(now.getTime() / 1000)} WHERE activity_id = (SELECT id FROM activities WHERE strava_id = ${a.id});`,
      );
    }
    lines.push("COMMIT;");
    const file = join(PERSIST, "..", "d1-footprint.sql");
    writeFileSync(file, lines.join("\n"));
    sqlite(`.read ${file}\n`);
    rmSync(file);
  }
  sqlite("VACUUM;");
  const after = parts();
  // What a track row holds: the list read's polyline (every outdoor activity), the detail's splits and profile (opened ones).
  const [tracks, polylineAvg, details, detailAvg] = sqlite(
    "SELECT count(*), avg(length(polyline)), count(splits), avg(length(splits) + length(profile)) FROM activity_tracks;",
  )
    .trim()
    .split("|")
    .map(Number);
  const memberYears = MEMBERS * YEARS;
  const scale = (TARGET_MEMBERS * YEARS) / memberYears;
  const grown = after
    .map((p) => {
      const b = before.get(p.name);
      return {
        name: p.name,
        table: p.table,
        kind: p.kind,
        rows: p.rows === null ? null : p.rows - (b?.rows ?? 0),
        bytes: p.bytes - (b?.bytes ?? 0),
      };
    })
    .filter((p) => p.bytes > 0 || (p.rows ?? 0) > 0)
    .sort((a, b) => b.bytes - a.bytes);
  const sampleBytes = grown.reduce((a, p) => a + p.bytes, 0);
  const projected = grown.map((p) => ({
    ...p,
    projectedRows: p.rows === null ? null : Math.round(p.rows * scale),
    projectedBytes: Math.round(p.bytes * scale),
  }));
  const largestIndex = projected.find((p) => p.kind === "index")!;
  const projectedBytes = Math.round(sampleBytes * scale);
  const bytesPerMemberYear = Math.round(sampleBytes / memberYears);
  return {
    sample: {
      members: MEMBERS,
      years: YEARS,
      activities: MEMBERS * YEARS * PER_YEAR,
      detailedTracks: detailed,
      bytes: sampleBytes,
    },
    detailShare: DETAIL_SHARE,
    target: { members: TARGET_MEMBERS, years: YEARS, activities: TARGET_MEMBERS * YEARS * PER_YEAR },
    bytesPerMemberYear,
    projectedBytes,
    shareOf10GB: Math.round((projectedBytes / D1_LIMIT) * 1000) / 1000,
    memberYearsIn10GB: Math.floor(D1_LIMIT / bytesPerMemberYear),
    /** Characters per track row: the polyline of every track, splits + profile of each detailed one. */
    trackColumns: {
      rows: tracks!,
      polylineAvgChars: Math.round(polylineAvg!),
      detailedRows: details!,
      detailAvgChars: Math.round(detailAvg!),
    },
    largestIndex: {
      name: largestIndex.name,
      table: largestIndex.table,
      projectedBytes: largestIndex.projectedBytes,
    },
    /** Every table and index that grew, largest first, in the sample and projected to the target. */
    parts: projected,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const footprint = measureFootprint();
  console.log(JSON.stringify(footprint, null, 2));
  const out = "bench/results.json";
  const results = existsSync(out) ? (JSON.parse(readFileSync(out, "utf8")) as Record<string, unknown>) : {};
  results.d1Footprint = { date: new Date().toISOString(), ...footprint };
  writeFileSync(out, JSON.stringify(results, null, 2) + "\n");
}
