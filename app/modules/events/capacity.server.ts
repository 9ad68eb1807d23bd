/**
 * Who holds a place and whether there is room: the SQL conditions every
 * statement that gives out a place puts in its WHERE (so the cap is counted
 * in the same statement: docs/decisions/016-seat-holds.md), the hold length,
 * and the "full" answers the pages show.
 */
import { sql } from "drizzle-orm";
import type { AppContext } from "~workers/load-context";

/** EVENT_HOLD_MINUTES: how long an unpaid registration holds its place (whole minutes, 1 to 1440; default 30). */
export function holdMinutes(env: Pick<AppContext["env"], "EVENT_HOLD_MINUTES">): number {
  const n = Number(env.EVENT_HOLD_MINUTES);
  return env.EVENT_HOLD_MINUTES?.trim() && Number.isInteger(n) && n >= 1 && n <= 1440
    ? n
    : DEFAULT_HOLD_MINUTES;
}
export const DEFAULT_HOLD_MINUTES = 30;

export const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Whether the registration row in scope holds a place at `now`: not released,
 * and paid (or completed) or pending within its hold. Unqualified columns, so
 * inside a subquery it reads the subquery's row.
 */
export const holdsPlace = (now: Date) =>
  sql`(released_at IS NULL AND (payment_status IN ('paid', 'completed') OR (payment_status = 'pending' AND hold_expires_at > ${epochSeconds(now)})))`;

/** The event has room at `now`: no cap, or fewer registrations holding a place than the cap. */
export const hasRoom = (eventId: number, now: Date) => sql`(
  (SELECT max_participants FROM events WHERE id = ${eventId}) IS NULL
  OR (SELECT count(*) FROM event_registrations WHERE event_id = ${eventId} AND ${holdsPlace(now)})
   < (SELECT max_participants FROM events WHERE id = ${eventId}))`;

/** Nobody is waiting for a place: a freed place goes to the first in line, not to whoever asks first. */
export const noQueue = (eventId: number) =>
  sql`NOT EXISTS (SELECT 1 FROM event_waitlist WHERE event_id = ${eventId} AND status = 'waiting')`;

/** Whether the event is full for a new member at `now` (no room, or people already waiting). */
export async function isFull(app: AppContext, eventId: number) {
  const [row] = await app.db.all<{ open: number }>(
    sql`SELECT (${hasRoom(eventId, app.now())} AND ${noQueue(eventId)}) AS open`,
  );
  return !row?.open;
}

/**
 * The capped events that take no direct registration now (every place held,
 * or somebody waiting): the /events list offers "Join waitlist" on them. One
 * query for the whole list, over the registrations' (event, status) index.
 */
export async function fullEventIds(app: AppContext): Promise<number[]> {
  const rows = await app.db.all<{ id: number }>(sql`
    SELECT e.id AS id FROM events e
    WHERE e.max_participants IS NOT NULL AND e.cancelled_at IS NULL AND (
      (SELECT count(*) FROM event_registrations WHERE event_id = e.id AND ${holdsPlace(app.now())}) >= e.max_participants
      OR EXISTS (SELECT 1 FROM event_waitlist w WHERE w.event_id = e.id AND w.status = 'waiting'))`);
  return rows.map((r) => r.id);
}
