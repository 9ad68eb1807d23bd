/**
 * How Strava's `sport_type` values fold into the dashboard's sports (spec part 1
 * §3 and §9: "Ride statistics include VirtualRide"). One place for the rule:
 * the stats, the timeline, the /activities `type` filter and the achievement
 * links all expand a sport through `sportTypesOf`, so a tile's link lists the
 * activities the tile counted.
 */

export const DASHBOARD_SPORTS = ["Ride", "Run", "Swim", "Walk", "Hike", "Other"] as const;
export type DashboardSport = (typeof DASHBOARD_SPORTS)[number];
export type GroupedSport = Exclude<DashboardSport, "Other">;

/**
 * Strava sport types per dashboard sport. Mountain-bike and gravel rides are
 * rides (Strava's legacy `type` is "Ride" for both), trail and treadmill runs
 * are runs. E-bike rides stay in Other: they are not the member's own effort.
 */
export const SPORT_GROUPS: Readonly<Record<GroupedSport, readonly string[]>> = {
  Ride: ["Ride", "VirtualRide", "MountainBikeRide", "GravelRide"],
  Run: ["Run", "TrailRun", "VirtualRun"],
  Swim: ["Swim"],
  Walk: ["Walk"],
  Hike: ["Hike"],
};

export const GROUPED_SPORT_TYPES: readonly string[] = Object.values(SPORT_GROUPS).flat();

/**
 * The sport types a filter value stands for: a dashboard sport expands to its
 * group ("Other" is everything outside the groups, answered with `exclude`),
 * any other value is one exact Strava sport type.
 */
export function sportTypesOf(value: string): { include: readonly string[] } | { exclude: readonly string[] } {
  if (value === "Other") return { exclude: GROUPED_SPORT_TYPES };
  if (value in SPORT_GROUPS) return { include: SPORT_GROUPS[value as GroupedSport] };
  return { include: [value] };
}

/** The dashboard sport a Strava sport type belongs to. */
export function dashboardSportOf(sportType: string): DashboardSport {
  for (const sport of DASHBOARD_SPORTS) {
    if (sport !== "Other" && SPORT_GROUPS[sport].includes(sportType)) return sport;
  }
  return "Other";
}
