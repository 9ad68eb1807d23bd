/**
 * The Wari part of the Cron Triggers (workers/app.ts dispatches every run here):
 * once an edition's ride day is over in India, its results are computed and kept
 * fresh for RESULTS_REFRESH_DAYS, so the finisher list, the counts and the
 * badges are there before anyone opens a page, and a late Strava sync or upload
 * shows up within a run. `refreshResults` writes only the rows that changed and
 * never one an admin confirmed or corrected, so runs repeat harmlessly.
 * docs/decisions/048-wari-results-cron-and-the-e2e-clock.md
 */
import type { AppContext } from "~workers/load-context";
import { editionMode, istDay } from "./edition";
import { listEditions } from "./editions.server";
import { refreshResults } from "./results.server";
import { DAY_MS } from "./units";

/** Days after the ride during which every run refreshes the results (later: on view, as before). */
export const RESULTS_REFRESH_DAYS = 14;

export interface WariCronResult {
  task: "wari-results";
  /** The editions whose results were refreshed. */
  years: number[];
}

export async function handleWariScheduled(app: AppContext): Promise<WariCronResult> {
  const now = app.now();
  const since = istDay(now.getTime() - RESULTS_REFRESH_DAYS * DAY_MS);
  const due = (await listEditions(app)).filter(
    (edition) => edition.rideDate >= since && editionMode(edition, now) === "results",
  );
  for (const edition of due) await refreshResults(app, edition);
  return { task: "wari-results", years: due.map((e) => e.year) };
}
