/**
 * After the event: results mode, the result window and the member's result
 * (finished when their longest ride of the window covers the event distance).
 */
import { DAY_MS } from "./units";

/** Days either side of the event day whose rides count for the member's result. */
export const RESULT_WINDOW_DAYS = 1;

/** The local calendar days (YYYY-MM-DD) whose rides count: the event day ± RESULT_WINDOW_DAYS. */
export function resultWindow(eventDate: string): { from: string; to: string } {
  const day = Date.parse(`${eventDate}T00:00:00Z`);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { from: iso(day - RESULT_WINDOW_DAYS * DAY_MS), to: iso(day + RESULT_WINDOW_DAYS * DAY_MS) };
}

export interface EventRide {
  id: number;
  name: string;
  /** km, rounded to 0.1 */
  distanceKm: number;
  movingTimeSeconds: number;
  /** local calendar day YYYY-MM-DD */
  day: string;
}

export interface EventResult {
  /** The longest ride of the window reached the event distance. */
  finished: boolean;
  /** The longest ride of the window, or null when there was none. */
  ride: EventRide | null;
  window: { from: string; to: string };
  /** The next edition's day (YYYY-MM-DD) when it is known. */
  nextEventDate: string | null;
}

/**
 * The next edition's day from configuration: a real YYYY-MM-DD after this
 * edition's day, else null ("date to be announced"): a typo never shows a
 * wrong date.
 */
export function nextEditionDate(value: string | null | undefined, eventDate: string): string | null {
  const text = value?.trim() ?? "";
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== text) return null;
  return ms > Date.parse(`${eventDate}T00:00:00Z`) ? text : null;
}

/** The member's result: their longest ride of the window, a finish when it covers the event distance. */
export function eventResult(
  ride: EventRide | null,
  nextEventDate: string | null,
  eventDate: string,
  eventDistanceKm: number,
): EventResult {
  return {
    finished: ride !== null && ride.distanceKm >= eventDistanceKm,
    ride,
    window: resultWindow(eventDate),
    nextEventDate,
  };
}
