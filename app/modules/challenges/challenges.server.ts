/**
 * Challenges: listing, joining, participants and leaderboards for members;
 * create, edit, delete, activate, correct and recalculate for admins. Every
 * number is computed by SQL over indexed columns.
 */
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { batchSql } from "~db/client";
import {
  challengeParticipations,
  challengeProgressAudit,
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
    /** What progress counts (issue #39 item 1, decision 043): distance, elevation, time, days or count. */
    goalType: c.goalType,
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
    .select({ challenge: challenges, participantCount: count(challengeParticipations.id) })
    .from(challenges)
    .leftJoin(challengeParticipations, eq(challengeParticipations.challengeId, challenges.id))
    .groupBy(challenges.id)
    .orderBy(desc(challenges.isActive), desc(challenges.endDate));
  return rows.map((r) => ({ ...challengeView(r.challenge), participantCount: r.participantCount }));
}

export async function requireChallenge(app: AppContext, id: number): Promise<ChallengeRow> {
  const row = await app.db.query.challenges.findFirst({ where: eq(challenges.id, id) });
  if (!row) throw new AppError(404, CHALLENGE_MSG.notFound);
  return row;
}

export async function getChallenge(app: AppContext, id: number) {
  return challengeView(await requireChallenge(app, id));
}

/** The member's participations (challengeId, progress, percent and the challenge's headline fields). */
export async function myParticipations(app: AppContext, user: User) {
  const rows = await app.db
    .select({ p: challengeParticipations, c: challenges })
    .from(challengeParticipations)
    .innerJoin(challenges, eq(challenges.id, challengeParticipations.challengeId))
    .where(eq(challengeParticipations.userId, user.id))
    .orderBy(desc(challenges.endDate));
  return rows.map(({ p, c }) => ({
    id: p.id,
    challengeId: p.challengeId,
    userId: p.userId,
    progress: p.progress,
    percent: progressPercent(p.progress, goalTarget(c)),
    createdAt: p.createdAt.toISOString(),
    challenge: {
      title: c.title,
      targetDistance: c.targetDistance,
      goalType: c.goalType,
      target: goalTarget(c),
      sportType: c.sportType,
      startDate: c.startDate.toISOString(),
      endDate: c.endDate.toISOString(),
    },
  }));
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
) {
  const challenge = await requireChallenge(app, challengeId);
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
    .values({ challengeId, userId: user.id, shareActivities })
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
      rank: p.rank,
      progress: p.progress,
      percent: progressPercent(p.progress, goalTarget(challenge)),
      createdAt: new Date(p.created_at * 1000).toISOString(),
      user: { username: p.username, gender: p.gender, age: p.age, profileImageUrl: p.profile_image_url },
      challenge: {
        title: challenge.title,
        targetDistance: challenge.targetDistance,
        goalType: challenge.goalType,
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

/** Ranked progress, highest first (ties share a rank). `viewerId` keeps the viewer's own Strava avatar. */
export async function leaderboard(app: AppContext, challengeId: number, viewerId: number | null = null) {
  const challenge = await requireChallenge(app, challengeId);
  const rows = await app.db.all<{
    user_id: number;
    username: string;
    gender: string | null;
    profile_image_url: string | null;
    progress: number;
    rank: number;
  }>(sql`
    SELECT p.user_id, u.username, u.gender, ${avatarSql(viewerId)} AS profile_image_url, p.progress, RANK() OVER (ORDER BY p.progress DESC) AS rank
    FROM challenge_participations p JOIN users u ON u.id = p.user_id
    WHERE p.challenge_id = ${challengeId}
    ORDER BY p.progress DESC, lower(u.username) ASC`);
  return {
    challenge: challengeView(challenge),
    entries: rows.map((r) => ({
      rank: r.rank,
      userId: r.user_id,
      username: r.username,
      gender: r.gender,
      profileImageUrl: r.profile_image_url,
      progress: r.progress,
      percent: progressPercent(r.progress, goalTarget(challenge)),
    })),
  };
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

export async function createChallenge(app: AppContext, admin: User, input: ChallengeInput) {
  const row = oneRow(
    await app.db
      .insert(challenges)
      .values({ ...input, createdBy: admin.id })
      .returning(),
  );
  if (row.isActive) await challengeAnnounced(app, row);
  return challengeView(row);
}

export async function updateChallenge(app: AppContext, id: number, input: ChallengeInput) {
  await requireChallenge(app, id);
  const row = oneRow(
    await app.db
      .update(challenges)
      .set({ ...input, updatedAt: app.now() })
      .where(eq(challenges.id, id))
      .returning(),
  );
  // Dates or sport may have changed: recompute automatic progress (manual corrections stay).
  await batchSql(app.env.DB, [
    sql.raw(progressUpdateSql(`challenge_id = ${Math.trunc(id)}`)),
    challengeGoalMilestones(id),
  ]);
  return challengeView(row);
}

/**
 * PATCH with some fields (issue #39 item 1): the challenge's current values
 * with the body's on top, checked by the whole challenge schema. A `target`
 * alone on a distance goal is its targetDistance.
 */
export async function patchChallenge(app: AppContext, id: number, body: Record<string, unknown>) {
  const current = challengeView(await requireChallenge(app, id));
  const merged: Record<string, unknown> = { ...current, ...body };
  if ("target" in body && !("targetDistance" in body)) merged.targetDistance = null;
  if ("goalType" in body && !("target" in body) && body.goalType !== current.goalType) merged.target = null;
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
  const result = oneRow(await batchSql(app.env.DB, [recalculateChallengeStatement(challengeId)]));
  await batchSql(app.env.DB, [challengeGoalMilestones(challengeId)]);
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
  const updated = result.meta.changes ?? results.length;
  return { message: `Progress recalculated for ${updated} participants`, updated, results };
}

export async function progressAudit(app: AppContext, challengeId: number) {
  return app.db
    .select()
    .from(challengeProgressAudit)
    .where(eq(challengeProgressAudit.challengeId, challengeId))
    .orderBy(desc(challengeProgressAudit.createdAt));
}
