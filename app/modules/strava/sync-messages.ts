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
]);

export type SyncMessage = z.infer<typeof syncMessageSchema>;
