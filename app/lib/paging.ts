/**
 * The `page` and `limit` query fields every paged list takes (admin users,
 * admin feedback, challenge participants), with the same messages.
 */
import { z } from "zod";

const PAGE_MSG = "page must be a positive whole number";

/** `limit`: how many items a page holds, 1 to `maxLimit`. */
function limitField(defaultLimit: number, maxLimit: number) {
  const limitMsg = `limit must be between 1 and ${maxLimit}`;
  return z.coerce
    .number({ invalid_type_error: limitMsg })
    .int(limitMsg)
    .min(1, limitMsg)
    .max(maxLimit, limitMsg)
    .default(defaultLimit);
}

export function pageQueryFields(defaultLimit: number, maxLimit = 100) {
  return {
    page: z.coerce
      .number({ invalid_type_error: PAGE_MSG })
      .int(PAGE_MSG)
      .min(1, PAGE_MSG)
      .max(100_000)
      .default(1),
    limit: limitField(defaultLimit, maxLimit),
  };
}

/**
 * The `before` and `limit` query fields of a keyset-paged list (the club feed, notifications):
 * the items older than `before` (an id, named by `what` in the message), newest first.
 */
export function keysetQueryFields(what: string, defaultLimit: number, maxLimit: number) {
  const beforeMsg = `before must be ${what}`;
  return {
    before: z.coerce.number({ invalid_type_error: beforeMsg }).int(beforeMsg).positive(beforeMsg).optional(),
    limit: limitField(defaultLimit, maxLimit),
  };
}
