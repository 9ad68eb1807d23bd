/** The Challenges tab's intents: create, edit, switch active, delete. */
import { z } from "zod";
import { parseInput } from "~/lib/http.server";
import {
  createChallenge,
  deleteChallenge,
  setChallengeActive,
  updateChallenge,
} from "~/modules/challenges/challenges.server";
import {
  challengeInputSchema,
  DEFAULT_CHALLENGE_SOURCES,
  SOURCES_WITH_MANUAL,
} from "~/modules/challenges/schema";
import { formGoal, targetFromForm } from "~/modules/challenges/rules";
import { recordId, switchValue, unknownAction, type AdminActionArea } from "./reply.server";

/** The challenge dialog's fields, as typed (checked by `challengeInputSchema` once converted). */
const dialogFields = z.object({
  title: z.string().default(""),
  description: z.string().default(""),
  startDate: z.string().default(""),
  endDate: z.string().default(""),
  sportType: z.string().default(""),
  targetDistanceKm: z.string().default(""),
  targetTimeDays: z.string().default(""),
  targetTimeHours: z.string().default(""),
  isActive: z.string().optional(),
  countManual: z.string().optional(),
  goalType: z.string().default("distance"),
  target: z.string().default(""),
  minPerDayKm: z.string().default(""),
  sportTypes: z.string().default(""),
  groupOf: z.string().default(""),
  /** Comma-separated team names; absent: the teams stay as they are. */
  teams: z.string().optional(),
});
type DialogFields = z.infer<typeof dialogFields>;

/**
 * The challenge dialog's fields as the /api body: the target distance is typed
 * in km (stored in metres) and the target time in days when creating, hours
 * when editing (spec part 2 section 9 keeps that inconsistency).
 */
function challengeFormInput(fields: DialogFields, creating: boolean) {
  // The dialog's date-time inputs carry no zone: they are India time, the community's clock.
  const moment = (text: string) => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00+05:30` : text);
  const number = (text: string, factor: number) => {
    const raw = text.trim();
    return raw === "" ? null : Number.isFinite(Number(raw)) ? Math.round(Number(raw) * factor) : raw;
  };
  const goal = fields.goalType || "distance";
  return {
    title: fields.title,
    description: fields.description,
    startDate: moment(fields.startDate),
    endDate: moment(fields.endDate),
    sportType: fields.sportType || undefined,
    goalType: goal,
    // Distance keeps its km field; the other goals' target is typed in their unit (hours for time).
    targetDistance: goal === "distance" ? number(fields.targetDistanceKm, 1000) : null,
    target: goal === "distance" ? null : targetFromForm(formGoal(goal, fields.groupOf), fields.target),
    groupOf: goal === "group" ? fields.groupOf || "distance" : undefined,
    teams: goal === "group" ? undefined : fields.teams,
    minPerDay: goal === "days" ? number(fields.minPerDayKm, 1000) : null,
    sportTypes: fields.sportTypes,
    targetTime: creating ? number(fields.targetTimeDays, 86400) : number(fields.targetTimeHours, 3600),
    isActive: fields.isActive === "on" || fields.isActive === "true",
    sources:
      fields.countManual === "on" || fields.countManual === "true"
        ? SOURCES_WITH_MANUAL
        : DEFAULT_CHALLENGE_SOURCES,
  };
}

const challengeIntentSchema = z.discriminatedUnion(
  "intent",
  [
    dialogFields.extend({ intent: z.literal("create-challenge") }),
    dialogFields.extend({ intent: z.literal("update-challenge"), challengeId: recordId }),
    z.object({ intent: z.literal("challenge-active"), challengeId: recordId, value: switchValue }),
    z.object({ intent: z.literal("delete-challenge"), challengeId: recordId }),
  ],
  unknownAction,
);

export const challengeActions: AdminActionArea<z.infer<typeof challengeIntentSchema>> = {
  schema: challengeIntentSchema,
  async run(app, admin, input) {
    switch (input.intent) {
      case "create-challenge": {
        await createChallenge(app, admin, parseInput(challengeInputSchema, challengeFormInput(input, true)));
        return { title: "Challenge created successfully", message: "" };
      }
      case "update-challenge": {
        const fields = parseInput(challengeInputSchema, challengeFormInput(input, false));
        await updateChallenge(app, input.challengeId, fields);
        return { title: "Challenge updated successfully", message: "" };
      }
      case "challenge-active":
        await setChallengeActive(app, input.challengeId, input.value);
        return { title: input.value ? "Challenge activated" : "Challenge deactivated", message: "" };
      case "delete-challenge":
        await deleteChallenge(app, input.challengeId);
        return { title: "Challenge deleted successfully", message: "" };
    }
  },
  failure: {
    "create-challenge": ({ message }) => ({ title: "Failed to create challenge", message }),
    "update-challenge": ({ message }) => ({ title: "Failed to update challenge", message }),
    "challenge-active": ({ message }) => ({
      title: `Failed to update challenge status: ${message}`,
      message: "",
    }),
    "delete-challenge": ({ message }) => ({ title: "Failed to delete challenge", message }),
  },
};
