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

/**
 * The `before` and `limit` query fields of a keyset-paged list (the club feed, notifications):
 * the items older than `before` (an id, named by `what` in the message), newest first.
 */
export function keysetQueryFields(what: string, defaultLimit: number, maxLimit: number) {
  const beforeMsg = `before must be ${what}`;
  const limitMsg = `limit must be between 1 and ${maxLimit}`;
  return {
    before: z.coerce.number({ invalid_type_error: beforeMsg }).int(beforeMsg).positive(beforeMsg).optional(),
    limit: z.coerce
      .number({ invalid_type_error: limitMsg })
      .int(limitMsg)
      .min(1, limitMsg)
      .max(maxLimit, limitMsg)
      .default(defaultLimit),
  };
}
