import type { SportAggregate } from "~/modules/recommendations/fitness-profile";

/** `n` sessions of `km` at `kmh`, with `climb` metres per km (shared by the profile and generator tests). */
export function sport(
  name: string,
  n: number,
  km: number,
  kmh: number,
  climb = 0,
  longestKm = km,
): SportAggregate {
  const seconds = (km / kmh) * 3600;
  return {
    sport: name,
    activityCount: n,
    totalDistance: n * km * 1000,
    totalDuration: n * seconds,
    totalElevation: n * km * climb,
    longestDistance: longestKm * 1000,
    longestDuration: (longestKm / kmh) * 3600,
  };
}
