/** The /club page's adapters (issue #41): the feed page and its buttons' action. */
import { data } from "@remix-run/cloudflare";
import { AppError, parseInput, readForm, replyFromError } from "~/lib/http.server";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import {
  addComment,
  clubFeed,
  deleteComment,
  editComment,
  giveKudos,
  hideComment,
  removeKudos,
  reportComment,
} from "./feed.server";
import { feedIntentSchema, feedQuerySchema } from "./schema";

export async function clubPage(app: AppContext, user: User, url: URL) {
  const query = parseInput(feedQuerySchema, { before: url.searchParams.get("before") ?? undefined });
  return { feed: await clubFeed(app, user, query), isAdmin: user.isAdmin, paged: query.before !== undefined };
}

export async function clubPageAction(app: AppContext, user: User, request: Request) {
  try {
    const input = parseInput(feedIntentSchema, Object.fromEntries(await readForm(request)));
    switch (input.intent) {
      case "kudos":
        return { ok: true as const, ...(await giveKudos(app, user, input.itemId)) };
      case "unkudos":
        return { ok: true as const, ...(await removeKudos(app, user, input.itemId)) };
      case "comment":
        await addComment(app, user, input.itemId, input.body);
        return { ok: true as const, message: "Comment added" };
      case "edit-comment":
        await editComment(app, user, input.commentId, input.body);
        return { ok: true as const, message: "Comment saved" };
      case "delete-comment":
        return { ok: true as const, ...(await deleteComment(app, user, input.commentId)) };
      case "report-comment":
        return { ok: true as const, ...(await reportComment(app, user, input.commentId)) };
      case "hide-comment":
        if (!user.isAdmin) throw new AppError(403, "Only admins can hide comments");
        return { ok: true as const, ...(await hideComment(app, user, input.commentId)) };
    }
  } catch (error) {
    const reply = replyFromError(error);
    return data({ ok: false as const, message: reply.message }, { status: reply.status });
  }
}
