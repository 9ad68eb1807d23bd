/**
 * /activities/upload: the page adapters (the route guards first). Without
 * JavaScript the forms post here; with it, files go to POST /api/uploads one
 * by one (for a progress bar each) and the list polls GET /api/uploads.
 */
import { data } from "@remix-run/cloudflare";
import { z } from "zod";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { parseInput, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import {
  addManualActivity,
  editManualActivity,
  listManualActivities,
  removeManualActivity,
} from "./manual.server";
import { manualEntrySchema, UPLOAD_MSG } from "./schema";
import { deleteUpload, filesOf, listUploads, receiveUploads } from "./uploads.server";

const PAGE = "/activities/upload";

export const uploadIntentSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("upload") }),
    z.object({ intent: z.literal("manual") }),
    z.object({
      intent: z.literal("delete"),
      id: z.coerce.number().int().positive(UPLOAD_MSG.uploadNotFound),
    }),
    z.object({
      intent: z.literal("edit-manual"),
      id: z.coerce.number().int().positive(UPLOAD_MSG.manualNotFound),
    }),
    z.object({
      intent: z.literal("delete-manual"),
      id: z.coerce.number().int().positive(UPLOAD_MSG.manualNotFound),
    }),
  ],
  { errorMap: () => ({ message: "Unknown action" }) },
);

export type UploadActionData = {
  intent: "upload" | "manual" | "edit-manual" | "delete" | "delete-manual";
  /** The manual entry an edit was for (its form shows the errors). */
  id?: number;
  message: string;
  fieldErrors?: Record<string, string[]>;
  refused?: { filename: string; message: string }[];
};

export async function uploadsPage(app: AppContext, user: User) {
  const [list, manual] = await Promise.all([listUploads(app, user), listManualActivities(app, user)]);
  return { uploads: list, manual };
}

/** The page's forms; a manual entry's start is typed in `zone`, the page's (decision 046). */
export async function uploadsAction(app: AppContext, user: User, form: FormData, zone: string) {
  // Parsed here, not thrown: an unknown intent or a bad id is a 400 on the page, never a 500.
  const parsed = uploadIntentSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data<UploadActionData>(
      { intent: "upload", message: parsed.error.issues[0]?.message ?? "Unknown action" },
      { status: 400 },
    );
  const input = parsed.data;
  const { intent } = input;
  try {
    if (intent === "upload") {
      const { uploads, refused } = await receiveUploads(app, user, filesOf(form));
      if (uploads.length === 0)
        return data<UploadActionData>({ intent, message: refused[0]!.message, refused }, { status: 400 });
      const n = uploads.length;
      return await redirectWithToast(app, PAGE, {
        title: `${n} file${n === 1 ? "" : "s"} uploaded: reading ${n === 1 ? "it" : "them"} now`,
        description: refused.map((r) => r.message).join(". ") || undefined,
        variant: "success",
      });
    }
    if (intent === "manual") {
      const entry = parseInput(manualEntrySchema(zone), Object.fromEntries(form));
      const { message } = await addManualActivity(app, user, entry, zone);
      return await redirectWithToast(app, PAGE, { title: message, variant: "success" });
    }
    if (input.intent === "edit-manual") {
      const entry = parseInput(manualEntrySchema(zone), Object.fromEntries(form));
      const { message } = await editManualActivity(app, user, input.id, entry, zone);
      return await redirectWithToast(app, PAGE, { title: message, variant: "success" });
    }
    if (input.intent === "delete-manual") {
      const { message } = await removeManualActivity(app, user, input.id);
      return await redirectWithToast(app, PAGE, { title: message, variant: "success" });
    }
    await deleteUpload(app, user, input.id);
    return await redirectWithToast(app, PAGE, { title: UPLOAD_MSG.deleted, variant: "success" });
  } catch (error) {
    const { status, message, fieldErrors, headers } = replyFromError(error, undefined, {
      context: `uploads: ${intent}`,
    });
    const id = input.intent === "edit-manual" ? input.id : undefined;
    return data<UploadActionData>({ intent, id, message, fieldErrors }, { status, headers });
  }
}
