/**
 * Test seam (ENABLE_TEST_PAGES only): a past edition, which the admin API
 * refuses (a past ride day is 400), with the signed-in member registered, so
 * an end-to-end test can see results mode against the server's real clock.
 */
import { z } from "zod";
import { wariEditions, wariRegistrations } from "~db/schema";
import type { AppContext } from "~workers/load-context";

export const testEditionSchema = z.object({
  year: z.number().int().min(2000).max(2200),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  name: z.string().min(1).max(100),
  distanceKm: z.number().int().min(1).max(1000).default(250),
});

export async function createTestEdition(
  app: AppContext,
  userId: number,
  input: z.infer<typeof testEditionSchema>,
) {
  await app.db.batch([
    app.db
      .insert(wariEditions)
      .values({ year: input.year, name: input.name, rideDate: input.date, distanceKm: input.distanceKm })
      .onConflictDoNothing(),
    app.db
      .insert(wariRegistrations)
      .values({ userId, eventYear: input.year, eventName: input.name })
      .onConflictDoNothing(),
  ]);
  return { year: input.year, registered: true };
}
