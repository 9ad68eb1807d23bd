/**
 * The `page` and `limit` query fields every paged list takes (admin users,
 * admin feedback, challenge participants), with the same messages.
 */
import { z } from "zod";

const PAGE_MSG = "page must be a positive whole number";

export function pageQueryFields(defaultLimit: number, maxLimit = 100) {
  const limitMsg = `limit must be between 1 and ${maxLimit}`;
  return {
    page: z.coerce
      .number({ invalid_type_error: PAGE_MSG })
      .int(PAGE_MSG)
      .min(1, PAGE_MSG)
      .max(100_000)
      .default(1),
    limit: z.coerce
      .number({ invalid_type_error: limitMsg })
      .int(limitMsg)
      .min(1, limitMsg)
      .max(maxLimit, limitMsg)
      .default(defaultLimit),
  };
}
