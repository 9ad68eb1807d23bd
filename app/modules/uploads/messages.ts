import { z } from "zod";

/** The one message of the activity-uploads queue: parse this stored upload (idempotent: a parsed upload is skipped). */
export const uploadMessageSchema = z.object({
  type: z.literal("parse-upload"),
  uploadId: z.number().int().positive(),
});
export type UploadMessage = z.infer<typeof uploadMessageSchema>;
