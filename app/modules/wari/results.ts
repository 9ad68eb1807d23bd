/**
 * After the ride: the result rule (issue #38 item 5, decision 045). A registered
 * member's result comes from their rides started in the result window, the
 * ride's calendar day in India (00:00 to 24:00 IST, whatever the server's zone):
 * finished when their longest ride covers the edition's distance, partial when
 * it does not, no ride when there is none. The numbers shown are the longest
 * ride's distance, moving and elapsed time. An admin may confirm or correct it.
 */
import { istDayStartMs, type Edition } from "./edition";
import { DAY_MS } from "./units";

export const RESULT_STATUSES = ["finished", "partial", "no_ride"] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

/** The words of a status, as the finisher list, the CSV and the member's pages show them. */
export const RESULT_LABELS: Record<ResultStatus, string> = {
  finished: "Finished",
  partial: "Partial",
  no_ride: "No ride",
};

/** The result window: rides that started on the ride's calendar day in India, [from, to) in ms. */
export function resultWindowMs(rideDate: string): { from: number; to: number } {
  const from = istDayStartMs(rideDate);
  return { from, to: from + DAY_MS };
}

/** A ride as the rule reads it. */
export interface ResultRide {
  activityId: number;
  name: string;
  /** metres */
  distanceM: number;
  movingTime: number;
  elapsedTime: number;
  /** the start instant, ms */
  startMs: number;
}

/** A result's numbers: the longest ride's (or the admin's), null when there was no ride. */
export interface ResultValue {
  status: ResultStatus;
  activityId: number | null;
  activityName: string | null;
  distanceM: number | null;
  movingTime: number | null;
  elapsedTime: number | null;
  startMs: number | null;
}

/** The status of a longest ride of `distanceM` metres (null: none) against the edition's distance. */
export function statusOf(distanceM: number | null, distanceKm: number): ResultStatus {
  if (distanceM === null) return "no_ride";
  return distanceM >= distanceKm * 1000 ? "finished" : "partial";
}

/**
 * The member's result from their rides: the longest ride started in the window
 * (ties: the shorter elapsed time), finished at the edition's distance.
 */
export function resultOf(
  rides: readonly ResultRide[],
  edition: Pick<Edition, "rideDate" | "distanceKm">,
): ResultValue {
  const { from, to } = resultWindowMs(edition.rideDate);
  const longest = rides
    .filter((r) => r.startMs >= from && r.startMs < to)
    .sort(
      (a, b) => b.distanceM - a.distanceM || a.elapsedTime - b.elapsedTime || a.activityId - b.activityId,
    )[0];
  if (!longest)
    return {
      status: "no_ride",
      activityId: null,
      activityName: null,
      distanceM: null,
      movingTime: null,
      elapsedTime: null,
      startMs: null,
    };
  return {
    status: statusOf(longest.distanceM, edition.distanceKm),
    activityId: longest.activityId,
    activityName: longest.name,
    distanceM: longest.distanceM,
    movingTime: longest.movingTime,
    elapsedTime: longest.elapsedTime,
    startMs: longest.startMs,
  };
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

/** A stored result as members and admins see it: the admin's values when reviewed, else the computed ones. */
export interface ResultView {
  status: ResultStatus;
  review: "confirmed" | "corrected" | null;
  activityId: number | null;
  activityName: string | null;
  distanceKm: number | null;
  movingTimeSeconds: number | null;
  elapsedTimeSeconds: number | null;
  /** ISO instant of the ride's start, null when unknown */
  startedAt: string | null;
}

/** /wari in results mode: the member's result and the club's finisher count. */
export interface EventResult {
  /** Registered for the edition: the result is stored and counted. */
  registered: boolean;
  result: ResultView;
  finisherCount: number;
  rideDate: string;
  nextEventDate: string | null;
}

/** Metres as km rounded to 0.1 (null stays null). */
export const metresToKm1 = (m: number | null) => (m === null ? null : Math.round(m / 100) / 10);
