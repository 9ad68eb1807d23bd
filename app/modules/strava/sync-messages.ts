import { z } from "zod";

/**
 * Messages on the Strava sync queue. Each one is a bounded, idempotent piece
 * of work; see docs/decisions/003-strava-sync.md.
 */
export const syncMessageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("sync-page"),
    userId: z.number().int().positive(),
    jobId: z.number().int().positive(),
    page: z.number().int().positive(),
  }),
  z.object({
    type: z.literal("webhook-event"),
    objectType: z.enum(["activity", "athlete"]),
    aspectType: z.enum(["create", "update", "delete"]),
    objectId: z.number().int(),
    ownerId: z.number().int(),
    updates: z.record(z.string()).optional(),
  }),
  /** The one folded sync for a member's webhook hints, sent delayed to the end of the fold interval. */
  z.object({
    type: z.literal("webhook-sync"),
    userId: z.number().int().positive(),
  }),
]);

export type SyncMessage = z.infer<typeof syncMessageSchema>;
