/**
 * Reminders from the cron (docs/decisions/025-registration-states.md): paid
 * participants get one e-mail when the event is 7 days away and one when it
 * is 1 day away. Each marker is set by a conditional UPDATE before sending,
 * so a cron retry or an overlapping run never sends a reminder twice. A send
 * the e-mail provider refuses clears the marker again and is recorded as
 * failed, so the next run (still inside the window) tries it again, up to
 * MAX_EMAIL_ATTEMPTS sends (docs/decisions/031).
 */
import { inArray, sql } from "drizzle-orm";
import { events } from "~db/schema";
import { memberZones, notify } from "~/modules/notifications/notifications.server";
import { eventReminderNotification } from "~/modules/notifications/rules";
import type { AppContext } from "~workers/load-context";
import { formatEventDate, CLUB_TIME_ZONE } from "~/lib/format";
import { deliver, deliveryGivenUp } from "./deliveries.server";

/** Reminders claimed per window per run. */
const REMINDERS_PER_RUN = 50;
const DAY_SECONDS = 86_400;

const WINDOWS = [
  {
    kind: "reminder_7d",
    column: "reminder_7d_sent_at",
    label: "in a week",
    from: DAY_SECONDS,
    to: 7 * DAY_SECONDS,
  },
  { kind: "reminder_1d", column: "reminder_1d_sent_at", label: "tomorrow", from: 0, to: DAY_SECONDS },
] as const;

export async function sendReminders(app: AppContext, now: Date) {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let sent = 0;
  for (const w of WINDOWS) {
    const column = sql.raw(w.column);
    const claimed = await app.db.all<{
      id: number;
      user_id: number;
      email: string;
      name: string;
      event_id: number;
      registration_date: number;
    }>(sql`
      UPDATE event_registrations SET ${column} = ${nowSeconds}
      WHERE id IN (
        SELECT r.id FROM event_registrations r JOIN events e ON e.id = r.event_id
        WHERE r.${column} IS NULL AND r.released_at IS NULL AND r.payment_status IN ('paid', 'completed')
          AND e.is_active = 1 AND e.cancelled_at IS NULL
          AND e.date > ${nowSeconds + w.from} AND e.date <= ${nowSeconds + w.to}
          AND NOT ${deliveryGivenUp(w.kind, sql`r.id`)}
        LIMIT ${REMINDERS_PER_RUN})
      RETURNING id, user_id, email, name, event_id, registration_date`);
    const ids = [...new Set(claimed.map((r) => r.event_id))];
    const details = ids.length ? await app.db.select().from(events).where(inArray(events.id, ids)) : [];
    const zones = await memberZones(
      app,
      claimed.map((c) => c.user_id),
    );
    for (const c of claimed) {
      const event = details.find((e) => e.id === c.event_id);
      if (!event) continue;
      const r = { ...c, title: event.title, date: epoch(event.date), location: event.location };
      const url = `${app.env.APP_URL.replace(/\/$/, "")}/events/${r.event_id}`;
      const registration = { id: c.id, registrationDate: c.registration_date };
      const delivered = await deliver(app, w.kind, registration, {
        to: r.email,
        subject: `Reminder: ${r.title} is ${w.label}`,
        text: `Hello ${r.name},\n\n${r.title} starts ${formatEventDate(new Date(r.date * 1000), CLUB_TIME_ZONE)} at ${r.location}.\n\nYour check-in QR code is on your registration: ${url}`,
        html: `<p>Hello ${escapeHtml(r.name)},</p><p>${escapeHtml(r.title)} starts ${escapeHtml(formatEventDate(new Date(r.date * 1000), CLUB_TIME_ZONE))} at ${escapeHtml(r.location)}.</p><p><a href="${escapeHtml(url)}">Your registration and check-in QR code</a></p>`,
      });
      if (delivered) sent++;
      // The bell and the member's phone too (issue #41); once per registration and window.
      await notify(
        app,
        eventReminderNotification({
          userId: c.user_id,
          registrationId: c.id,
          eventId: c.event_id,
          title: r.title,
          when: w.label,
          date: new Date(r.date * 1000),
          zone: zones.get(c.user_id),
        }),
      );
    }
  }
  return { reminders: sent };
}

const epoch = (d: Date) => Math.floor(d.getTime() / 1000);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
