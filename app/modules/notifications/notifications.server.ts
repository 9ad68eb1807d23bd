/**
 * Notifications, one model (issue #41, docs/decisions/051-club-feed.md). The
 * modules where something happens build a NotificationMessage with the rules
 * (./rules.ts) and `notify` puts it on the notifications queue; the consumer
 * writes the in-app row once per event and member (UNIQUE user_id, dedupe_key:
 * a redelivered message adds nothing) and sends the e-mail once (emailed_at
 * claimed before sending), holding it back through the member's quiet hours.
 * This module owns notifications, notification_preferences, notification_settings and
 * notification_triggers (the cron's reminders, queueReminders).
 */
import { and, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { sendEmail } from "~/lib/email.server";
import { AppError } from "~/lib/http.server";
import { CLUB_UTC_OFFSET_MINUTES } from "~/lib/format";
import { memberTimeZone } from "~/lib/time-zone";
import {
  notificationPreferences,
  notifications,
  notificationSettings,
  notificationTriggers,
  pushSubscriptions,
  users,
  type User,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import type { PreferencesInput, PushSubscriptionInput } from "./schema";
import { vapidOf, sendPush } from "./web-push.server";
import {
  CHANNELS_OF,
  challengeCompletedNotification,
  challengeReminderNotification,
  REMINDER_AHEAD_SECONDS,
  wariOpenNotification,
  channelEnabled,
  KIND_LABELS,
  NOTIFICATION_KINDS,
  planWeekNotification,
  pushPayload,
  secondsUntilQuietEnds,
  type NotificationKind,
  type NotificationMessage,
} from "./rules";

/** Puts a notification on the queue; a failure is logged and never undoes the member's action. */
export async function notify(app: AppContext, message: NotificationMessage | null): Promise<void> {
  if (!message) return;
  try {
    await app.env.NOTIFY_QUEUE.send(message);
  } catch (error) {
    console.error("notification not queued", message.key, error);
  }
}

/** Members' time zones by id, for notifications' wording (IST for those who chose none), in one read. */
export async function memberZones(app: AppContext, userIds: number[]): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)];
  const rows = ids.length
    ? await app.db
        .select({ id: users.id, timeZone: users.timeZone })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const zones = new Map(rows.map((r) => [r.id, memberTimeZone(r)]));
  for (const id of ids) if (!zones.has(id)) zones.set(id, memberTimeZone({ timeZone: null }));
  return zones;
}

/** One member's time zone (memberZones). */
export const memberZone = async (app: AppContext, userId: number): Promise<string> =>
  (await memberZones(app, [userId])).get(userId)!;

export const notificationMessageSchema = z.object({
  type: z.literal("notify"),
  kind: z.enum(NOTIFICATION_KINDS),
  userId: z.number().int().positive(),
  key: z.string().min(1).max(200),
  title: z.string().min(1).max(300),
  link: z.string().max(200).nullable(),
});

/** The HMAC-SHA256 key of the unsubscribe links: derived from the session secret. */
const unsubscribeKey = (app: AppContext) =>
  crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(`unsubscribe:${app.env.SESSION_SECRET}`),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );

/** HMAC-SHA256 over "userId.kind", base64url: the unsubscribe link's proof. */
async function signature(app: AppContext, payload: string): Promise<string> {
  const mac = new Uint8Array(
    await crypto.subtle.sign("HMAC", await unsubscribeKey(app), new TextEncoder().encode(payload)),
  );
  return btoa(String.fromCharCode(...mac))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** Whether `mac` (base64url) signs `payload`; compared in constant time by WebCrypto's verify. */
async function signatureMatches(app: AppContext, payload: string, mac: string): Promise<boolean> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(mac.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return false;
  }
  return crypto.subtle.verify("HMAC", await unsubscribeKey(app), bytes, new TextEncoder().encode(payload));
}

/** The one-click unsubscribe token of a member and kind (RFC 8058), valid without signing in. */
export async function unsubscribeToken(app: AppContext, userId: number, kind: NotificationKind) {
  return `${userId}.${kind}.${await signature(app, `${userId}.${kind}`)}`;
}

export const UNSUBSCRIBE_MSG = {
  invalid: "This unsubscribe link is not valid",
  done: (kind: NotificationKind) => `You will get no more e-mails about: ${KIND_LABELS[kind]}`,
} as const;

/** Turns the e-mail channel of one kind off for the member the token names; 400 for a bad token. */
export async function unsubscribe(app: AppContext, token: string) {
  const [id, kind, mac] = token.split(".");
  const userId = Number(id);
  if (
    !Number.isSafeInteger(userId) ||
    userId <= 0 ||
    !NOTIFICATION_KINDS.includes(kind as NotificationKind) ||
    !mac ||
    !(await signatureMatches(app, `${userId}.${kind}`, mac))
  )
    throw new AppError(400, UNSUBSCRIBE_MSG.invalid, { code: "invalid_token" });
  // A member deleted since the e-mail was sent gets no more e-mail anyway: nothing to write.
  await app.db.run(sql`INSERT INTO ${notificationPreferences} (user_id, kind, channel, enabled)
    SELECT ${userId}, ${kind}, 'email', 0 FROM ${users} WHERE id = ${userId}
    ON CONFLICT (user_id, kind, channel) DO UPDATE SET enabled = 0`);
  return { message: UNSUBSCRIBE_MSG.done(kind as NotificationKind), kind };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function emailNotification(app: AppContext, to: string, message: NotificationMessage) {
  const base = app.env.APP_URL.replace(/\/$/, "");
  const token = await unsubscribeToken(app, message.userId, message.kind);
  const unsubscribeUrl = `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  const link = `${base}${message.link ?? "/notifications"}`;
  await sendEmail(app, {
    to,
    subject: message.title.length > 120 ? `${message.title.slice(0, 119)}…` : message.title,
    text: `${message.title}\n\nOpen it: ${link}\n\nNo more e-mails like this: ${unsubscribeUrl}`,
    html: `<p>${escapeHtml(message.title)}</p><p><a href="${escapeHtml(link)}">Open it</a></p><p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">No more e-mails like this</a></p>`,
    idempotencyKey: `notification:${message.userId}:${message.key}`,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
}

/**
 * Delivers one message: the in-app row (once), then the e-mail and the Web Push to
 * each of the member's devices (each once) if the member wants them and is not in
 * quiet hours. Returns the seconds to wait before trying those again (quiet hours),
 * or 0 when done. Throws on a failed send (the queue retries the message).
 */
export async function deliverNotification(app: AppContext, message: NotificationMessage): Promise<number> {
  const now = app.now();
  const [member, choices, settings, devices] = await app.db.batch([
    app.db
      .select({ email: users.email, isActive: users.isActive })
      .from(users)
      .where(eq(users.id, message.userId)),
    app.db
      .select({
        kind: notificationPreferences.kind,
        channel: notificationPreferences.channel,
        enabled: notificationPreferences.enabled,
      })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, message.userId),
          eq(notificationPreferences.kind, message.kind),
        ),
      ),
    app.db.select().from(notificationSettings).where(eq(notificationSettings.userId, message.userId)),
    app.db
      .select({
        id: pushSubscriptions.id,
        endpoint: pushSubscriptions.endpoint,
        p256dh: pushSubscriptions.p256dh,
        auth: pushSubscriptions.auth,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, message.userId)),
  ]);
  const user = member[0];
  if (!user?.isActive) return 0;
  const inApp = channelEnabled(message.kind, "in_app", choices);
  const email = channelEnabled(message.kind, "email", choices);
  const push =
    devices.length > 0 && vapidOf(app.env) !== null && channelEnabled(message.kind, "push", choices);
  if (!inApp && !email && !push) return 0;
  await app.db
    .insert(notifications)
    .values({
      userId: message.userId,
      kind: message.kind,
      dedupeKey: message.key,
      title: message.title,
      link: message.link,
      // Not wanted in the app: kept only to send the e-mail and the push once, and never counted unread.
      readAt: inApp ? null : now,
      createdAt: now,
    })
    .onConflictDoNothing();
  if (!email && !push) return 0;
  const quiet = secondsUntilQuietEnds(now, settings[0]?.quietStart ?? null, settings[0]?.quietEnd ?? null);
  if (quiet > 0) return quiet;
  const mine = and(eq(notifications.userId, message.userId), eq(notifications.dedupeKey, message.key));
  if (email) {
    const claimed = await app.db
      .update(notifications)
      .set({ emailedAt: now })
      .where(and(mine, isNull(notifications.emailedAt)))
      .returning({ id: notifications.id });
    if (claimed.length) {
      try {
        await emailNotification(app, user.email, message);
      } catch (error) {
        await app.db.update(notifications).set({ emailedAt: null }).where(mine);
        throw error;
      }
    }
  }
  if (push) {
    const claimed = await app.db
      .update(notifications)
      .set({ pushedAt: now })
      .where(and(mine, isNull(notifications.pushedAt)))
      .returning({ id: notifications.id });
    if (claimed.length) await pushToDevices(app, message, devices, mine);
  }
  return 0;
}

/**
 * Pushes to each device: a 201 records its last success, a 404/410 (the browser dropped the
 * subscription) deletes it; any other failure clears the claim and throws, so the queue
 * retries (a device that had it already gets it again under the same tag, which replaces it).
 */
async function pushToDevices(
  app: AppContext,
  message: NotificationMessage,
  devices: { id: number; endpoint: string; p256dh: string; auth: string }[],
  mine: ReturnType<typeof and>,
) {
  const payload = pushPayload(message);
  const results = await Promise.allSettled(devices.map((d) => sendPush(app.env, d, payload)));
  const status = (r: PromiseSettledResult<number>) => (r.status === "fulfilled" ? r.value : 0);
  const delivered = devices.filter((_, i) => status(results[i]!) >= 200 && status(results[i]!) < 300);
  const gone = devices.filter((_, i) => [404, 410].includes(status(results[i]!)));
  const failed = results.filter((r) => {
    const s = status(r);
    return !(s >= 200 && s < 300) && s !== 404 && s !== 410;
  });
  await app.db.batch([
    app.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: app.now() })
      .where(inArray(pushSubscriptions.id, delivered.length ? delivered.map((d) => d.id) : [0])),
    app.db
      .delete(pushSubscriptions)
      .where(inArray(pushSubscriptions.id, gone.length ? gone.map((d) => d.id) : [0])),
  ]);
  if (failed.length) {
    await app.db.update(notifications).set({ pushedAt: null }).where(mine);
    throw new Error(
      `push failed on ${failed.length} device(s): ${failed
        .map((r) => (r.status === "fulfilled" ? `HTTP ${r.value}` : String(r.reason)))
        .join(", ")}`,
    );
  }
}

/** The notifications queue's consumer: each message acked once delivered, retried (with backoff) on failure. */
export async function handleNotificationBatch(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = notificationMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed notification message", message.id);
      message.ack();
      continue;
    }
    try {
      const wait = await deliverNotification(app, parsed.data);
      if (wait > 0) message.retry({ delaySeconds: Math.min(wait, 12 * 3600) });
      else message.ack();
    } catch (error) {
      console.error("notification failed", message.id, error);
      message.retry({ delaySeconds: 30 * message.attempts });
    }
  }
}

/** How far back each cron run looks for completed challenges (runs every 15 minutes; overlap is harmless). */
const COMPLETION_LOOKBACK_SECONDS = 3600;

/**
 * The cron's part (every 15 minutes): the club feed's "completed" milestones of
 * the last hour, written by set-based SQL in the activities' batch, become
 * notifications to their members; the unique key keeps each one single.
 */
export async function queueChallengeCompletions(app: AppContext): Promise<number> {
  const since = Math.floor(app.now().getTime() / 1000) - COMPLETION_LOOKBACK_SECONDS;
  const rows = await app.db.all<{ user_id: number; challenge_id: number; label: string }>(sql`
    SELECT user_id, challenge_id, label FROM feed_items
    WHERE kind = 'challenge_completed' AND created_at >= ${since} AND user_id IS NOT NULL
    ORDER BY id LIMIT 1000`);
  await queueNotifications(
    app,
    rows.map((r) =>
      challengeCompletedNotification({ userId: r.user_id, challengeId: r.challenge_id, title: r.label }),
    ),
  );
  return rows.length;
}

/** Queues `messages` in sendBatch calls of 100 (the queue's limit per call). */
export async function queueNotifications(app: AppContext, messages: NotificationMessage[]): Promise<void> {
  for (let i = 0; i < messages.length; i += 100)
    await app.env.NOTIFY_QUEUE.sendBatch(messages.slice(i, i + 100).map((body) => ({ body })));
}

/** The reminders not fired yet among `keys`. */
async function unfired(app: AppContext, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const fired = await app.db
    .select({ key: notificationTriggers.key })
    .from(notificationTriggers)
    .where(inArray(notificationTriggers.key, keys));
  const done = new Set(fired.map((f) => f.key));
  return new Set(keys.filter((k) => !done.has(k)));
}

/** Marks a reminder fired, once every member's notification is on the queue. */
const fire = (app: AppContext, key: string) =>
  app.db.insert(notificationTriggers).values({ key, firedAt: app.now() }).onConflictDoNothing();

/** How long after its registration opened a Wari edition is still announced (a cron that was down). */
const WARI_OPEN_LOOKBACK_SECONDS = 7 * 86_400;

/**
 * The cron's reminders (every 15 minutes; issue #41): a challenge starting within two days
 * (to those who joined it), a challenge ending within two days (to its participants who have
 * not reached the goal), a Wari edition whose registration has opened (to every verified
 * member). Each fires once (notification_triggers); the members' preferences, quiet hours and
 * channels are applied when each is delivered. Returns how many notifications were queued.
 */
export async function queueReminders(app: AppContext): Promise<number> {
  const now = Math.floor(app.now().getTime() / 1000);
  const ahead = now + REMINDER_AHEAD_SECONDS;
  const [starting, ending, editions] = await Promise.all([
    app.db.all<{ id: number; title: string; at: number }>(sql`
      SELECT id, title, start_date AS at FROM challenges
      WHERE is_active = 1 AND start_date > ${now} AND start_date <= ${ahead}`),
    app.db.all<{ id: number; title: string; at: number }>(sql`
      SELECT id, title, end_date AS at FROM challenges
      WHERE is_active = 1 AND start_date <= ${now} AND end_date > ${now} AND end_date <= ${ahead}`),
    app.db.all<{ year: number; name: string }>(sql`
      SELECT year, name FROM wari_editions
      WHERE registration_opens_at <= ${now} AND registration_opens_at > ${now - WARI_OPEN_LOOKBACK_SECONDS}
        AND (registration_closes_at IS NULL OR registration_closes_at > ${now})`),
  ]);
  const due = await unfired(app, [
    ...starting.map((c) => `challenge-starting:${c.id}`),
    ...ending.map((c) => `challenge-ending:${c.id}`),
    ...editions.map((w) => `wari-open:${w.year}`),
  ]);
  let queued = 0;
  const zoneOf = (timeZone: string | null) => memberTimeZone({ timeZone });
  const challenges = [
    ...starting.map((c) => ({ ...c, moment: "starting" as const })),
    ...ending.map((c) => ({ ...c, moment: "ending" as const })),
  ];
  for (const c of challenges) {
    const key = `challenge-${c.moment}:${c.id}`;
    if (!due.has(key)) continue;
    // An ending challenge reminds those who have not reached its goal yet.
    const unfinished = c.moment === "ending" ? sql`AND p.completed_at IS NULL` : sql``;
    const members = await app.db.all<{ user_id: number; time_zone: string | null }>(sql`
      SELECT p.user_id, u.time_zone FROM challenge_participations p JOIN users u ON u.id = p.user_id
      WHERE p.challenge_id = ${c.id} AND u.is_active = 1 ${unfinished}`);
    const at = new Date(c.at * 1000);
    await queueNotifications(
      app,
      members.map((m) =>
        challengeReminderNotification({
          moment: c.moment,
          userId: m.user_id,
          challengeId: c.id,
          title: c.title,
          at,
          zone: zoneOf(m.time_zone),
        }),
      ),
    );
    await fire(app, key);
    queued += members.length;
  }
  for (const w of editions) {
    const key = `wari-open:${w.year}`;
    if (!due.has(key)) continue;
    const members = await app.db.all<{ id: number }>(sql`
      SELECT id FROM users WHERE is_active = 1 AND is_verified = 1 ORDER BY id`);
    await queueNotifications(
      app,
      members.map((m) => wariOpenNotification({ userId: m.id, year: w.year, name: w.name })),
    );
    await fire(app, key);
    queued += members.length;
  }
  return queued;
}

/** When a plan's week is announced: from 06:00 IST on the day it starts (not at midnight). */
const PLAN_WEEK_HOUR_IST = 6;

/**
 * The weeks of Wari training plans that start today (IST), told to their members once each
 * (issue #41), from 06:00 IST. Plans start at a calendar day's midnight UTC and run in whole
 * weeks, so a week starts today where the days since the plan's start divide by 7: the JSON is
 * read only for those plans, once a day (the day's trigger key).
 */
export async function queuePlanWeeks(app: AppContext): Promise<number> {
  const wall = new Date(app.now().getTime() + CLUB_UTC_OFFSET_MINUTES * 60_000);
  if (wall.getUTCHours() < PLAN_WEEK_HOUR_IST) return 0;
  const today = wall.toISOString().slice(0, 10);
  const key = `plan-weeks:${today}`;
  if (!(await unfired(app, [key])).size) return 0;
  const dayStart = Date.parse(`${today}T00:00:00Z`) / 1000;
  const rows = await app.db.all<{
    plan_id: number;
    user_id: number;
    week: number;
    weeks: number;
    weekly_km: number;
    long_km: number;
    phase: string;
    recovery: number | null;
  }>(sql`
    SELECT plan_id, user_id, week + 1 AS week, weeks,
      json_extract(plan_details, '$.weeklySchedule[' || week || '].weeklyGoalKm') AS weekly_km,
      json_extract(plan_details, '$.weeklySchedule[' || week || '].longRideGoalKm') AS long_km,
      json_extract(plan_details, '$.weeklySchedule[' || week || '].phase') AS phase,
      json_extract(plan_details, '$.weeklySchedule[' || week || '].recoveryWeek') AS recovery
    FROM (
      SELECT p.id AS plan_id, p.user_id, p.plan_details, CAST((${dayStart} - p.start_date) / 604800 AS INTEGER) AS week,
        json_array_length(p.plan_details, '$.weeklySchedule') AS weeks
      FROM training_plans p JOIN users u ON u.id = p.user_id
      WHERE u.is_active = 1 AND p.start_date <= ${dayStart} AND (${dayStart} - p.start_date) % 604800 = 0)
    WHERE week < weeks`);
  await queueNotifications(
    app,
    rows.map((r) =>
      planWeekNotification({
        userId: r.user_id,
        planId: r.plan_id,
        week: r.week,
        weeks: r.weeks,
        weeklyKm: r.weekly_km,
        longRideKm: r.long_km,
        phase: r.phase,
        recovery: r.recovery === 1,
      }),
    ),
  );
  await fire(app, key);
  return rows.length;
}

const clock = (minutes: number | null | undefined) =>
  minutes === null || minutes === undefined
    ? null
    : `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The member's choices per kind and channel (defaults filled in) and quiet hours ("22:00", IST). */
export async function notificationPreferencesOf(app: AppContext, user: Pick<User, "id">) {
  const [choices, settings] = await app.db.batch([
    app.db
      .select({
        kind: notificationPreferences.kind,
        channel: notificationPreferences.channel,
        enabled: notificationPreferences.enabled,
      })
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, user.id)),
    app.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id)),
  ]);
  return {
    kinds: NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: KIND_LABELS[kind],
      channels: CHANNELS_OF[kind].map((channel) => ({
        channel,
        enabled: channelEnabled(kind, channel, choices),
      })),
    })),
    quietStart: clock(settings[0]?.quietStart),
    quietEnd: clock(settings[0]?.quietEnd),
    /** The VAPID public key a browser subscribes with; null: Web Push is not set up here. */
    pushKey: vapidOf(app.env)?.publicKey ?? null,
  };
}
export type NotificationPreferences = Awaited<ReturnType<typeof notificationPreferencesOf>>;

/** Saves the given choices (only the channels a kind offers) and the quiet hours, in one batch. */
export async function saveNotificationPreferences(
  app: AppContext,
  user: Pick<User, "id">,
  input: PreferencesInput,
) {
  const choices = input.choices.filter((c) => CHANNELS_OF[c.kind].includes(c.channel));
  const quiet = { quietStart: input.quietStart, quietEnd: input.quietEnd };
  const writes = [
    app.db
      .insert(notificationSettings)
      .values({ userId: user.id, ...quiet })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: quiet }),
    ...choices.map((c) =>
      app.db
        .insert(notificationPreferences)
        .values({ userId: user.id, kind: c.kind, channel: c.channel, enabled: c.enabled })
        .onConflictDoUpdate({
          target: [
            notificationPreferences.userId,
            notificationPreferences.kind,
            notificationPreferences.channel,
          ],
          set: { enabled: c.enabled },
        }),
    ),
  ] as const;
  await app.db.batch(writes);
  return { message: "Notification choices saved", ...(await notificationPreferencesOf(app, user)) };
}

export async function unreadNotificationCount(app: AppContext, userId: number): Promise<number> {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** The member's notifications, newest first (keyset: older than `before`). */
export async function listNotifications(
  app: AppContext,
  user: Pick<User, "id">,
  query: { before?: number; limit: number },
) {
  const rows = await app.db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, user.id),
        query.before === undefined ? undefined : lt(notifications.id, query.before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    unread: await unreadNotificationCount(app, user.id),
    items: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      link: r.link,
      read: r.readAt !== null,
      createdAt: r.createdAt.toISOString(),
    })),
    nextBefore: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** Marks the member's notifications read: the given ids, or all of them. */
export async function markNotificationsRead(app: AppContext, user: Pick<User, "id">, ids: number[] | "all") {
  await app.db
    .update(notifications)
    .set({ readAt: app.now() })
    .where(
      and(
        eq(notifications.userId, user.id),
        isNull(notifications.readAt),
        ids === "all" ? undefined : inArray(notifications.id, ids.slice(0, 100)),
      ),
    );
  return { unread: await unreadNotificationCount(app, user.id) };
}

/** Devices one member may turn notifications on in. */
const MAX_PUSH_DEVICES = 20;
const PUSH_MSG = {
  tooMany: `Notifications are on in ${MAX_PUSH_DEVICES} of your devices already: turn one off first`,
  https: "A push subscription's endpoint must be an https address",
  saved: "Notifications are on for this device",
  removed: "Notifications are off for this device",
} as const;

/**
 * Saves this device's push subscription for the member (the endpoint is unique: a device
 * that changes hands moves to its new member), at most MAX_PUSH_DEVICES per member.
 */
export async function savePushSubscription(
  app: AppContext,
  user: Pick<User, "id">,
  input: PushSubscriptionInput,
) {
  // Real push services are https; plain http only where the app itself is (local development, the fakes).
  if (app.env.APP_URL.startsWith("https://") && !input.endpoint.startsWith("https://"))
    throw new AppError(400, PUSH_MSG.https, { errors: { endpoint: [PUSH_MSG.https] } });
  const rows = await app.db.all<{ id: number }>(sql`
    INSERT INTO ${pushSubscriptions} (user_id, endpoint, p256dh, auth)
    SELECT ${user.id}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}
    WHERE (SELECT count(*) FROM ${pushSubscriptions}
           WHERE user_id = ${user.id} AND endpoint <> ${input.endpoint}) < ${MAX_PUSH_DEVICES}
    ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
      auth = excluded.auth
    RETURNING id`);
  if (!rows.length) throw new AppError(409, PUSH_MSG.tooMany, { code: "too_many_devices" });
  return { message: PUSH_MSG.saved, id: rows[0]!.id };
}

/** Removes this device's subscription (only the member's own). */
export async function deletePushSubscription(app: AppContext, user: Pick<User, "id">, endpoint: string) {
  const removed = await app.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, user.id), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return { message: PUSH_MSG.removed, removed: removed.length };
}
