/**
 * The club feed (issue #41, docs/decisions/051-club-feed.md): milestones written
 * where they happen (the owning module calls these functions), read newest first
 * with keyset paging, each item filtered by its member's sharing choice
 * (privacy/feed-sql.server.ts); kudos (one per member and item) and short comments.
 * This module owns feed_items, feed_kudos, feed_comments, feed_comment_reports and
 * feed_record_marks; it sits below challenges, events and wari, which call it.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import { AppError } from "~/lib/http.server";
import { feedItemVisibleTo } from "~/modules/privacy/feed-sql.server";
import { feedCommentReports, feedComments, feedItems, feedKudos, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { describeFeedItem, type FeedKind } from "./describe";
import { goalMilestonesSql } from "./milestones-sql.server";
import { notify } from "~/modules/notifications/notifications.server";
import { commentNotification, kudosNotification } from "~/modules/notifications/rules";
import { FEED_MSG, type FeedQuery } from "./schema";

interface Milestone {
  kind: FeedKind;
  userId?: number | null;
  challengeId?: number | null;
  eventId?: number | null;
  audience: "everyone" | "challenge" | "profile" | "events";
  label: string;
  value?: number | null;
  /** Unique per milestone: the same milestone recorded twice stays one item. */
  key: string;
}

/** The statement recording one milestone (idempotent); callers await it or put it in their db.batch. */
export function milestoneStatement(app: AppContext, m: Milestone) {
  return app.db
    .insert(feedItems)
    .values({
      kind: m.kind,
      userId: m.userId ?? null,
      challengeId: m.challengeId ?? null,
      eventId: m.eventId ?? null,
      audience: m.audience,
      label: m.label,
      value: m.value ?? null,
      milestoneKey: m.key,
      createdAt: app.now(),
    })
    .onConflictDoNothing();
}

/** Records one milestone; a failure is logged, never undoes the member's action. */
export async function recordMilestone(app: AppContext, m: Milestone): Promise<void> {
  try {
    await milestoneStatement(app, m);
  } catch (error) {
    console.error("feed milestone failed", m.key, error);
  }
}

export const challengeJoined = (app: AppContext, challenge: { id: number; title: string }, userId: number) =>
  recordMilestone(app, {
    kind: "challenge_joined",
    userId,
    challengeId: challenge.id,
    audience: "challenge",
    label: challenge.title,
    key: `joined:${challenge.id}:${userId}`,
  });

export const challengeAnnounced = (app: AppContext, challenge: { id: number; title: string }) =>
  recordMilestone(app, {
    kind: "challenge_new",
    challengeId: challenge.id,
    audience: "everyone",
    label: challenge.title,
    key: `challenge:${challenge.id}`,
  });

export const eventAnnounced = (app: AppContext, event: { id: number; title: string }) =>
  recordMilestone(app, {
    kind: "event_new",
    eventId: event.id,
    audience: "everyone",
    label: event.title,
    key: `event:${event.id}`,
  });

export const eventRegistered = (app: AppContext, event: { id: number; title: string }, userId: number) =>
  recordMilestone(app, {
    kind: "event_registered",
    userId,
    eventId: event.id,
    audience: "events",
    label: event.title,
    key: `event:${event.id}:${userId}`,
  });

export const wariRegistered = (app: AppContext, userId: number, year: number, eventName: string) =>
  recordMilestone(app, {
    kind: "wari_registered",
    userId,
    audience: "profile",
    label: eventName,
    value: year,
    key: `wari:${year}:${userId}`,
  });

/** The finish statements of an edition's finishers (put into refreshResults' batch). */
export const wariFinishedStatement = (app: AppContext, userId: number, year: number) =>
  milestoneStatement(app, {
    kind: "wari_finished",
    userId,
    audience: "profile",
    label: `Wari ${year}`,
    value: year,
    key: `wari-finished:${year}:${userId}`,
  });

/** Goal percentages passed in one challenge, or by one of its participants (after a join, recalculation or correction). */
export const challengeGoalMilestones = (challengeId: number, userId?: number): SQL =>
  sql.raw(
    goalMilestonesSql(
      `cp.challenge_id = ${Math.trunc(challengeId)}${userId === undefined ? "" : ` AND cp.user_id = ${Math.trunc(userId)}`}`,
    ),
  );

export interface FeedComment {
  id: number;
  body: string;
  createdAt: string;
  edited: boolean;
  author: { id: number; name: string };
  mine: boolean;
}

export interface FeedItem {
  id: number;
  kind: string;
  text: string;
  createdAt: string;
  member: { id: number; name: string } | null;
  link: string | null;
  kudos: number;
  kudoed: boolean;
  commentCount: number;
  comments: FeedComment[];
}

interface ItemRow {
  id: number;
  kind: string;
  label: string;
  value: number | null;
  created_at: number;
  user_id: number | null;
  username: string | null;
  challenge_id: number | null;
  event_id: number | null;
  kudos: number;
  kudoed: number;
  comment_count: number;
}

interface CommentRow {
  id: number;
  item_id: number;
  body: string;
  created_at: number;
  updated_at: number;
  user_id: number;
  username: string;
}

/** Comments shown under each item (the latest). */
const COMMENTS_SHOWN = 20;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();

/**
 * The statements of one feed page (also timed in the sqlite3 CLI by bench/sql.ts):
 * the items older than `before` that `viewerId` may see, newest first (keyset on
 * the primary key), each with its kudos and comment counts (the primary key of
 * feed_kudos, the index feed_comments(item_id, id)); one more than `limit` tells
 * whether a next page exists.
 */
export function feedItemsSql(viewerId: number, query: FeedQuery): SQL {
  return sql`
    SELECT f.id, f.kind, f.label, f.value, f.created_at, f.user_id, u.username, f.challenge_id, f.event_id,
      (SELECT count(*) FROM feed_kudos k WHERE k.item_id = f.id) AS kudos,
      EXISTS (SELECT 1 FROM feed_kudos k WHERE k.item_id = f.id AND k.user_id = ${viewerId}) AS kudoed,
      (SELECT count(*) FROM feed_comments c WHERE c.item_id = f.id AND c.hidden_at IS NULL) AS comment_count
    FROM feed_items f LEFT JOIN users u ON u.id = f.user_id
    WHERE ${query.before === undefined ? sql`1 = 1` : sql`f.id < ${query.before}`}
      AND (f.user_id IS NULL OR u.is_active = 1)
      AND ${feedItemVisibleTo(viewerId, "f")}
    ORDER BY f.id DESC LIMIT ${query.limit + 1}`;
}

/** The latest COMMENTS_SHOWN shown comments of each of `itemIds` (the page's items with any). */
export function feedCommentsSql(itemIds: number[]): SQL {
  return sql`
    SELECT * FROM (
      SELECT c.id, c.item_id, c.body, c.created_at, c.updated_at, c.user_id, u.username,
        row_number() OVER (PARTITION BY c.item_id ORDER BY c.id DESC) AS rn
      FROM feed_comments c JOIN users u ON u.id = c.user_id
      WHERE c.item_id IN (${sql.join(itemIds, sql`, `)}) AND c.hidden_at IS NULL
    ) WHERE rn <= ${COMMENTS_SHOWN} ORDER BY id`;
}

/**
 * One page of the feed for `viewer`, newest first: the items older than
 * `before`, visible under their members' sharing choices, by active members.
 * `nextBefore` pages on (null on the last page).
 */
export async function clubFeed(app: AppContext, viewer: Pick<User, "id">, query: FeedQuery) {
  const rows = await app.db.all<ItemRow>(feedItemsSql(viewer.id, query));
  const page = rows.slice(0, query.limit);
  const withComments = page.filter((r) => r.comment_count > 0).map((r) => r.id);
  const comments = withComments.length ? await app.db.all<CommentRow>(feedCommentsSql(withComments)) : [];
  const byItem = new Map<number, FeedComment[]>();
  for (const c of comments)
    byItem.set(c.item_id, [
      ...(byItem.get(c.item_id) ?? []),
      {
        id: c.id,
        body: c.body,
        createdAt: iso(c.created_at),
        edited: c.updated_at > c.created_at,
        author: { id: c.user_id, name: c.username },
        mine: c.user_id === viewer.id,
      },
    ]);
  const items = page.map((r): FeedItem => ({
    id: r.id,
    kind: r.kind,
    text: describeFeedItem(r.kind, r.label, r.value),
    createdAt: iso(r.created_at),
    member: r.user_id === null ? null : { id: r.user_id, name: r.username ?? "" },
    link:
      r.challenge_id !== null
        ? `/challenges/${r.challenge_id}`
        : r.event_id !== null
          ? `/events/${r.event_id}`
          : r.kind.startsWith("wari") && r.user_id === viewer.id
            ? "/wari"
            : null,
    kudos: r.kudos,
    kudoed: Boolean(r.kudoed),
    commentCount: r.comment_count,
    comments: byItem.get(r.id) ?? [],
  }));
  const last = page.at(-1);
  return { items, nextBefore: rows.length > query.limit && last ? last.id : null };
}

/** The item, if `viewer` may see it; else 404 (an item one may not see is no item). */
async function requireVisibleItem(app: AppContext, viewer: Pick<User, "id">, itemId: number) {
  const [row] = await app.db.all<{
    id: number;
    user_id: number | null;
    kind: string;
    label: string;
    value: number | null;
  }>(sql`
    SELECT f.id, f.user_id, f.kind, f.label, f.value FROM feed_items f LEFT JOIN users u ON u.id = f.user_id
    WHERE f.id = ${itemId} AND (f.user_id IS NULL OR u.is_active = 1) AND ${feedItemVisibleTo(viewer.id, "f")}`);
  if (!row) throw new AppError(404, FEED_MSG.itemNotFound);
  return { id: row.id, userId: row.user_id, text: describeFeedItem(row.kind, row.label, row.value) };
}

async function kudosOf(app: AppContext, user: Pick<User, "id">, itemId: number) {
  const [row] = await app.db.all<{ kudos: number; kudoed: number }>(sql`
    SELECT count(*) AS kudos, coalesce(max(user_id = ${user.id}), 0) AS kudoed FROM feed_kudos WHERE item_id = ${itemId}`);
  return { itemId, kudos: row?.kudos ?? 0, kudoed: Boolean(row?.kudoed) };
}

/** Gives kudos (a second time changes nothing: one per member and item). */
export async function giveKudos(app: AppContext, user: Pick<User, "id" | "username">, itemId: number) {
  const item = await requireVisibleItem(app, user, itemId);
  const given = await app.db
    .insert(feedKudos)
    .values({ itemId, userId: user.id, createdAt: app.now() })
    .onConflictDoNothing()
    .returning({ itemId: feedKudos.itemId });
  if (given.length) await notify(app, kudosNotification(item, user));
  return kudosOf(app, user, itemId);
}

/** Takes the member's kudos back. */
export async function removeKudos(app: AppContext, user: Pick<User, "id">, itemId: number) {
  await requireVisibleItem(app, user, itemId);
  await app.db.delete(feedKudos).where(and(eq(feedKudos.itemId, itemId), eq(feedKudos.userId, user.id)));
  return kudosOf(app, user, itemId);
}

const commentView = (
  row: typeof feedComments.$inferSelect,
  author: Pick<User, "id" | "username">,
): FeedComment => ({
  id: row.id,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  edited: row.updatedAt.getTime() > row.createdAt.getTime(),
  author: { id: author.id, name: author.username },
  mine: true,
});

/** Adds a comment (the body already checked by commentSchema). */
export async function addComment(app: AppContext, user: User, itemId: number, body: string) {
  const item = await requireVisibleItem(app, user, itemId);
  const now = app.now();
  const [row] = await app.db
    .insert(feedComments)
    .values({ itemId, userId: user.id, body, createdAt: now, updatedAt: now })
    .returning();
  await notify(app, commentNotification(item, row!, user));
  return commentView(row!, user);
}

/** A visible comment on an item the member may see; else 404. */
async function requireComment(app: AppContext, user: Pick<User, "id">, commentId: number) {
  const row = await app.db.query.feedComments.findFirst({ where: eq(feedComments.id, commentId) });
  if (!row || row.hiddenAt) throw new AppError(404, FEED_MSG.commentNotFound);
  await requireVisibleItem(app, user, row.itemId);
  return row;
}

async function requireOwnComment(app: AppContext, user: Pick<User, "id">, commentId: number) {
  const row = await requireComment(app, user, commentId);
  if (row.userId !== user.id) throw new AppError(403, FEED_MSG.notYourComment, { code: "not_your_comment" });
  return row;
}

export async function editComment(app: AppContext, user: User, commentId: number, body: string) {
  await requireOwnComment(app, user, commentId);
  const [row] = await app.db
    .update(feedComments)
    .set({ body, updatedAt: app.now() })
    .where(and(eq(feedComments.id, commentId), eq(feedComments.userId, user.id)))
    .returning();
  return commentView(row!, user);
}

export async function deleteComment(app: AppContext, user: User, commentId: number) {
  await requireOwnComment(app, user, commentId);
  await app.db
    .delete(feedComments)
    .where(and(eq(feedComments.id, commentId), eq(feedComments.userId, user.id)));
  return { message: "Comment deleted", id: commentId };
}

/** An admin hides any comment: it is kept (for the record) and shown to nobody. */
export async function hideComment(app: AppContext, admin: User, commentId: number) {
  const row = await app.db.query.feedComments.findFirst({ where: eq(feedComments.id, commentId) });
  if (!row) throw new AppError(404, FEED_MSG.commentNotFound);
  await app.db
    .update(feedComments)
    .set({ hiddenAt: app.now(), hiddenBy: admin.id })
    .where(eq(feedComments.id, commentId));
  return { message: "Comment hidden", id: commentId };
}

/** One reported comment as the admins' list shows it. */
export interface ReportedComment {
  id: number;
  body: string;
  author: string;
  /** What the comment was written on ("completed the challenge Monsoon 100"), as the feed words it. */
  itemLabel: string;
  itemId: number;
  reports: number;
  lastReportedAt: string;
}

/** The reported comments still shown (not hidden), most reported first, then newest report: at most `limit`. */
export async function reportedComments(app: AppContext, limit = 50): Promise<ReportedComment[]> {
  const rows = await app.db.all<{
    id: number;
    body: string;
    author: string;
    item_id: number;
    item_kind: string;
    item_label: string;
    item_value: number | null;
    reports: number;
    last_reported_at: number;
  }>(sql`
    SELECT c.id, c.body, u.username AS author, c.item_id, f.kind AS item_kind, f.label AS item_label,
      f.value AS item_value,
      count(*) AS reports, max(r.created_at) AS last_reported_at
    FROM feed_comment_reports r
    JOIN feed_comments c ON c.id = r.comment_id
    JOIN users u ON u.id = c.user_id
    JOIN feed_items f ON f.id = c.item_id
    WHERE c.hidden_at IS NULL
    GROUP BY c.id
    ORDER BY reports DESC, last_reported_at DESC, c.id DESC
    LIMIT ${limit}`);
  return rows.map((r) => ({
    id: r.id,
    body: r.body,
    author: r.author,
    itemLabel: describeFeedItem(r.item_kind, r.item_label, r.item_value),
    itemId: r.item_id,
    reports: r.reports,
    lastReportedAt: new Date(r.last_reported_at * 1000).toISOString(),
  }));
}

/** An admin keeps a reported comment: its reports are cleared (a member may report it again). */
export async function keepComment(app: AppContext, _admin: User, commentId: number) {
  const row = await app.db.query.feedComments.findFirst({ where: eq(feedComments.id, commentId) });
  if (!row) throw new AppError(404, FEED_MSG.commentNotFound);
  await app.db.delete(feedCommentReports).where(eq(feedCommentReports.commentId, commentId));
  return { message: "Comment kept; its reports are cleared", id: commentId };
}

/** A member reports another member's comment to the admins (once). */
export async function reportComment(app: AppContext, user: User, commentId: number) {
  const row = await requireComment(app, user, commentId);
  if (row.userId === user.id) throw new AppError(400, FEED_MSG.ownComment, { code: "own_comment" });
  await app.db
    .insert(feedCommentReports)
    .values({ commentId, userId: user.id, createdAt: app.now() })
    .onConflictDoNothing();
  return { message: "Thanks, the admins will have a look", id: commentId };
}
