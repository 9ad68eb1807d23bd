/**
 * The Wari tab's intents: create and edit an edition (the same zod schemas and
 * rules as `/api/admin/wari/editions`), open or close its registration, delete it.
 */
import { z } from "zod";
import { parseInput } from "~/lib/http.server";
import {
  createEdition,
  deleteEdition,
  setEditionRegistration,
  updateEdition,
} from "~/modules/wari/editions.server";
import { editionPatchSchema, editionSchema } from "~/modules/wari/schema";
import { switchValue, unknownAction, type AdminActionArea } from "./reply.server";

/** The edition form's fields, as typed (checked by the API's schemas). */
const formFields = z.object({
  name: z.string().default(""),
  date: z.string().default(""),
  distanceKm: z.string().default(""),
  startPlace: z.string().default(""),
  description: z.string().default(""),
  registrationOpensAt: z.string().default(""),
  registrationClosesAt: z.string().default(""),
});
const yearField = z.string().default("");
/** A year naming an existing edition; anything else is that edition not being found. */
const editionYear = z.coerce.number().int().min(2000).max(2200).catch(0);

const wariIntentSchema = z.discriminatedUnion(
  "intent",
  [
    formFields.extend({ intent: z.literal("create-edition"), year: yearField }),
    formFields.extend({ intent: z.literal("update-edition"), year: editionYear }),
    z.object({ intent: z.literal("edition-registration"), year: editionYear, value: switchValue }),
    z.object({ intent: z.literal("delete-edition"), year: editionYear }),
  ],
  unknownAction,
);

export const wariActions: AdminActionArea<z.infer<typeof wariIntentSchema>> = {
  schema: wariIntentSchema,
  async run(app, _admin, input) {
    switch (input.intent) {
      case "create-edition": {
        const { intent: _intent, ...fields } = input;
        const edition = await createEdition(app, parseInput(editionSchema, fields));
        return { title: "Edition created", message: `${edition.name} is on the Wari calendar.` };
      }
      case "update-edition": {
        const { intent: _intent, year, ...fields } = input;
        const edition = await updateEdition(app, year, parseInput(editionPatchSchema, fields));
        return { title: "Edition updated", message: edition.name };
      }
      case "edition-registration":
        await setEditionRegistration(app, input.year, input.value);
        return { title: input.value ? "Registration opened" : "Registration closed", message: "" };
      case "delete-edition":
        await deleteEdition(app, input.year);
        return { title: "Edition deleted", message: "" };
    }
  },
  failure: {
    "create-edition": ({ message }) => ({ title: "Failed to create edition", message }),
    "update-edition": ({ message }) => ({ title: "Failed to update edition", message }),
    "edition-registration": ({ message }) => ({ title: "Failed to change registration", message }),
    "delete-edition": ({ message }) => ({ title: "Failed to delete edition", message }),
  },
};
