/**
 * The Club tab's moderation (issue #41): an admin hides a reported comment
 * (kept for the record, shown to nobody) or keeps it (its reports cleared).
 * The same functions serve POST /api/admin/club/comments/{id}/hide and /keep.
 */
import { z } from "zod";
import { hideComment, keepComment } from "~/modules/club/feed.server";
import { recordId, unknownAction, type AdminActionArea } from "./reply.server";

const clubIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("comment-hide"), id: recordId }),
    z.object({ intent: z.literal("comment-keep"), id: recordId }),
  ],
  unknownAction,
);

export const clubActions: AdminActionArea<z.infer<typeof clubIntentSchema>> = {
  schema: clubIntentSchema,
  async run(app, admin, input) {
    if (input.intent === "comment-hide") {
      await hideComment(app, admin, input.id);
      return { title: "Comment hidden", message: "Nobody sees it in the feed any more." };
    }
    const { message } = await keepComment(app, admin, input.id);
    return { title: "Comment kept", message };
  },
  failure: {
    "comment-hide": ({ message }) => ({ title: "Could not hide the comment", message }),
    "comment-keep": ({ message }) => ({ title: "Could not keep the comment", message }),
  },
};
