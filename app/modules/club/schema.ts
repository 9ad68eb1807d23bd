/** The club feed's input (issue #41): paging, comments. */
import { z } from "zod";
import { keysetQueryFields } from "~/lib/paging";

export const COMMENT_MAX = 500;

export const FEED_MSG = {
  commentEmpty: "Comment cannot be empty",
  commentTooLong: `Comment must be ${COMMENT_MAX} characters or fewer`,
  itemNotFound: "Feed item not found",
  commentNotFound: "Comment not found",
  notYourComment: "You can only change your own comments",
  ownComment: "You cannot report your own comment",
} as const;

export const commentSchema = z.object({
  body: z
    .string({ required_error: FEED_MSG.commentEmpty, invalid_type_error: FEED_MSG.commentEmpty })
    .trim()
    .min(1, FEED_MSG.commentEmpty)
    .max(COMMENT_MAX, FEED_MSG.commentTooLong),
});

/** Keyset paging: the items older than `before` (an item id), newest first. */
export const feedQuerySchema = z.object(keysetQueryFields("a feed item id", 20, 50));
export type FeedQuery = z.infer<typeof feedQuerySchema>;

/** The page's buttons (one form, an intent each). */
export const feedIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("kudos"), itemId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("unkudos"), itemId: z.coerce.number().int().positive() }),
  commentSchema.extend({ intent: z.literal("comment"), itemId: z.coerce.number().int().positive() }),
  commentSchema.extend({ intent: z.literal("edit-comment"), commentId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("delete-comment"), commentId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("report-comment"), commentId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("hide-comment"), commentId: z.coerce.number().int().positive() }),
]);
