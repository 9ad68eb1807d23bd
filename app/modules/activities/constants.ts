/**
 * Constants of the activity list and the timeline, without zod, so the
 * browser bundle of the dashboard and /activities does not carry the
 * validation library.
 */
import { DASHBOARD_SPORTS } from "~/modules/sports/sports";

export const PAGE_SIZE = 20;
export const MAX_LIMIT = 100;

export const ACTIVITY_SORTS = [
  { value: "-startDate", label: "Newest first" },
  { value: "startDate", label: "Oldest first" },
  { value: "-distance", label: "Longest distance" },
  { value: "distance", label: "Shortest distance" },
  { value: "-movingTime", label: "Longest time" },
  { value: "-totalElevationGain", label: "Most elevation" },
  { value: "name", label: "Name A–Z" },
] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number]["value"];

export const TIMELINE_RANGES = ["1m", "3m", "6m", "1y", "all"] as const;
export type TimelineRange = (typeof TIMELINE_RANGES)[number];
export const TIMELINE_SPORTS = ["All", ...DASHBOARD_SPORTS] as const;
export type TimelineSport = (typeof TIMELINE_SPORTS)[number];
