import { z } from "zod";

/**
 * The messages of the activity-uploads queue: parse this stored upload
 * (idempotent: a parsed upload is skipped), or one step of the one-off
 * backfill of uploads' tracks (issue #40).
 */
export const uploadMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("parse-upload"), uploadId: z.number().int().positive() }),
  z.object({ type: z.literal("backfill-tracks"), afterId: z.number().int().nonnegative() }),
]);
export type UploadMessage = z.infer<typeof uploadMessageSchema>;
