/**
 * Challenges: listing, joining, participants and leaderboards for members;
 * create, edit, delete, activate, correct and recalculate for admins. Every
 * number is computed by SQL over indexed columns.
 */
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import { batchSql } from "~db/client";
import {
  challengeParticipations,
  challengeProgressAudit,
  challengeTeams,
  challenges,
  stravaConnections,
  users,
  type User,
} from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, parseInput } from "~/lib/http.server";
import {
  challengeActivityRows,
  latestChallengeActivities,
  recentChallengeVolumes,
  type ChallengeActivityRow,
} from "~/modules/activities/queries.server";
import { mayViewChallengeActivities } from "~/modules/privacy/consent-sql.server";
import { setParticipationSharing } from "~/modules/privacy/sharing.server";
import { avatarSql } from "~/modules/privacy/photos.server";
import {
  progressUpdateSql,
  recalculateChallengeStatement,
  refreshParticipationStatement,
} from "./progress.server";
import { GOAL_FORM, goalTarget, progressPercent } from "./rules";
import {
  CHALLENGE_MSG,
  challengeInputSchema,
  joinsWithoutStrava,
  type ChallengeInput,
  type ParticipantQuery,
} from "./schema";
import { oneRow } from "~db/client";
import { challengeAnnounced, challengeGoalMilestones, challengeJoined } from "~/modules/club/feed.server";

type ChallengeRow = typeof challenges.$inferSelect;

/** The goal kind the API names (decision 049): a longest or group goal's mode, else its measure. */
export const goalKind = (c: Pick<ChallengeRow, "goalType" | "goalMode">) =>
  c.goalMode === "total" ? c.goalType : c.goalMode;

export function challengeView(c: ChallengeRow) {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    targetDistance: c.targetDistance,
    targetTime: c.targetTime,
    sportType: c.sportType,
    startDate: c.startDate.toISOString(),
    endDate: c.endDate.toISOString(),
    isActive: c.isActive,
    /** Activity sources that count, comma-separated (strava, file, archive, manual). */
    sources: c.sources,
    /** What progress counts (issue #39 item 1, decisions 043, 049): distance, elevation, time, days, count, longest or group. */
    goalType: goalKind(c),
    /** A group goal's measure (distance, elevation or time); null for the other goals. */
    groupOf: c.goalMode === "group" ? c.goalType : null,
    /** The unit progress and target are in (distance, elevation, time, days, count): what the pages format by. */
    measure: c.goalType,
    /** The target in the goal's unit (metres, metres gained, seconds, days, activities); distance: targetDistance. */
    target: goalTarget(c),
    /** A days goal's metres a day needs to count; null: any qualifying activity. */
    minPerDay: c.minPerDay,
    /** The Strava sport types that count; null: the sportType group. */
    sportTypes: c.sportTypes ? c.sportTypes.split(",") : null,
    createdAt: c.createdAt.toISOString(),
  };
}
export type ChallengeView = ReturnType<typeof challengeView>;

export async function listChallenges(app: AppContext) {
  const rows = await app.db
    .select({
      challenge: challenges,
      participantCount: count(challengeParticipations.id),
      teamNames: sql<
        string | null
      >`(SELECT group_concat(t.name, ', ') FROM challenge_teams t WHERE t.challenge_id = ${challenges.id})`,
    })
    .from(challenges)
    .leftJoin(challengeParticipations, eq(challengeParticipations.challengeId, challenges.id))
    .groupBy(challenges.id)
    .orderBy(desc(challenges.isActive), desc(challenges.endDate));
  return rows.map((r) => ({
    ...challengeView(r.challenge),
    participantCount: r.participantCount,
    /** "Red, Blue": a team challenge's teams (the admin dialog's field); null without teams. */
    teamNames: r.teamNames,
  }));
}

export async function requireChallenge(app: AppContext, id: number): Promise<ChallengeRow> {
  const row = await app.db.query.challenges.findFirst({ where: eq(challenges.id, id) });
  if (!row) throw new AppError(404, CHALLENGE_MSG.notFound);
  return row;
}

/** A challenge's teams, in the order they were made. */
export async function challengeTeamList(app: AppContext, challengeId: number) {
  return app.db
    .select({ id: challengeTeams.id, name: challengeTeams.name })
    .from(challengeTeams)
    .where(eq(challengeTeams.challengeId, challengeId))
    .orderBy(asc(challengeTeams.id));
}

/** The teams of every challenge still open to join (active, not ended), by challenge: the grid's team pickers. */
export async function openChallengeTeams(app: AppContext) {
  const rows = await app.db
    .select({ id: challengeTeams.id, challengeId: challengeTeams.challengeId, name: challengeTeams.name })
    .from(challengeTeams)
    .innerJoin(challenges, eq(challenges.id, challengeTeams.challengeId))
    .where(and(eq(challenges.isActive, true), gt(challenges.endDate, app.now())))
    .orderBy(asc(challengeTeams.id));
  const byChallenge: Record<number, { id: number; name: string }[]> = {};
  for (const t of rows) (byChallenge[t.challengeId] ??= []).push({ id: t.id, name: t.name });
  return byChallenge;
}

/** GET /api/challenges/{id}: the challenge with its teams (`[]`: not a team challenge). */
export async function getChallenge(app: AppContext, id: number) {
  const [row, teams] = await Promise.all([requireChallenge(app, id), challengeTeamList(app, id)]);
  return { ...challengeView(row), teams };
}

/** The member's participations (challengeId, progress, percent and the challenge's headline fields). */
export async function myParticipations(app: AppContext, user: Pick<User, "id">) {
  const part = myParticipationsPart(app, user.id);
  return part.assemble([await part.statements[0]]);
}

/** The member's participations with their challenges, as a part of a page's one batch (the dashboard). */
export function myParticipationsPart(app: AppContext, userId: number) {
  // Named columns, none twice: in a D1 batch each row comes back as an object keyed by column
  // name, so a second `id` or `created_at` (the participation's and the challenge's) would
  // overwrite the first and shift every value after it.
  const p = challengeParticipations;
  const c = challenges;
  const read = app.db
    .select({
      id: p.id,
      challengeId: p.challengeId,
      userId: p.userId,
      progress: p.progress,
      completedAt: p.completedAt,
      teamId: p.teamId,
      createdAt: p.createdAt,
      title: c.title,
      targetDistance: c.targetDistance,
      goalType: c.goalType,
      goalMode: c.goalMode,
      target: c.target,
      sportType: c.sportType,
      startDate: c.startDate,
      endDate: c.endDate,
    })
    .from(p)
    .innerJoin(c, eq(c.id, p.challengeId))
    .where(eq(p.userId, userId))
    .orderBy(desc(c.endDate));
  return {
    statements: [read] as [typeof read],
    assemble: ([rows]: unknown[]) =>
      (rows as Awaited<typeof read>).map((r) => ({
        id: r.id,
        challengeId: r.challengeId,
        userId: r.userId,
        progress: r.progress,
        percent: progressPercent(r.progress, goalTarget(r)),
        /** When the participant reached the target (issue #39 item 6); null: not (yet), or a group goal. */
        completedAt: r.completedAt?.toISOString() ?? null,
        teamId: r.teamId,
        createdAt: r.createdAt.toISOString(),
        challenge: {
          title: r.title,
          targetDistance: r.targetDistance,
          goalType: r.goalType,
          goalKind: goalKind(r),
          target: goalTarget(r),
          sportType: r.sportType,
          startDate: r.startDate.toISOString(),
          endDate: r.endDate.toISOString(),
        },
      })),
  };
}

export async function isParticipant(app: AppContext, challengeId: number, userId: number) {
  const row = await app.db.query.challengeParticipations.findFirst({
    where: and(
      eq(challengeParticipations.challengeId, challengeId),
      eq(challengeParticipations.userId, userId),
    ),
  });
  return Boolean(row);
}

/**
 * Joins an active, running challenge. A challenge that counts only Strava activities needs a
 * connected Strava account (403 strava_required); one that counts uploads, the archive or
 * manual entries too is open to every member (issue #39 item 3).
 * `shareActivities` is what other participants will see (docs/decisions/020-consent-for-shared-views.md):
 * false their name and progress, true also their matching activities; by default the member's profile choice.
 */
export async function joinChallenge(
  app: AppContext,
  user: User,
  challengeId: number,
  shareActivities: boolean = user.shareActivities,
  /** The team picked in a team challenge (issue #39 item 2); none: on no team until an admin balances them. */
  teamId?: number,
) {
  const challenge = await requireChallenge(app, challengeId);
  if (teamId !== undefined) {
    const team = await app.db.query.challengeTeams.findFirst({
      where: and(eq(challengeTeams.id, teamId), eq(challengeTeams.challengeId, challengeId)),
    });
    if (!team)
      throw new AppError(400, CHALLENGE_MSG.teamNotFound, {
        errors: { teamId: [CHALLENGE_MSG.teamNotFound] },
      });
  }
  const connection = await app.db.query.stravaConnections.findFirst({
    where: eq(stravaConnections.userId, user.id),
  });
  if (!connection && !joinsWithoutStrava(challenge.sources))
    throw new AppError(403, CHALLENGE_MSG.stravaRequired, { code: "strava_required" });
  if (!challenge.isActive) throw new AppError(400, CHALLENGE_MSG.notActive, { code: "challenge_inactive" });
  if (challenge.endDate.getTime() < app.now().getTime())
    throw new AppError(400, CHALLENGE_MSG.ended, { code: "challenge_ended" });
  const [inserted] = await app.db
    .insert(challengeParticipations)
    .values({ challengeId, userId: user.id, shareActivities, teamId: teamId ?? null })
    .onConflictDoNothing()
    .returning({ id: challengeParticipations.id });
  if (!inserted) throw new AppError(409, CHALLENGE_MSG.alreadyJoined, { code: "already_joined" });
  await batchSql(app.env.DB, [refreshParticipationStatement(challengeId, user.id)]);
  // The club feed (decision 051): joined, and any goal the member's activities already reach.
  await challengeJoined(app, challenge, user.id);
  await batchSql(app.env.DB, [challengeGoalMilestones(challengeId, user.id)]);
  const participation = await app.db.query.challengeParticipations.findFirst({
    where: eq(challengeParticipations.id, inserted.id),
  });
  return {
    message: "You have joined the challenge",
    participation: {
      id: inserted.id,
      challengeId,
      userId: user.id,
      progress: participation?.progress ?? 0,
      percent: progressPercent(participation?.progress ?? 0, goalTarget(challenge)),
      shareActivities,
      teamId: teamId ?? null,
    },
  };
}

/** A participant changes what other participants see of them in this challenge (404 when not joined). */
export async function changeChallengeSharing(
  app: AppContext,
  user: User,
  challengeId: number,
  shareActivities: boolean,
) {
  await requireChallenge(app, challengeId);
  const participation = await setParticipationSharing(app, user, challengeId, shareActivities);
  if (!participation) throw new AppError(404, CHALLENGE_MSG.notJoined);
  return {
    message: shareActivities
      ? "Other participants now see your matching activities"
      : "Other participants now see only your name and progress",
    participation,
  };
}

export const ACTIVITIES_PER_PARTICIPANT = 3;

interface ParticipantRow {
  id: number;
  user_id: number;
  progress: number;
  share_activities: number;
  created_at: number;
  username: string;
  gender: string | null;
  age: number | null;
  profile_image_url: string | null;
  rank: number;
}

/** The /api shape of an activity row read with raw SQL. */
function activityView(a: ActivityRow) {
  return {
    id: a.id,
    name: a.name,
    type: a.type,
    sportType: a.sport_type,
    startDate: new Date(a.start_date * 1000).toISOString(),
    distance: a.distance,
    movingTime: a.moving_time,
    totalElevationGain: a.total_elevation_gain,
  };
}

type ActivityRow = ChallengeActivityRow;

/**
 * One page of participants with rank, percent and (for participants and
 * admins) at most three matching activities each plus their count, of those
 * who share them (consent: docs/decisions/020-consent-for-shared-views.md;
 * `activityCount` is null for the others), filtered
 * by a case-insensitive username search and gender, sorted by progress, name
 * or joining date. Other members' activities appear only when Strava shows
 * them to everyone (progress still counts them: docs/decisions/018-activity-privacy.md).
 * Three SQL statements whatever the number of participants;
 * the activity query only touches the page's members.
 */
/** A LIKE pattern (with ESCAPE '\\') matching names that contain `q`, any case. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listParticipants(
  app: AppContext,
  challengeId: number,
  viewer: User,
  query: ParticipantQuery,
  /** What the caller is reading already (the challenge page): not read again, and not waited for before the list. */
  known: { challenge?: Promise<ChallengeRow>; isParticipant?: Promise<boolean> } = {},
) {
  const order =
    query.sort === "name"
      ? "lower(r.username) ASC"
      : query.sort === "joined"
        ? "r.created_at ASC, r.id ASC"
        : "r.progress DESC, lower(r.username) ASC";
  const like = likePattern(query.q);
  const genderFilter =
    query.gender === "all"
      ? sql`1 = 1`
      : query.gender === "other"
        ? sql`coalesce(r.gender, 'not_specified') IN ('other', 'not_specified')`
        : sql`r.gender = ${query.gender}`;
  const ranked = sql`(
      SELECT p.id, p.user_id, p.progress, p.share_activities, p.created_at, u.username, u.gender, u.age, ${avatarSql(viewer.id)} AS profile_image_url,
        RANK() OVER (ORDER BY p.progress DESC) AS rank
      FROM challenge_participations p JOIN users u ON u.id = p.user_id
      WHERE p.challenge_id = ${challengeId}
    ) r`;
  const where = sql`lower(r.username) LIKE ${like} ESCAPE '\\' AND ${genderFilter}`;
  // The challenge, the page, the total and the viewer's participation in one wave of round trips.
  // The page's rows carry the filtered total (`count(*) OVER ()`): one ranking of the participants, not two.
  const [challenge, participants, participant] = await Promise.all([
    known.challenge ?? requireChallenge(app, challengeId),
    app.db.all<ParticipantRow & { total: number }>(
      sql`SELECT r.*, count(*) OVER () AS total FROM ${ranked} WHERE ${where} ORDER BY ${sql.raw(order)} LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
    ),
    viewer.isAdmin ? true : (known.isParticipant ?? isParticipant(app, challengeId, viewer.id)),
  ]);
  // Past the last page there is no row to carry it.
  const total =
    participants[0]?.total ??
    (query.page > 1
      ? oneRow(await app.db.all<{ n: number }>(sql`SELECT count(*) AS n FROM ${ranked} WHERE ${where}`)).n
      : 0);

  const mayViewActivities = viewer.isAdmin || participant;
  const activitiesByUser = new Map<number, ActivityRow[]>();
  if (mayViewActivities && participants.length) {
    const rows = await latestChallengeActivities(app, {
      challengeId,
      userIds: participants.map((p) => p.user_id),
      viewer,
      perMember: ACTIVITIES_PER_PARTICIPANT,
    });
    for (const row of rows)
      activitiesByUser.set(row.user_id, [...(activitiesByUser.get(row.user_id) ?? []), row]);
  }

  const items = participants.map((p) => {
    const acts = activitiesByUser.get(p.user_id) ?? [];
    const shareActivities = p.share_activities === 1;
    const visible =
      mayViewActivities && mayViewChallengeActivities(viewer, { userId: p.user_id, shareActivities });
    return {
      id: p.id,
      challengeId,
      userId: p.user_id,
      /** A group goal ranks nobody (decision 049). */
      rank: challenge.goalMode === "group" ? null : p.rank,
      progress: p.progress,
      percent: progressPercent(p.progress, goalTarget(challenge)),
      createdAt: new Date(p.created_at * 1000).toISOString(),
      user: { username: p.username, gender: p.gender, age: p.age, profileImageUrl: p.profile_image_url },
      challenge: {
        title: challenge.title,
        targetDistance: challenge.targetDistance,
        goalType: challenge.goalType,
        goalKind: goalKind(challenge),
        target: goalTarget(challenge),
        sportType: challenge.sportType,
        startDate: challenge.startDate.toISOString(),
        endDate: challenge.endDate.toISOString(),
      },
      /** What this participant lets other participants see: also their matching activities, or progress only. */
      shareActivities,
      activityCount: visible ? (acts[0]?.total ?? 0) : null,
      activities: acts.map(activityView),
    };
  });
  return {
    participants: items,
    total,
    page: query.page,
    limit: query.limit,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/**
 * Ranked progress, highest first (ties share a rank). `viewerId` keeps the viewer's own Strava avatar.
 * `participants` is `entries` with each one's team; `teams` the team board (issue #39 item 2): each team's
 * total, members and average per member, ranked by total ([] without teams). A group goal ranks nobody
 * (rank null) and adds `group`: the club's total against the target. Two aggregate statements.
 */
export async function leaderboard(app: AppContext, challengeId: number, viewerId: number | null = null) {
  const challenge = await requireChallenge(app, challengeId);
  const [rows, teams] = await Promise.all([
    app.db.all<{
      user_id: number;
      username: string;
      gender: string | null;
      profile_image_url: string | null;
      progress: number;
      rank: number;
      team_id: number | null;
      completed_at: number | null;
    }>(sql`
    SELECT p.user_id, u.username, u.gender, ${avatarSql(viewerId)} AS profile_image_url, p.progress, p.team_id, p.completed_at,
      RANK() OVER (ORDER BY p.progress DESC) AS rank
    FROM challenge_participations p JOIN users u ON u.id = p.user_id
    WHERE p.challenge_id = ${challengeId}
    ORDER BY p.progress DESC, lower(u.username) ASC`),
    teamBoard(app, challengeId),
  ]);
  const group = challenge.goalMode === "group";
  const target = goalTarget(challenge);
  const entries = rows.map((r) => ({
    rank: group ? null : r.rank,
    userId: r.user_id,
    username: r.username,
    gender: r.gender,
    profileImageUrl: r.profile_image_url,
    progress: r.progress,
    percent: progressPercent(r.progress, target),
    teamId: r.team_id,
    completedAt: r.completed_at === null ? null : new Date(r.completed_at * 1000).toISOString(),
  }));
  const clubTotal = rows.reduce((sum, r) => sum + r.progress, 0);
  return {
    challenge: { ...challengeView(challenge), teams: teams.map((t) => ({ id: t.id, name: t.name })) },
    entries,
    participants: entries,
    teams,
    group: group ? { total: clubTotal, target, percent: progressPercent(clubTotal, target) } : null,
  };
}

/** The team board: per team SUM and COUNT of its members' progress (the team/progress index), ranked by total. */
export async function teamBoard(app: AppContext, challengeId: number) {
  const rows = await app.db.all<{
    id: number;
    name: string;
    total: number;
    members: number;
    rank: number;
  }>(sql`
    SELECT t.id, t.name, COALESCE(SUM(p.progress), 0) AS total, COUNT(p.id) AS members,
      RANK() OVER (ORDER BY COALESCE(SUM(p.progress), 0) DESC) AS rank
    FROM challenge_teams t LEFT JOIN challenge_participations p ON p.team_id = t.id
    WHERE t.challenge_id = ${challengeId}
    GROUP BY t.id
    ORDER BY total DESC, t.id ASC`);
  return rows.map((t) => ({
    id: t.id,
    name: t.name,
    rank: t.rank,
    total: t.total,
    members: t.members,
    average: t.members ? Math.round((t.total / t.members) * 100) / 100 : 0,
  }));
}
/** The top three by progress (ties share a place): an ended challenge's podium (issue #39 item 6). */
export async function podium(app: AppContext, challengeId: number) {
  const rows = await app.db.all<{ user_id: number; username: string; progress: number; rank: number }>(sql`
    SELECT * FROM (
      SELECT p.user_id, u.username, p.progress, RANK() OVER (ORDER BY p.progress DESC) AS rank
      FROM challenge_participations p JOIN users u ON u.id = p.user_id
      WHERE p.challenge_id = ${challengeId} AND p.progress > 0
      ORDER BY p.progress DESC, lower(u.username) ASC LIMIT 3
    ) ORDER BY rank`);
  return rows.map((r) => ({ userId: r.user_id, username: r.username, progress: r.progress, rank: r.rank }));
}

/**
 * A team's page (issue #39 item 2): the team and its members' progress, best first. Names and
 * progress are what every participant shows others (decision 020); activities stay on the
 * challenge page, where consent decides.
 */
export async function teamMembers(app: AppContext, challengeId: number, teamId: number) {
  const [challenge, team] = await Promise.all([
    requireChallenge(app, challengeId),
    app.db.query.challengeTeams.findFirst({
      where: and(eq(challengeTeams.id, teamId), eq(challengeTeams.challengeId, challengeId)),
    }),
  ]);
  if (!team) throw new AppError(404, "Team not found");
  const members = await app.db.all<{ user_id: number; username: string; progress: number }>(sql`
    SELECT p.user_id, u.username, p.progress
    FROM challenge_participations p JOIN users u ON u.id = p.user_id
    WHERE p.team_id = ${teamId}
    ORDER BY p.progress DESC, lower(u.username) ASC`);
  const total = members.reduce((sum, m) => sum + m.progress, 0);
  return {
    challenge: challengeView(challenge),
    team: { id: team.id, name: team.name, total, members: members.length },
    members: members.map((m) => ({
      userId: m.user_id,
      username: m.username,
      progress: m.progress,
      percent: progressPercent(m.progress, goalTarget(challenge)),
    })),
  };
}

/** A group goal's club total: the SUM of every participant's contribution (the challenge/progress index). */
export async function clubTotal(app: AppContext, challengeId: number) {
  const row = oneRow(
    await app.db.all<{ total: number; members: number }>(
      sql`SELECT COALESCE(SUM(progress), 0) AS total, COUNT(*) AS members FROM challenge_participations WHERE challenge_id = ${challengeId}`,
    ),
  );
  return { total: row.total, members: row.members };
}

/**
 * One page of the ranked progress for the admin's progress page (ranks over
 * every participant, then the name filter): a challenge of 1,000 members is
 * not one page of 1,000 forms. The page's rows and the filtered total in one
 * statement (`count(*) OVER ()`), and the total alone when the page is past the end.
 */
export async function leaderboardPage(
  app: AppContext,
  challengeId: number,
  query: { q: string; page: number; limit: number },
) {
  const like = likePattern(query.q);
  const filtered = sql`FROM (
      SELECT p.user_id, u.username, p.progress, RANK() OVER (ORDER BY p.progress DESC) AS rank
      FROM challenge_participations p JOIN users u ON u.id = p.user_id
      WHERE p.challenge_id = ${challengeId}
    ) r WHERE lower(r.username) LIKE ${like} ESCAPE '\\'`;
  const rows = await app.db.all<{
    user_id: number;
    username: string;
    progress: number;
    rank: number;
    total: number;
  }>(
    sql`SELECT r.*, count(*) OVER () AS total ${filtered}
      ORDER BY r.progress DESC, lower(r.username) ASC LIMIT ${query.limit} OFFSET ${(query.page - 1) * query.limit}`,
  );
  const total =
    rows[0]?.total ??
    (query.page > 1 ? oneRow(await app.db.all<{ n: number }>(sql`SELECT count(*) AS n ${filtered}`)).n : 0);
  return {
    entries: rows.map((r) => ({
      rank: r.rank,
      userId: r.user_id,
      username: r.username,
      progress: r.progress,
    })),
    total,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/** Matching activities of the participants (participants and admins only), newest first; others' only when public and shared. */
export async function challengeActivities(
  app: AppContext,
  challengeId: number,
  viewer: User,
  opts: { userId?: number; limit?: number } = {},
) {
  await requireChallenge(app, challengeId);
  if (!viewer.isAdmin && !(await isParticipant(app, challengeId, viewer.id))) {
    throw new AppError(403, "Join the challenge to see its participants' activities");
  }
  const rows = await challengeActivityRows(app, {
    challengeId,
    userId: opts.userId,
    viewer,
    limit: Math.min(500, opts.limit ?? 100),
  });
  return rows.map((a) => ({ ...activityView(a), userId: a.user_id, username: a.username }));
}

// ---- Admin ----------------------------------------------------------------

/**
 * A team challenge's teams become `names` (issue #39 item 2): teams of the same name (any case) stay with
 * their members, new names are added, the others go (their members are on no team). One batch.
 */
function syncTeams(app: AppContext, challengeId: number, names: string[]) {
  const lower = names.map((n) => n.toLowerCase());
  const keep = lower.length
    ? sql`lower(${challengeTeams.name}) NOT IN (${sql.join(
        lower.map((n) => sql`${n}`),
        sql`, `,
      )})`
    : sql`1 = 1`;
  return [
    app.db.delete(challengeTeams).where(and(eq(challengeTeams.challengeId, challengeId), keep)),
    ...(names.length
      ? [
          app.db
            .insert(challengeTeams)
            .values(names.map((name) => ({ challengeId, name })))
            .onConflictDoNothing(),
        ]
      : []),
  ] as const;
}

async function saveTeams(app: AppContext, challengeId: number, names: string[] | undefined) {
  if (names === undefined) return;
  const [first, ...rest] = syncTeams(app, challengeId, names);
  await app.db.batch([first, ...rest]);
}

export async function createChallenge(app: AppContext, admin: User, input: ChallengeInput) {
  const row = oneRow(
    await app.db
      .insert(challenges)
      .values({ ...input.challenge, createdBy: admin.id })
      .returning(),
  );
  await saveTeams(app, row.id, input.teams);
  if (row.isActive) await challengeAnnounced(app, row);
  return { ...challengeView(row), teams: await challengeTeamList(app, row.id) };
}

export async function updateChallenge(app: AppContext, id: number, input: ChallengeInput) {
  const current = await requireChallenge(app, id);
  // A challenge turned into a group goal keeps no teams (a group goal has none).
  const teams = input.challenge.goalMode === "group" && current.goalMode !== "group" ? [] : input.teams;
  const row = oneRow(
    await app.db
      .update(challenges)
      .set({ ...input.challenge, updatedAt: app.now() })
      .where(eq(challenges.id, id))
      .returning(),
  );
  await saveTeams(app, id, teams);
  // Dates or sport may have changed: recompute automatic progress (manual corrections stay).
  await batchSql(app.env.DB, [
    sql.raw(progressUpdateSql(`challenge_id = ${Math.trunc(id)}`)),
    challengeGoalMilestones(id),
  ]);
  return { ...challengeView(row), teams: await challengeTeamList(app, id) };
}

/**
 * PATCH with some fields (issue #39 item 1): the challenge's current values
 * with the body's on top, checked by the whole challenge schema. A `target`
 * alone on a distance goal is its targetDistance. Teams change only when the
 * body names them.
 */
export async function patchChallenge(app: AppContext, id: number, body: Record<string, unknown>) {
  const current = challengeView(await requireChallenge(app, id));
  const { measure: _measure, ...fields } = current;
  const merged: Record<string, unknown> = { ...fields, ...body };
  if ("target" in body && !("targetDistance" in body)) merged.targetDistance = null;
  if ("goalType" in body && !("target" in body) && body.goalType !== current.goalType) merged.target = null;
  if (merged.goalType !== "group") delete merged.groupOf;
  return updateChallenge(app, id, parseInput(challengeInputSchema, merged));
}

export async function deleteChallenge(app: AppContext, id: number) {
  await requireChallenge(app, id);
  await app.db.delete(challenges).where(eq(challenges.id, id));
  return { message: "Challenge deleted successfully" };
}

export async function setChallengeActive(app: AppContext, id: number, isActive: boolean) {
  await requireChallenge(app, id);
  const row = oneRow(
    await app.db
      .update(challenges)
      .set({ isActive, updatedAt: app.now() })
      .where(eq(challenges.id, id))
      .returning(),
  );
  return challengeView(row);
}

/** The weeks of activities "balance teams" weighs each participant by. */
const BALANCE_WEEKS = 8;

/**
 * "Balance teams" (issue #39 item 2, decision 049): every participant of a team challenge is put on a team
 * by their volume of the last eight weeks in the goal's measure (activities of the challenge's sports and
 * sources), in snake order — best first to teams 1..n, the next n to teams n..1, and so on — so the teams'
 * totals come out close. Those who picked a team are moved too. One batch: the UPDATE … FROM the ranking
 * (window functions, the teams in the order they were made), and each team's members and volume after it.
 * 400 for a challenge without teams.
 */
export async function balanceTeams(app: AppContext, challengeId: number) {
  const [, teams] = await Promise.all([
    requireChallenge(app, challengeId),
    challengeTeamList(app, challengeId),
  ]);
  if (teams.length < 2) throw new AppError(400, CHALLENGE_MSG.noTeams, { code: "no_teams" });
  const since = new Date(app.now().getTime() - BALANCE_WEEKS * 7 * 86_400_000);
  const volumes = recentChallengeVolumes(challengeId, since);
  type TeamVolume = { id: number; name: string; members: number; volume: number };
  const [, after] = await batchSql<TeamVolume>(app.env.DB, [
    sql`
      UPDATE challenge_participations SET team_id = s.team_id, updated_at = unixepoch()
      FROM (
        SELECT r.user_id, t.id AS team_id
        FROM (SELECT v.user_id, ROW_NUMBER() OVER (ORDER BY v.volume DESC, v.user_id) - 1 AS n FROM ${volumes} v) r
        JOIN (SELECT id, ROW_NUMBER() OVER (ORDER BY id) - 1 AS ix,
                COUNT(*) OVER () AS k FROM challenge_teams WHERE challenge_id = ${challengeId}) t
          ON t.ix = CASE WHEN (r.n / t.k) % 2 = 0 THEN r.n % t.k ELSE t.k - 1 - r.n % t.k END
      ) s
      WHERE challenge_participations.challenge_id = ${challengeId} AND challenge_participations.user_id = s.user_id`,
    sql`
      SELECT t.id, t.name, COUNT(v.user_id) AS members, COALESCE(SUM(v.volume), 0) AS volume
      FROM challenge_teams t
        LEFT JOIN challenge_participations p ON p.team_id = t.id
        LEFT JOIN ${volumes} v ON v.user_id = p.user_id
      WHERE t.challenge_id = ${challengeId}
      GROUP BY t.id ORDER BY t.id`,
  ]);
  const balanced = after?.results ?? [];
  const participants = balanced.reduce((n, t) => n + t.members, 0);
  return {
    message: `Teams balanced: ${participants} ${participants === 1 ? "participant" : "participants"} on ${balanced.length} teams by their last ${BALANCE_WEEKS} weeks`,
    since: since.toISOString(),
    /** Each team's members and their volume over those weeks, in the goal's measure (as progress is). */
    teams: balanced.map((t) => ({ id: t.id, name: t.name, members: t.members, volume: t.volume })),
  };
}

/** An admin sets a participant's progress (km); the correction is audited and survives syncs. */
export async function setParticipantProgress(
  app: AppContext,
  admin: User,
  challengeId: number,
  userId: number,
  km: number,
) {
  const challenge = await requireChallenge(app, challengeId);
  const current = await app.db.query.challengeParticipations.findFirst({
    where: and(
      eq(challengeParticipations.challengeId, challengeId),
      eq(challengeParticipations.userId, userId),
    ),
  });
  if (!current) throw new AppError(404, "Participant not found in this challenge");
  // The correction is in the goal's form unit (km for distance, hours for time, else as stored: decision 043).
  const metres = Math.round(km * (GOAL_FORM[challenge.goalType]?.factor ?? 1000) * 100) / 100;
  await app.db.batch([
    app.db
      .update(challengeParticipations)
      .set({ progress: metres, manualProgress: metres, updatedAt: app.now() })
      .where(eq(challengeParticipations.id, current.id)),
    app.db
      .insert(challengeProgressAudit)
      .values({ challengeId, userId, adminId: admin.id, oldProgress: current.progress, newProgress: metres }),
    app.db.run(challengeGoalMilestones(challengeId, userId)),
  ]);
  return {
    message: "Progress updated",
    participation: { id: current.id, challengeId, userId, progress: metres },
  };
}

/** Recomputes every participant from activities in one set-based statement (manual corrections are dropped). */
export async function recalculateChallengeProgress(app: AppContext, challengeId: number) {
  await requireChallenge(app, challengeId);
  await batchSql(app.env.DB, [
    recalculateChallengeStatement(challengeId),
    challengeGoalMilestones(challengeId),
  ]);
  const results = await app.db
    .select({
      userId: challengeParticipations.userId,
      username: users.username,
      progress: challengeParticipations.progress,
    })
    .from(challengeParticipations)
    .innerJoin(users, eq(users.id, challengeParticipations.userId))
    .where(eq(challengeParticipations.challengeId, challengeId))
    .orderBy(desc(challengeParticipations.progress), asc(users.username));
  // Every participant's row is rewritten (meta.changes would also count the completion trigger's writes).
  const updated = results.length;
  return { message: `Progress recalculated for ${updated} participants`, updated, results };
}

export async function progressAudit(app: AppContext, challengeId: number) {
  return app.db
    .select()
    .from(challengeProgressAudit)
    .where(eq(challengeProgressAudit.challengeId, challengeId))
    .orderBy(desc(challengeProgressAudit.createdAt));
}
