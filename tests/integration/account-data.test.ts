// Data rights (issue #13, docs/decisions/022): the export holds exactly the
// member's own data and no secret; deletion leaves no personal row in any
// table, removes the screenshots from R2, keeps the payment detached, ends
// every session, and refuses without the right confirmation.
import { env } from "cloudflare:test";
import { is } from "drizzle-orm";
import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { strFromU8, unzipSync } from "fflate";
import * as schema from "~db/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "~workers/load-context";
import { createUserSession } from "~/lib/session.server";
import { encryptSecret } from "~/lib/token-crypto.server";
import { call, cookiesFrom, createUser, json, login, unique } from "./helpers";

const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 9, 9,
]);
const now = Math.floor(Date.now() / 1000);
let stravaIds = 7_000_000 + Math.floor(Math.random() * 1_000_000);

const strava = (path: string, body: unknown) =>
  fetch(`${env.FAKES_URL}/_control/strava${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<Record<string, unknown>>);

type Member = Awaited<ReturnType<typeof createUser>> & { cookie: string; tag: string };

const run = (query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .run();
const first = <T>(query: string, ...values: unknown[]) =>
  env.DB.prepare(query)
    .bind(...values)
    .first<T>();

/** One member with a row in every table the app keeps about members; `tag` marks their texts. */
async function seededMember(
  challengeId: number,
  eventId: number,
): Promise<Member & { feedbackId: number; fileKey: string }> {
  const user = await createUser({ profileCompleted: true });
  const tag = unique("tag");
  const cookie = await login(user.username, user.password);
  await run(
    "UPDATE users SET strava_id = ?, first_name = ?, emergency_contact_phone = '+91 98765 43210' WHERE id = ?",
    stravaIds,
    `First ${tag}`,
    user.id,
  );
  await run(
    "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, 'enc-access-secret', 'enc-refresh-secret', ?)",
    user.id,
    stravaIds++,
    now + 3600,
  );
  await run("INSERT INTO sync_status (user_id, state) VALUES (?, 'completed')", user.id);
  await run("INSERT INTO sync_jobs (user_id, mode, initiated_by) VALUES (?, 'backfill', 'connect')", user.id);
  const activity = await first<{ id: number }>(
    `INSERT INTO activities (user_id, strava_id, name, type, sport_type, distance, moving_time, elapsed_time, start_date, start_date_local, private, visibility)
     VALUES (?, ?, ?, 'Ride', 'Ride', 42000, 5400, 5600, ?, '2026-01-01T07:00:00Z', 0, 'everyone') RETURNING id`,
    user.id,
    stravaIds++,
    `=HYPERLINK("x") Ride ${tag}`,
    now - 86400,
  );
  await run(
    "INSERT INTO challenge_participations (challenge_id, user_id, progress) VALUES (?, ?, 42000)",
    challengeId,
    user.id,
  );
  await run(
    "INSERT INTO challenge_progress_audit (challenge_id, user_id, old_progress, new_progress) VALUES (?, ?, 0, 42000)",
    challengeId,
    user.id,
  );
  const registration = await first<{ id: number }>(
    "INSERT INTO event_registrations (event_id, user_id, name, email, phone, emergency_contact, payment_status) VALUES (?, ?, ?, ?, '9876543210', 'Kin 9876500000', 'paid') RETURNING id",
    eventId,
    user.id,
    `Name ${tag}`,
    user.email,
  );
  const payment = await first<{ id: number }>(
    "INSERT INTO payments (registration_id, event_id, order_id, payment_id, amount, status) VALUES (?, ?, ?, ?, 50000, 'paid') RETURNING id",
    registration!.id,
    eventId,
    `order_${tag}`,
    `pay_${tag}`,
  );
  await run(
    "INSERT INTO event_waitlist (event_id, user_id, name, email, phone, emergency_contact, position, status) VALUES (?, ?, ?, ?, '9876543210', 'Kin 9876500000', 1, 'registered')",
    eventId,
    user.id,
    `Waiting ${tag}`,
    user.email,
  );
  await run(
    "INSERT INTO event_refunds (payment_record_id, registration_id, event_id, payment_id, idempotency_key, amount, status) VALUES (?, ?, ?, ?, ?, 25000, 'processed')",
    payment!.id,
    registration!.id,
    eventId,
    `pay_${tag}`,
    `refund_${tag}`,
  );
  await run(
    "INSERT INTO wari_registrations (user_id, event_year, event_name) VALUES (?, 2026, 'IAS CycleWari 2026')",
    user.id,
  );
  const plan = await first<{ id: number }>(
    "INSERT INTO training_plans (user_id, event_year, category, start_date, plan_details) VALUES (?, 2026, 'Beginner', ?, ?) RETURNING id",
    user.id,
    now,
    JSON.stringify({ note: `plan ${tag}` }),
  );
  await run(
    "INSERT INTO training_progress (plan_id, week, completed_workouts) VALUES (?, 1, '[\"0\"]')",
    plan!.id,
  );
  await run(
    "INSERT INTO recommendations (user_id, title, sport_type, description) VALUES (?, ?, 'Ride', 'Easy spin')",
    user.id,
    `Reco ${tag}`,
  );
  await run(
    "INSERT INTO fitness_profiles (user_id, preferred_sport_types, insights) VALUES (?, '[\"Ride\"]', '[]')",
    user.id,
  );
  await run(
    "INSERT INTO event_history (user_id, event_year, event_name, activity_id, activity_name, completed) VALUES (?, 2025, 'IAS CycleWari 2025', ?, ?, 1)",
    user.id,
    activity!.id,
    `Wari ${tag}`,
  );
  await run(
    "INSERT INTO email_tokens (user_id, purpose, token_hash, email, expires_at) VALUES (?, 'verify_email', ?, ?, ?)",
    user.id,
    `hash-${tag}`,
    user.email,
    now + 3600,
  );
  await run(
    "INSERT INTO account_link_tokens (user_id, provider, provider_user_id, token_hash, email, expires_at) VALUES (?, 'google', ?, ?, ?, ?)",
    user.id,
    `g-${tag}`,
    `link-${tag}`,
    user.email,
    now + 3600,
  );
  await run(
    "INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, 1), (?, ?, 1)",
    `forgot:email:${user.email.toLowerCase()}`,
    now,
    `login:pair:user:${user.id}:203.0.113.9`,
    now,
  );
  // An uploaded activity file (its original stays in R2, docs/decisions/023).
  const fileKey = `activity-files/${user.id}/${tag}.gpx`;
  await env.UPLOADS.put(fileKey, "<gpx/>");
  await run(
    "INSERT INTO uploads (user_id, filename, kind, size, r2_key, status) VALUES (?, 'ride.gpx', 'gpx', 6, ?, 'saved')",
    user.id,
    fileKey,
  );
  const body = new FormData();
  body.set("feedbackType", "bug");
  body.set("subject", `Subject ${tag}`);
  body.set("message", "The chart does not load on my phone.");
  body.set("screenshot", new File([PNG], "shot.png", { type: "image/png" }));
  const res = await call("/api/feedback", { body, cookie });
  expect(res.status).toBe(201);
  const { feedback } = await json<{ feedback: { id: number } }>(res);
  return { ...user, cookie, tag, feedbackId: feedback.id, fileKey };
}

let a: Member & { feedbackId: number; fileKey: string };
let b: Member & { feedbackId: number; fileKey: string };
let eventId: number;

beforeAll(async () => {
  const challenge = await first<{ id: number }>(
    "INSERT INTO challenges (title, description, target_distance, sport_type, start_date, end_date) VALUES ('Ride 100', 'd', 100000, 'Ride', ?, ?) RETURNING id",
    now - 10 * 86400,
    now + 10 * 86400,
  );
  const event = await first<{ id: number }>(
    "INSERT INTO events (title, description, date, location, fee) VALUES ('Club ride', 'd', ?, 'Pune', 50000) RETURNING id",
    now + 20 * 86400,
  );
  eventId = event!.id;
  a = await seededMember(challenge!.id, eventId);
  b = await seededMember(challenge!.id, eventId);
});

const SECRETS = [
  "passwordHash",
  "password_hash",
  "sessionVersion",
  "session_version",
  "enc-access-secret",
  "enc-refresh-secret",
  "accessTokenEnc",
  "pbkdf2",
];

describe("GET /api/user/export", () => {
  it("holds exactly the member's own data and no secret (JSON)", async () => {
    const res = await call("/api/user/export?format=json", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    const date = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("Content-Disposition")).toBe(
      `attachment; filename="cyclewari-data-${a.username}-${date}.json"`,
    );
    const text = await res.text();
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    // Nothing of member B: not their texts, name, address, ids.
    for (const other of [b.tag, b.username, b.email]) expect(text).not.toContain(other);
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: a.id, username: a.username, email: a.email });
    expect(data.stravaConnection).toMatchObject({ athleteId: expect.any(Number) });
    expect(data.activities).toHaveLength(1);
    expect(data.activities[0].name).toContain(a.tag);
    expect(data.challengeParticipations).toEqual([
      expect.objectContaining({ userId: a.id, challengeTitle: "Ride 100", progress: 42000 }),
    ]);
    expect(data.challengeProgressCorrections).toHaveLength(1);
    expect(data.eventRegistrations).toEqual([
      expect.objectContaining({ userId: a.id, name: `Name ${a.tag}`, eventTitle: "Club ride" }),
    ]);
    expect(data.payments.map((p: { orderId: string }) => p.orderId)).toEqual([`order_${a.tag}`]);
    expect(data.eventWaitlist).toEqual([
      expect.objectContaining({ userId: a.id, name: `Waiting ${a.tag}`, eventTitle: "Club ride" }),
    ]);
    expect(data.refunds).toEqual([expect.objectContaining({ paymentId: `pay_${a.tag}`, amount: 25000 })]);
    expect(data.feedback).toEqual([
      expect.objectContaining({
        id: a.feedbackId,
        subject: `Subject ${a.tag}`,
        screenshotFile: `screenshots/feedback-${a.feedbackId}.png`,
      }),
    ]);
    expect(data.wari.registrations).toHaveLength(1);
    expect(data.wari.trainingPlans[0].planDetails).toEqual({ note: `plan ${a.tag}` });
    expect(data.wari.trainingProgress).toHaveLength(1);
    expect(data.recommendations.map((r: { title: string }) => r.title)).toEqual([`Reco ${a.tag}`]);
    expect(data.fitnessProfile).toMatchObject({ userId: a.id });
    expect(data.eventHistory).toEqual([expect.objectContaining({ activityName: `Wari ${a.tag}` })]);
  });

  it("zips data.json, a CSV per table (RFC 4180, formula-guarded) and the screenshots", async () => {
    const res = await call("/api/user/export", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/zip");
    expect(res.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="cyclewari-data-[\w.-]+-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(
      [
        "README.txt",
        "data.json",
        "profile.csv",
        "activities.csv",
        "activity-uploads.csv",
        "challenge-participations.csv",
        "challenge-progress-corrections.csv",
        "event-registrations.csv",
        "payments.csv",
        "event-waitlist.csv",
        "refunds.csv",
        "feedback.csv",
        "wari-registrations.csv",
        "wari-training-plans.csv",
        "wari-training-progress.csv",
        "wari-results.csv",
        "recommendations.csv",
        "fitness-profile.csv",
        "event-history.csv",
        `screenshots/feedback-${a.feedbackId}.png`,
      ].sort(),
    );
    expect(files[`screenshots/feedback-${a.feedbackId}.png`]).toEqual(PNG);
    const activitiesCsv = strFromU8(files["activities.csv"]!);
    const [header, row] = activitiesCsv.split("\r\n");
    expect(header).toContain("id,userId,stravaId,source,uploadId,name");
    // A leading = is neutralised by an apostrophe; the quotes inside are doubled.
    expect(row).toContain(`"'=HYPERLINK(""x"") Ride ${a.tag}"`);
    expect(activitiesCsv.endsWith("\r\n")).toBe(true);
    // A phone number starting with + cannot become a formula either.
    expect(strFromU8(files["profile.csv"]!)).toContain("'+91 98765 43210");
    const all = Object.entries(files)
      .filter(([name]) => !name.endsWith(".png"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    for (const secret of SECRETS) expect(all).not.toContain(secret);
    for (const other of [b.tag, b.username, b.email]) expect(all).not.toContain(other);
  });

  it("answers a guest 401 and a bad format 400", async () => {
    expect((await call("/api/user/export")).status).toBe(401);
    const bad = await call("/api/user/export?format=xls", { cookie: a.cookie });
    expect(bad.status).toBe(400);
    expect((await json(bad)).message).toBe("format must be zip or json");
  });
});

/** Personal rows left for a user id / e-mail, table by table (every table of db/schema.ts that names a member). */
const BY_USER = [
  "email_tokens",
  "account_link_tokens",
  "strava_connections",
  "sync_status",
  "sync_jobs",
  "activities",
  "challenge_participations",
  "challenge_progress_audit",
  "recommendations",
  "fitness_profiles",
  "event_registrations",
  "event_waitlist",
  "feedback",
  "wari_registrations",
  "training_plans",
  "training_load_cache",
  "uploads",
  "event_history",
  // Wari results and their review audit (decision 045): removed with the member by cascade.
  "wari_results",
  "wari_result_audit",
  // The dashboard's summaries (issue #36): removed with the member by their foreign keys' cascade.
  "activity_day_totals",
  "activity_records",
  "activity_sport_totals",
  "activity_month_totals",
];

async function personalRows(userId: number, email: string, registrationIds: number[]) {
  const byUser = BY_USER;
  const counts: Record<string, number> = {};
  for (const table of byUser) {
    const row = await first<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`, userId);
    counts[table] = row!.n;
  }
  counts.users = (await first<{ n: number }>(
    "SELECT count(*) AS n FROM users WHERE id = ? OR lower(email) = lower(?)",
    userId,
    email,
  ))!.n;
  counts.training_progress = (await first<{ n: number }>(
    "SELECT count(*) AS n FROM training_progress WHERE plan_id NOT IN (SELECT id FROM training_plans)",
  ))!.n;
  counts.rate_limits = (await first<{ n: number }>(
    "SELECT count(*) AS n FROM rate_limits WHERE key LIKE ? OR key LIKE ? OR instr(key, ?) > 0",
    `%:user:${userId}`,
    `%:user:${userId}:%`,
    email.toLowerCase(),
  ))!.n;
  counts.payments_linked = registrationIds.length
    ? (await first<{ n: number }>(
        `SELECT count(*) AS n FROM payments WHERE registration_id IN (${registrationIds.join(",")})`,
      ))!.n
    : 0;
  counts.challenges_created = (await first<{ n: number }>(
    "SELECT count(*) AS n FROM challenges WHERE created_by = ?",
    userId,
  ))!.n;
  return counts;
}

const registrationIdsOf = async (userId: number) =>
  (
    await env.DB.prepare("SELECT id FROM event_registrations WHERE user_id = ?")
      .bind(userId)
      .all<{ id: number }>()
  ).results.map((r) => r.id);

const screenshotKeyOf = async (feedbackId: number) =>
  (await first<{ screenshot_key: string }>("SELECT screenshot_key FROM feedback WHERE id = ?", feedbackId))!
    .screenshot_key;

describe("DELETE /api/user", () => {
  it("checks every table that has a user_id column (a new table must be added to BY_USER)", async () => {
    // The tables of db/schema.ts (the migrations are generated from it) with a user_id column.
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is SQLiteTable => is(value, SQLiteTable))
      .map((table) => getTableConfig(table))
      .filter((config) => config.columns.some((column) => column.name === "user_id"))
      .map((config) => config.name);
    expect(tables).toContain("activities");
    expect(tables.filter((t) => !BY_USER.includes(t))).toEqual([]);
  });

  it("answers a guest 401, another method 405, a missing password 400", async () => {
    expect((await call("/api/user", { method: "DELETE", body: { password: "x" } })).status).toBe(401);
    expect((await call("/api/user", { method: "POST", body: {}, cookie: b.cookie })).status).toBe(405);
    const missing = await call("/api/user", { method: "DELETE", body: {}, cookie: b.cookie });
    expect(missing.status).toBe(400);
    expect((await json(missing)).message).toBe("Please enter your password to confirm");
  });

  it("refuses a wrong password and deletes nothing", async () => {
    const key = await screenshotKeyOf(b.feedbackId);
    const res = await call("/api/user", {
      method: "DELETE",
      body: { password: "Wrong@1234" },
      cookie: b.cookie,
    });
    expect(res.status).toBe(403);
    expect(await json(res)).toMatchObject({
      message: "That password is not correct. Your account was not deleted.",
      code: "wrong_password",
    });
    const rows = await personalRows(b.id, b.email, await registrationIdsOf(b.id));
    expect(rows).toMatchObject({
      users: 1,
      activities: 1,
      feedback: 1,
      event_registrations: 1,
      payments_linked: 1,
    });
    expect(await env.UPLOADS.get(key)).not.toBeNull();
    expect((await call("/api/user", { cookie: b.cookie })).status).toBe(200);
  });

  it("deletes every personal row, the screenshot and all sessions; keeps the payment detached", async () => {
    const key = await screenshotKeyOf(a.feedbackId);
    const registrationIds = await registrationIdsOf(a.id);
    const otherDevice = await login(a.username, a.password);
    const before = await personalRows(a.id, a.email, registrationIds);
    expect(before).toMatchObject({ users: 1, activities: 1, feedback: 1, event_registrations: 1 });
    // Login, reset-mail, feedback and export counters name the member.
    expect(before.rate_limits).toBeGreaterThanOrEqual(4);

    // The member's paid place in the upcoming club ride is cancelled first (decision 031).
    const res = await call("/api/user", {
      method: "DELETE",
      body: { password: a.password, cancelPaidPlaces: true },
      cookie: a.cookie,
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({
      message: "Your account has been deleted",
      screenshotsDeleted: 1,
      activityFilesDeleted: 1,
    });
    expect(cookiesFrom(res, a.cookie)).not.toContain("__session");

    // No personal row left in any table.
    const after = await personalRows(a.id, a.email, registrationIds);
    expect(Object.entries(after).filter(([, n]) => n !== 0)).toEqual([]);
    expect(await env.UPLOADS.get(key)).toBeNull();
    expect(await env.UPLOADS.get(a.fileKey)).toBeNull();
    expect(await env.UPLOADS.get(b.fileKey)).not.toBeNull();
    expect((await env.UPLOADS.list({ prefix: `feedback/${a.id}/` })).objects).toEqual([]);
    expect((await env.SESSIONS.list({ prefix: `session:${a.id}.` })).keys).toEqual([]);

    // The payment stays for accounting, detached from the person.
    const payment = await first<{ registration_id: number | null; event_id: number; amount: number }>(
      "SELECT registration_id, event_id, amount FROM payments WHERE order_id = ?",
      `order_${a.tag}`,
    );
    expect(payment).toEqual({ registration_id: null, event_id: eventId, amount: 50000 });

    // Signed out everywhere, and cannot sign in again.
    for (const cookie of [a.cookie, otherDevice])
      expect((await call("/api/user", { cookie })).status).toBe(401);
    const again = await call("/api/login", { body: { username: a.username, password: a.password } });
    expect(again.status).toBe(401);

    // Member B keeps everything.
    const untouched = await personalRows(b.id, b.email, await registrationIdsOf(b.id));
    expect(untouched).toMatchObject({
      users: 1,
      activities: 1,
      challenge_participations: 1,
      payments_linked: 1,
    });
  });

  it("revokes the app's access at Strava (the fake's token stops working)", async () => {
    const athleteId = 930_000_000 + Math.floor(Math.random() * 1_000_000);
    await strava("/athletes", { id: athleteId, firstname: "Leaving", lastname: "Rider", activities: 0 });
    const tokens = await strava("/tokens", { athleteId });
    const user = await createUser();
    const cookie = await login(user.username, user.password);
    const key = env.TOKEN_ENCRYPTION_KEY;
    await run(
      "INSERT INTO strava_connections (user_id, athlete_id, access_token_enc, refresh_token_enc, expires_at) VALUES (?, ?, ?, ?, ?)",
      user.id,
      athleteId,
      await encryptSecret(String(tokens.access_token), key),
      await encryptSecret(String(tokens.refresh_token), key),
      Number(tokens.expires_at),
    );
    const athlete = () =>
      fetch(`${env.FAKES_URL}/strava/api/v3/athlete`, {
        headers: { Authorization: `Bearer ${String(tokens.access_token)}` },
      });
    expect((await athlete()).status).toBe(200);
    const res = await call("/api/user", { method: "DELETE", body: { password: user.password }, cookie });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ stravaDeauthorized: true });
    expect((await athlete()).status).toBe(401);
  });

  it("asks an account without a password for a fresh sign-in", async () => {
    const user = await createUser({ googleId: unique("google") });
    await run("UPDATE users SET password_hash = NULL WHERE id = ?", user.id);
    // A session made as the Google/Strava sign-in makes it, then aged past the limit in KV.
    const session = await signedInWithoutPassword(user.id);
    await ageSession(user.id, 11 * 60);
    const stale = await call("/api/user", { method: "DELETE", body: {}, cookie: session });
    expect(stale.status).toBe(403);
    expect(await json(stale)).toMatchObject({ code: "reauthentication_required" });
    expect(await first("SELECT id FROM users WHERE id = ?", user.id)).not.toBeNull();
    // The page offers to sign out and sign in again.
    const reauth = await call("/profile-settings/delete-account", {
      body: "intent=reauth",
      cookie: session,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(reauth.status).toBe(302);
    expect(reauth.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile-settings%2Fdelete-account");
    expect((await call("/api/user", { cookie: session })).status).toBe(401);
    const again = await signedInWithoutPassword(user.id);
    await ageSession(user.id, 60);
    const fresh = await call("/api/user", { method: "DELETE", body: {}, cookie: again });
    expect(fresh.status).toBe(200);
    expect(await first("SELECT id FROM users WHERE id = ?", user.id)).toBeNull();
  });

  it("keeps the last admin", async () => {
    const admin = await createUser({ isAdmin: true });
    await run("UPDATE users SET is_admin = 0 WHERE is_admin = 1 AND id <> ?", admin.id);
    const cookie = await login(admin.username, admin.password);
    const res = await call("/api/user", { method: "DELETE", body: { password: admin.password }, cookie });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ code: "last_admin" });
    await createUser({ isAdmin: true });
    const ok = await call("/api/user", { method: "DELETE", body: { password: admin.password }, cookie });
    expect(ok.status).toBe(200);
  });
});

describe("/profile-settings/delete-account (the form without JavaScript)", () => {
  it("sends a guest to sign in, refuses a wrong password, deletes with the right one", async () => {
    const guest = await call("/profile-settings/delete-account");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/auth\?redirectTo=/);

    const user = await createUser();
    const cookie = await login(user.username, user.password);
    const page = await call("/profile-settings/delete-account", { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("payment records for accounting, without your name");

    const form = (password: string) => new URLSearchParams({ intent: "delete", password }).toString();
    const headers = { "Content-Type": "application/x-www-form-urlencoded" };
    const wrong = await call("/profile-settings/delete-account", {
      body: form("Nope@1234"),
      cookie,
      headers,
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.text()).toContain("That password is not correct");
    expect(await first("SELECT id FROM users WHERE id = ?", user.id)).not.toBeNull();

    const done = await call("/profile-settings/delete-account", {
      body: form(user.password),
      cookie,
      headers,
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/");
    expect(await first("SELECT id FROM users WHERE id = ?", user.id)).toBeNull();
  });
});

/** A session for a member without a password, made by the app's own sign-in (as after Google or Strava). */
async function signedInWithoutPassword(userId: number): Promise<string> {
  const app = createAppContext(env);
  const user = await app.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) });
  const setCookie = await createUserSession(app, new Request("http://localhost/"), user!);
  return setCookie.split(";")[0]!;
}

/** Makes the member's sessions `seconds` old. */
async function ageSession(userId: number, seconds: number) {
  const { keys } = await env.SESSIONS.list({ prefix: `session:${userId}.` });
  for (const { name } of keys) {
    const data = (await env.SESSIONS.get(name, "json")) as Record<string, number>;
    data.createdAt = Math.floor(Date.now() / 1000) - seconds;
    await env.SESSIONS.put(name, JSON.stringify(data));
  }
}
