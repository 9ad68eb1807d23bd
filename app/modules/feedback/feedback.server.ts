/**
 * Feedback: members submit (with an optional screenshot kept in R2), follow
 * their own; admins list, filter, read and answer everyone's. Pages and /api
 * routes call these functions and return the same shapes.
 */
import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import { feedback, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { actionEmail, sendEmail } from "~/lib/email.server";
import { randomToken } from "~/lib/encoding";
import { AppError } from "~/lib/http.server";
import { consumeAttempt } from "~/modules/auth/rate-limit.server";
import {
  FEEDBACK_MSG,
  SCREENSHOT_MAX_BYTES,
  type AdminListQuery,
  type FeedbackInput,
  type ResponseInput,
} from "./schema";
import { sniffImage } from "./screenshot";
import { oneRow } from "~db/client";
import { notify } from "~/modules/notifications/notifications.server";
import { feedbackAnsweredNotification } from "~/modules/notifications/rules";

type FeedbackRow = typeof feedback.$inferSelect;
type FeedbackUser = Pick<User, "id" | "username" | "email">;

/** Submissions per member per hour (the spec gives no limit; this keeps R2 and the admins' list from being flooded). */
export const SUBMISSIONS_PER_HOUR = 10;

export function feedbackView(row: FeedbackRow) {
  return {
    id: row.id,
    feedbackType: row.feedbackType,
    subject: row.subject,
    message: row.message,
    status: row.status,
    adminResponse: row.adminResponse,
    screenshotUrl: row.screenshotKey ? `/api/feedback/${row.id}/screenshot` : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
export type FeedbackView = ReturnType<typeof feedbackView>;

/** Admin views add the member (null once the account is deleted). */
export function adminFeedbackView(row: FeedbackRow, user: FeedbackUser | null) {
  return {
    ...feedbackView(row),
    user: user ? { id: user.id, username: user.username, email: user.email } : null,
  };
}
export type AdminFeedbackView = ReturnType<typeof adminFeedbackView>;

/** A screenshot checked for size and real image content, ready to store. */
async function readScreenshot(file: File) {
  if (file.size > SCREENSHOT_MAX_BYTES)
    throw new AppError(400, FEEDBACK_MSG.screenshotSize, {
      errors: { screenshot: [FEEDBACK_MSG.screenshotSize] },
    });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind)
    throw new AppError(400, FEEDBACK_MSG.screenshotType, {
      errors: { screenshot: [FEEDBACK_MSG.screenshotType] },
    });
  return { bytes, kind };
}

/** A form's file field: a File with content, or nothing (an empty file input sends a nameless, empty part). */
export function screenshotOf(value: FormDataEntryValue | null): File | null {
  if (value === null || typeof value === "string") return null;
  return value.size > 0 || value.name ? value : null;
}

export async function submitFeedback(
  app: AppContext,
  user: User,
  input: FeedbackInput,
  screenshot: File | null,
): Promise<FeedbackView> {
  const image = screenshot ? await readScreenshot(screenshot) : null;
  await consumeAttempt(app, [
    { key: `feedback:user:${user.id}`, max: SUBMISSIONS_PER_HOUR, windowSeconds: 3600 },
  ]);
  const key = image ? `feedback/${user.id}/${randomToken(16)}.${image.kind.extension}` : null;
  if (image && key) {
    await app.env.UPLOADS.put(key, image.bytes, {
      httpMetadata: { contentType: image.kind.contentType },
      customMetadata: { userId: String(user.id) },
    });
  }
  try {
    const now = app.now();
    const row = oneRow(
      await app.db
        .insert(feedback)
        .values({
          userId: user.id,
          feedbackType: input.feedbackType,
          subject: input.subject,
          message: input.message,
          status: "pending",
          screenshotKey: key,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
    );
    return feedbackView(row);
  } catch (error) {
    // Keep R2 free of screenshots that no feedback points at.
    if (key) await app.env.UPLOADS.delete(key).catch(() => undefined);
    throw error;
  }
}

const newestFirst = [desc(feedback.createdAt), desc(feedback.id)];

export async function listOwnFeedback(app: AppContext, user: Pick<User, "id">): Promise<FeedbackView[]> {
  const rows = await app.db
    .select()
    .from(feedback)
    .where(eq(feedback.userId, user.id))
    .orderBy(...newestFirst);
  return rows.map(feedbackView);
}

/** The member's own feedback; anyone else's answers 404 like a missing one (no telling which ids exist). */
export async function getOwnFeedback(
  app: AppContext,
  user: Pick<User, "id">,
  id: number,
): Promise<FeedbackView> {
  const row = await app.db.query.feedback.findFirst({
    where: and(eq(feedback.id, id), eq(feedback.userId, user.id)),
  });
  if (!row) throw new AppError(404, FEEDBACK_MSG.notFound);
  return feedbackView(row);
}

/** `%` and `_` typed by the admin match themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function adminListConditions(query: AdminListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(feedback.status, query.status));
  if (query.feedbackType) conditions.push(eq(feedback.feedbackType, query.feedbackType));
  if (query.search) {
    const pattern = containsPattern(query.search);
    conditions.push(
      or(
        sql`${feedback.subject} LIKE ${pattern} ESCAPE '\\'`,
        sql`${feedback.message} LIKE ${pattern} ESCAPE '\\'`,
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * One page of everyone's feedback, newest first, with the total from the same
 * statement (a window count); only a page past the end needs a second count.
 */
export async function listFeedbackForAdmin(app: AppContext, query: AdminListQuery) {
  const where = adminListConditions(query);
  const rows = await app.db
    .select({
      row: feedback,
      user: { id: users.id, username: users.username, email: users.email },
      total: sql<number>`count(*) OVER ()`.mapWith(Number),
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const total =
    rows[0]?.total ??
    (query.page > 1 ? (await app.db.select({ n: count() }).from(feedback).where(where))[0]!.n : 0);
  return {
    feedback: rows.map((r) => adminFeedbackView(r.row, r.user)),
    total,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

async function adminRow(app: AppContext, id: number) {
  const [found] = await app.db
    .select({ row: feedback, user: { id: users.id, username: users.username, email: users.email } })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId))
    .where(eq(feedback.id, id));
  if (!found) throw new AppError(404, FEEDBACK_MSG.notFound);
  return adminFeedbackView(found.row, found.user);
}

export async function getFeedbackForAdmin(app: AppContext, id: number): Promise<AdminFeedbackView> {
  return adminRow(app, id);
}

/**
 * Any of the four statuses, freely, with the response text (empty clears it).
 * When the response text changes, the member is told by e-mail (after the
 * answer; a failed e-mail does not undo the update).
 */
export async function respondToFeedback(
  app: AppContext,
  id: number,
  input: ResponseInput,
): Promise<AdminFeedbackView> {
  const before = await app.db.query.feedback.findFirst({
    where: eq(feedback.id, id),
    columns: { adminResponse: true },
  });
  if (!before) throw new AppError(404, FEEDBACK_MSG.notFound);
  const response = input.adminResponse || null;
  const updated = await app.db
    .update(feedback)
    .set({ status: input.status, adminResponse: response, updatedAt: app.now() })
    .where(eq(feedback.id, id))
    .returning({ id: feedback.id });
  if (updated.length === 0) throw new AppError(404, FEEDBACK_MSG.notFound);
  const view = await adminRow(app, id);
  if (response && response !== before.adminResponse && view.user)
    await notify(
      app,
      feedbackAnsweredNotification({
        id,
        userId: view.user.id,
        subject: view.subject,
        answeredAt: app.now(),
      }),
    );
  if (response && response !== before.adminResponse && view.user && !view.user.email.endsWith(".invalid")) {
    app.waitUntil(
      sendEmail(
        app,
        actionEmail({
          to: view.user.email,
          subject: `Re: ${view.subject}`,
          intro: `Hi ${view.user.username}, the team answered your feedback "${view.subject}".`,
          action: "Read the response",
          url: new URL(`/feedback/history/${id}`, app.env.APP_URL).toString(),
          outro: "Thank you for helping us improve CycleWari Community.",
        }),
      ),
    );
  }
  return view;
}

/**
 * The screenshot of a feedback, for its author and for admins only, as a
 * Response that browsers cannot treat as anything but an image.
 */
export async function screenshotResponse(app: AppContext, user: User, id: number): Promise<Response> {
  const row = await app.db.query.feedback.findFirst({ where: eq(feedback.id, id) });
  if (!row || !row.screenshotKey || (!user.isAdmin && row.userId !== user.id))
    throw new AppError(404, "Screenshot not found");
  const object = await app.env.UPLOADS.get(row.screenshotKey);
  if (!object) throw new AppError(404, "Screenshot not found");
  const kind = object.httpMetadata?.contentType;
  return new Response(object.body, {
    headers: {
      "Content-Type":
        kind && kind.startsWith("image/") && kind !== "image/svg+xml" ? kind : "application/octet-stream",
      "Content-Length": String(object.size),
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ETag: object.httpEtag,
    },
  });
}
