/**
 * Registration for an edition (the year's row of `wari_editions`) and the member's event history.
 * The unique (user, year) index keeps one row: the first registration is 201,
 * a repeat 409 (decision 044).
 */
import { and, desc, eq } from "drizzle-orm";
import { eventHistory, wariRegistrations } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import { registrationOpen } from "./edition";
import { getEdition } from "./editions.server";
import { WARI_MSG } from "./messages";
import { wariRegistered } from "~/modules/club/feed.server";

export interface RegistrationView {
  id: number;
  eventYear: number;
  eventName: string;
  category: string | null;
  registeredAt: string;
}

export interface EventHistoryEntry {
  id: number;
  eventYear: number;
  eventName: string;
  isHistorical: boolean;
  activityName: string | null;
  /** metres */
  distanceAchieved: number | null;
  distanceAchievedKm: number | null;
  completed: boolean;
  startTime: string | null;
  endTime: string | null;
}

const toView = (row: typeof wariRegistrations.$inferSelect): RegistrationView => ({
  id: row.id,
  eventYear: row.eventYear,
  eventName: row.eventName,
  category: row.category,
  registeredAt: row.registeredAt.toISOString(),
});

export async function getRegistration(
  app: AppContext,
  userId: number,
  eventYear: number,
): Promise<RegistrationView | null> {
  const [row] = await app.db
    .select()
    .from(wariRegistrations)
    .where(and(eq(wariRegistrations.userId, userId), eq(wariRegistrations.eventYear, eventYear)))
    .limit(1);
  return row ? toView(row) : null;
}

/**
 * POST /api/wari/event/register {eventYear}: 400 for a year without an
 * edition or with registration closed, 409 when already registered; the name is the edition's.
 */
export async function registerForEvent(app: AppContext, userId: number, input: { eventYear: number }) {
  const edition = await getEdition(app, input.eventYear);
  if (!edition)
    throw new AppError(400, WARI_MSG.noEdition, {
      code: "no_edition",
      errors: { eventYear: [WARI_MSG.noEdition] },
    });
  if (!registrationOpen(edition, app.now()))
    throw new AppError(400, WARI_MSG.registrationClosed, {
      code: "registration_closed",
      errors: { eventYear: [WARI_MSG.registrationClosed] },
    });
  const inserted = await app.db
    .insert(wariRegistrations)
    .values({ userId, eventYear: edition.year, eventName: edition.name })
    .onConflictDoNothing()
    .returning();
  if (!inserted[0])
    throw new AppError(409, WARI_MSG.alreadyRegistered(edition.name), { code: "already_registered" });
  await wariRegistered(app, userId, edition.year, edition.name);
  return { registration: toView(inserted[0]) };
}

/** GET /api/event/history: the member's past participations, newest year first. */
export async function listEventHistory(app: AppContext, userId: number): Promise<EventHistoryEntry[]> {
  const rows = await app.db
    .select()
    .from(eventHistory)
    .where(eq(eventHistory.userId, userId))
    .orderBy(desc(eventHistory.eventYear));
  return rows.map((row) => ({
    id: row.id,
    eventYear: row.eventYear,
    eventName: row.eventName,
    isHistorical: row.isHistorical,
    activityName: row.activityName,
    distanceAchieved: row.distanceAchieved,
    distanceAchievedKm: row.distanceAchieved === null ? null : Math.round(row.distanceAchieved / 100) / 10,
    completed: row.completed,
    startTime: row.startTime?.toISOString() ?? null,
    endTime: row.endTime?.toISOString() ?? null,
  }));
}
