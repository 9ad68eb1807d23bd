/**
 * What failed lately (issue #41 item 4, docs/decisions/054-weekly-digest-and-health.md):
 * the admin Health panel's rows and counts over the last 7 days, the record of
 * every scheduled run (cron_runs) and of what reached a dead-letter queue
 * (dead_letters), and the alert to admins when a kind keeps failing.
 * This module owns cron_runs and dead_letters; the other kinds are read where
 * their modules keep them (email_deliveries, digest_sends, sync_status,
 * event_refunds, uploads).
 */
import { sql } from "drizzle-orm";
import type { AppContext } from "~workers/load-context";
import { notify } from "~/modules/notifications/notifications.server";

export const FAILURE_KINDS = [
  "email",
  "digest",
  "strava_sync",
  "refund",
  "upload",
  "dead_letter",
  "cron",
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];

export const FAILURE_LABELS: Record<FailureKind, string> = {
  email: "Event e-mails",
  digest: "Weekly digests",
  strava_sync: "Strava syncs",
  refund: "Refunds",
  upload: "Uploads",
  dead_letter: "Dead-letter queues",
  cron: "Cron runs",
};

/** The kinds an admin can send again from the panel (the others retry on their own or cannot). */
export const RETRYABLE: readonly FailureKind[] = ["digest", "strava_sync", "refund", "dead_letter"];

/** How many failures of one kind within an hour make the admins hear of it, once per kind and hour. */
export const ALERT_THRESHOLD = 5;

const WEEK_SECONDS = 7 * 86400;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * One failure per row, newest first: its kind, the record's id (what a retry
 * names), what failed, when and why. `since`..now, at most `limit` rows a kind.
 */
function failuresSql(since: number, limit: number) {
  return sql`
    SELECT * FROM (SELECT 'email' AS kind, d.registration_id AS id, d.kind || ' e-mail, registration ' || d.registration_id AS what,
        d.updated_at AS at, d.last_error AS error, d.attempts AS attempts
      FROM email_deliveries d WHERE d.status = 'failed' AND d.updated_at >= ${since} ORDER BY d.updated_at DESC LIMIT ${limit})
    UNION ALL SELECT * FROM (SELECT 'digest', s.user_id, 'Digest of ' || s.week || ' for ' || coalesce(u.username, s.user_id),
        s.updated_at, s.last_error, s.attempts
      FROM digest_sends s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.status = 'failed' AND s.updated_at >= ${since} ORDER BY s.updated_at DESC LIMIT ${limit})
    UNION ALL SELECT * FROM (SELECT 'strava_sync', s.user_id, 'Strava sync of ' || coalesce(u.username, s.user_id),
        coalesce(s.started_at, s.last_sync_at, 0), s.error, NULL
      FROM sync_status s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.error IS NOT NULL AND coalesce(s.started_at, s.last_sync_at, 0) >= ${since}
      ORDER BY coalesce(s.started_at, s.last_sync_at, 0) DESC LIMIT ${limit})
    UNION ALL SELECT * FROM (SELECT 'refund', r.id, 'Refund of ' || r.payment_id || coalesce(' (event ' || r.event_id || ')', ''),
        r.updated_at, r.last_error, r.attempts
      FROM event_refunds r WHERE r.status = 'failed' AND r.updated_at >= ${since} ORDER BY r.updated_at DESC LIMIT ${limit})
    UNION ALL SELECT * FROM (SELECT 'upload', up.id, 'Upload ' || up.filename, up.created_at, up.message, NULL
      FROM uploads up WHERE up.status = 'refused' AND up.created_at >= ${since} ORDER BY up.created_at DESC LIMIT ${limit})
    UNION ALL SELECT * FROM (SELECT 'dead_letter', q.id, 'Message ' || q.message_id || ' on ' || q.queue, q.received_at,
        CASE WHEN q.retried_at IS NULL THEN NULL ELSE 'Sent again' END, NULL
      FROM dead_letters q WHERE q.received_at >= ${since} ORDER BY q.received_at DESC LIMIT ${limit})
    UNION ALL SELECT * FROM (SELECT 'cron', c.id, 'Cron ' || c.cron, c.started_at, coalesce(c.error, 'Did not finish'), NULL
      FROM cron_runs c WHERE c.started_at >= ${since} AND (c.ok = 0 OR (c.ok IS NULL AND c.started_at < ${since + WEEK_SECONDS - 3600}))
      ORDER BY c.started_at DESC LIMIT ${limit})`;
}

interface FailureRow {
  kind: FailureKind;
  id: number;
  what: string;
  at: number;
  error: string | null;
  attempts: number | null;
}

/** GET /api/admin/health and the Health tab: the last 7 days' failures with counts per kind, and the last cron runs. */
export async function healthReport(app: AppContext, limitPerKind = 50) {
  const now = seconds(app.now());
  const since = now - WEEK_SECONDS;
  const [rows, counts, runs] = await app.db.batch([
    app.db.all<FailureRow>(failuresSql(since, limitPerKind)),
    app.db.all<{ kind: FailureKind; n: number }>(sql`
      SELECT kind, count(*) AS n FROM (${failuresSql(since, 100_000)}) GROUP BY kind`),
    app.db.all<{
      id: number;
      cron: string;
      started_at: number;
      finished_at: number | null;
      ok: number | null;
      error: string | null;
    }>(sql`
      SELECT id, cron, started_at, finished_at, ok, error FROM cron_runs ORDER BY started_at DESC, id DESC LIMIT 10`),
  ]);
  const iso = (s: number) => new Date(s * 1000).toISOString();
  return {
    since: iso(since),
    counts: FAILURE_KINDS.map((kind) => ({
      kind,
      label: FAILURE_LABELS[kind],
      n: counts.find((c) => c.kind === kind)?.n ?? 0,
    })),
    total: counts.reduce((sum, c) => sum + c.n, 0),
    failures: rows
      .sort((a, b) => b.at - a.at)
      .map((r) => ({
        kind: r.kind,
        label: FAILURE_LABELS[r.kind],
        id: r.id,
        what: r.what,
        at: iso(r.at),
        error: r.error,
        attempts: r.attempts,
        retry: RETRYABLE.includes(r.kind) && !(r.kind === "dead_letter" && r.error === "Sent again"),
      })),
    cronRuns: runs.map((r) => ({
      id: r.id,
      cron: r.cron,
      startedAt: iso(r.started_at),
      finishedAt: r.finished_at === null ? null : iso(r.finished_at),
      status: r.ok === null ? ("running" as const) : r.ok ? ("ok" as const) : ("error" as const),
      error: r.error,
    })),
  };
}
export type HealthReport = Awaited<ReturnType<typeof healthReport>>;

/** A scheduled run begins: its row, whose id `finishCronRun` completes. */
export async function startCronRun(app: AppContext, cron: string): Promise<number> {
  const [row] = await app.db.all<{ id: number }>(
    sql`INSERT INTO cron_runs (cron, started_at) VALUES (${cron}, ${seconds(app.now())}) RETURNING id`,
  );
  return row!.id;
}

/** A scheduled run ended: ok, or the errors of the tasks that failed. */
export async function finishCronRun(app: AppContext, id: number, errors: string[]): Promise<void> {
  await app.db
    .run(sql`UPDATE cron_runs SET finished_at = ${seconds(app.now())}, ok = ${errors.length ? 0 : 1},
    error = ${errors.length ? errors.join("; ").slice(0, 1000) : null} WHERE id = ${id}`);
}

/** Keeps what reached a dead-letter queue (once per message: a redelivery adds nothing). */
export async function recordDeadLetters(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  const now = seconds(app.now());
  const writes = batch.messages.map((m) =>
    app.db.run(sql`INSERT OR IGNORE INTO dead_letters (queue, message_id, body, received_at)
      VALUES (${batch.queue}, ${m.id}, ${JSON.stringify(m.body ?? null).slice(0, 100_000)}, ${now})`),
  );
  for (let i = 0; i < writes.length; i += 50) {
    const [first, ...rest] = writes.slice(i, i + 50);
    if (first) await app.db.batch([first, ...rest]);
  }
}

/** A dead letter's body and queue, marked sent again (null: unknown or already sent again). */
export async function claimDeadLetter(
  app: AppContext,
  id: number,
): Promise<{ queue: string; body: unknown } | null> {
  const [row] = await app.db.all<{ queue: string; body: string }>(sql`
    UPDATE dead_letters SET retried_at = ${seconds(app.now())} WHERE id = ${id} AND retried_at IS NULL
    RETURNING queue, body`);
  return row ? { queue: row.queue, body: JSON.parse(row.body) as unknown } : null;
}

/** Gives a dead letter back when sending it again failed. */
export async function releaseDeadLetter(app: AppContext, id: number): Promise<void> {
  await app.db.run(sql`UPDATE dead_letters SET retried_at = NULL WHERE id = ${id}`);
}

/**
 * The cron's part: each kind with ALERT_THRESHOLD or more failures in the last
 * hour notifies every admin, once per kind and hour (the hour is in the key).
 */
export async function alertFailingKinds(app: AppContext): Promise<FailureKind[]> {
  const now = seconds(app.now());
  const counts = await app.db.all<{ kind: FailureKind; n: number }>(sql`
    SELECT kind, count(*) AS n FROM (${failuresSql(now - 3600, 1000)}) GROUP BY kind HAVING count(*) >= ${ALERT_THRESHOLD}`);
  if (!counts.length) return [];
  const admins = await app.db.all<{ id: number }>(
    sql`SELECT id FROM users WHERE is_admin = 1 AND is_active = 1 LIMIT 50`,
  );
  const hour = Math.floor(now / 3600);
  for (const c of counts)
    for (const a of admins)
      await notify(app, {
        type: "notify",
        kind: "ops_failing",
        userId: a.id,
        key: `ops:${c.kind}:${hour}`,
        title: `${FAILURE_LABELS[c.kind]} keep failing: ${c.n} in the last hour`,
        link: "/admin?tab=health",
      });
  return counts.map((c) => c.kind);
}
