/**
 * One colour per dashboard sport (issue #20 item 8), used the same way on the
 * dashboard's sport tabs, the activity list and detail, the timeline chart and
 * the admin charts. Each is at least 3:1 on white (WCAG 1.4.11, graphics) and
 * 4.5:1 where it colours text. Ride is the brand colour: most of the
 * community rides.
 */
import { formatPace, formatSpeed } from "~/lib/format";
import { BRAND } from "~/ui/brand";
import { dashboardSportOf, type DashboardSport } from "~/modules/sports/sports";

export const SPORT_COLOURS: Readonly<Record<DashboardSport, string>> = {
  Ride: BRAND.DEFAULT, // #c2410c
  Run: "#1d4ed8", // blue-700
  Swim: "#0e7490", // cyan-700
  Walk: "#15803d", // green-700
  Hike: "#854d0e", // yellow-800
  Other: "#6d28d9", // violet-700
};

/** The colour of a Strava sport type's dashboard sport: "VirtualRide" → Ride's. */
export const sportColour = (sportType: string) => SPORT_COLOURS[dashboardSportOf(sportType)];

/** Runs, walks and hikes read as a pace, swims per 100 m, everything else as a speed. */
export function paceOrSpeed(a: {
  sportType: string;
  distance: number;
  movingTime: number;
  averageSpeed: number | null;
}) {
  const sport = dashboardSportOf(a.sportType);
  if (sport === "Run" || sport === "Walk" || sport === "Hike")
    return { label: "Pace", value: formatPace(a.distance, a.movingTime) };
  if (sport === "Swim") return { label: "Pace", value: formatPace(a.distance, a.movingTime, "100 m") };
  const speed = a.averageSpeed ?? (a.movingTime > 0 ? a.distance / a.movingTime : null);
  return { label: "Average speed", value: a.distance > 0 ? formatSpeed(speed) : "—" };
}
