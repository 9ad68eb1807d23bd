/**
 * `npm run db:seed`: idempotent demo data for the LOCAL D1 database
 * (CONTRACT.md "Demo accounts"). It writes one SQL file and applies it with
 * `wrangler d1 execute --local`; it refuses to touch a remote database.
 *
 * Options (environment): PERSIST_DIR (wrangler --persist-to), DEV_VARS (file
 * with PASSWORD_PEPPER and TOKEN_ENCRYPTION_KEY, default .dev.vars or
 * .dev.vars.example), SEED_MEMBERS (default 40).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { hashPassword } from "../app/lib/password.server";
import { encryptSecret } from "../app/lib/token-crypto.server";
import { summaryRebuildSql } from "../app/modules/activities/summaries.server";
import { progressUpdateSql } from "../app/modules/challenges/progress.server";
import { goalMilestonesSql } from "../app/modules/club/milestones-sql.server";
import { toActivityRow } from "../app/modules/strava/activity-mapper";
import { generateActivities } from "../tests/fakes/strava-data";

export const DEMO_ATHLETE_STRAVA_ID = 1001;
export const DEMO_ACCOUNTS = [
  { username: "admin", password: "Admin@1234", email: "admin@example.com" },
  { username: "athlete", password: "Athlete@1234", email: "athlete@example.com" },
  { username: "newbie", password: "Newbie@1234", email: "newbie@example.com" },
] as const;
export const MEMBER_PASSWORD = "Member@1234";
/** Tokens the seed stores for the demo athlete; `npm start` registers them with the Strava fake. */
export const DEMO_STRAVA_TOKENS = { access: "seed-access-1001", refresh: "seed-refresh-1001" };

type Value = string | number | boolean | null | Date | undefined;

function sqlValue(v: Value): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "NULL";
  if (v instanceof Date) return String(Math.floor(v.getTime() / 1000));
  return `'${v.replace(/'/g, "''")}'`;
}

function insertRows(table: string, rows: Record<string, Value>[], chunk = 100): string[] {
  if (rows.length === 0) return [];
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += chunk) {
    const values = rows
      .slice(i, i + chunk)
      .map((row) => `(${columns.map((c) => sqlValue(row[c])).join(", ")})`)
      .join(",\n");
    out.push(`INSERT OR IGNORE INTO ${table} (${columns.join(", ")}) VALUES\n${values};`);
  }
  return out;
}

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function snakeRow(row: Record<string, unknown>): Record<string, Value> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [snake(k), v as Value]));
}

export function readVars(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const vars: Record<string, string> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*)\s*$/.exec(line);
    if (match) vars[match[1]!] = match[2]!.replace(/^"(.*)"$/, "$1");
  }
  return vars;
}

const DAY = 86400_000;
const FIRST_NAMES = [
  "Aarav",
  "Diya",
  "Vihaan",
  "Ananya",
  "Arjun",
  "Isha",
  "Kabir",
  "Meera",
  "Rohan",
  "Saanvi",
  "Aditya",
  "Priya",
  "Nikhil",
  "Kavya",
  "Rahul",
  "Sneha",
  "Varun",
  "Pooja",
  "Siddharth",
  "Neha",
];
const LAST_NAMES = [
  "Patil",
  "Deshmukh",
  "Kulkarni",
  "Joshi",
  "Shinde",
  "Pawar",
  "Jadhav",
  "Gaikwad",
  "More",
  "Chavan",
];

/**
 * The demo's next Wari (issue #38): the first Saturday of June in India,
 * this year's while it is still ahead, else next year's, so a fresh demo
 * always counts down to a ride. The 2025 edition comes from its migration.
 */
export function nextWariEdition(now: Date) {
  const today = new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const firstSaturdayOfJune = (year: number) => {
    const first = new Date(Date.UTC(year, 5, 1));
    return new Date(Date.UTC(year, 5, 1 + ((6 - first.getUTCDay() + 7) % 7))).toISOString().slice(0, 10);
  };
  const thisYear = Number(today.slice(0, 4));
  const date =
    firstSaturdayOfJune(thisYear) >= today
      ? firstSaturdayOfJune(thisYear)
      : firstSaturdayOfJune(thisYear + 1);
  const year = Number(date.slice(0, 4));
  return {
    year,
    name: `IAS CycleWari ${year}`,
    ride_date: date,
    distance_km: 250,
    description: "The one-day 250 km challenge.",
  };
}

export async function buildSeedSql(opts: {
  pepper: string;
  tokenKey: string;
  members: number;
  now?: Date;
  /** The next Wari edition in the future (default); the end-to-end server leaves it out (its journeys make their own). */
  nextWari?: boolean;
}): Promise<string> {
  const now = opts.now ?? new Date();
  const statements: string[] = ["PRAGMA foreign_keys = ON;"];
  const profile = (i: number) => ({
    gender: i % 3 === 0 ? "female" : "male",
    age: 22 + (i % 35),
    firstName: FIRST_NAMES[i % FIRST_NAMES.length]!,
    lastName: LAST_NAMES[i % LAST_NAMES.length]!,
    tshirtSize: ["S", "M", "L", "XL"][i % 4],
    jerseySize: ["S", "M", "L", "XL"][(i + 1) % 4],
    bloodGroup: ["A+", "B+", "O+", "AB+", "O-"][i % 5],
    emergencyContactName: `${FIRST_NAMES[(i + 7) % FIRST_NAMES.length]} ${LAST_NAMES[i % LAST_NAMES.length]}`,
    emergencyContactPhone: `98${String(10000000 + i * 7919).slice(0, 8)}`,
    emergencyContactRelation: ["Spouse", "Parent", "Sibling", "Friend"][i % 4],
    profileCompleted: true,
  });

  // Users: 1 admin, 2 athlete, 3 newbie, 4.. members.
  const users: Record<string, Value>[] = [];
  users.push({
    id: 1,
    username: "admin",
    email: "admin@example.com",
    password_hash: await hashPassword("Admin@1234", opts.pepper),
    is_admin: true,
    is_verified: true,
    ...snakeRow(profile(0)),
    created_at: new Date(now.getTime() - 800 * DAY),
  });
  users.push({
    id: 2,
    username: "athlete",
    email: "athlete@example.com",
    password_hash: await hashPassword("Athlete@1234", opts.pepper),
    is_admin: false,
    is_verified: true,
    strava_id: DEMO_ATHLETE_STRAVA_ID,
    ...snakeRow(profile(1)),
    created_at: new Date(now.getTime() - 750 * DAY),
  });
  users.push({
    id: 3,
    username: "newbie",
    email: "newbie@example.com",
    password_hash: await hashPassword("Newbie@1234", opts.pepper),
    is_admin: false,
    is_verified: false,
    profile_completed: false,
    created_at: new Date(now.getTime() - 2 * DAY),
  });
  const memberHash = await hashPassword(MEMBER_PASSWORD, opts.pepper);
  for (let i = 0; i < opts.members; i++) {
    const id = 4 + i;
    const p = profile(i + 2);
    users.push({
      id,
      username: `${p.firstName.toLowerCase()}${String(i + 1).padStart(2, "0")}`,
      email: `member${i + 1}@example.com`,
      // One hash for all demo members keeps seeding fast; each real account gets its own salt.
      password_hash: memberHash,
      is_admin: false,
      is_verified: true,
      ...snakeRow(p),
      created_at: new Date(now.getTime() - (400 - i * 5) * DAY),
    });
  }
  statements.push(...insertRows("users", users));

  // The demo athlete's Strava link (tokens encrypted as the app stores them).
  statements.push(
    ...insertRows("strava_connections", [
      {
        user_id: 2,
        athlete_id: DEMO_ATHLETE_STRAVA_ID,
        access_token_enc: await encryptSecret(DEMO_STRAVA_TOKENS.access, opts.tokenKey),
        refresh_token_enc: await encryptSecret(DEMO_STRAVA_TOKENS.refresh, opts.tokenKey),
        expires_at: new Date(now.getTime() + 6 * 3600_000),
        scope: "read,activity:read_all,profile:read_all",
      },
    ]),
  );

  // Activities: ~two years for the athlete, a year each for members.
  const activityRows: Record<string, Value>[] = [];
  // Their routes, as the sync keeps Strava's summary_polyline (issue #40): [strava id, polyline], 100 a
  // statement (D1 takes at most 100 KB of SQL a statement).
  const polylines: [number, string][] = [];
  const addActivities = (userId: number, athleteId: number, count: number, days: number) => {
    for (const a of generateActivities(athleteId, count, { seed: athleteId, days, endDate: now })) {
      activityRows.push(snakeRow(toActivityRow(userId, a, now) as unknown as Record<string, unknown>));
      if (a.map.summary_polyline) polylines.push([a.id, a.map.summary_polyline]);
    }
  };
  addActivities(2, DEMO_ATHLETE_STRAVA_ID, 520, 730);
  for (let i = 0; i < opts.members; i++) addActivities(4 + i, 2000 + i, 60 + (i % 7) * 15, 365);
  statements.push(...insertRows("activities", activityRows));
  for (let i = 0; i < polylines.length; i += 100) {
    const json = JSON.stringify(polylines.slice(i, i + 100)).replaceAll("'", "''");
    statements.push(
      `INSERT OR IGNORE INTO activity_tracks (activity_id, user_id, polyline) SELECT a.id, a.user_id, j.value->>1 FROM json_each('${json}') AS j JOIN activities a ON a.strava_id = j.value->>0;`,
    );
  }
  // The dashboard's summaries of them (issue #36), as the activities-changed statements keep them.
  // Everyone's, rebuilt: the seed may run on a database that already has members.
  statements.push(...summaryRebuildSql("1 = 1").map((s) => `${s};`));
  statements.push(
    ...insertRows(
      "sync_status",
      [2].map((userId) => ({
        user_id: userId,
        state: "completed",
        mode: "backfill",
        initiated_by: "connect",
        progress_current: 1,
        progress_total: 1,
        last_sync_at: new Date(now.getTime() - 3600_000),
      })),
    ),
  );

  // Challenges (one per sport, one inactive and past) and participations.
  // This month in India time (the club's clock): 1 Nov 00:00 to 30 Nov 23:59:59 IST, shown "1–30 Nov 2026".
  const IST = 330 * 60_000;
  const indiaNow = new Date(now.getTime() + IST);
  const monthStart = new Date(Date.UTC(indiaNow.getUTCFullYear(), indiaNow.getUTCMonth(), 1) - IST);
  const monthEnd = new Date(Date.UTC(indiaNow.getUTCFullYear(), indiaNow.getUTCMonth() + 1, 1) - IST - 1000);
  const challenges = [
    {
      id: 1,
      title: "Monthly 500 km Ride",
      description: "Ride 500 km this month, indoor rides included.",
      target_distance: 500000,
      sport_type: "Ride",
    },
    {
      id: 2,
      title: "Run 100K",
      description: "Run 100 km before the month ends.",
      target_distance: 100000,
      sport_type: "Run",
    },
    {
      id: 3,
      title: "Walk 50K",
      description: "Walk 50 km this month, commutes count.",
      target_distance: 50000,
      sport_type: "Walk",
    },
    {
      id: 4,
      title: "Everything Counts",
      description: "Any sport: move 300 km together.",
      target_distance: 300000,
      sport_type: "AllSports",
    },
  ].map((c) => ({
    ...c,
    target_time: null as number | null,
    start_date: monthStart,
    end_date: monthEnd,
    is_active: true,
    created_by: 1,
  }));
  challenges.push({
    id: 5,
    title: "Last Year's Hill Climb",
    description: "Climb as much as you can (finished).",
    target_distance: 200000,
    sport_type: "Ride",
    target_time: 30 * 3600,
    start_date: new Date(now.getTime() - 400 * DAY),
    end_date: new Date(now.getTime() - 370 * DAY),
    is_active: false,
    created_by: 1,
  });
  statements.push(...insertRows("challenges", challenges));
  const participations: Record<string, Value>[] = [];
  for (const challengeId of [1, 2, 3, 4]) {
    participations.push({ challenge_id: challengeId, user_id: 2, share_activities: false });
    // Every other member also shares their matching activities (docs/decisions/020); the rest share progress only.
    for (let i = 0; i < opts.members; i++)
      if ((i + challengeId) % 3 !== 0)
        participations.push({ challenge_id: challengeId, user_id: 4 + i, share_activities: i % 2 === 0 });
  }
  statements.push(...insertRows("challenge_participations", participations));

  // One challenge of each further goal kind (issue #39 item 5, decision 049), two of them team challenges;
  // the demo member joins none of them (the e2e tests count on theirs), the other members do, on teams.
  const goalBase = {
    description: "",
    target_distance: null as number | null,
    target_time: null as number | null,
    target: null as number | null,
    min_per_day: null as number | null,
    sport_types: null as string | null,
    goal_mode: "total",
    start_date: monthStart,
    end_date: monthEnd,
    is_active: true,
    created_by: 1,
  };
  const kindChallenges = [
    {
      id: 6,
      title: "Climb 5,000 m",
      description: "Team climb: Ghats against Plains.",
      sport_type: "Ride",
      goal_type: "elevation",
      target: 5000,
    },
    {
      id: 7,
      title: "20 Hours in the Saddle",
      description: "Twenty hours of riding this month.",
      sport_type: "Ride",
      goal_type: "time",
      target: 72000,
    },
    {
      id: 8,
      title: "Ride 20 Days",
      description: "Ride on 20 days this month, at least 5 km a day.",
      sport_type: "Ride",
      goal_type: "days",
      target: 20,
      min_per_day: 5000,
    },
    {
      id: 9,
      title: "30 Activities",
      description: "Thirty activities of any sport.",
      sport_type: "AllSports",
      goal_type: "count",
      target: 30,
    },
    {
      id: 10,
      title: "Longest Ride of the Month",
      description: "Team challenge: your longest single ride counts.",
      sport_type: "Ride",
      goal_type: "distance",
      goal_mode: "longest",
      target_distance: 100000,
    },
    {
      id: 11,
      title: "Around India Together",
      description: "A club total: 6,000 km together, every kilometre counts.",
      sport_type: "AllSports",
      goal_type: "distance",
      goal_mode: "group",
      target_distance: 6000000,
    },
  ].map((c) => ({ ...goalBase, ...c }));
  statements.push(...insertRows("challenges", kindChallenges));
  const teams = [
    { id: 1, challenge_id: 6, name: "Ghats" },
    { id: 2, challenge_id: 6, name: "Plains" },
    { id: 3, challenge_id: 10, name: "Early Birds" },
    { id: 4, challenge_id: 10, name: "Night Owls" },
  ];
  statements.push(...insertRows("challenge_teams", teams));
  const kindParticipations: Record<string, Value>[] = [];
  for (const c of kindChallenges)
    for (let i = 0; i < opts.members; i++)
      if ((i + c.id) % 4 !== 0) {
        const teamIds = teams.filter((t) => t.challenge_id === c.id).map((t) => t.id);
        kindParticipations.push({
          challenge_id: c.id,
          user_id: 4 + i,
          share_activities: i % 2 === 0,
          team_id: teamIds.length ? teamIds[i % teamIds.length] : null,
        });
      }
  statements.push(...insertRows("challenge_participations", kindParticipations));
  // Progress = sum of matching activities inside the window (one set-based statement).
  statements.push(`${progressUpdateSql()};`);

  // Events, registrations (paid and pending) and payments.
  const events = [
    {
      id: 1,
      title: "Sahyadri Century Ride",
      description: "A supported 100 km ride through the Sahyadri foothills.",
      date: new Date(now.getTime() + 21 * DAY),
      location: "Pune",
      fee: 150000,
      max_participants: 100,
    },
    {
      id: 2,
      title: "Community 10K Run",
      description: "A flat, fast 10 km run along the riverfront.",
      date: new Date(now.getTime() + 45 * DAY),
      location: "Nashik",
      fee: 50000,
      max_participants: null,
    },
    {
      id: 3,
      title: "Monsoon Trail Hike",
      description: "A 15 km guided hike (completed).",
      date: new Date(now.getTime() - 90 * DAY),
      location: "Lonavala",
      fee: 0,
      max_participants: 40,
    },
  ].map((e) => ({ ...e, is_active: true }));
  statements.push(...insertRows("events", events));

  // The club feed (issue #41): the admins' announcements, who joined what, the goals passed, some kudos and comments.
  const feedItems: Record<string, Value>[] = [];
  const hoursAgo = (h: number) => new Date(now.getTime() - h * 3600_000);
  for (const c of challenges.filter((c) => c.is_active))
    feedItems.push({
      kind: "challenge_new",
      challenge_id: c.id,
      audience: "everyone",
      label: c.title,
      milestone_key: `challenge:${c.id}`,
      created_at: hoursAgo(200 - c.id),
    });
  for (const e of events.filter((e) => e.date.getTime() > now.getTime()))
    feedItems.push({
      kind: "event_new",
      event_id: e.id,
      audience: "everyone",
      label: e.title,
      milestone_key: `event:${e.id}`,
      created_at: hoursAgo(150 - e.id),
    });
  participations.forEach((p, i) =>
    feedItems.push({
      kind: "challenge_joined",
      user_id: p.user_id,
      challenge_id: p.challenge_id,
      audience: "challenge",
      label: challenges.find((c) => c.id === p.challenge_id)!.title,
      milestone_key: `joined:${p.challenge_id}:${p.user_id}`,
      created_at: hoursAgo(100 - (i * 90) / participations.length),
    }),
  );
  statements.push(
    ...insertRows(
      "feed_items",
      feedItems.map((item, i) => ({ id: i + 1, ...item })),
    ),
  );
  statements.push(`${goalMilestonesSql("1 = 1")};`);
  // Kudos and a comment on the shared joins (the items other members can see).
  const shared = feedItems.flatMap((item, i) =>
    item.kind === "challenge_joined" &&
    participations.some(
      (p) => p.user_id === item.user_id && p.challenge_id === item.challenge_id && p.share_activities,
    )
      ? [{ id: i + 1, userId: item.user_id as number }]
      : [],
  );
  const fans = [2, ...Array.from({ length: Math.min(opts.members, 6) }, (_, i) => 4 + i)];
  statements.push(
    ...insertRows(
      "feed_kudos",
      shared.flatMap((item, n) =>
        fans
          .filter((fan, f) => fan !== item.userId && (n + f) % 3 === 0)
          .map((fan) => ({ item_id: item.id, user_id: fan })),
      ),
    ),
    ...insertRows(
      "feed_comments",
      shared
        .filter((_, n) => n % 4 === 0)
        .map((item, n) => ({
          item_id: item.id,
          user_id: item.userId === 2 ? 4 : 2,
          body: ["Welcome aboard!", "See you on the road.", "Let's go!", "Great to have you in this one."][
            n % 4
          ]!,
        })),
    ),
  );
  const registrations: Record<string, Value>[] = [];
  // Pending registrations hold their place for the default 30 minutes after seeding (docs/decisions/016-seat-holds.md).
  const pendingHold = new Date(now.getTime() + 30 * 60_000);
  const paymentRows: Record<string, Value>[] = [];
  let registrationId = 1;
  for (let i = 0; i < Math.min(12, opts.members); i++) {
    const eventId = (i % 2) + 1;
    const paid = i % 3 !== 0;
    const u = users[3 + i]!;
    registrations.push({
      id: registrationId,
      event_id: eventId,
      user_id: u.id as number,
      name: `${u.first_name} ${u.last_name}`,
      email: u.email as string,
      phone: u.emergency_contact_phone as string,
      emergency_contact: "9800000000",
      payment_status: paid ? "paid" : "pending",
      registration_date: new Date(now.getTime() - (10 - i) * DAY),
      hold_expires_at: paid ? null : pendingHold,
    });
    paymentRows.push({
      registration_id: registrationId,
      event_id: eventId,
      order_id: `order_seed${String(registrationId).padStart(6, "0")}`,
      payment_id: paid ? `pay_seed${String(registrationId).padStart(6, "0")}` : null,
      amount: events[eventId - 1]!.fee,
      status: paid ? "paid" : "created",
    });
    registrationId++;
  }
  registrations.push({
    id: registrationId,
    event_id: 1,
    user_id: 2,
    name: "Diya Deshmukh",
    email: "athlete@example.com",
    phone: "9876543210",
    emergency_contact: "9812345678",
    payment_status: "pending",
    registration_date: new Date(now.getTime() - DAY),
    hold_expires_at: pendingHold,
  });
  statements.push(
    ...insertRows("event_registrations", registrations),
    ...insertRows("payments", paymentRows),
  );

  // Feedback in every status.
  const feedbackRows = [
    [
      "bug",
      "Timeline chart does not load",
      "The activity timeline stays empty on my phone after the last sync.",
      "pending",
      null,
    ],
    [
      "feature",
      "Add cadence to activities",
      "It would be great to see average cadence for each ride in the list.",
      "in_progress",
      "We are looking into it.",
    ],
    [
      "improvement",
      "Faster leaderboard",
      "The challenge leaderboard could refresh itself while I watch it.",
      "resolved",
      "Done: it now refreshes after every sync.",
    ],
    [
      "praise",
      "Love the Wari plan",
      "The training plan got me through my first 200 km ride. Thank you!",
      "closed",
      "Thank you, see you at the Wari!",
    ],
    ["other", "Jersey sizes", "Will there be XXXL jerseys for the next event registration?", "pending", null],
    [
      "bug",
      "Sync stuck at 80 percent",
      "My Strava sync banner has shown 80% for a day now and no new rides appear.",
      "in_progress",
      "We restarted your sync; please check again tomorrow.",
    ],
    [
      "feature",
      "Dark mode please",
      "Riding at dawn, the bright dashboard is hard on the eyes. A dark theme would help.",
      "pending",
      null,
    ],
    [
      "improvement",
      "Show elevation in km tiles",
      "The achievement tiles could also show the climbing of each long ride.",
      "pending",
      null,
    ],
    [
      "praise",
      "Great challenge leaderboard",
      "The monthly leaderboard keeps our club motivated every single week.",
      "resolved",
      "Thanks for the kind words!",
    ],
    [
      "bug",
      "Wrong commute count",
      "Two of my commutes on the same day are counted as one commute day.",
      "closed",
      "That is by design: the tile counts days with a commute.",
    ],
    [
      "other",
      "Event parking",
      "Is there parking near the start of the community ride on Sunday?",
      "resolved",
      "Yes, at the stadium gate 2.",
    ],
    [
      "feature",
      "Export activities",
      "I would like to download my activity list as a spreadsheet.",
      "pending",
      null,
    ],
    [
      "improvement",
      "Bigger map thumbnails",
      "The route thumbnails in the activity list are too small to read on a tablet.",
      "in_progress",
      null,
    ],
    [
      "bug",
      "Password reset mail late",
      "The password reset e-mail took almost ten minutes to arrive this morning.",
      "pending",
      null,
    ],
  ].map(([type, subject, message, status, response], i) => ({
    id: i + 1,
    user_id: i === 0 || i > opts.members ? 2 : 3 + i,
    feedback_type: type,
    subject,
    message,
    status,
    admin_response: response,
    created_at: new Date(now.getTime() - (i + 1) * DAY),
    updated_at: new Date(now.getTime() - i * DAY),
  }));
  statements.push(...insertRows("feedback", feedbackRows));

  // The next Wari, so the demo counts down to a ride (the 2025 one stays as history).
  if (opts.nextWari ?? true) statements.push(...insertRows("wari_editions", [nextWariEdition(now)]));

  // Wari 2025 registration with a training plan for the athlete.
  const planStart = new Date(Date.UTC(2025, 1, 24));
  const weeks = Array.from({ length: 14 }, (_, w) => {
    const start = new Date(planStart.getTime() + w * 7 * DAY);
    const phase = w < 5 ? "Base Building" : w < 12 ? "Endurance Building" : "Taper";
    const weeklyGoalKm = w < 12 ? 100 + w * 15 : 120 - (w - 12) * 40;
    const longRideGoalKm = w < 12 ? Math.round(60 * 1.12 ** w) : 100;
    const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
    return {
      week: w + 1,
      phase,
      startDate: start.toISOString(),
      endDate: new Date(start.getTime() + 6 * DAY).toISOString(),
      weeklyGoalKm,
      longRideGoalKm,
      workouts: days.map((day, d) => ({
        day,
        type: d === 0 || d === 4 ? "Rest" : d === 5 ? "Long Ride" : d === 2 ? "Intervals" : "Endurance",
        description:
          d === 5
            ? `Long ride of ${longRideGoalKm} km at a steady pace`
            : d === 0 || d === 4
              ? "Rest and recover"
              : "Steady ride",
        duration: d === 0 || d === 4 ? 0 : d === 5 ? Math.round((longRideGoalKm / 25) * 60) : 60,
        intensity: d === 0 || d === 4 ? 0 : d === 2 ? 4 : 2,
        isEventDay: false,
      })),
    };
  });
  statements.push(
    ...insertRows("wari_registrations", [
      { id: 1, user_id: 2, event_year: 2025, event_name: "IAS CycleWari 2025", category: "Intermediate" },
    ]),
    ...insertRows("training_plans", [
      {
        id: 1,
        user_id: 2,
        event_year: 2025,
        category: "Intermediate",
        start_date: planStart,
        plan_details: JSON.stringify({ weeklySchedule: weeks }),
      },
    ]),
    ...insertRows("training_progress", [
      {
        plan_id: 1,
        week: 1,
        completed_workouts: JSON.stringify(["week1_day0_Rest", "week1_day5_Long Ride"]),
      },
    ]),
    ...insertRows("event_history", [
      {
        user_id: 2,
        event_year: 2024,
        event_name: "IAS CycleWari 2024",
        is_historical: true,
        activity_name: "Wari 2024",
        distance_achieved: 251300,
        completed: true,
      },
    ]),
  );

  // A few recommendations for the athlete.
  statements.push(
    ...insertRows("recommendations", [
      {
        id: 1,
        user_id: 2,
        title: "Long Endurance Ride",
        sport_type: "Ride",
        difficulty: "moderate",
        description: "A steady long ride at conversational pace.",
        target_duration: 3 * 3600,
        target_distance: 80000,
        status: "pending",
      },
      {
        id: 2,
        user_id: 2,
        title: "Tempo Run",
        sport_type: "Run",
        difficulty: "hard",
        description: "20 minutes at threshold pace between an easy warm-up and cool-down.",
        target_duration: 45 * 60,
        target_distance: 9000,
        status: "pending",
      },
      {
        id: 3,
        user_id: 2,
        title: "Recovery Swim",
        sport_type: "Swim",
        difficulty: "easy",
        description: "Easy technique-focused swim.",
        target_duration: 30 * 60,
        target_distance: 1200,
        status: "completed",
        completed_at: new Date(now.getTime() - DAY),
      },
    ]),
  );
  return statements.join("\n");
}

async function main() {
  const args = process.argv.slice(2);
  if (args.includes("--remote") || process.env.CLOUDFLARE_REMOTE === "1") {
    console.error("db:seed only writes the local development database; refusing --remote.");
    process.exit(1);
  }
  const varsFile = process.env.DEV_VARS ?? (existsSync(".dev.vars") ? ".dev.vars" : ".dev.vars.example");
  const vars = readVars(varsFile);
  const sql = await buildSeedSql({
    pepper: vars.PASSWORD_PEPPER ?? "",
    tokenKey: vars.TOKEN_ENCRYPTION_KEY ?? "",
    members: Number(process.env.SEED_MEMBERS ?? 40),
    nextWari: process.env.SEED_NEXT_WARI !== "0",
  });
  mkdirSync(".wrangler", { recursive: true });
  const file = join(".wrangler", `seed-${process.pid}.sql`);
  writeFileSync(file, sql);
  const persist = process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
  execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", ...persist, "--file", file, "--yes"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  rmSync(file, { force: true });
  console.log(`seeded demo data (${varsFile})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
