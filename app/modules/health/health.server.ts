/**
 * What failed lately (issue #41 item 4, docs/decisions/054-weekly-digest-and-health.md):
 * the admin Health panel's rows and counts over the last 7 days, the record of
 * every scheduled run (cron_runs) and of what reached a dead-letter queue
 * (dead_letters), and the alert to admins when a kind keeps failing.
 * This module owns cron_runs and dead_letters; the other kinds are read where
 * their modules keep them (email_deliveries, digest_sends, sync_status,
 * event_refunds, uploads).
 */
import { sql, type SQL } from "drizzle-orm";
import { batchSql } from "~db/client";
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

/** Each kind's failed records since `since`: its id (what a retry names), what failed, when and why. */
const FAILURES: Record<
  FailureKind,
  { rows: (since: number) => SQL; where: (since: number, now: number) => SQL }
> = {
  email: {
    rows: () => sql`SELECT d.registration_id AS id, d.kind || ' e-mail, registration ' || d.registration_id AS what,
      d.updated_at AS at, d.last_error AS error, d.attempts AS attempts FROM email_deliveries d`,
    where: (since) => sql`d.status = 'failed' AND d.updated_at >= ${since} ORDER BY d.updated_at DESC`,
  },
  digest: {
    rows: () => sql`SELECT s.user_id AS id, 'Digest of ' || s.week || ' for ' || coalesce(u.username, s.user_id) AS what,
      s.updated_at AS at, s.last_error AS error, s.attempts AS attempts
      FROM digest_sends s LEFT JOIN users u ON u.id = s.user_id`,
    where: (since) => sql`s.status = 'failed' AND s.updated_at >= ${since} ORDER BY s.updated_at DESC`,
  },
  strava_sync: {
    rows: () => sql`SELECT s.user_id AS id, 'Strava sync of ' || coalesce(u.username, s.user_id) AS what,
      coalesce(s.started_at, s.last_sync_at, 0) AS at, s.error AS error, NULL AS attempts
      FROM sync_status s LEFT JOIN users u ON u.id = s.user_id`,
    where: (since) =>
      sql`s.error IS NOT NULL AND coalesce(s.started_at, s.last_sync_at, 0) >= ${since} ORDER BY 3 DESC`,
  },
  refund: {
    rows: () => sql`SELECT r.id AS id, 'Refund of ' || r.payment_id || coalesce(' (event ' || r.event_id || ')', '') AS what,
      r.updated_at AS at, r.last_error AS error, r.attempts AS attempts FROM event_refunds r`,
    where: (since) => sql`r.status = 'failed' AND r.updated_at >= ${since} ORDER BY r.updated_at DESC`,
  },
  upload: {
    rows: () => sql`SELECT up.id AS id, 'Upload ' || up.filename AS what, up.created_at AS at, up.message AS error,
      NULL AS attempts FROM uploads up`,
    where: (since) => sql`up.status = 'refused' AND up.created_at >= ${since} ORDER BY up.created_at DESC`,
  },
  dead_letter: {
    rows: () => sql`SELECT q.id AS id, 'Message ' || q.message_id || ' on ' || q.queue AS what, q.received_at AS at,
      CASE WHEN q.retried_at IS NULL THEN NULL ELSE 'Sent again' END AS error, NULL AS attempts FROM dead_letters q`,
    where: (since) => sql`q.received_at >= ${since} ORDER BY q.received_at DESC`,
  },
  cron: {
    rows: () => sql`SELECT c.id AS id, 'Cron ' || c.cron AS what, c.started_at AS at,
      coalesce(c.error, 'Did not finish') AS error, NULL AS attempts FROM cron_runs c`,
    // Unfinished for over an hour counts as failed too.
    where: (since, now) =>
      sql`c.started_at >= ${since} AND (c.ok = 0 OR (c.ok IS NULL AND c.started_at < ${now - 3600}))
        ORDER BY c.started_at DESC`,
  },
};

/** Per kind, how many failed since `since` (one statement of scalar subqueries; D1 limits compound SELECTs). */
function countsSql(since: number, now: number) {
  return sql`SELECT ${sql.join(
    FAILURE_KINDS.map(
      (kind) =>
        sql`(SELECT count(*) FROM (${FAILURES[kind].rows(since)} WHERE ${FAILURES[kind].where(since, now)})) AS ${sql.raw(kind)}`,
    ),
    sql`, `,
  )}`;
}

async function failureCounts(
  app: AppContext,
  since: number,
  now: number,
): Promise<Record<FailureKind, number>> {
  const [row] = await app.db.all<Record<FailureKind, number>>(countsSql(since, now));
  return row!;
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
  const [counts, runs, ...perKind] = await batchSql(app.env.DB, [
    countsSql(since, now),
    sql`SELECT id, cron, started_at, finished_at, ok, error FROM cron_runs ORDER BY started_at DESC, id DESC LIMIT 10`,
    ...FAILURE_KINDS.map(
      (kind) =>
        sql`${FAILURES[kind].rows(since)} WHERE ${FAILURES[kind].where(since, now)} LIMIT ${limitPerKind}`,
    ),
  ]);
  const rows: FailureRow[] = FAILURE_KINDS.flatMap((kind, i) =>
    (perKind[i]!.results as unknown as Omit<FailureRow, "kind">[]).map((r) => ({ ...r, kind })),
  );
  const count = counts!.results[0] as unknown as Record<FailureKind, number>;
  const cronRuns = runs!.results as unknown as {
    id: number;
    cron: string;
    started_at: number;
    finished_at: number | null;
    ok: number | null;
    error: string | null;
  }[];
  const iso = (s: number) => new Date(s * 1000).toISOString();
  return {
    since: iso(since),
    counts: FAILURE_KINDS.map((kind) => ({ kind, label: FAILURE_LABELS[kind], n: count[kind] })),
    total: FAILURE_KINDS.reduce((sum, kind) => sum + count[kind], 0),
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
    cronRuns: cronRuns.map((r) => ({
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

/** A scheduled run begins: its row, whose id `finishCronRun` completes (null if it could not be written: the cron runs anyway). */
export async function startCronRun(app: AppContext, cron: string): Promise<number | null> {
  try {
    const [row] = await app.db.all<{ id: number }>(
      sql`INSERT INTO cron_runs (cron, started_at) VALUES (${cron}, ${seconds(app.now())}) RETURNING id`,
    );
    return row?.id ?? null;
  } catch (error) {
    console.error("cron run not recorded", error);
    return null;
  }
}

/** A scheduled run ended: ok, or the errors of the tasks that failed. */
export async function finishCronRun(app: AppContext, id: number | null, errors: string[]): Promise<void> {
  if (id === null) return;
  try {
    await app.db
      .run(sql`UPDATE cron_runs SET finished_at = ${seconds(app.now())}, ok = ${errors.length ? 0 : 1},
      error = ${errors.length ? errors.join("; ").slice(0, 1000) : null} WHERE id = ${id}`);
  } catch (error) {
    console.error("cron run's end not recorded", error);
  }
}

/** Keeps what reached a dead-letter queue (once per message: a redelivery adds nothing). */
export async function recordDeadLetters(app: AppContext, batch: MessageBatch<unknown>): Promise<void> {
  const now = seconds(app.now());
  const writes = batch.messages.map(
    (m) => sql`INSERT OR IGNORE INTO dead_letters (queue, message_id, body, received_at)
      VALUES (${batch.queue}, ${m.id}, ${JSON.stringify(m.body ?? null).slice(0, 100_000)}, ${now})`,
  );
  for (let i = 0; i < writes.length; i += 50) await batchSql(app.env.DB, writes.slice(i, i + 50));
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
  const perKind = await failureCounts(app, now - 3600, now);
  const counts = FAILURE_KINDS.filter((kind) => perKind[kind] >= ALERT_THRESHOLD).map((kind) => ({
    kind,
    n: perKind[kind],
  }));
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
