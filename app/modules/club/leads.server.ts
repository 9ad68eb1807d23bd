/**
 * Leads in running challenges (issue #41): the quarter-hourly cron compares each running
 * challenge's leader (the member with the most progress) and, in a team challenge, its leading
 * team with challenge_leads. When the lead changes hands, whoever held it is told (`lead_lost`:
 * the member, or every member of the team) and a team taking the lead is a club feed item. The
 * notifications are queued before the new holder is written, and keyed by the lost tenure, so a
 * run that fails half-way is simply done again. This module owns challenge_leads.
 */
import { and, eq, sql } from "drizzle-orm";
import { challengeLeads, feedItems } from "~db/schema";
import { queueNotifications } from "~/modules/notifications/notifications.server";
import { leadChange, leadLostNotification, type Leader } from "~/modules/notifications/rules";
import type { AppContext } from "~workers/load-context";

interface Standing {
  challenge_id: number;
  title: string;
  holder_id: number | null;
  holder_progress: number | null;
  since: number | null;
  top_id: number | null;
  top_name: string | null;
  top_progress: number | null;
}

/** Each running challenge's leader and stored holder: members (team = 0) or teams (team = 1). */
function standingsSql(now: number, team: boolean) {
  if (!team)
    return sql`
      SELECT c.id AS challenge_id, c.title, l.holder_id, l.since,
        (SELECT p.progress FROM challenge_participations p WHERE p.challenge_id = c.id AND p.user_id = l.holder_id) AS holder_progress,
        top.user_id AS top_id, top.username AS top_name, top.progress AS top_progress
      FROM challenges c
      LEFT JOIN challenge_leads l ON l.challenge_id = c.id AND l.team = 0
      LEFT JOIN (
        SELECT p.challenge_id, p.user_id, u.username, p.progress,
          row_number() OVER (PARTITION BY p.challenge_id ORDER BY p.progress DESC, p.user_id) AS n
        FROM challenge_participations p JOIN challenges rc ON rc.id = p.challenge_id JOIN users u ON u.id = p.user_id
        WHERE rc.is_active = 1 AND rc.start_date <= ${now} AND rc.end_date > ${now}
      ) top ON top.challenge_id = c.id AND top.n = 1
      WHERE c.is_active = 1 AND c.start_date <= ${now} AND c.end_date > ${now}`;
  return sql`
    WITH totals AS (
      SELECT t.challenge_id, t.id, t.name, COALESCE(SUM(p.progress), 0) AS total
      FROM challenge_teams t JOIN challenges c ON c.id = t.challenge_id
      LEFT JOIN challenge_participations p ON p.team_id = t.id
      WHERE c.is_active = 1 AND c.start_date <= ${now} AND c.end_date > ${now}
      GROUP BY t.id),
    ranked AS (SELECT *, row_number() OVER (PARTITION BY challenge_id ORDER BY total DESC, id) AS n FROM totals)
    SELECT c.id AS challenge_id, c.title, l.holder_id, l.since,
      (SELECT total FROM totals h WHERE h.id = l.holder_id) AS holder_progress,
      r.id AS top_id, r.name AS top_name, r.total AS top_progress
    FROM challenges c JOIN ranked r ON r.challenge_id = c.id AND r.n = 1
    LEFT JOIN challenge_leads l ON l.challenge_id = c.id AND l.team = 1`;
}

/** The cron's part: lead changes told and recorded. Returns how many notifications were queued. */
export async function queueLeadChanges(app: AppContext): Promise<number> {
  const now = app.now();
  const nowSeconds = Math.floor(now.getTime() / 1000);
  let queued = 0;
  for (const team of [false, true]) {
    const rows = await app.db.all<Standing>(standingsSql(nowSeconds, team));
    for (const r of rows) {
      const top: Leader | null =
        r.top_id === null ? null : { id: r.top_id, name: r.top_name ?? "", progress: r.top_progress ?? 0 };
      const holder = r.holder_id === null ? null : { id: r.holder_id, progress: r.holder_progress ?? 0 };
      const change = leadChange(holder, top);
      if (!change) continue;
      const lostBy =
        change.lost === null
          ? []
          : team
            ? await app.db.all<{ user_id: number; team: string }>(sql`
                SELECT p.user_id, t.name AS team FROM challenge_participations p JOIN challenge_teams t ON t.id = p.team_id
                WHERE p.team_id = ${change.lost}`)
            : [{ user_id: change.lost, team: null }];
      const heldSince = new Date((r.since ?? nowSeconds) * 1000);
      await queueNotifications(
        app,
        lostBy.map((m) =>
          leadLostNotification({
            userId: m.user_id,
            challengeId: r.challenge_id,
            title: r.title,
            newLeader: change.leader.name,
            team: m.team,
            heldSince,
          }),
        ),
      );
      queued += lostBy.length;
      const held = and(eq(challengeLeads.challengeId, r.challenge_id), eq(challengeLeads.team, team));
      await app.db.batch([
        app.db.delete(challengeLeads).where(held),
        app.db
          .insert(challengeLeads)
          .values({ challengeId: r.challenge_id, team, holderId: change.leader.id, since: now }),
        // A team taking the lead is news for the club (team names and the order, never members' numbers).
        ...(team
          ? [
              app.db
                .insert(feedItems)
                .values({
                  kind: "team_lead",
                  userId: null,
                  challengeId: r.challenge_id,
                  audience: "everyone",
                  label: `${change.leader.name} took the lead in ${r.title}`,
                  milestoneKey: `team-lead:${r.challenge_id}:${change.leader.id}:${nowSeconds}`,
                })
                .onConflictDoNothing(),
            ]
          : []),
      ]);
    }
  }
  return queued;
}
