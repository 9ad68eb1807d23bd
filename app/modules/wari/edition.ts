/**
 * Wari editions (issue #38): the annual ride is a row of `wari_editions`
 * (year, name, ride day, distance, registration window), not constants. These
 * pure rules say which edition is current, whether its registration is open,
 * and write the spec's texts from the row ('IAS CycleWari 2025 Challenge',
 * 'June 7, 2025', 'Registered for 2025'). The ride day is a calendar day in
 * India (IST, UTC+5:30 all year): "today", the countdown and the result window
 * use IST whatever the server's zone.
 */
import { longDate } from "~/lib/format";

/** The distance of an edition unless the admin sets another (spec: 250 km in one day). */
export const DEFAULT_DISTANCE_KM = 250;

export interface Edition {
  year: number;
  name: string;
  /** The ride's calendar day in India, YYYY-MM-DD. */
  rideDate: string;
  distanceKm: number;
  startPlace: string | null;
  description: string | null;
  /** ISO instants; null: open from creation / until the end of the day before the ride (IST). */
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
  /** An optional paid event (the events module) that carries the fee. */
  eventId: number | null;
}

/** India's offset from UTC (no daylight saving). */
export const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India (YYYY-MM-DD) of an instant. */
export function istDay(now: Date | number): string {
  return new Date(new Date(now).getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a calendar day begins in India (00:00 IST). */
export function istDayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - IST_OFFSET_MS;
}

/** The ride's start for the countdown: 00:00 IST of the ride day. */
export const rideStartMs = (edition: Pick<Edition, "rideDate">) => istDayStartMs(edition.rideDate);

export type WariMode = "training" | "results";

/**
 * The edition /wari shows: the next one whose ride day is today or later (in
 * IST), in training mode; if none, the latest past one, in results mode; null
 * when there is no edition at all.
 */
export function currentEdition<E extends Pick<Edition, "rideDate">>(
  editions: readonly E[],
  now: Date | number,
): { edition: E; mode: WariMode } | null {
  const today = istDay(now);
  const sorted = [...editions].sort((a, b) => a.rideDate.localeCompare(b.rideDate));
  const next = sorted.find((e) => e.rideDate >= today);
  if (next) return { edition: next, mode: "training" };
  const last = sorted.at(-1);
  return last ? { edition: last, mode: "results" } : null;
}

/** The edition's mode at `now`: "results" from 00:00 IST of the day after the ride. */
export function editionMode(edition: Pick<Edition, "rideDate">, now: Date | number): WariMode {
  return istDay(now) > edition.rideDate ? "results" : "training";
}

/** When registration closes: the given instant, else the end of the day before the ride (IST). */
export function registrationClosesMs(edition: Pick<Edition, "rideDate" | "registrationClosesAt">): number {
  return edition.registrationClosesAt
    ? Date.parse(edition.registrationClosesAt)
    : istDayStartMs(edition.rideDate);
}

/** Registration is open from `registrationOpensAt` (or always) until it closes. */
export function registrationOpen(
  edition: Pick<Edition, "rideDate" | "registrationOpensAt" | "registrationClosesAt">,
  now: Date | number,
): boolean {
  const at = new Date(now).getTime();
  const opens = edition.registrationOpensAt ? Date.parse(edition.registrationOpensAt) : -Infinity;
  return at >= opens && at < registrationClosesMs(edition);
}

/** The spec's texts of an edition, written from its row. */
export function editionTexts(edition: Pick<Edition, "year" | "name" | "rideDate" | "distanceKm">) {
  return {
    /** 'IAS CycleWari 2025 Challenge' */
    title: `${edition.name} Challenge`,
    /** 'June 7, 2025' */
    dateLabel: longDate(edition.rideDate),
    /** 'Registered for 2025' */
    registered: `Registered for ${edition.year}`,
    /** The nav label and the dashboard button: 'Wari 2025', 'Wari 2025 Challenge'. */
    navLabel: `Wari ${edition.year}`,
    button: `Wari ${edition.year} Challenge`,
    /** '250 kilometers in one day' */
    distance: `${edition.distanceKm} kilometers in one day`,
  };
}
