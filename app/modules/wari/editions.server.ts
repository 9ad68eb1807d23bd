/**
 * Wari editions in D1 (issue #38, decision 038): list, the current one, and
 * the admin's create / update / delete. The rules (which edition is current,
 * registration open, the spec's texts) are pure, in `edition.ts`.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { wariEditions, wariRegistrations } from "~db/schema";
import type { BatchPart } from "~db/client";
import type { AppContext } from "~workers/load-context";
import { AppError } from "~/lib/http.server";
import {
  currentEdition,
  editionMode,
  editionTexts,
  istDay,
  istDayStartMs,
  registrationClosesMs,
  registrationOpen,
  type Edition,
  type WariMode,
} from "./edition";
import { WARI_MSG } from "./messages";
import type { EditionInput, EditionPatch } from "./schema";

const toEdition = (row: typeof wariEditions.$inferSelect): Edition => ({
  year: row.year,
  name: row.name,
  rideDate: row.rideDate,
  distanceKm: row.distanceKm,
  startPlace: row.startPlace,
  description: row.description,
  registrationOpensAt: row.registrationOpensAt?.toISOString() ?? null,
  registrationClosesAt: row.registrationClosesAt?.toISOString() ?? null,
  eventId: row.eventId,
});

export async function listEditions(app: AppContext): Promise<Edition[]> {
  return (await editionsRead(app)).map(toEdition);
}

const editionsRead = (app: AppContext) =>
  app.db.select().from(wariEditions).orderBy(asc(wariEditions.rideDate));

export async function getEdition(app: AppContext, year: number): Promise<Edition | null> {
  const [row] = await app.db.select().from(wariEditions).where(eq(wariEditions.year, year)).limit(1);
  return row ? toEdition(row) : null;
}

export interface CurrentEdition {
  edition: Edition;
  mode: WariMode;
  registrationOpen: boolean;
}

/** The edition /wari, the nav and the dashboard follow (`currentEdition`), or null when none exists. */
export async function getCurrentEdition(app: AppContext): Promise<CurrentEdition | null> {
  const current = currentEdition(await listEditions(app), app.now());
  if (!current) return null;
  return { ...current, registrationOpen: registrationOpen(current.edition, app.now()) };
}

/** The nav label and the dashboard button of the current edition ('Wari 2026'), or plain 'Wari'. */
export async function wariLabels(app: AppContext): Promise<WariLabels> {
  return labelsOf(app, await listEditions(app));
}

type WariLabels = { navLabel: string; button: string };

function labelsOf(app: AppContext, editions: Edition[]): WariLabels {
  const current = currentEdition(editions, app.now());
  return current ? editionTexts(current.edition) : { navLabel: "Wari", button: "Wari Challenge" };
}

/**
 * The editions, as a part of a page's one batch (the dashboard): the labels, and the
 * editions themselves for a part that needs them (the finisher badges).
 */
export function editionsPart(app: AppContext): BatchPart<{ labels: WariLabels; editions: Edition[] }> {
  return {
    statements: [editionsRead(app)],
    assemble: ([rows]) => {
      const editions = (rows as (typeof wariEditions.$inferSelect)[]).map(toEdition);
      return { labels: labelsOf(app, editions), editions };
    },
  };
}

/** GET /api/wari/editions: the public view of every edition, oldest first. */
export async function publicEditions(app: AppContext) {
  const now = app.now();
  return (await listEditions(app)).map((e) => ({
    year: e.year,
    name: e.name,
    date: e.rideDate,
    distanceKm: e.distanceKm,
    startPlace: e.startPlace,
    registrationOpen: registrationOpen(e, now),
  }));
}

/** The error and its cause (drizzle wraps D1's "… constraint failed" in a "Failed query" error). */
const errorText = (error: unknown) =>
  `${String(error)} ${String((error as { cause?: unknown } | null)?.cause ?? "")}`;

/** A linked event that does not exist is the admin's input error (the foreign key), not a 500. */
function refuseUnknownEvent(error: unknown): never {
  if (errorText(error).includes("FOREIGN KEY"))
    throw new AppError(400, WARI_MSG.unknownEvent, { errors: { eventId: [WARI_MSG.unknownEvent] } });
  throw error;
}

const toDate = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

function checkWindow(edition: Pick<Edition, "rideDate" | "registrationOpensAt" | "registrationClosesAt">) {
  const opens = edition.registrationOpensAt ? Date.parse(edition.registrationOpensAt) : null;
  const closes = edition.registrationClosesAt ? Date.parse(edition.registrationClosesAt) : null;
  if (opens !== null && closes !== null && closes <= opens)
    throw new AppError(400, WARI_MSG.windowOrder, {
      errors: { registrationClosesAt: [WARI_MSG.windowOrder] },
    });
  if (closes !== null && closes > istDayStartMs(edition.rideDate) + 86_400_000)
    throw new AppError(400, WARI_MSG.closesAfterRide, {
      errors: { registrationClosesAt: [WARI_MSG.closesAfterRide] },
    });
}

/** POST /api/admin/wari/editions: 201 with the edition; 400 for a past day; 409 for a second edition of a year or day. */
export async function createEdition(app: AppContext, input: EditionInput): Promise<Edition> {
  if (input.date < istDay(app.now()))
    throw new AppError(400, WARI_MSG.datePast, { errors: { date: [WARI_MSG.datePast] } });
  const edition: Edition = {
    year: input.year,
    name: input.name,
    rideDate: input.date,
    distanceKm: input.distanceKm,
    startPlace: input.startPlace ?? null,
    description: input.description ?? null,
    registrationOpensAt: input.registrationOpensAt ?? null,
    registrationClosesAt: input.registrationClosesAt ?? null,
    eventId: input.eventId ?? null,
  };
  checkWindow(edition);
  const inserted = await app.db
    .insert(wariEditions)
    .values({
      ...edition,
      registrationOpensAt: toDate(edition.registrationOpensAt),
      registrationClosesAt: toDate(edition.registrationClosesAt),
    })
    .onConflictDoNothing()
    .returning({ year: wariEditions.year })
    .catch(refuseUnknownEvent);
  if (!inserted.length)
    throw new AppError(409, WARI_MSG.editionExists, {
      code: "edition_exists",
      errors: { year: [WARI_MSG.editionExists] },
    });
  return edition;
}

/** PATCH /api/admin/wari/editions/{year}: the fields given; the year stays. */
export async function updateEdition(app: AppContext, year: number, patch: EditionPatch): Promise<Edition> {
  const found = await getEdition(app, year);
  if (!found) throw new AppError(404, WARI_MSG.noEdition);
  const next: Edition = {
    ...found,
    ...(patch.name !== undefined ? { name: patch.name } : {}),
    ...(patch.date !== undefined ? { rideDate: patch.date } : {}),
    ...(patch.distanceKm !== undefined ? { distanceKm: patch.distanceKm } : {}),
    ...(patch.startPlace !== undefined ? { startPlace: patch.startPlace } : {}),
    ...(patch.description !== undefined ? { description: patch.description } : {}),
    ...(patch.registrationOpensAt !== undefined ? { registrationOpensAt: patch.registrationOpensAt } : {}),
    ...(patch.registrationClosesAt !== undefined ? { registrationClosesAt: patch.registrationClosesAt } : {}),
    ...(patch.eventId !== undefined ? { eventId: patch.eventId } : {}),
  };
  if (patch.date !== undefined && patch.date !== found.rideDate) {
    if (patch.date < istDay(app.now()))
      throw new AppError(400, WARI_MSG.datePast, { errors: { date: [WARI_MSG.datePast] } });
    if (!patch.date.startsWith(`${year}-`))
      throw new AppError(400, WARI_MSG.dateYear, { errors: { date: [WARI_MSG.dateYear] } });
  }
  checkWindow(next);
  try {
    await app.db
      .update(wariEditions)
      .set({
        name: next.name,
        rideDate: next.rideDate,
        distanceKm: next.distanceKm,
        startPlace: next.startPlace,
        description: next.description,
        registrationOpensAt: toDate(next.registrationOpensAt),
        registrationClosesAt: toDate(next.registrationClosesAt),
        eventId: next.eventId,
        updatedAt: app.now(),
      })
      .where(eq(wariEditions.year, year));
  } catch (error) {
    if (errorText(error).includes("UNIQUE"))
      throw new AppError(409, WARI_MSG.editionExists, { code: "edition_exists" });
    refuseUnknownEvent(error);
  }
  return next;
}

/** DELETE /api/admin/wari/editions/{year}: refused (409) while members are registered for it. */
export async function deleteEdition(app: AppContext, year: number): Promise<{ year: number; deleted: true }> {
  // One conditional statement, so a registration landing meanwhile keeps the edition.
  const deleted = await app.db
    .delete(wariEditions)
    .where(
      and(
        eq(wariEditions.year, year),
        sql`NOT EXISTS (SELECT 1 FROM ${wariRegistrations} WHERE ${wariRegistrations.eventYear} = ${year})`,
      ),
    )
    .returning({ year: wariEditions.year });
  if (deleted.length) return { year, deleted: true };
  if (!(await getEdition(app, year))) throw new AppError(404, WARI_MSG.noEdition);
  throw new AppError(409, WARI_MSG.editionHasRegistrations, { code: "edition_has_registrations" });
}

/** The admin's Wari tab: every edition, newest ride first, with its registrations counted in SQL. */
export async function adminEditions(app: AppContext) {
  const now = app.now();
  const rows = await app.db
    .select({
      edition: wariEditions,
      registrations: sql<number>`(SELECT count(*) FROM ${wariRegistrations} WHERE ${wariRegistrations.eventYear} = ${wariEditions.year})`,
    })
    .from(wariEditions)
    .orderBy(desc(wariEditions.rideDate));
  return rows.map(({ edition, registrations }) => {
    const e = toEdition(edition);
    return {
      ...e,
      registrations: Number(registrations),
      registrationOpen: registrationOpen(e, now),
      /** When registration closes: the row's instant, else 00:00 IST of the ride day. */
      registrationClosesEffective: new Date(registrationClosesMs(e)).toISOString(),
      mode: editionMode(e, now),
    };
  });
}
export type AdminEditionView = Awaited<ReturnType<typeof adminEditions>>[number];

/**
 * The tab's Open / Close registration. Open: from now until the day before the
 * ride (the default window), refused (409) once the ride day has begun in India; close:
 * from now on. A past edition's stays closed (409).
 */
export async function setEditionRegistration(app: AppContext, year: number, open: boolean) {
  const found = await getEdition(app, year);
  if (!found) throw new AppError(404, WARI_MSG.noEdition);
  if (editionMode(found, app.now()) === "results")
    throw new AppError(409, WARI_MSG.editionOver, { code: "edition_past" });
  // Opening is the default window, which closes when the ride day begins (IST):
  // on the ride day it would stay closed, so the admin is told, not thanked.
  if (
    open &&
    !registrationOpen({ ...found, registrationOpensAt: null, registrationClosesAt: null }, app.now())
  )
    throw new AppError(409, WARI_MSG.registrationCannotOpen, { code: "registration_window_over" });
  const now = app.now().toISOString();
  const opened = found.registrationOpensAt !== null && found.registrationOpensAt <= now;
  return updateEdition(
    app,
    year,
    open
      ? { registrationOpensAt: null, registrationClosesAt: null }
      : { registrationOpensAt: opened ? found.registrationOpensAt : null, registrationClosesAt: now },
  );
}
