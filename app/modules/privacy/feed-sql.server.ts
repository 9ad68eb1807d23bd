/**
 * Who may see a club feed item (issue #41, docs/decisions/051-club-feed.md): the
 * member's own items, the admins' announcements (no member), and another
 * member's milestone only when that member's sharing choice for its audience
 * allows it: `challenge` (a challenge milestone) the participation's
 * share_activities (decision 020), `profile` (personal bests, the Wari) the
 * profile default, `events` (event registrations) their separate choice.
 * Admins see no more than members here: the feed is social, not a correction tool.
 * `item` is the caller's alias of feed_items.
 */
import { sql, type SQL } from "drizzle-orm";

export function feedItemVisibleTo(viewerId: number, item: string): SQL {
  const f = sql.raw(item);
  return sql`(${f}.user_id IS NULL OR ${f}.user_id = ${viewerId} OR CASE ${f}.audience
    WHEN 'challenge' THEN EXISTS (SELECT 1 FROM challenge_participations consent
      WHERE consent.user_id = ${f}.user_id AND consent.challenge_id = ${f}.challenge_id AND consent.share_activities = 1)
    WHEN 'profile' THEN EXISTS (SELECT 1 FROM users consent WHERE consent.id = ${f}.user_id AND consent.share_activities = 1)
    WHEN 'events' THEN EXISTS (SELECT 1 FROM users consent WHERE consent.id = ${f}.user_id AND consent.share_event_registrations = 1)
    ELSE 1 END)`;
}
