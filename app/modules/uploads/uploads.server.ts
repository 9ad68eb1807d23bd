/**
 * Uploads (issue #14): the request stores each file in R2, records it and
 * queues one message; the queue consumer (queue.server.ts) parses it off the
 * request and saves its activities through the activities store. The member
 * lists, downloads and deletes their own uploads; deleting one removes its
 * activities and refreshes stats and challenge progress in the same batch.
 */
import { and, desc, eq, gt, lt, sql } from "drizzle-orm";
import { uploads, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, readForm } from "~/lib/http.server";
import { countAttempt, refundAttempt, type Limit } from "~/modules/auth/rate-limit.server";
import {
  findSameActivity,
  uploadActivityCounts,
  uploadActivitySummaries,
} from "~/modules/activities/queries.server";
import { deleteUploadActivities, saveActivities } from "~/modules/activities/store.server";
import { batchSql } from "~db/client";
import { uploadTrackStatements, uploadsWithoutTrack } from "~/modules/activities/tracks.server";
import { formatInt, longDate } from "~/lib/format";
import { implausibility } from "~/modules/activities/plausibility";
import { toActivityRow, type ParsedActivity } from "./activity";
import { describeActivity } from "./manual.server";
import { kindOf, parseUpload, type UploadKind } from "./parse";
import { UploadRefused } from "./parse-error";
import { TrackRecorder } from "./track-detail";
import { MAX_FILES_PER_POST, MAX_UPLOAD_BYTES, UPLOAD_MSG } from "./schema";

export type UploadRow = typeof uploads.$inferSelect;

export interface UploadView {
  id: number;
  filename: string;
  kind: UploadKind;
  size: number;
  status: UploadRow["status"];
  message: string | null;
  saved: number;
  duplicates: number;
  /** Saved activities a later Strava sync has since replaced with its own copy (Strava wins). */
  replaced: number;
  /** The activity a saved FIT/GPX/TCX file holds, to follow from its result; null for an archive or once replaced. */
  activity: UploadActivityView | null;
  createdAt: string;
}

export interface UploadActivityView {
  id: number;
  name: string;
  sportType: string;
  /** metres */
  distance: number;
  startDate: string;
}

/** A file refused before it was stored (wrong type, too large, empty). */
export interface RefusedFile {
  filename: string;
  message: string;
}

export const toUploadView = (
  u: UploadRow,
  replaced = 0,
  activity: UploadActivityView | null = null,
): UploadView => ({
  id: u.id,
  filename: u.filename,
  kind: u.kind,
  size: u.size,
  status: u.status,
  message: u.message,
  saved: u.saved,
  duplicates: u.duplicates,
  replaced,
  activity,
  createdAt: u.createdAt.toISOString(),
});

/** Activities per statement batch of an archive import (one JSON parameter each, well under D1's limits). */
export const IMPORT_CHUNK = 1000;

/** A display-safe file name: no path, no control characters, at most 200 characters. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127 && c !== '"')
    .join("");
  return clean.trim().slice(0, 200) || "upload";
}

function refusalOf(file: File): string | null {
  const name = cleanFilename(file.name);
  if (!kindOf(name)) return `${name} ${UPLOAD_MSG.wrongType}`;
  if (file.size > MAX_UPLOAD_BYTES) return `${name} ${UPLOAD_MSG.tooLarge}`;
  if (file.size === 0) return `${name} ${UPLOAD_MSG.empty}`;
  return null;
}

/** Files a member may upload per hour, and stored bytes per member: wrangler.toml's settings, or these. */
export const DEFAULT_UPLOADS_PER_HOUR = 60;
export const DEFAULT_UPLOAD_STORAGE_MB = 1000;

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value?.trim() || NaN);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The member limits of uploads (UPLOADS_PER_HOUR files, UPLOAD_STORAGE_MB stored). */
export function uploadLimits(app: AppContext) {
  return {
    perHour: Math.floor(positive(app.env.UPLOADS_PER_HOUR, DEFAULT_UPLOADS_PER_HOUR)),
    storageMb: positive(app.env.UPLOAD_STORAGE_MB, DEFAULT_UPLOAD_STORAGE_MB),
  };
}

const HOUR = 3600;
const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n === 1 ? "" : "s"}`;
};

/** The hourly limit's message (429, with Retry-After). */
export const hourlyLimitMessage = (perHour: number, retryAfter: number) =>
  `You can upload at most ${perHour} files an hour. Please try again in ${minutes(retryAfter)}.`;

/** The storage limit's message for one file (413). */
export const storageLimitMessage = (filename: string, storageMb: number) =>
  `${filename} does not fit in your ${formatInt(storageMb)} MB of upload storage. Delete some uploads to make room.`;

/**
 * Reserves the uploads row of one file, only while the member's stored files
 * (every upload not refused: a refused file's object is deleted) plus this
 * one fit in their storage. One conditional INSERT, so concurrent posts can
 * never pass it together. Returns the row, or null when it does not fit.
 */
async function reserveUpload(
  app: AppContext,
  user: User,
  file: { filename: string; kind: UploadKind; size: number; key: string },
  storageBytes: number,
): Promise<UploadRow | null> {
  const now = Math.floor(app.now().getTime() / 1000);
  const [reserved] = await app.db.all<{ id: number }>(sql`
    INSERT INTO uploads (user_id, filename, kind, size, r2_key, status, created_at, updated_at)
    SELECT ${user.id}, ${file.filename}, ${file.kind}, ${file.size}, ${file.key}, 'queued', ${now}, ${now}
    WHERE (SELECT coalesce(sum(size), 0) FROM uploads WHERE user_id = ${user.id} AND status <> 'refused')
      + ${file.size} <= ${storageBytes}
    RETURNING id`);
  if (!reserved) return null;
  return (await app.db.query.uploads.findFirst({ where: eq(uploads.id, reserved.id) })) ?? null;
}

/**
 * Stores the files (each in R2 with an uploads row) and queues their parsing.
 * Files that cannot be accepted are answered, not stored. No file at all is a 400.
 * Per member: at most UPLOADS_PER_HOUR files an hour (counted before any
 * work, atomically, like the login limits) and UPLOAD_STORAGE_MB stored.
 * When the limits leave no file of the post through: 429 with Retry-After
 * (files per hour) or 413 (storage); otherwise the files over a limit are
 * listed as refused with why.
 */
export async function receiveUploads(
  app: AppContext,
  user: User,
  files: File[],
): Promise<{ uploads: UploadView[]; refused: RefusedFile[] }> {
  const real = files.filter((f) => f.name !== "" || f.size > 0);
  if (real.length === 0)
    throw new AppError(400, UPLOAD_MSG.noFile, { errors: { files: [UPLOAD_MSG.noFile] } });
  if (real.length > MAX_FILES_PER_POST) throw new AppError(400, UPLOAD_MSG.tooMany);
  const limits = uploadLimits(app);
  const hourly: Limit = { key: `uploads:${user.id}`, max: limits.perHour, windowSeconds: HOUR };
  const accepted: UploadView[] = [];
  const refused: RefusedFile[] = [];
  let retryAfter: number | null = null;
  let storageRefusal: string | null = null;
  for (const file of real) {
    const filename = cleanFilename(file.name);
    const refusal = refusalOf(file);
    if (refusal) {
      refused.push({ filename, message: refusal });
      continue;
    }
    if (retryAfter !== null) {
      refused.push({ filename, message: hourlyLimitMessage(limits.perHour, retryAfter) });
      continue;
    }
    const [counted] = await countAttempt(app, [hourly]);
    if (counted!.count > limits.perHour) {
      retryAfter = counted!.retryAfter;
      refused.push({ filename, message: hourlyLimitMessage(limits.perHour, retryAfter) });
      continue;
    }
    const kind = kindOf(filename)!;
    const key = `activity-files/${user.id}/${crypto.randomUUID()}.${kind}`;
    const row = await reserveUpload(
      app,
      user,
      { filename, kind, size: file.size, key },
      limits.storageMb * 1024 * 1024,
    );
    if (!row) {
      // Not stored: the file does not count against the hour.
      await refundAttempt(app, counted!);
      storageRefusal ??= storageLimitMessage(filename, limits.storageMb);
      refused.push({ filename, message: storageLimitMessage(filename, limits.storageMb) });
      continue;
    }
    try {
      await app.env.UPLOADS.put(key, await file.arrayBuffer(), {
        httpMetadata: { contentType: "application/octet-stream" },
        customMetadata: { userId: String(user.id), filename },
      });
    } catch (error) {
      await app.db.delete(uploads).where(eq(uploads.id, row.id));
      await refundAttempt(app, counted!);
      throw error;
    }
    await app.env.UPLOAD_QUEUE.send({ type: "parse-upload", uploadId: row.id });
    accepted.push(toUploadView(row));
  }
  if (accepted.length === 0 && retryAfter !== null)
    throw new AppError(
      429,
      hourlyLimitMessage(limits.perHour, retryAfter),
      { refused },
      {
        "Retry-After": String(Math.max(1, retryAfter)),
      },
    );
  if (accepted.length === 0 && storageRefusal) throw new AppError(413, storageRefusal, { refused });
  return { uploads: accepted, refused };
}

/**
 * The member's uploads, newest first. `replaced` is derived, not stored: an
 * upload's activities leave the table only with the upload itself or when a
 * Strava sync brings the same activity (store.server.ts), so the saved count
 * minus the activities still holding the upload is what Strava replaced.
 */
export async function listUploads(app: AppContext, user: User, limit = 50): Promise<UploadView[]> {
  const rows = await app.db
    .select()
    .from(uploads)
    .where(eq(uploads.userId, user.id))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit);
  const held = await uploadActivitySummaries(
    app,
    rows.filter((r) => r.status === "saved").map((r) => r.id),
  );
  return rows.map((r) => {
    if (r.status !== "saved") return toUploadView(r);
    const now = held.get(r.id);
    const first = now && r.kind !== "csv" && r.kind !== "zip" ? now.first : null;
    return toUploadView(
      r,
      Math.max(0, r.saved - (now?.count ?? 0)),
      first && { ...first, startDate: first.startDate.toISOString() },
    );
  });
}

async function ownUpload(app: AppContext, user: User, uploadId: number): Promise<UploadRow> {
  const row = await app.db.query.uploads.findFirst({
    where: and(eq(uploads.id, uploadId), eq(uploads.userId, user.id)),
  });
  if (!row) throw new AppError(404, UPLOAD_MSG.uploadNotFound);
  return row;
}

/** The original file, as an attachment (only its owner's). */
export async function downloadUpload(app: AppContext, user: User, uploadId: number): Promise<Response> {
  const row = await ownUpload(app, user, uploadId);
  const object = await app.env.UPLOADS.get(row.r2Key);
  if (!object) throw new AppError(404, UPLOAD_MSG.uploadNotFound);
  return new Response(object.body, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": `attachment; filename="${row.filename.replace(/[^\w.\- ]/g, "_")}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** Deletes the upload, its activities (stats and challenge progress refreshed in the same batch) and the file. */
export async function deleteUpload(app: AppContext, user: User, uploadId: number): Promise<void> {
  const row = await ownUpload(app, user, uploadId);
  await deleteUploadActivities(app, user.id, row.id, [
    sql`DELETE FROM uploads WHERE id = ${row.id} AND user_id = ${user.id}`,
  ]);
  await app.env.UPLOADS.delete(row.r2Key);
}

async function finish(
  app: AppContext,
  uploadId: number,
  values: Pick<UploadRow, "status" | "message" | "saved" | "duplicates">,
): Promise<void> {
  await app.db
    .update(uploads)
    .set({ ...values, updatedAt: app.now() })
    .where(eq(uploads.id, uploadId));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** Reasons listed in an archive's result; the rest are counted. */
export const LISTED_REASONS = 5;

/**
 * Ends a queued upload as refused with why, whatever failed (its file could
 * not be read, the consumer crashed, it waited too long): its activities, if
 * a crash left any, are removed (stats and progress refreshed in the same
 * batch) and its file is deleted from R2. An upload no longer queued is left
 * as it is. Returns whether it was queued.
 */
export async function failUpload(app: AppContext, uploadId: number, message: string): Promise<boolean> {
  const [claimed] = await app.db
    .update(uploads)
    .set({ status: "refused", message, saved: 0, duplicates: 0, updatedAt: app.now() })
    .where(and(eq(uploads.id, uploadId), eq(uploads.status, "queued")))
    .returning({ userId: uploads.userId, r2Key: uploads.r2Key });
  if (!claimed) return false;
  await deleteUploadActivities(app, claimed.userId, uploadId);
  await app.env.UPLOADS.delete(claimed.r2Key);
  return true;
}

/** An upload waiting longer than this (seconds) is given up by the cron: its consumer died. */
export const STALE_UPLOAD_SECONDS = 3600;
export const UPLOAD_STALE = "The file could not be processed in time. Please upload it again.";

/** The cron's sweep: uploads queued for more than an hour end refused, their files deleted. */
export async function failStaleUploads(app: AppContext, limit = 100): Promise<number> {
  const before = new Date(app.now().getTime() - STALE_UPLOAD_SECONDS * 1000);
  const stale = await app.db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.status, "queued"), lt(uploads.createdAt, before)))
    .orderBy(uploads.createdAt)
    .limit(limit);
  let failed = 0;
  for (const { id } of stale) if (await failUpload(app, id, UPLOAD_STALE)) failed += 1;
  return failed;
}

/** "“Morning Ride” (Mar 4, 2025): reason" for an archive's skipped row. */
const skippedRow = (a: ParsedActivity, reason: string) => {
  const when = Number.isFinite(a.startDate?.getTime()) ? ` (${longDate(a.startDate.toISOString())})` : "";
  return `“${a.name?.trim() || a.sportType}”${when}: ${reason}`;
};

/**
 * Parses a stored upload and saves its activities (the queue consumer's
 * work). Idempotent: an upload no longer queued is left as it is, and a
 * re-run after a crash counts what the upload already holds. Only
 * plausible activities (activities/plausibility.ts): an implausible file is
 * refused, an archive's implausible rows are skipped with their reasons.
 */
export async function processUpload(app: AppContext, uploadId: number): Promise<void> {
  const row = await app.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
  if (!row || row.status !== "queued") return;
  const object = await app.env.UPLOADS.get(row.r2Key);
  if (!object) {
    await failUpload(app, row.id, "The file was not found");
    return;
  }
  let parsed;
  // A FIT, GPX or TCX file's track is kept once, here (issue #40).
  const recorder = row.kind === "csv" || row.kind === "zip" ? null : new TrackRecorder();
  try {
    parsed = parseUpload(
      row.kind,
      new Uint8Array(await object.arrayBuffer()),
      recorder ? { onPoint: recorder.add, onSegment: recorder.segment } : {},
    );
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    await failUpload(app, row.id, error.message);
    return;
  }
  const source = row.kind === "csv" || row.kind === "zip" ? "archive" : "file";
  const now = app.now();
  const plausible: ParsedActivity[] = [];
  const implausible: string[] = [];
  for (const a of parsed.activities) {
    const why = implausibility(a, now);
    if (!why) plausible.push(a);
    else implausible.push(source === "archive" ? skippedRow(a, why.reason) : why.reason);
  }
  if (plausible.length === 0) {
    const first = implausible[0] ?? "The file holds no activity";
    await failUpload(app, row.id, source === "archive" ? `No activity could be imported: ${first}` : first);
    return;
  }
  const rows = plausible.map((a) => ({ ...toActivityRow(a, source, row.id), userId: row.userId }));
  const track = recorder ? uploadTrackStatements(app, row.userId, row.id, recorder.result()) : [];
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    await saveActivities(app, row.userId, rows.slice(i, i + IMPORT_CHUNK), track);
  }
  const saved = (await uploadActivityCounts(app, [row.id])).get(row.id) ?? 0;
  const duplicates = rows.length - saved;
  let message: string;
  if (source === "archive") {
    message = `Imported ${plural(saved, "activity").replace("activitys", "activities")}`;
    if (duplicates) message += `; ${plural(duplicates, "duplicate")} of activities you already had skipped`;
    if (parsed.skipped) message += `; ${plural(parsed.skipped, "row")} could not be read`;
    if (implausible.length) {
      const more = implausible.length - LISTED_REASONS;
      message += `; ${plural(implausible.length, "implausible row")} skipped: ${implausible
        .slice(0, LISTED_REASONS)
        .join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
    }
  } else if (saved) {
    message = "Saved";
  } else {
    const first = plausible[0]!;
    const same = await findSameActivity(app, row.userId, first.startDate, first.distance);
    message = same ? `Duplicate of ${describeActivity(same)}` : UPLOAD_MSG.duplicate;
  }
  await finish(app, row.id, { status: saved ? "saved" : "duplicate", message, saved, duplicates });
}

/** Uploads a backfill message reads (each file parsed again), and the KV key that makes the backfill one-off. */
export const TRACK_BACKFILL_BATCH = 10;
export const TRACK_BACKFILL_KEY = "backfill:activity-tracks:v1";

/**
 * Starts the one-off backfill of tracks for uploads saved before tracks were
 * kept (issue #40): the first cron run after the release queues it once.
 */
export async function startTrackBackfill(app: AppContext): Promise<boolean> {
  if (await app.env.SESSIONS.get(TRACK_BACKFILL_KEY)) return false;
  await app.env.SESSIONS.put(TRACK_BACKFILL_KEY, app.now().toISOString());
  await app.env.UPLOAD_QUEUE.send({ type: "backfill-tracks", afterId: 0 });
  return true;
}

/**
 * One step of the backfill: the next TRACK_BACKFILL_BATCH saved FIT, GPX or
 * TCX uploads after `afterId`, each parsed again from R2 for the track of its
 * activity when it has none; then the next step is queued. Idempotent: an
 * activity that has a track is skipped, so a retried step costs only reads.
 */
export async function backfillTracks(app: AppContext, afterId: number): Promise<number | null> {
  const rows = await app.db
    .select()
    .from(uploads)
    .where(
      and(
        gt(uploads.id, afterId),
        eq(uploads.status, "saved"),
        sql`${uploads.kind} IN ('fit', 'gpx', 'tcx')`,
      ),
    )
    .orderBy(uploads.id)
    .limit(TRACK_BACKFILL_BATCH);
  const missing = await uploadsWithoutTrack(
    app,
    rows.map((r) => r.id),
  );
  for (const row of rows) {
    if (!missing.has(row.id)) continue;
    const object = await app.env.UPLOADS.get(row.r2Key);
    if (!object) continue;
    const recorder = new TrackRecorder();
    try {
      parseUpload(row.kind, new Uint8Array(await object.arrayBuffer()), {
        onPoint: recorder.add,
        onSegment: recorder.segment,
      });
    } catch (error) {
      if (!(error instanceof UploadRefused)) throw error;
      continue;
    }
    await batchSql(app.env.DB, uploadTrackStatements(app, row.userId, row.id, recorder.result()));
  }
  const last = rows[rows.length - 1];
  if (rows.length < TRACK_BACKFILL_BATCH || !last) return null;
  await app.env.UPLOAD_QUEUE.send({ type: "backfill-tracks", afterId: last.id });
  return last.id;
}

/** Largest request body the upload form may send (Cloudflare's own request limit). */
export const MAX_REQUEST_BYTES = 100 * 1024 * 1024;

/**
 * The form of an upload post (multipart, field `files`), refusing by its
 * declared length first a body Cloudflare would not pass anyway: 413.
 */
export async function readUploadForm(request: Request): Promise<FormData> {
  const length = Number(request.headers.get("Content-Length") ?? "0");
  if (length > MAX_REQUEST_BYTES) throw new AppError(413, "Upload at most 100 MB at a time");
  return readForm(request);
}

/** The files of an upload form. */
export const filesOf = (form: FormData): File[] =>
  form.getAll("files").filter((v): v is File => typeof v !== "string");
