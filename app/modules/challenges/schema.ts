/** Challenge validation with the spec's messages (part 2 section 5). */
import { z } from "zod";
import { ACTIVITY_SOURCES, CHALLENGE_GOALS, CHALLENGE_SPORTS } from "~db/schema";
import { pageQueryFields } from "~/lib/paging";
import { joinSharingSchema, sharingField } from "~/modules/privacy/schema";

export const MAX_TARGET_DISTANCE_M = 2_000_000_000;
export const CHALLENGE_SOURCES_MSG = `sources must list one or more of ${ACTIVITY_SOURCES.join(", ")}`;
/** The sources a challenge counts by default, and with manual entries allowed (issue #14). */
export const DEFAULT_CHALLENGE_SOURCES = "strava,file,archive";
export const SOURCES_WITH_MANUAL = "strava,file,archive,manual";

export const SOURCE_NAMES: Record<string, string> = {
  strava: "Strava",
  file: "uploaded files",
  archive: "Strava archive",
  manual: "manual entries",
};

/** "Strava, uploaded files, Strava archive" for a challenge's sources. */
export const sourcesText = (sources: string | undefined) =>
  (sources ?? DEFAULT_CHALLENGE_SOURCES)
    .split(",")
    .map((s) => SOURCE_NAMES[s] ?? s)
    .join(", ");

/**
 * Whether a member without Strava may join (issue #39 item 3): the challenge counts
 * uploaded files, the archive or manual entries too. Strava-only challenges need Strava.
 */
export const joinsWithoutStrava = (sources: string | undefined) =>
  (sources ?? DEFAULT_CHALLENGE_SOURCES).split(",").some((s) => s.trim() !== "" && s.trim() !== "strava");

/**
 * The Strava sport types an admin may list for a challenge (issue #39 item 1):
 * the dashboard's groups plus e-bikes and the common gym sports.
 */
export const CHALLENGE_SPORT_TYPES = [
  "Ride",
  "VirtualRide",
  "MountainBikeRide",
  "GravelRide",
  "EBikeRide",
  "EMountainBikeRide",
  "Run",
  "TrailRun",
  "VirtualRun",
  "Walk",
  "Hike",
  "Swim",
  "Rowing",
  "Workout",
  "WeightTraining",
  "Yoga",
] as const;

/**
 * The goal kinds the API takes (issue #39 item 1): the measures of decision 043,
 * plus `longest` (the longest single activity, metres) and `group` (a shared
 * club total of `groupOf`: distance, elevation or time), decision 049.
 */
export const GOAL_KINDS = [...CHALLENGE_GOALS, "longest", "group"] as const;
export type GoalKind = (typeof GOAL_KINDS)[number];
export const GROUP_MEASURES = ["distance", "elevation", "time"] as const;
export const MAX_TEAMS = 20;

export const CHALLENGE_MSG = {
  title: "Title is required",
  description: "Description is required",
  startDate: "Start date is required",
  endDate: "End date is required",
  sportType: "Sport type is required",
  endAfterStart: "End date must be after start date",
  targetDistance: `Target distance must be between 0 and ${MAX_TARGET_DISTANCE_M} metres`,
  targetTime: "Target time must be a positive number of seconds",
  notFound: "Challenge not found",
  notActive: "This challenge is not active",
  ended: "This challenge has ended",
  alreadyJoined: "You have already joined this challenge",
  notJoined: "You have not joined this challenge",
  stravaRequired: "Please connect your Strava account to join challenges",
  progress: "Progress must be a number of kilometres, 0 or more",
  goalType: `goalType must be one of ${GOAL_KINDS.join(", ")}`,
  groupOf: `groupOf must be one of ${GROUP_MEASURES.join(", ")}`,
  groupOfGroupOnly: "groupOf applies only to a group goal",
  teamsOnGroup: "A group goal is one club total: it has no teams",
  teamName: "Each team needs a name of 1 to 40 characters",
  teamsDistinct: "Team names must differ",
  teamsCount: `A team challenge needs 2 to ${MAX_TEAMS} teams`,
  teamNotFound: "That team is not part of this challenge",
  teamRequired: "Choose your team to join this challenge",
  noTeams: "This challenge has no teams to balance",
  target: "Target must be a number greater than 0 in the goal's unit",
  targetRequired: "Target is required for this goal",
  minPerDay: "Minimum per day must be a number of metres, 0 or more",
  minPerDayDaysOnly: "Minimum per day applies only to a days goal",
  sportTypes: `sportTypes must list one or more of ${CHALLENGE_SPORT_TYPES.join(", ")}`,
} as const;

const commaList = (v: unknown) =>
  typeof v === "string"
    ? v
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : v;

const date = (message: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.date({ errorMap: () => ({ message }) }),
  );

const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : typeof v === "string" ? Number(v) : v),
    schema.nullable(),
  );

export const challengeInputSchema = z
  .object({
    title: z.string({ required_error: CHALLENGE_MSG.title }).trim().min(1, CHALLENGE_MSG.title).max(120),
    description: z
      .string({ required_error: CHALLENGE_MSG.description })
      .trim()
      .min(1, CHALLENGE_MSG.description)
      .max(2000),
    startDate: date(CHALLENGE_MSG.startDate),
    endDate: date(CHALLENGE_MSG.endDate),
    sportType: z.enum(CHALLENGE_SPORTS, {
      required_error: CHALLENGE_MSG.sportType,
      invalid_type_error: CHALLENGE_MSG.sportType,
      message: CHALLENGE_MSG.sportType,
    }),
    targetDistance: optionalNumber(
      z
        .number({ invalid_type_error: CHALLENGE_MSG.targetDistance })
        .min(0, CHALLENGE_MSG.targetDistance)
        .max(MAX_TARGET_DISTANCE_M, CHALLENGE_MSG.targetDistance),
    ),
    targetTime: optionalNumber(
      z
        .number({ invalid_type_error: CHALLENGE_MSG.targetTime })
        .int(CHALLENGE_MSG.targetTime)
        .min(0, CHALLENGE_MSG.targetTime)
        .max(10 * 365 * 86400, CHALLENGE_MSG.targetTime),
    ),
    isActive: z
      .preprocess((v) => (v === "true" || v === "on" ? true : v === "false" ? false : v), z.boolean())
      .default(true),
    /** Which activity sources count (issue #14): an array or comma list of strava, file, archive, manual. */
    sources: z.preprocess(
      commaList,
      z
        .array(z.enum(ACTIVITY_SOURCES, { message: CHALLENGE_SOURCES_MSG }), {
          message: CHALLENGE_SOURCES_MSG,
        })
        .min(1, CHALLENGE_SOURCES_MSG)
        .transform((list) => ACTIVITY_SOURCES.filter((s) => list.includes(s)).join(","))
        .optional(),
    ),
    /** What progress counts (issue #39 item 1); today's distance by default. */
    goalType: z
      .preprocess(
        (v) => (v === "" || v === null ? undefined : v),
        z.enum(GOAL_KINDS, { errorMap: () => ({ message: CHALLENGE_MSG.goalType }) }),
      )
      .default("distance"),
    /** A group goal's measure: distance (default), elevation or time. */
    groupOf: z.preprocess(
      (v) => (v === "" || v === null ? undefined : v),
      z.enum(GROUP_MEASURES, { errorMap: () => ({ message: CHALLENGE_MSG.groupOf }) }).optional(),
    ),
    /**
     * Team names (issue #39 item 2): an array of names (or of `{name}`, as GET
     * returns them) or a comma list; none or [] makes no teams.
     */
    teams: z.preprocess(
      (v) => {
        const list = commaList(v);
        return Array.isArray(list)
          ? list.map((t) => (t && typeof t === "object" && "name" in t ? (t as { name: unknown }).name : t))
          : v === null
            ? []
            : list;
      },
      // One message on the field, not one per name: the form shows it under the teams input.
      z
        .array(z.string(), { message: CHALLENGE_MSG.teamName })
        .transform((list) => list.map((t) => t.trim()))
        .refine((list) => list.every((t) => t.length >= 1 && t.length <= 40), {
          message: CHALLENGE_MSG.teamName,
        })
        .refine((list) => list.length === 0 || (list.length >= 2 && list.length <= MAX_TEAMS), {
          message: CHALLENGE_MSG.teamsCount,
        })
        .refine((list) => new Set(list.map((t) => t.toLowerCase())).size === list.length, {
          message: CHALLENGE_MSG.teamsDistinct,
        })
        .optional(),
    ),
    /** The target in the goal's unit: metres, metres gained, seconds, days or activities. */
    target: optionalNumber(
      z
        .number({ invalid_type_error: CHALLENGE_MSG.target })
        .gt(0, CHALLENGE_MSG.target)
        .max(MAX_TARGET_DISTANCE_M, CHALLENGE_MSG.target),
    ),
    /** A days goal: metres a day needs to count. */
    minPerDay: optionalNumber(
      z
        .number({ invalid_type_error: CHALLENGE_MSG.minPerDay })
        .min(0, CHALLENGE_MSG.minPerDay)
        .max(MAX_TARGET_DISTANCE_M, CHALLENGE_MSG.minPerDay),
    ),
    /** Strava sport types that count, an array or comma list; none: the sportType group. */
    sportTypes: z.preprocess(
      (v) => {
        const list = commaList(v);
        return (Array.isArray(list) && list.length === 0) || v === null ? undefined : list;
      },
      // One message on the field, not one per list item: the form shows it under the picker.
      z
        .array(z.string(), { message: CHALLENGE_MSG.sportTypes })
        .refine((list) => list.every((t) => (CHALLENGE_SPORT_TYPES as readonly string[]).includes(t)), {
          message: CHALLENGE_MSG.sportTypes,
        })
        .transform((list) => CHALLENGE_SPORT_TYPES.filter((s) => list.includes(s)).join(","))
        .optional(),
    ),
  })
  .superRefine((v, ctx) => {
    const byDistance = measureOf(v.goalType, v.groupOf) === "distance";
    if (v.goalType !== "distance" && (v.target ?? (byDistance ? v.targetDistance : null)) === null)
      ctx.addIssue({ code: "custom", message: CHALLENGE_MSG.targetRequired, path: ["target"] });
    if (v.goalType !== "group" && v.groupOf !== undefined)
      ctx.addIssue({ code: "custom", message: CHALLENGE_MSG.groupOfGroupOnly, path: ["groupOf"] });
    if (v.goalType === "group" && v.teams?.length)
      ctx.addIssue({ code: "custom", message: CHALLENGE_MSG.teamsOnGroup, path: ["teams"] });
    if (v.goalType !== "days" && v.minPerDay !== null && v.minPerDay > 0)
      ctx.addIssue({ code: "custom", message: CHALLENGE_MSG.minPerDayDaysOnly, path: ["minPerDay"] });
  })
  .refine((v) => v.endDate.getTime() > v.startDate.getTime(), {
    message: CHALLENGE_MSG.endAfterStart,
    path: ["endDate"],
  })
  .transform(({ groupOf, teams, ...v }) => {
    // The stored goal is a measure (goal_type) and a mode (goal_mode): decision 049.
    const goalType = measureOf(v.goalType, groupOf);
    // Distance keeps the spec's fields: `target` is the same number as targetDistance (metres).
    const distance = goalType === "distance";
    return {
      challenge: {
        ...v,
        goalType,
        goalMode: v.goalType === "longest" || v.goalType === "group" ? v.goalType : ("total" as const),
        targetDistance: distance ? (v.targetDistance ?? v.target) : null,
        target: distance ? null : v.target,
        minPerDay: v.goalType === "days" ? v.minPerDay : null,
        sportTypes: v.sportTypes ?? null,
      },
      /** undefined: leave the teams as they are. */
      teams,
    };
  });

/** The stored measure of a goal kind: longest counts metres; a group goal its `groupOf` (distance by default). */
export function measureOf(kind: GoalKind, groupOf?: (typeof GROUP_MEASURES)[number]) {
  return kind === "longest" ? "distance" : kind === "group" ? (groupOf ?? "distance") : kind;
}

export type ChallengeInput = z.infer<typeof challengeInputSchema>;

export const activeSchema = z.object({
  isActive: z.boolean({
    required_error: "isActive must be true or false",
    invalid_type_error: "isActive must be true or false",
  }),
});

/** Admin correction in kilometres (minimum 0, step 0.1 on the form). */
export const progressSchema = z.object({
  progress: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
    z
      .number({ required_error: CHALLENGE_MSG.progress, invalid_type_error: CHALLENGE_MSG.progress })
      .min(0, CHALLENGE_MSG.progress)
      .max(MAX_TARGET_DISTANCE_M / 1000, CHALLENGE_MSG.progress),
  ),
});

export const PARTICIPANT_SORTS = ["progress", "name", "joined"] as const;
export const GENDER_TABS = ["all", "male", "female", "other"] as const;

export const PARTICIPANTS_PAGE_SIZE = 50;

export const participantQuerySchema = z.object({
  q: z.string().trim().max(50).optional().default(""),
  sort: z.enum(PARTICIPANT_SORTS).optional().default("progress"),
  gender: z.enum(GENDER_TABS).optional().default("all"),
  ...pageQueryFields(PARTICIPANTS_PAGE_SIZE, 200),
});
export type ParticipantQuery = z.infer<typeof participantQuerySchema>;

/** A team id from a join body or form: a positive whole number; blank or absent: no team. */
export const teamIdField = z.preprocess(
  (v) => (v === "" || v === null ? undefined : typeof v === "string" ? Number(v) : v),
  z
    .number({ invalid_type_error: CHALLENGE_MSG.teamNotFound })
    .int(CHALLENGE_MSG.teamNotFound)
    .positive(CHALLENGE_MSG.teamNotFound)
    .optional(),
);

/** POST /api/challenges/{id}/join: the sharing choice and, in a team challenge, the team. */
export const joinBodySchema = joinSharingSchema.extend({ teamId: teamIdField });

/** A challenge id from a form or `?join=`; anything but a positive whole number is 0, which no challenge has (404). */
export const challengeIdField = z.coerce.number().int().positive().catch(0);

/**
 * The challenge pages' forms: join (the default intent; on the grid with the
 * challenge's id; `sharing` is what others will see, by default the profile's
 * choice) and, on the detail page, sharing (a participant changes that choice).
 */
export const challengeFormSchema = z.preprocess(
  (v) => (v && typeof v === "object" && !("intent" in v) ? { ...v, intent: "join" } : v),
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("join"),
        challengeId: challengeIdField,
        sharing: sharingField.optional(),
        teamId: teamIdField,
      }),
      z.object({ intent: z.literal("sharing"), sharing: sharingField }),
    ],
    { errorMap: () => ({ message: "Unknown action" }) },
  ),
);
