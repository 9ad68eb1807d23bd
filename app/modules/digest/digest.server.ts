/**
 * The weekly digest (issue #41 item 3, docs/decisions/054-weekly-digest-and-health.md).
 * From Monday 07:00 IST the quarter-hourly cron builds last week's digests in
 * batches: keyset over member id, DIGEST_BATCH members a batch (a handful of
 * set-based reads and one queue sendBatch each), at most DIGEST_BATCHES_PER_RUN
 * batches a run, the cursor kept in digest_cursor so the next run continues.
 * The `digests` queue's consumer claims (member, week) in digest_sends before
 * sending, so neither a rerun nor a redelivery sends a digest twice; a failed
 * send is retried with backoff. This module owns digest_sends and digest_cursor.
 */
import { sql } from "drizzle-orm";
import { z } from "zod";
import { batchSql } from "~db/client";
import { sendEmail } from "~/lib/email.server";
import { unsubscribeToken } from "~/modules/notifications/notifications.server";
import { feedItemVisibleTo } from "~/modules/privacy/feed-sql.server";
import type { AppContext } from "~workers/load-context";
import {
  digestEmail,
  digestKey,
  dueDigestWeek,
  highlightsFor,
  type DigestContent,
  type DigestHighlight,
  type IstWeek,
} from "./rules";

/** Members a batch: 50 messages of a few kB stay under a queue sendBatch's 256 kB. */
export const DIGEST_BATCH = 50;
/** Batches a cron run: about 7 subrequests each, so 20 stay far below Workers' 1,000 (1,000 members a run). */
export const DIGEST_BATCHES_PER_RUN = 20;

/** DIGEST_BATCHES_PER_RUN (wrangler.toml): a whole number; empty or not a number means 20, "0" turns the digest off. */
function batchesPerRun(app: AppContext): number {
  const value = Number(app.env.DIGEST_BATCHES_PER_RUN ?? "");
  return app.env.DIGEST_BATCHES_PER_RUN?.trim() && Number.isInteger(value) && value >= 0
    ? Math.min(value, 100)
    : DIGEST_BATCHES_PER_RUN;
}
const UPCOMING_DAYS = 14;

export const digestMessageSchema = z.object({
  type: z.literal("digest"),
  userId: z.number().int().positive(),
  week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  unsubscribe: z.string().url(),
});
export type DigestMessage = z.infer<typeof digestMessageSchema>;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * The digests of the opted-in members after `afterId` (at most `limit`, by id):
 * active, verified, and the digest's e-mail not turned off. `done` once fewer came back.
 */
export async function buildDigests(
  app: AppContext,
  week: IstWeek,
  afterId: number,
  limit = DIGEST_BATCH,
): Promise<{ digests: DigestContent[]; lastId: number; done: boolean }> {
  const members = await app.db.all<{ id: number; username: string; email: string }>(sql`
    SELECT u.id, u.username, u.email FROM users u
    WHERE u.id > ${afterId} AND u.is_active = 1 AND u.is_verified = 1
      AND NOT EXISTS (SELECT 1 FROM notification_preferences p
        WHERE p.user_id = u.id AND p.kind = 'digest' AND p.channel = 'email' AND p.enabled = 0)
    ORDER BY u.id LIMIT ${limit}`);
  if (!members.length) return { digests: [], lastId: afterId, done: true };
  const lo = members[0]!.id;
  const hi = members.at(-1)!.id;
  const now = app.now();
  const [totalsResult, standingsResult, eventsResult, highlightsResult] = await batchSql(app.env.DB, [
    sql`
      SELECT user_id, sum(activity_count) AS n, sum(distance) AS distance, sum(moving_time) AS moving_time
      FROM activity_day_totals
      WHERE user_id BETWEEN ${lo} AND ${hi} AND day BETWEEN ${week.week} AND ${week.lastDay}
      GROUP BY user_id`,
    sql`
      SELECT p.user_id, c.id, c.title, c.target, p.progress,
        (SELECT count(*) + 1 FROM challenge_participations q WHERE q.challenge_id = p.challenge_id AND q.progress > p.progress) AS rank,
        (SELECT count(*) FROM challenge_participations q WHERE q.challenge_id = p.challenge_id) AS participants
      FROM challenge_participations p JOIN challenges c ON c.id = p.challenge_id
      WHERE p.user_id BETWEEN ${lo} AND ${hi} AND c.is_active = 1
        AND c.end_date >= ${seconds(week.start)} AND c.start_date < ${seconds(now)}
      ORDER BY p.user_id, c.end_date, c.id`,
    sql`
      SELECT id, title, date, location FROM events
      WHERE is_active = 1 AND cancelled_at IS NULL
        AND date >= ${seconds(now)} AND date < ${seconds(now) + UPCOMING_DAYS * 86400}
      ORDER BY date, id LIMIT 5`,
    sql`
      SELECT f.id, f.user_id, ${feedItemVisibleTo(0, "f")} AS shared, f.label,
        (SELECT count(*) FROM feed_kudos k WHERE k.item_id = f.id) AS kudos
      FROM feed_items f
      WHERE f.created_at >= ${seconds(week.start)} AND f.created_at < ${seconds(week.end)}
        AND (f.user_id IS NULL OR EXISTS (SELECT 1 FROM users o WHERE o.id = f.user_id AND o.is_active = 1))
      ORDER BY kudos DESC, f.id DESC LIMIT 40`,
  ]);
  const totals = totalsResult!.results as unknown as {
    user_id: number;
    n: number;
    distance: number;
    moving_time: number;
  }[];
  const standings = standingsResult!.results as unknown as {
    user_id: number;
    id: number;
    title: string;
    target: number | null;
    progress: number;
    rank: number;
    participants: number;
  }[];
  const events = eventsResult!.results as unknown as {
    id: number;
    title: string;
    date: number;
    location: string;
  }[];
  const highlights = highlightsResult!.results as unknown as {
    id: number;
    user_id: number | null;
    shared: number;
    label: string;
    kudos: number;
  }[];
  const items: DigestHighlight[] = highlights.map((h) => ({
    id: h.id,
    userId: h.user_id,
    shared: h.shared === 1,
    label: h.label,
    kudos: h.kudos,
  }));
  const upcoming = events.map((e) => ({
    id: e.id,
    title: e.title,
    date: new Date(e.date * 1000),
    location: e.location,
  }));
  const digests = members.map((m): DigestContent => {
    const t = totals.find((r) => r.user_id === m.id);
    return {
      member: m,
      week,
      totals: { activities: t?.n ?? 0, distance: t?.distance ?? 0, movingTime: t?.moving_time ?? 0 },
      challenges: standings
        .filter((s) => s.user_id === m.id)
        .map((s) => ({
          id: s.id,
          title: s.title,
          rank: s.rank,
          participants: s.participants,
          percent: s.target ? Math.min(100, (s.progress / s.target) * 100) : null,
        })),
      events: upcoming,
      highlights: highlightsFor(m.id, items),
    };
  });
  return { digests, lastId: hi, done: members.length < limit };
}

/** The queue message of one digest: the rendered e-mail with its one-click unsubscribe (digest only). */
export async function digestMessage(app: AppContext, content: DigestContent): Promise<DigestMessage> {
  const base = app.env.APP_URL.replace(/\/$/, "");
  const token = await unsubscribeToken(app, content.member.id, "digest");
  const unsubscribe = `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return {
    type: "digest",
    userId: content.member.id,
    week: content.week.week,
    to: content.member.email,
    ...digestEmail(content, { base, unsubscribe }),
    unsubscribe,
  };
}

/**
 * The cron's part: when last week's digest is due, the next batches of members
 * (from the stored cursor) are built and queued. Returns how many were queued.
 */
export async function runWeeklyDigest(
  app: AppContext,
  opts: { batchSize?: number; maxBatches?: number } = {},
): Promise<{ week: string | null; queued: number; done: boolean }> {
  const maxBatches = opts.maxBatches ?? batchesPerRun(app);
  const week = maxBatches > 0 ? dueDigestWeek(app.now()) : null;
  if (!week) return { week: null, queued: 0, done: true };
  const [cursor] = await app.db.all<{ week: string; last_user_id: number; done: number }>(
    sql`SELECT week, last_user_id, done FROM digest_cursor WHERE id = 1`,
  );
  let lastId = cursor?.week === week.week ? cursor.last_user_id : 0;
  let done = cursor?.week === week.week && cursor.done === 1;
  let queued = 0;
  for (let i = 0; !done && i < maxBatches; i++) {
    const batch = await buildDigests(app, week, lastId, opts.batchSize ?? DIGEST_BATCH);
    // Members already sent this week's digest (an earlier, interrupted run) are not queued again.
    const sent = batch.digests.length
      ? await app.db.all<{ user_id: number }>(sql`
          SELECT user_id FROM digest_sends WHERE week = ${week.week}
            AND user_id BETWEEN ${batch.digests[0]!.member.id} AND ${batch.lastId} AND status <> 'failed'`)
      : [];
    const todo = batch.digests.filter((d) => !sent.some((s) => s.user_id === d.member.id));
    if (todo.length)
      await app.env.DIGEST_QUEUE.sendBatch(
        await Promise.all(todo.map(async (d) => ({ body: await digestMessage(app, d) }))),
      );
    queued += todo.length;
    lastId = batch.lastId;
    done = batch.done;
    await app.db.run(sql`
      INSERT INTO digest_cursor (id, week, last_user_id, done) VALUES (1, ${week.week}, ${lastId}, ${done ? 1 : 0})
      ON CONFLICT (id) DO UPDATE SET week = excluded.week, last_user_id = excluded.last_user_id, done = excluded.done`);
  }
  return { week: week.week, queued, done };
}

/** Sending one digest: claimed first (a sent or in-flight one is left alone), then sent and recorded. */
export async function deliverDigest(app: AppContext, message: DigestMessage): Promise<"sent" | "skipped"> {
  const now = seconds(app.now());
  const claimed = await app.db.all<{ user_id: number }>(sql`
    INSERT INTO digest_sends (user_id, week, status, attempts, updated_at)
    SELECT ${message.userId}, ${message.week}, 'sending', 1, ${now} FROM users WHERE id = ${message.userId}
    ON CONFLICT (user_id, week) DO UPDATE SET status = 'sending', attempts = digest_sends.attempts + 1,
      updated_at = excluded.updated_at
    WHERE digest_sends.status = 'failed' OR (digest_sends.status = 'sending' AND digest_sends.updated_at < ${now - 3600})
    RETURNING user_id`);
  if (!claimed.length) return "skipped";
  try {
    await sendEmail(app, {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      idempotencyKey: digestKey(message.userId, message.week),
      headers: {
        "List-Unsubscribe": `<${message.unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await app.db.run(sql`UPDATE digest_sends SET status = 'failed', last_error = ${text}, updated_at = ${now}
      WHERE user_id = ${message.userId} AND week = ${message.week}`);
    throw error;
  }
  await app.db.run(sql`UPDATE digest_sends SET status = 'sent', last_error = NULL, updated_at = ${now}
    WHERE user_id = ${message.userId} AND week = ${message.week}`);
  return "sent";
}

/** The `digests` queue's consumer: acked once sent (or already sent), retried with backoff on failure. */
export async function handleDigestBatch(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = digestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed digest message", message.id);
      message.ack();
      continue;
    }
    try {
      await deliverDigest(app, parsed.data);
      message.ack();
    } catch (error) {
      console.error("digest not sent", message.id, error);
      message.retry({ delaySeconds: 60 * message.attempts });
    }
  }
}
