/**
 * Feedback validation with the spec's messages (part 2 sections 5, 8 and 9),
 * shared by the /feedback form (client and server), the /api routes and tests.
 */
import { z } from "zod";
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from "~db/schema";
import { pageQueryFields } from "~/lib/paging";

export { FEEDBACK_STATUSES, FEEDBACK_TYPES };
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const SUBJECT_MIN = 5;
export const SUBJECT_MAX = 100;
export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 1000;
/** Stated to users by the spec; enforced by the server (decision: secure by default). */
export const SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
export const RESPONSE_MAX = 5000;
/** The admin list's page size (the spec's client always asks for 10). */
export const ADMIN_PAGE_SIZE = 10;
/** Subjects are cut to this many characters in the admin list. */
export const ADMIN_SUBJECT_CHARS = 50;
/** The "Feedback Received!" banner disappears after this long. */
export const BANNER_MS = 5000;

export const FEEDBACK_MSG = {
  type: "Please select a feedback type",
  subjectRequired: "Subject is required",
  subjectMin: `Subject must be at least ${SUBJECT_MIN} characters`,
  subjectMax: `Subject cannot exceed ${SUBJECT_MAX} characters`,
  messageRequired: "Message is required",
  messageMin: `Message must be at least ${MESSAGE_MIN} characters`,
  messageMax: `Message cannot exceed ${MESSAGE_MAX} characters`,
  screenshotType: "Screenshot must be an image file (PNG, JPEG, GIF or WebP)",
  screenshotSize: "Screenshot must be 5 MB or smaller",
  notFound: "Feedback not found. It may have been deleted.",
  status: `Status must be one of ${FEEDBACK_STATUSES.join(", ")}`,
  response: `Response cannot exceed ${RESPONSE_MAX} characters`,
  submitFailed: "There was a problem submitting your feedback. Please try again.",
  historyFailed: "Failed to load your feedback history. Please try again.",
  detailFailed: "Failed to load feedback details. Please try again.",
} as const;

export const FEEDBACK_TOASTS = {
  submitted: {
    title: "Feedback Submitted",
    description: "Thank you for your feedback! Our team will review it soon.",
  },
  submitFailed: { title: "Submission Failed" },
  updated: { title: "Feedback updated", description: "The feedback has been successfully updated." },
  updateFailed: { title: "Update failed", description: "Failed to update the feedback. Please try again." },
  adminListFailed: {
    title: "Failed to load feedback",
    description: "Please try again or contact IT support.",
  },
} as const;

export const TYPE_LABELS: Record<FeedbackType, string> = {
  bug: "Bug Report",
  feature: "Feature Request",
  improvement: "Improvement",
  praise: "Praise",
  other: "Other",
};

export const STATUS_LABELS: Record<FeedbackStatus, string> = {
  pending: "Pending",
  in_progress: "In Progress",
  resolved: "Resolved",
  closed: "Closed",
};

/** The text fields of a submission (the screenshot is checked separately: it is a file). */
export const feedbackSchema = z.object({
  feedbackType: z.enum(FEEDBACK_TYPES, { errorMap: () => ({ message: FEEDBACK_MSG.type }) }),
  subject: z
    .string({
      required_error: FEEDBACK_MSG.subjectRequired,
      invalid_type_error: FEEDBACK_MSG.subjectRequired,
    })
    .trim()
    .min(1, FEEDBACK_MSG.subjectRequired)
    .min(SUBJECT_MIN, FEEDBACK_MSG.subjectMin)
    .max(SUBJECT_MAX, FEEDBACK_MSG.subjectMax),
  message: z
    .string({
      required_error: FEEDBACK_MSG.messageRequired,
      invalid_type_error: FEEDBACK_MSG.messageRequired,
    })
    .trim()
    .min(1, FEEDBACK_MSG.messageRequired)
    .min(MESSAGE_MIN, FEEDBACK_MSG.messageMin)
    .max(MESSAGE_MAX, FEEDBACK_MSG.messageMax),
});
export type FeedbackInput = z.infer<typeof feedbackSchema>;

/** PATCH /api/admin/feedback/{id} and the Admin Response tab. */
export const responseSchema = z.object({
  status: z.enum(FEEDBACK_STATUSES, { errorMap: () => ({ message: FEEDBACK_MSG.status }) }),
  adminResponse: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string({ invalid_type_error: FEEDBACK_MSG.response }).trim().max(RESPONSE_MAX, FEEDBACK_MSG.response),
  ),
});
export type ResponseInput = z.infer<typeof responseSchema>;

const allOr = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.preprocess(
    (v) => (v === "" || v === "all" || v === null ? undefined : v),
    z
      .enum(values, { errorMap: () => ({ message: `${what} must be one of all, ${values.join(", ")}` }) })
      .optional(),
  );

/** GET /api/admin/feedback and /admin/feedback: filters are left out when 'all'. */
export const adminListQuerySchema = z.object({
  ...pageQueryFields(ADMIN_PAGE_SIZE),
  status: allOr(FEEDBACK_STATUSES, "status"),
  feedbackType: allOr(FEEDBACK_TYPES, "feedbackType"),
  search: z.string().trim().max(100, "search cannot exceed 100 characters").default(""),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;

/** "in_progress" → "in progress" (the member's badges show the status with the underscore replaced by a space). */
export const statusText = (status: string) => status.replace(/_/g, " ");

/** A subject cut to `ADMIN_SUBJECT_CHARS` characters with an ellipsis. */
export function truncateSubject(subject: string, chars = ADMIN_SUBJECT_CHARS): string {
  return subject.length > chars ? `${subject.slice(0, chars)}…` : subject;
}
