/**
 * The weekly digest (issue #41 item 3, docs/decisions/054-weekly-digest-and-health.md).
 * From Monday 07:00 IST one quarter-hourly cron run fans the week out: one
 * set-based read splits the opted-in members into id ranges of DIGEST_BATCH
 * (row_number over member id), and one `digests` queue message per range goes
 * out in sendBatch calls of 100 (a handful of subrequests for 10,000 members).
 * The queue's consumer builds each range's digests (one D1 batch of set-based
 * reads), claims (member, week) in digest_sends in one statement, sends the
 * claimed ones and records the outcome in one D1 batch: neither a rerun nor a
 * redelivery sends a digest twice, and a failed send is retried with backoff.
 * digest_cursor records the week's fan-out (done, or where it stopped).
 * This module owns digest_sends and digest_cursor.
 */
import { sql, type SQL } from "drizzle-orm";
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
  istWeekNamed,
  type DigestContent,
  type DigestHighlight,
  type IstWeek,
} from "./rules";

/**
 * Members a range (one queue message): about 54 subrequests to build and send
 * (one D1 batch of reads, one claim, 50 e-mails, one D1 batch of outcomes), so a
 * consumer batch of 10 messages stays near 540, under Workers' 1,000.
 */
export const DIGEST_BATCH = 50;
/** Ranges a cron run queues at most: 2,000 (100,000 members) in 20 sendBatch calls and 20 cursor writes. */
export const DIGEST_RANGES_PER_RUN = 2_000;
/** Messages a queue sendBatch takes at most. */
const SEND_BATCH = 100;
/** E-mails a consumer sends at once (Workers keep 6 connections open per invocation). */
const SEND_CONCURRENCY = 6;

/** DIGEST_BATCHES_PER_RUN (wrangler.toml): ranges of 50 a cron run queues; empty or not a number means 2,000, "0" turns the digest off. */
function rangesPerRun(app: AppContext): number {
  const value = Number(app.env.DIGEST_BATCHES_PER_RUN ?? "");
  return app.env.DIGEST_BATCHES_PER_RUN?.trim() && Number.isInteger(value) && value >= 0
    ? Math.min(value, 10_000)
    : DIGEST_RANGES_PER_RUN;
}
const UPCOMING_DAYS = 14;

/** One queue message: build and send the digests of the members with ids lo..hi. */
export const digestMessageSchema = z
  .object({
    type: z.literal("digest-range"),
    week: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    lo: z.number().int().positive(),
    hi: z.number().int().positive(),
  })
  .refine((m) => m.lo <= m.hi, "lo must not be above hi");
export type DigestMessage = z.infer<typeof digestMessageSchema>;

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Members who get the digest: active, verified, and the digest's e-mail not turned off. `u` aliases users. */
function getsDigest(u: string): SQL {
  const a = sql.raw(u);
  return sql`${a}.is_active = 1 AND ${a}.is_verified = 1
    AND NOT EXISTS (SELECT 1 FROM notification_preferences p
      WHERE p.user_id = ${a}.id AND p.kind = 'digest' AND p.channel = 'email' AND p.enabled = 0)`;
}

/**
 * The digests of the members with ids lo..hi who get it (by id), from one D1
 * batch of five set-based reads: the members, their week's totals, their
 * challenges' standings, the upcoming events, the week's club highlights.
 */
export async function buildDigests(
  app: AppContext,
  week: IstWeek,
  lo: number,
  hi: number,
): Promise<DigestContent[]> {
  const now = app.now();
  const [membersResult, totalsResult, standingsResult, eventsResult, highlightsResult] = await batchSql(
    app.env.DB,
    [
      sql`
      SELECT u.id, u.username, u.email FROM users u
      WHERE u.id BETWEEN ${lo} AND ${hi} AND ${getsDigest("u")}
      ORDER BY u.id`,
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
    ],
  );
  const members = membersResult!.results as unknown as { id: number; username: string; email: string }[];
  if (!members.length) return [];
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
  return members.map((m): DigestContent => {
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
}

/** The rendered e-mail of one digest with its one-click unsubscribe (digest only). */
export async function digestMessage(app: AppContext, content: DigestContent) {
  const base = app.env.APP_URL.replace(/\/$/, "");
  const token = await unsubscribeToken(app, content.member.id, "digest");
  const unsubscribe = `${base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`;
  return { to: content.member.email, ...digestEmail(content, { base, unsubscribe }), unsubscribe };
}

/** Queues the digests of the members with ids lo..hi of `week` (the Health panel's retry). */
export async function queueDigestRange(app: AppContext, week: string, lo: number, hi: number) {
  await app.env.DIGEST_QUEUE.send({ type: "digest-range", week, lo, hi });
}

/**
 * The cron's part: when last week's digest is due and not yet fanned out, one
 * read splits the members who get it (and were not sent it yet) into ranges of
 * `rangeSize` by id (row_number over id), and one queue message per range goes
 * out, 100 a sendBatch; the cursor is written after each sendBatch, so a run
 * that stops is continued by the next. At most `maxRanges` ranges a run.
 */
export async function runWeeklyDigest(
  app: AppContext,
  opts: { rangeSize?: number; maxRanges?: number } = {},
): Promise<{ week: string | null; ranges: number; members: number; done: boolean }> {
  const maxRanges = opts.maxRanges ?? rangesPerRun(app);
  const week = maxRanges > 0 ? dueDigestWeek(app.now()) : null;
  if (!week) return { week: null, ranges: 0, members: 0, done: true };
  const [cursor] = await app.db.all<{ week: string; last_user_id: number; done: number }>(
    sql`SELECT week, last_user_id, done FROM digest_cursor WHERE id = 1`,
  );
  if (cursor?.week === week.week && cursor.done === 1)
    return { week: week.week, ranges: 0, members: 0, done: true };
  const after = cursor?.week === week.week ? cursor.last_user_id : 0;
  const found = await app.db.all<{ lo: number; hi: number; n: number }>(sql`
    SELECT min(id) AS lo, max(id) AS hi, count(*) AS n FROM (
      SELECT u.id, (row_number() OVER (ORDER BY u.id) - 1) / CAST(${opts.rangeSize ?? DIGEST_BATCH} AS INTEGER) AS part
      FROM users u
      WHERE u.id > ${after} AND ${getsDigest("u")}
        AND NOT EXISTS (SELECT 1 FROM digest_sends s WHERE s.user_id = u.id AND s.week = ${week.week} AND s.status = 'sent')
    ) GROUP BY part ORDER BY part LIMIT ${maxRanges + 1}`);
  const ranges = found.slice(0, maxRanges);
  const done = found.length <= maxRanges;
  const saveCursor = (lastId: number, finished: boolean) =>
    app.db.run(sql`
      INSERT INTO digest_cursor (id, week, last_user_id, done) VALUES (1, ${week.week}, ${lastId}, ${finished ? 1 : 0})
      ON CONFLICT (id) DO UPDATE SET week = excluded.week, last_user_id = excluded.last_user_id, done = excluded.done`);
  for (let i = 0; i < ranges.length; i += SEND_BATCH) {
    const chunk = ranges.slice(i, i + SEND_BATCH);
    await app.env.DIGEST_QUEUE.sendBatch(
      chunk.map((r) => ({ body: { type: "digest-range" as const, week: week.week, lo: r.lo, hi: r.hi } })),
    );
    await saveCursor(chunk.at(-1)!.hi, done && i + SEND_BATCH >= ranges.length);
  }
  if (!ranges.length) await saveCursor(after, true);
  const members = ranges.reduce((sum, r) => sum + r.n, 0);
  return { week: week.week, ranges: ranges.length, members, done };
}

/**
 * One range's digests: built, claimed in digest_sends in one statement (a sent
 * or in-flight one is left alone, a failed one is claimed again), sent six at
 * a time, and the outcomes recorded in one D1 batch.
 */
export async function deliverDigestRange(
  app: AppContext,
  message: DigestMessage,
): Promise<{ sent: number; skipped: number; failed: number }> {
  const digests = await buildDigests(app, istWeekNamed(message.week), message.lo, message.hi);
  if (!digests.length) return { sent: 0, skipped: 0, failed: 0 };
  const now = seconds(app.now());
  const ids = JSON.stringify(digests.map((d) => d.member.id));
  const claimed = await app.db.all<{ user_id: number }>(sql`
    INSERT INTO digest_sends (user_id, week, status, attempts, updated_at)
    SELECT u.id, ${message.week}, 'sending', 1, ${now} FROM users u WHERE u.id IN (SELECT value FROM json_each(${ids}))
    ON CONFLICT (user_id, week) DO UPDATE SET status = 'sending', attempts = digest_sends.attempts + 1,
      updated_at = excluded.updated_at
    WHERE digest_sends.status = 'failed' OR (digest_sends.status = 'sending' AND digest_sends.updated_at < ${now - 3600})
    RETURNING user_id`);
  const mine = new Set(claimed.map((r) => r.user_id));
  const todo = digests.filter((d) => mine.has(d.member.id));
  const sent: number[] = [];
  const failed: { id: number; error: string }[] = [];
  for (let i = 0; i < todo.length; i += SEND_CONCURRENCY) {
    const group = todo.slice(i, i + SEND_CONCURRENCY);
    const results = await Promise.allSettled(
      group.map(async (d) => {
        const email = await digestMessage(app, d);
        await sendEmail(app, {
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          idempotencyKey: digestKey(d.member.id, message.week),
          headers: {
            "List-Unsubscribe": `<${email.unsubscribe}>`,
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
          },
        });
      }),
    );
    results.forEach((r, j) => {
      const id = group[j]!.member.id;
      if (r.status === "fulfilled") sent.push(id);
      else {
        const error = r.reason instanceof Error ? r.reason.message : String(r.reason);
        failed.push({ id, error: error.slice(0, 500) });
      }
    });
  }
  await batchSql(app.env.DB, [
    ...(sent.length
      ? [
          sql`UPDATE digest_sends SET status = 'sent', last_error = NULL, updated_at = ${now}
            WHERE week = ${message.week} AND user_id IN (SELECT value FROM json_each(${JSON.stringify(sent)}))`,
        ]
      : []),
    ...failed.map(
      (f) => sql`UPDATE digest_sends SET status = 'failed', last_error = ${f.error}, updated_at = ${now}
        WHERE user_id = ${f.id} AND week = ${message.week}`,
    ),
  ]);
  return { sent: sent.length, skipped: digests.length - todo.length, failed: failed.length };
}

/**
 * The `digests` queue's consumer: a range is acked once each of its digests is
 * sent (or was already); with any failed, retried with backoff (the retry sends
 * only the failed ones). After its retries it reaches digests-dlq.
 */
export async function handleDigestBatch(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  for (const message of batch.messages) {
    const parsed = digestMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      console.warn("dropping malformed digest message", message.id);
      message.ack();
      continue;
    }
    try {
      const outcome = await deliverDigestRange(app, parsed.data);
      if (outcome.failed) throw new Error(`${outcome.failed} digests not sent`);
      message.ack();
    } catch (error) {
      console.error("digests not sent", message.id, error);
      message.retry({ delaySeconds: 60 * message.attempts });
    }
  }
}
