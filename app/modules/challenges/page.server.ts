/**
 * The challenge pages' adapters `(ctx, user, input)`: the routes guard and
 * read the id (`idParam`), these call the same module functions as the /api
 * routes. Joining from a form follows the rule of POST /api/challenges/{id}/join.
 */
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { orNotFound, parseInput, redirect, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { participationSharing } from "~/modules/privacy/sharing.server";
import {
  challengeView,
  changeChallengeSharing,
  joinChallenge,
  listChallenges,
  listParticipants,
  myParticipations,
  requireChallenge,
  clubTotal,
  podium,
  teamBoard,
} from "./challenges.server";
import { whyItCounted } from "./why.server";
import { challengeFormSchema, challengeIdField, participantQuerySchema } from "./schema";

export type JoinResult = { intent: "join"; ok: boolean; stravaRequired: boolean; message: string };
export type SharingResult = { intent: "sharing"; ok: boolean; message: string };

// ---- /challenges -------------------------------------------------------------

/** The grid and the member's progress; `?join={id}` joins that challenge, then clears the query with a toast. */
export async function challengesPage(app: AppContext, user: User, url: URL) {
  if (url.searchParams.has("join")) {
    try {
      await joinChallenge(app, user, challengeIdField.parse(url.searchParams.get("join")));
    } catch (error) {
      const { message, extra } = replyFromError(error, undefined, { context: "challenges: ?join=" });
      if (extra.code === "strava_required") throw redirect("/challenges?strava=required");
      throw await redirectWithToast(app, "/challenges", {
        title: "Failed to join challenge. Please try again.",
        description: message,
        variant: "destructive",
      });
    }
    // One message per join (issue #37): the spec's title, without its description repeating it.
    throw await redirectWithToast(app, "/challenges", {
      title: "You've joined the challenge!",
      variant: "success",
    });
  }
  const [challenges, participations] = await Promise.all([listChallenges(app), myParticipations(app, user)]);
  const mine = Object.fromEntries(
    participations.map((p) => [p.challengeId, { progress: p.progress, percent: p.percent }]),
  );
  return {
    challenges,
    mine,
    stravaRequired: url.searchParams.get("strava") === "required",
    shareActivities: user.shareActivities,
  };
}

// ---- /challenges/{id} ------------------------------------------------------------

/** The challenge, one page of its participants (?q, sort, gender, page; bad values fall back to the defaults). */
export async function challengeDetailPage(app: AppContext, user: User, challengeId: number, url: URL) {
  const parsed = participantQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : participantQuerySchema.parse({});
  // One wave of D1 round trips for all of it (the participants' activities follow the page's rows):
  // the list shares the challenge row and the viewer's participation instead of reading them again.
  const row = orNotFound(requireChallenge(app, challengeId));
  const sharing = participationSharing(app, user, challengeId);
  const [challengeRow, list, myShareActivities, mine, teams, why, groupTotal, top] = await Promise.all([
    row,
    listParticipants(app, challengeId, user, query, {
      challenge: row,
      isParticipant: sharing.then((choice) => choice !== null),
    }),
    sharing,
    myParticipations(app, user),
    teamBoard(app, challengeId),
    // "Why it counted" for a participant (issue #39 item 4); started with the rest, read only when joined.
    sharing.then((choice) => (choice === null ? null : whyItCounted(app, user, challengeId))),
    row.then((c) => (c.goalMode === "group" ? clubTotal(app, challengeId) : null)),
    // An ended challenge shows its final standings (issue #39 item 6); a group goal ranks nobody.
    row.then((c) =>
      c.goalMode !== "group" && c.endDate.getTime() < app.now().getTime() ? podium(app, challengeId) : [],
    ),
  ]);
  const challenge = challengeView(challengeRow);
  const me = mine.find((p) => p.challengeId === challengeId);
  return {
    challenge,
    participants: list.participants,
    total: list.total,
    pages: list.pages,
    joined: myShareActivities !== null,
    /** The viewer's choice in this challenge (null: not joined) and their profile default for joining. */
    myShareActivities,
    shareActivities: user.shareActivities,
    isAdmin: user.isAdmin,
    /** The viewer, highlighted in the list and pinned above it when their row is not shown. */
    viewerId: user.id,
    me: me
      ? { progress: me.progress, percent: me.percent, teamId: me.teamId, completedAt: me.completedAt }
      : null,
    /** The team board (issue #39 item 2); [] when the challenge has no teams. */
    teams,
    /** The club's total of a group goal (everyone's progress is their contribution); null for the others. */
    groupTotal,
    why,
    ended: challengeRow.endDate.getTime() < app.now().getTime(),
    podium: top,
    query,
  };
}
export type ChallengeDetailData = Awaited<ReturnType<typeof challengeDetailPage>>;

// ---- joining (both pages) ---------------------------------------------------------

/**
 * The challenge forms. Join (intent join): `challengeId` is the detail page's id, or the grid
 * card's field. Sharing (intent sharing, detail page only): the participant's choice there.
 */
export async function joinAction(app: AppContext, user: User, form: FormData, challengeId?: number) {
  let input;
  try {
    input = parseInput(challengeFormSchema, Object.fromEntries(form));
  } catch (error) {
    const { status, message } = replyFromError(error);
    return data<JoinResult>({ intent: "join", ok: false, stravaRequired: false, message }, { status });
  }
  if (input.intent === "sharing") {
    if (challengeId === undefined)
      return data<SharingResult>(
        { intent: "sharing", ok: false, message: "Unknown action" },
        { status: 400 },
      );
    try {
      const { message } = await changeChallengeSharing(app, user, challengeId, input.sharing);
      return data<SharingResult>({ intent: "sharing", ok: true, message });
    } catch (error) {
      const { status, message } = replyFromError(error, undefined, { context: "challenges: sharing" });
      return data<SharingResult>({ intent: "sharing", ok: false, message }, { status });
    }
  }
  try {
    await joinChallenge(app, user, challengeId ?? input.challengeId, input.sharing, input.teamId);
    return data<JoinResult>({
      intent: "join",
      ok: true,
      stravaRequired: false,
      message: "You have joined the challenge",
    });
  } catch (error) {
    const { status, message, extra } = replyFromError(error, undefined, { context: "challenges: join" });
    return data<JoinResult>(
      { intent: "join", ok: false, stravaRequired: extra.code === "strava_required", message },
      { status },
    );
  }
}
export type ChallengesPageData = Awaited<ReturnType<typeof challengesPage>>;
