/**
 * Uploads (issue #14): the request stores each file in R2, records it and
 * queues one message; the queue consumer (queue.server.ts) parses it off the
 * request and saves its activities through the activities store. The member
 * lists, downloads and deletes their own uploads; deleting one removes its
 * activities and refreshes stats and challenge progress in the same batch.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { uploads, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, readForm } from "~/lib/http.server";
import { uploadActivityCounts, findSameActivity } from "~/modules/activities/queries.server";
import { deleteUploadActivities, saveActivities } from "~/modules/activities/store.server";
import { toActivityRow } from "./activity";
import { describeActivity } from "./manual.server";
import { kindOf, parseUpload, type UploadKind } from "./parse";
import { UploadRefused } from "./parse-error";
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
  createdAt: string;
}

/** A file refused before it was stored (wrong type, too large, empty). */
export interface RefusedFile {
  filename: string;
  message: string;
}

export const toUploadView = (u: UploadRow, replaced = 0): UploadView => ({
  id: u.id,
  filename: u.filename,
  kind: u.kind,
  size: u.size,
  status: u.status,
  message: u.message,
  saved: u.saved,
  duplicates: u.duplicates,
  replaced,
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

/**
 * Stores the files (each in R2 with an uploads row) and queues their parsing.
 * Files that cannot be accepted are answered, not stored. No file at all is a 400.
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
  const accepted: UploadView[] = [];
  const refused: RefusedFile[] = [];
  for (const file of real) {
    const refusal = refusalOf(file);
    if (refusal) {
      refused.push({ filename: cleanFilename(file.name), message: refusal });
      continue;
    }
    const filename = cleanFilename(file.name);
    const kind = kindOf(filename)!;
    const key = `activity-files/${user.id}/${crypto.randomUUID()}.${kind}`;
    await app.env.UPLOADS.put(key, await file.arrayBuffer(), {
      httpMetadata: { contentType: "application/octet-stream" },
      customMetadata: { userId: String(user.id), filename },
    });
    const [row] = await app.db
      .insert(uploads)
      .values({ userId: user.id, filename, kind, size: file.size, r2Key: key, status: "queued" })
      .returning();
    await app.env.UPLOAD_QUEUE.send({ type: "parse-upload", uploadId: row!.id });
    accepted.push(toUploadView(row!));
  }
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
  const held = await uploadActivityCounts(
    app,
    rows.filter((r) => r.status === "saved").map((r) => r.id),
  );
  return rows.map((r) =>
    toUploadView(r, r.status === "saved" ? Math.max(0, r.saved - (held.get(r.id) ?? 0)) : 0),
  );
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

/**
 * Parses a stored upload and saves its activities (the queue consumer's
 * work). Idempotent: an upload no longer queued is left as it is, and a
 * re-run after a crash counts what the upload already holds.
 */
export async function processUpload(app: AppContext, uploadId: number): Promise<void> {
  const row = await app.db.query.uploads.findFirst({ where: eq(uploads.id, uploadId) });
  if (!row || row.status !== "queued") return;
  const object = await app.env.UPLOADS.get(row.r2Key);
  if (!object) {
    await finish(app, row.id, {
      status: "refused",
      message: "The file was not found",
      saved: 0,
      duplicates: 0,
    });
    return;
  }
  let parsed;
  try {
    parsed = parseUpload(row.kind, new Uint8Array(await object.arrayBuffer()));
  } catch (error) {
    if (!(error instanceof UploadRefused)) throw error;
    await finish(app, row.id, { status: "refused", message: error.message, saved: 0, duplicates: 0 });
    await app.env.UPLOADS.delete(row.r2Key);
    return;
  }
  const source = row.kind === "csv" || row.kind === "zip" ? "archive" : "file";
  const rows = parsed.activities.map((a) => ({ ...toActivityRow(a, source, row.id), userId: row.userId }));
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    await saveActivities(app, row.userId, rows.slice(i, i + IMPORT_CHUNK));
  }
  const saved = (await uploadActivityCounts(app, [row.id])).get(row.id) ?? 0;
  const duplicates = rows.length - saved;
  let message: string;
  if (source === "archive") {
    message = `Imported ${plural(saved, "activity").replace("activitys", "activities")}`;
    if (duplicates) message += `; ${plural(duplicates, "duplicate")} of activities you already had skipped`;
    if (parsed.skipped) message += `; ${plural(parsed.skipped, "row")} could not be read`;
  } else if (saved) {
    message = "Saved";
  } else {
    const first = parsed.activities[0]!;
    const same = await findSameActivity(app, row.userId, first.startDate, first.distance);
    message = same ? `Duplicate of ${describeActivity(same)}` : UPLOAD_MSG.duplicate;
  }
  await finish(app, row.id, { status: saved ? "saved" : "duplicate", message, saved, duplicates });
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
