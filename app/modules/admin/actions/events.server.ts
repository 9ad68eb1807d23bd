/** The Events tab's intents: switch active, delete (creating and editing happen on /events). */
import { z } from "zod";
import { deleteEvent, setEventActive } from "~/modules/events/events.server";
import { EVENT_TOASTS, statusFailed } from "~/modules/events/schema";
import { recordId, switchValue, unknownAction, type AdminActionArea } from "./reply.server";

const eventIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("event-active"), eventId: recordId, value: switchValue }),
    z.object({ intent: z.literal("delete-event"), eventId: recordId }),
  ],
  unknownAction,
);

export const eventActions: AdminActionArea<z.infer<typeof eventIntentSchema>> = {
  schema: eventIntentSchema,
  async run(app, _admin, input) {
    switch (input.intent) {
      case "event-active":
        await setEventActive(app, input.eventId, input.value);
        return { title: input.value ? "Event activated" : "Event deactivated", message: "" };
      case "delete-event":
        await deleteEvent(app, input.eventId);
        return { title: EVENT_TOASTS.deleted.title, message: "" };
    }
  },
  failure: {
    "event-active": ({ message }) => ({ title: statusFailed(message), message: "" }),
    "delete-event": ({ message }) => ({ title: EVENT_TOASTS.deleteFailed.title, message }),
  },
};
