/**
 * Achievement tiles (spec part 1 §3 and §9). Pure rules, shared by the SQL
 * that counts them, the links on the tiles and the unit tests.
 *
 * Each sport's thresholds become bands: an activity counts once, in the band
 * of the highest threshold it reaches, and a band's link lists exactly the
 * activities the band counted (`minKm <= km <= maxKm`, the same predicate as
 * the /activities minDistance/maxDistance filters). The spec gives Ride's
 * ranges as 50-99.9, 100-199.9 and 200+; the other sports' upper bounds sit
 * 10 m below the next threshold. The price of inclusive, human-readable upper
 * bounds is a sliver between bands that counts nowhere (a ride of 99.95 km is
 * not "100 km" and lies above the 50 km band's 99.9); the spec's ranges
 * accept that, and the tiles never disagree with the lists they open.
 */
import type { GroupedSport } from "~/modules/sports/sports";

export type AchievementSport = GroupedSport;

export interface AchievementBand {
  /** The spec's field name in `achievements[sport]`. */
  key: string;
  label: string;
  minKm: number;
  /** Inclusive upper bound; null for the open top band. */
  maxKm: number | null;
}

const RUN_BANDS: readonly AchievementBand[] = [
  { key: "marathon", label: "Marathon", minKm: 42.2, maxKm: null },
  { key: "halfMarathon", label: "Half Marathon", minKm: 21.1, maxKm: 42.19 },
  { key: "tenK", label: "10K", minKm: 10, maxKm: 21.09 },
  { key: "fiveK", label: "5K", minKm: 5, maxKm: 9.99 },
];

/** Highest threshold first, as the tiles show them. */
export const ACHIEVEMENT_BANDS: Readonly<Record<AchievementSport, readonly AchievementBand[]>> = {
  Ride: [
    { key: "above200km", label: "Above 200 km", minKm: 200, maxKm: null },
    { key: "above100km", label: "Above 100 km", minKm: 100, maxKm: 199.9 },
    { key: "above50km", label: "Above 50 km", minKm: 50, maxKm: 99.9 },
  ],
  Run: RUN_BANDS,
  Walk: RUN_BANDS,
  Swim: [
    { key: "fiveK", label: "5K", minKm: 5, maxKm: null },
    { key: "threeK", label: "3K", minKm: 3, maxKm: 4.99 },
    { key: "onePointFiveK", label: "1.5K", minKm: 1.5, maxKm: 2.99 },
    { key: "sevenFifty", label: "750 m", minKm: 0.75, maxKm: 1.49 },
  ],
  Hike: [
    { key: "thirtyK", label: "30K", minKm: 30, maxKm: null },
    { key: "twentyK", label: "20K", minKm: 20, maxKm: 29.99 },
    { key: "tenK", label: "10K", minKm: 10, maxKm: 19.99 },
    { key: "fiveK", label: "5K", minKm: 5, maxKm: 9.99 },
  ],
};

export const ACHIEVEMENT_SPORTS = Object.keys(ACHIEVEMENT_BANDS) as AchievementSport[];

/** Band bounds in metres, as the SQL and the list filter compare them. */
export function bandMetres(band: AchievementBand): { min: number; max: number | null } {
  return { min: kmToMetres(band.minKm), max: band.maxKm === null ? null : kmToMetres(band.maxKm) };
}

/** km → m without float noise (99.9 km is 99900 m, not 99900.00000000001). */
export function kmToMetres(km: number): number {
  return Math.round(km * 1000 * 1000) / 1000;
}

/** The band a distance (metres) of `sport` falls in, or null (pure; mirrors the SQL). */
export function achievementFor(sport: AchievementSport, distanceMetres: number): AchievementBand | null {
  for (const band of ACHIEVEMENT_BANDS[sport]) {
    const { min, max } = bandMetres(band);
    if (distanceMetres >= min && (max === null || distanceMetres <= max)) return band;
  }
  return null;
}

/** `/activities?type=…&minDistance=…&maxDistance=…` for a tile (commute=true for the Commute tab's tiles). */
export function achievementLink(
  sport: AchievementSport,
  band: AchievementBand,
  opts: { commute?: boolean } = {},
): string {
  const params = new URLSearchParams({ type: sport, minDistance: String(band.minKm) });
  if (band.maxKm !== null) params.set("maxDistance", String(band.maxKm));
  if (opts.commute) params.set("commute", "true");
  return `/activities?${params}`;
}

/** The range a band covers, e.g. "50–99.9 km" or "200+ km". */
export function bandRange(band: AchievementBand): string {
  return band.maxKm === null ? `${band.minKm}+ km` : `${band.minKm}–${band.maxKm} km`;
}
