/** The Users and Strava Sync tabs' intents: switch a flag, create, delete, sync. */
import { z } from "zod";
import { ADMIN_MSG, createUserSchema, USER_TOASTS } from "../schema";
import { adminSyncUser } from "../strava-sync.server";
import { createUserByAdmin, deleteUserByAdmin, setUserFlag } from "../users.server";
import { recordId, switchValue, unknownAction, type AdminActionArea } from "./reply.server";

const userIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("user-flag"),
      userId: recordId,
      flag: z.enum(["isAdmin", "isVerified", "isActive"], unknownAction),
      value: switchValue,
    }),
    createUserSchema.extend({ intent: z.literal("create-user") }),
    z.object({ intent: z.literal("delete-user"), userId: recordId }),
    z.object({ intent: z.literal("sync-user"), userId: recordId }),
  ],
  unknownAction,
);

export const userActions: AdminActionArea<z.infer<typeof userIntentSchema>> = {
  schema: userIntentSchema,
  async run(app, admin, input) {
    switch (input.intent) {
      case "user-flag": {
        await setUserFlag(app, admin, input.userId, input.flag, input.value);
        const toasts = USER_TOASTS[input.flag];
        return { title: input.value ? toasts.on : toasts.off, message: "" };
      }
      case "create-user": {
        const { intent: _, ...fields } = input;
        const user = await createUserByAdmin(app, fields);
        return { title: USER_TOASTS.created, message: `${user.username} can now sign in.` };
      }
      case "delete-user": {
        const result = await deleteUserByAdmin(app, admin, input.userId);
        return { title: "User Deleted", message: result.message };
      }
      case "sync-user": {
        const result = await adminSyncUser(app, input.userId);
        return { title: "Sync Initiated", message: result.message };
      }
    }
  },
  failure: {
    "user-flag": ({ message }) => ({ title: "Error", message }),
    // Any empty required field makes the whole refusal 'Missing Fields'.
    "create-user": ({ message, fieldErrors }) =>
      Object.values(fieldErrors ?? {})
        .flat()
        .includes(ADMIN_MSG.missingFields)
        ? { title: "Missing Fields", message: ADMIN_MSG.missingFields }
        : { title: USER_TOASTS.createFailed, message },
    "delete-user": ({ message }) => ({ title: USER_TOASTS.deleteFailed, message }),
    "sync-user": ({ message }) => ({
      title: "Sync Error",
      message: `Failed to sync Strava activities: ${message}`,
    }),
  },
};
