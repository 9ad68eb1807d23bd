/**
 * The benchmark's member: one verified account with BENCH_ACTIVITIES (20,000)
 * activities of every sport over ten years, as one SQL file for
 * `wrangler d1 execute --local`. The activities come from the same generator
 * and mapper as the demo seed and the Strava fake.
 */
import { hashPassword } from "../app/lib/password.server";
import { toActivityRow } from "../app/modules/strava/activity-mapper";
import { generateActivities } from "../tests/fakes/strava-data";
import { summaryRebuildSql } from "../app/modules/activities/summaries.server";
import { encodePolyline, type LatLon } from "../app/modules/activities/track-geometry";
import { parseUpload } from "../app/modules/uploads/parse";
import { TrackRecorder } from "../app/modules/uploads/track-detail";
import { encodeFit } from "../scripts/make-activity-fixtures";

export const BENCH_USER = {
  id: 900_001,
  username: "bench",
  password: "Bench@1234",
  email: "bench@example.com",
};
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
  const rows = generateActivities(ATHLETE_ID, opts.count ?? BENCH_ACTIVITIES, {
    seed: ATHLETE_ID,
    days: 3650,
    endDate: opts.now,
  }).map((a) => toActivityRow(u.id, a, opts.now));
  const cols = [
    "user_id",
    "strava_id",
    "name",
    "type",
    "sport_type",
    "distance",
    "moving_time",
    "elapsed_time",
    "total_elevation_gain",
    "start_date",
    "start_date_local",
    "timezone",
    "commute",
    "trainer",
    "manual",
    "average_speed",
    "max_speed",
  ] as const;
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows
      .slice(i, i + 200)
      .map(
        (r) =>
          `(${[r.userId, r.stravaId, r.name, r.type, r.sportType, r.distance, r.movingTime, r.elapsedTime, r.totalElevationGain, r.startDate, r.startDateLocal, r.timezone, r.commute, r.trainer, r.manual, r.averageSpeed, r.maxSpeed].map(value).join(", ")})`,
      )
      .join(",\n");
    out.push(`INSERT INTO activities (${cols.join(", ")}) VALUES\n${values};`);
  }
  // The dashboard's summaries (issue #36), as the activities-changed statements keep them.
  const member = `user_id = ${u.id}`;
  out.push(...summaryRebuildSql(member).map((s) => `${s};`));
  return out.join("\n");
}

/** The challenge scenario: 1,000 participants with 200,000 activities inside the challenge window. */
export const CHALLENGE_BENCH = { id: 900_001, participants: 1000, activities: 200_000, firstUserId: 910_001 };

/** The admin the benchmark signs in as for the admin pages and reports (bench/pages.ts). */
export const BENCH_ADMIN = {
  id: 900_002,
  username: "benchadmin",
  password: "Bench@1234",
  email: "benchadmin@example.com",
};
/** One of each thing a page route takes an id of, so those pages answer with content. */
export const BENCH_IDS = { event: 900_001, registration: 900_001, feedback: 900_001, upload: 900_001 };

/** The admin, and an event (the heavy member registered), a feedback and an upload of the heavy member. */
export async function benchExtrasSql(opts: { pepper: string; now: Date }): Promise<string> {
  const a = BENCH_ADMIN;
  const ids = BENCH_IDS;
  const day = Math.floor(opts.now.getTime() / 1000) + 30 * 86_400;
  return `
INSERT INTO users (id, username, email, password_hash, is_verified, profile_completed, is_admin) VALUES (${a.id}, ${value(a.username)}, ${value(a.email)}, ${value(await hashPassword(a.password, opts.pepper))}, 1, 1, 1);
INSERT INTO events (id, title, description, date, location, fee, max_participants) VALUES (${ids.event}, 'Bench Century', 'A supported 100 km ride', ${day}, 'Pune', 50000, 500);
INSERT INTO event_registrations (id, event_id, user_id, name, email, phone, emergency_contact, payment_status) VALUES (${ids.registration}, ${ids.event}, ${BENCH_USER.id}, 'Bench Member', ${value(BENCH_USER.email)}, '9999999999', 'Kin 9888888888', 'paid');
INSERT INTO feedback (id, user_id, feedback_type, subject, message) VALUES (${ids.feedback}, ${BENCH_USER.id}, 'bug', 'Bench feedback', 'The bench left this.');
INSERT INTO uploads (id, user_id, filename, kind, size, r2_key, status, saved) VALUES (${ids.upload}, ${BENCH_USER.id}, 'ride.fit', 'fit', 1000, 'bench/none.fit', 'saved', 0);
`;
}

/**
 * Generated inside SQLite with recursive CTEs (a few hundred bytes of SQL
 * instead of tens of megabytes). The bench member joins too. The activities
 * come participant by participant (the user-led indexes are appended to, not
 * scattered over: half the time to write them).
 */
export function challengeBenchSql(now: Date): string {
  const c = CHALLENGE_BENCH;
  const nowS = Math.floor(now.getTime() / 1000);
  const start = nowS - 60 * 86400;
  const end = nowS + 30 * 86400;
  return `
INSERT INTO users (id, username, email, is_verified, profile_completed, gender)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${c.participants - 1})
  SELECT ${c.firstUserId} + i, 'rider' || i, 'rider' || i || '@bench.test', 1, 1, CASE i % 3 WHEN 0 THEN 'female' ELSE 'male' END FROM n;
INSERT INTO challenges (id, title, description, target_distance, sport_type, start_date, end_date, is_active)
  VALUES (${c.id}, 'Bench Ride 2000', 'A thousand riders', 2000000, 'Ride', ${start}, ${end}, 1);
INSERT INTO challenge_participations (challenge_id, user_id)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${c.participants - 1})
  SELECT ${c.id}, ${c.firstUserId} + i FROM n;
INSERT INTO challenge_participations (challenge_id, user_id) VALUES (${c.id}, ${BENCH_USER.id});
INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, total_elevation_gain, start_date, start_date_local, commute, trainer, manual)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${c.activities - 1})
  SELECT ${c.firstUserId} + i / ${c.activities / c.participants}, 8000000000 + i, 'Bench activity ' || i,
    CASE i % 5 WHEN 0 THEN 'VirtualRide' WHEN 1 THEN 'Run' ELSE 'Ride' END,
    CASE i % 5 WHEN 0 THEN 'VirtualRide' WHEN 1 THEN 'Run' ELSE 'Ride' END,
    5000 + (i * 7919) % 60000, 3600, 3700, i % 500,
    ${start} + (i * 37) % ${end - start - 86400 * 30},
    strftime('%Y-%m-%dT%H:%M:%SZ', ${start} + (i * 37) % ${end - start - 86400 * 30}, 'unixepoch'), 0, 0, 0
  FROM n;
${summaryRebuildSql(`user_id >= ${c.firstUserId}`)
  .map((s) => `${s};`)
  .join("\n")}
`;
}

/** The club feed (issue #41): the challenge's 1,000 riders' milestones over the last year, with kudos and comments. */
export const FEED_BENCH = {
  items: 50_000,
  kudosItems: 10_000,
  kudosEach: 3,
  commentedEvery: 4,
  commentsEach: 2,
};

/**
 * The club feed of a club of 1,000 members (the bench challenge's riders):
 * FEED_BENCH.items milestones ten minutes apart up to now, of every kind and
 * audience (challenge milestones, personal bests, event registrations, Wari
 * finishes, an announcement in a hundred); two riders in three share their
 * profile, one in two their event registrations, none their challenge activities.
 * The newest 10,000 items have three kudos each (and the bench member's on one
 * in seven), one in four of them two comments.
 */
export function clubFeedBenchSql(now: Date): string {
  const c = CHALLENGE_BENCH;
  const f = FEED_BENCH;
  const nowS = Math.floor(now.getTime() / 1000);
  const last = c.firstUserId + c.participants - 1;
  const newest = `(SELECT max(id) FROM feed_items) - ${f.kudosItems}`;
  return `
UPDATE users SET share_activities = (id % 3 <> 0), share_event_registrations = (id % 2 = 0)
  WHERE id BETWEEN ${c.firstUserId} AND ${last};
INSERT INTO feed_items (kind, user_id, challenge_id, event_id, audience, label, value, milestone_key, created_at)
  WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < ${f.items - 1})
  SELECT
    CASE WHEN i % 100 = 99 THEN 'challenge_new' ELSE CASE i % 10 WHEN 0 THEN 'challenge_joined'
      WHEN 1 THEN 'challenge_goal' WHEN 2 THEN 'challenge_completed' WHEN 7 THEN 'event_registered'
      WHEN 8 THEN 'wari_finished' ELSE 'personal_best' END END,
    CASE WHEN i % 100 = 99 THEN NULL ELSE ${c.firstUserId} + (i * 7919) % ${c.participants} END,
    CASE WHEN i % 10 IN (0, 1, 2) OR i % 100 = 99 THEN ${c.id} END,
    CASE WHEN i % 10 = 7 THEN ${BENCH_IDS.event} END,
    CASE WHEN i % 100 = 99 THEN 'everyone' WHEN i % 10 IN (0, 1, 2) THEN 'challenge'
      WHEN i % 10 = 7 THEN 'events' ELSE 'profile' END,
    CASE WHEN i % 10 IN (0, 1, 2) OR i % 100 = 99 THEN 'Bench Ride 2000' WHEN i % 10 = 7 THEN 'Bench Century'
      WHEN i % 10 = 8 THEN 'Wari 2026' ELSE CASE i % 3 WHEN 0 THEN 'Ride:distance' WHEN 1 THEN 'Run:time' ELSE 'Ride:climb' END END,
    CASE i % 10 WHEN 1 THEN 50 WHEN 8 THEN 2026 WHEN 0 THEN NULL WHEN 2 THEN NULL WHEN 7 THEN NULL ELSE 1000 + i END,
    'bench-feed:' || i,
    ${nowS} - (${f.items} - i) * 600
  FROM n;
INSERT INTO feed_kudos (item_id, user_id, created_at)
  WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ${f.kudosEach - 1})
  SELECT f.id, ${c.firstUserId} + (f.id * 31 + k.j * 337) % ${c.participants}, f.created_at + 60
  FROM feed_items f, k WHERE f.id > ${newest};
INSERT INTO feed_kudos (item_id, user_id, created_at)
  SELECT id, ${BENCH_USER.id}, created_at + 90 FROM feed_items WHERE id > ${newest} AND id % 7 = 0;
INSERT INTO feed_comments (item_id, user_id, body, created_at, updated_at)
  WITH RECURSIVE k(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM k WHERE j < ${f.commentsEach - 1})
  SELECT f.id, ${c.firstUserId} + (f.id * 17 + k.j * 501) % ${c.participants}, 'Well ridden! See you on Sunday ' || k.j,
    f.created_at + 120 + k.j, f.created_at + 120 + k.j
  FROM feed_items f, k WHERE f.id > ${newest} AND f.id % ${f.commentedEvery} = 0;
`;
}

/** Tracks of the bench member (issue #40): the heatmap's routes and the detail page's 6-hour ride. */
export const TRACK_BENCH = { routes: 2000, points: 300, rideSeconds: 6 * 3600 };

/**
 * The bench member's tracks: TRACK_BENCH.routes polylines of TRACK_BENCH.points
 * points on their newest activities by start date (wandering loops around
 * Pune, overlapping as a member's routes do; each picked through the index
 * (user_id, start_date): picked by id, each statement stepped over the
 * challenge's 200,000 newer rows and seeding took five minutes), and on the
 * first activity (the one the detail
 * page is timed with) the track of a 6-hour ride recorded every second, read
 * by the upload parser (its splits and profile), its Strava detail marked read.
 */
export function benchTracksSql(now: Date): string {
  const u = BENCH_USER.id;
  const out: string[] = [];
  for (let k = 0; k < TRACK_BENCH.routes; k++) {
    const cLat = 18.52 + 0.05 * Math.sin(k * 1.7);
    const cLon = 73.85 + 0.05 * Math.cos(k * 2.3);
    const r = 0.01 + (0.03 * ((k * 37) % 100)) / 100;
    const points: LatLon[] = Array.from({ length: TRACK_BENCH.points }, (_, i) => {
      const t = (2 * Math.PI * i) / (TRACK_BENCH.points - 1);
      const wobble = 1 + 0.15 * Math.sin(t * (3 + (k % 5)));
      return [cLat + r * wobble * Math.sin(t), cLon + r * 1.2 * wobble * (1 - Math.cos(t))];
    });
    out.push(
      `INSERT INTO activity_tracks (activity_id, user_id, polyline) SELECT id, user_id, ${value(encodePolyline(points))} FROM activities WHERE user_id = ${u} ORDER BY start_date DESC LIMIT 1 OFFSET ${k};`,
    );
  }
  const recorder = new TrackRecorder();
  const ride = encodeFit({
    sport: "cycling",
    start: new Date(now.getTime() - 3 * 86_400_000),
    seconds: TRACK_BENCH.rideSeconds,
    speed: 7,
    altitude: (i) => 560 + 40 * Math.sin(i / 300),
    heartRate: (i) => 120 + (i % 40),
  });
  parseUpload("fit", ride, { onPoint: recorder.add, onSegment: recorder.segment });
  const track = recorder.result();
  out.push(
    `INSERT OR REPLACE INTO activity_tracks (activity_id, user_id, polyline, splits, profile, detail_fetched_at) SELECT min(id), ${u}, ${value(track.polyline)}, ${value(JSON.stringify(track.splits))}, ${value(JSON.stringify(track.profile))}, ${Math.floor(now.getTime() / 1000)} FROM activities WHERE user_id = ${u};`,
  );
  return out.join("\n");
}
