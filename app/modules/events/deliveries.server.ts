/**
 * Delivery state of the event e-mails (docs/decisions/031-leaving-and-email-delivery.md).
 * The marker column of each kind (`receipt_sent_at`, `reminder_7d_sent_at`,
 * `reminder_1d_sent_at`) is still the claim: one conditional UPDATE sets it
 * before sending, so only one caller sends. This table records how each send
 * ended, per (kind, registration): 'sent' is final; 'failed' clears the
 * marker again, and the cron retries it (at most MAX_EMAIL_ATTEMPTS sends).
 */
import { sql, type SQL } from "drizzle-orm";
import { EMAIL_KINDS } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { sendEmail, type EmailMessage } from "~/lib/email.server";

export type EmailKind = (typeof EMAIL_KINDS)[number];

/** Sends of one e-mail before the app gives up (the first one included): about two hours of cron runs. */
export const MAX_EMAIL_ATTEMPTS = 8;

const MARKER: Record<EmailKind, SQL> = {
  receipt: sql.raw("receipt_sent_at"),
  reminder_7d: sql.raw("reminder_7d_sent_at"),
  reminder_1d: sql.raw("reminder_1d_sent_at"),
};

/**
 * SQL: this kind of e-mail for registration `r` failed MAX_EMAIL_ATTEMPTS
 * times in the registration's present life (rows older than its
 * `registration_date` belong to an earlier one).
 */
export const deliveryGivenUp = (kind: EmailKind, registrationId: SQL) => sql`EXISTS (
  SELECT 1 FROM email_deliveries d JOIN event_registrations dr ON dr.id = d.registration_id
  WHERE d.kind = ${kind} AND d.registration_id = ${registrationId} AND d.status = 'failed'
    AND d.attempts >= ${MAX_EMAIL_ATTEMPTS} AND d.updated_at >= dr.registration_date)`;

/** Writes how a send ended; a row from an earlier life of the registration starts counting again. */
async function record(app: AppContext, kind: EmailKind, registrationId: number, error: string | null) {
  const now = Math.floor(app.now().getTime() / 1000);
  const status = error === null ? "sent" : "failed";
  await app.db.run(sql`
    INSERT INTO email_deliveries (kind, registration_id, status, attempts, last_error, updated_at)
    VALUES (${kind}, ${registrationId}, ${status}, 1, ${error}, ${now})
    ON CONFLICT (kind, registration_id) DO UPDATE SET
      status = excluded.status,
      attempts = CASE
        WHEN email_deliveries.updated_at < (SELECT registration_date FROM event_registrations WHERE id = excluded.registration_id)
        THEN 1 ELSE email_deliveries.attempts + 1 END,
      last_error = excluded.last_error,
      updated_at = excluded.updated_at`);
}

/**
 * Sends one claimed e-mail and records the outcome. On failure the claim
 * (the marker) is cleared so a later run may try again; returns whether it went.
 * The provider gets an idempotency key per kind, registration and registration
 * life, so even a send whose answer was lost is not delivered twice.
 */
export async function deliver(
  app: AppContext,
  kind: EmailKind,
  registration: { id: number; registrationDate: number },
  message: EmailMessage,
): Promise<boolean> {
  try {
    await sendEmail(app, {
      ...message,
      idempotencyKey: `${kind}-${registration.id}-${registration.registrationDate}`,
    });
  } catch (error) {
    console.error(`events: ${kind} e-mail for registration ${registration.id} not sent`, error);
    const text = error instanceof Error ? error.message : String(error);
    await app.db.run(
      sql`UPDATE event_registrations SET ${MARKER[kind]} = NULL WHERE id = ${registration.id}`,
    );
    await record(app, kind, registration.id, text.slice(0, 500));
    return false;
  }
  await record(app, kind, registration.id, null);
  return true;
}

/**
 * Registrations whose `kind` e-mail failed and may be tried again (not given
 * up, not claimed meanwhile, still paid and live), oldest failure first.
 */
export async function failedDeliveries(app: AppContext, kind: EmailKind, limit: number): Promise<number[]> {
  const rows = await app.db.all<{ id: number }>(sql`
    SELECT r.id FROM email_deliveries d JOIN event_registrations r ON r.id = d.registration_id
    WHERE d.kind = ${kind} AND d.status = 'failed' AND d.attempts < ${MAX_EMAIL_ATTEMPTS}
      AND d.updated_at >= r.registration_date
      AND r.${MARKER[kind]} IS NULL AND r.released_at IS NULL AND r.payment_status IN ('paid', 'completed')
    ORDER BY d.updated_at, d.registration_id
    LIMIT ${limit}`);
  return rows.map((row) => row.id);
}
