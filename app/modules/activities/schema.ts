/**
 * Query schemas for the activity list, the dashboard and the timeline, shared
 * by the pages, the /api routes and the tests. Invalid values are answered 400
 * with these messages; empty strings (what a GET form sends for an empty
 * field) mean "not given".
 */
import { z } from "zod";
import { ACTIVITY_SORTS, MAX_LIMIT, TIMELINE_RANGES, TIMELINE_SPORTS, type ActivitySort } from "./constants";
import { DASHBOARD_SPORTS } from "~/modules/sports/sports";

export { PAGE_SIZE } from "./constants";
export type { ActivitySort } from "./constants";

export const MSG = {
  type: "type must be a sport type such as Ride, Run or VirtualRide",
  minDistance: "minDistance must be a number of kilometres, 0 or more",
  maxDistance: "maxDistance must be a number of kilometres, 0 or more",
  distanceOrder: "minDistance cannot be greater than maxDistance",
  minElevation: "minElevation must be a number of metres, 0 or more",
  commute: "commute must be true or false",
  userId: "userId must be a positive whole number",
  challengeId: "challengeId must be a positive whole number",
  search: "search must be at most 100 characters",
  page: "page must be a positive whole number",
  limit: `limit must be a whole number between 1 and ${MAX_LIMIT}`,
  range: "range must be one of 1m, 3m, 6m, 1y, all",
  sportType: `sportType must be one of All, ${DASHBOARD_SPORTS.join(", ")}`,
  month: "month must be a month such as 2025-03",
  forbidden: "You can only view your own activities",
  activityNotFound: "Activity not found",
  challengeNotFound: "Challenge not found",
  userNotFound: "User not found",
} as const;

/** "" and whitespace → undefined, so an empty form field is "not given". */
function blank(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

function numberParam(message: string, opts: { int?: boolean; min: number; max: number }) {
  return z.preprocess(
    (v) => {
      const b = blank(v);
      return typeof b === "string" ? Number(b.trim()) : b;
    },
    z
      .number({ invalid_type_error: message })
      .refine(
        (n) => Number.isFinite(n) && (!opts.int || Number.isInteger(n)) && n >= opts.min && n <= opts.max,
        message,
      )
      .optional(),
  );
}

const SORT_VALUES = ACTIVITY_SORTS.map((s) => s.value) as [ActivitySort, ...ActivitySort[]];

const sportParam = (message: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/, message)
      .optional(),
  );

export const activityListQuery = z
  .object({
    type: sportParam(MSG.type),
    /** The spec's /api call names the same filter `sportType`. */
    sportType: sportParam(MSG.type),
    minDistance: numberParam(MSG.minDistance, { min: 0, max: 1_000_000 }),
    maxDistance: numberParam(MSG.maxDistance, { min: 0, max: 1_000_000 }),
    minElevation: numberParam(MSG.minElevation, { min: 0, max: 1_000_000 }),
    commute: z.preprocess(
      blank,
      z.enum(["true", "false"], { errorMap: () => ({ message: MSG.commute }) }).optional(),
    ),
    userId: numberParam(MSG.userId, { int: true, min: 1, max: Number.MAX_SAFE_INTEGER }),
    challengeId: numberParam(MSG.challengeId, { int: true, min: 1, max: Number.MAX_SAFE_INTEGER }),
    search: z.preprocess(blank, z.string().trim().max(100, MSG.search).optional()),
    sort: z.preprocess(
      blank,
      z
        .enum(SORT_VALUES, { errorMap: () => ({ message: `sort must be one of ${SORT_VALUES.join(", ")}` }) })
        .optional(),
    ),
    page: numberParam(MSG.page, { int: true, min: 1, max: 1_000_000 }),
    limit: numberParam(MSG.limit, { int: true, min: 1, max: MAX_LIMIT }),
  })
  .refine(
    (q) => q.minDistance === undefined || q.maxDistance === undefined || q.minDistance <= q.maxDistance,
    {
      message: MSG.distanceOrder,
      path: ["maxDistance"],
    },
  )
  .transform(({ type, sportType, commute, ...rest }) => ({
    ...rest,
    type: type ?? sportType,
    commute: commute === undefined ? undefined : commute === "true",
  }));
export type ActivityListQuery = z.infer<typeof activityListQuery>;

export const timelineQuery = z.object({
  range: z.preprocess(
    blank,
    z.enum(TIMELINE_RANGES, { errorMap: () => ({ message: MSG.range }) }).default("3m"),
  ),
  sportType: z.preprocess(
    blank,
    z.enum(TIMELINE_SPORTS, { errorMap: () => ({ message: MSG.sportType }) }).default("All"),
  ),
  month: z.preprocess(
    blank,
    z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MSG.month)
      .optional(),
  ),
});
export type TimelineQuery = z.infer<typeof timelineQuery>;

/** Reads a URL's query into a plain object (the last value of a repeated key wins). */
export function queryOf(url: URL | string): Record<string, string> {
  return Object.fromEntries(new URL(url).searchParams);
}
