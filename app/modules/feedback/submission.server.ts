/**
 * Reads a feedback submission from a request: multipart (the /feedback form
 * and the /api contract, with the optional screenshot), urlencoded, or JSON
 * (no screenshot). A body too large to hold a 5 MB screenshot is refused
 * before it is read.
 */
import { AppError, readJson } from "~/lib/http.server";
import { screenshotOf } from "./feedback.server";
import { FEEDBACK_MSG, SCREENSHOT_MAX_BYTES } from "./schema";

/** Room for the text fields and multipart framing around a full-size screenshot. */
const MAX_BODY_BYTES = SCREENSHOT_MAX_BYTES + 64 * 1024;

export interface Submission {
  fields: Record<string, unknown>;
  screenshot: File | null;
}

export async function readSubmission(request: Request): Promise<Submission> {
  const length = Number(request.headers.get("Content-Length") ?? 0);
  if (length > MAX_BODY_BYTES)
    throw new AppError(400, FEEDBACK_MSG.screenshotSize, {
      errors: { screenshot: [FEEDBACK_MSG.screenshotSize] },
    });
  const type = request.headers.get("Content-Type") ?? "";
  if (type.includes("application/json")) return { fields: await readJson(request), screenshot: null };
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw new AppError(400, "Send the feedback as multipart/form-data");
  }
  const fields: Record<string, unknown> = {};
  for (const name of ["feedbackType", "subject", "message"]) {
    const value = formData.get(name);
    if (typeof value === "string") fields[name] = value;
  }
  return { fields, screenshot: screenshotOf(formData.get("screenshot")) };
}
