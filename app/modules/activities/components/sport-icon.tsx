/**
 * One small line icon per dashboard sport, in the sport's colour
 * (`sport-style.ts`), used the same way wherever activities are shown: the
 * dashboard's sport tabs, the activity list and detail.
 */
import { dashboardSportOf, type DashboardSport } from "~/modules/sports/sports";
import { sportName } from "~/lib/format";
import { sportColour } from "../sport-style";

const PATHS: Record<DashboardSport, string> = {
  // a bicycle
  Ride: "M5.5 17.5a3.5 3.5 0 100-7 3.5 3.5 0 000 7zm13 0a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM5.5 14l4-7h5l4 7M9.5 7l3 7h-7M14 4h2",
  // a runner's shoe
  Run: "M3 16h13l4-2-1-2-5-1-3-5H8l1 4-6 2v4zm0 0v2h17",
  // waves
  Swim: "M2 15c2 0 2-1.5 4-1.5S8 15 10 15s2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M2 19c2 0 2-1.5 4-1.5S8 19 10 19s2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M15 5a2 2 0 100 4 2 2 0 000-4zM6 12l5-4 3 3",
  // a walker
  Walk: "M13 4a2 2 0 11-4 0 2 2 0 014 0zM10 8l-2 5 3 2v6M10 8l4 3 3 1M8 13l-3 8",
  // mountains
  Hike: "M3 20l6-10 4 6 3-4 5 8H3z",
  // a dumbbell
  Other: "M4 9v6M7 7v10M17 7v10M20 9v6M7 12h10",
};

/**
 * The icon names its sport ("Mountain bike ride") unless `decorative`, where
 * the sport is already written next to it (a tab's label).
 */
export function SportIcon({
  sportType,
  className = "h-5 w-5",
  decorative = false,
  coloured = true,
}: {
  sportType: string;
  className?: string;
  decorative?: boolean;
  /** False: the text's colour (on a filled, selected tab). */
  coloured?: boolean;
}) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      style={coloured ? { color: sportColour(sportType) } : undefined}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      data-sport={dashboardSportOf(sportType)}
      {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": sportName(sportType) })}
    >
      <path d={PATHS[dashboardSportOf(sportType)]} />
    </svg>
  );
}
