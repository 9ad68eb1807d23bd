/**
 * The challenge pages' adapters `(ctx, user, input)`: the routes guard and
 * read the id (`idParam`), these call the same module functions as the /api
 * routes. Joining from a form follows the rule of POST /api/challenges/{id}/join.
 */
import { data } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { AppError, orNotFound, parseInput, redirect, replyFromError } from "~/lib/http.server";
import { redirectWithToast } from "~/lib/toast.server";
import { participationSharing } from "~/modules/privacy/sharing.server";
import {
  challengeTeamList,
  challengeView,
  changeChallengeSharing,
  joinChallenge,
  listChallenges,
  listParticipants,
  myParticipations,
  openChallengeTeams,
  requireChallenge,
  clubTotal,
  podium,
  teamBoard,
} from "./challenges.server";
import { WHY_LIMIT, WHY_ON_PAGE, whyItCounted } from "./why.server";
import { CHALLENGE_MSG, challengeFormSchema, challengeIdField, participantQuerySchema } from "./schema";

export type JoinResult = {
  intent: "join";
  ok: boolean;
  stravaRequired: boolean;
  message: string;
  /** The challenge the form joined (a grid card's), to show a team error beside that card's picker. */
  challengeId?: number;
  /** The team picker's error (none chosen, or not one of the challenge's teams). */
  teamError?: string;
};
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
  const [challenges, participations, teams] = await Promise.all([
    listChallenges(app),
    myParticipations(app, user),
    openChallengeTeams(app),
  ]);
  const mine = Object.fromEntries(
    participations.map((p) => [p.challengeId, { progress: p.progress, percent: p.percent }]),
  );
  return {
    challenges,
    mine,
    /** A team challenge's teams by challenge id (the card's team picker); absent: no teams. */
    teams,
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
    // The newest WHY_ON_PAGE; ?why=all lists up to WHY_LIMIT.
    sharing.then((choice) =>
      choice === null
        ? null
        : whyItCounted(
            app,
            user,
            challengeId,
            user.id,
            url.searchParams.get("why") === "all" ? WHY_LIMIT : WHY_ON_PAGE,
          ),
    ),
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
  // The card (or page) the form belongs to, also when the form itself does not parse.
  const formChallengeId = challengeId ?? challengeIdField.parse(form.get("challengeId"));
  const joinFailure = (error: unknown) => {
    const { status, message, extra, fieldErrors } = replyFromError(error, undefined, {
      context: "challenges: join",
    });
    return data<JoinResult>(
      {
        intent: "join",
        ok: false,
        stravaRequired: extra.code === "strava_required",
        message,
        challengeId: formChallengeId,
        teamError: fieldErrors?.teamId?.[0],
      },
      { status },
    );
  };
  let input;
  try {
    input = parseInput(challengeFormSchema, Object.fromEntries(form));
  } catch (error) {
    return joinFailure(error);
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
  const id = challengeId ?? input.challengeId;
  try {
    // The pages' join forms ask for a team in a team challenge (decision 049); the /api leaves it optional.
    if (input.teamId === undefined && (await challengeTeamList(app, id)).length)
      throw new AppError(400, CHALLENGE_MSG.teamRequired, {
        errors: { teamId: [CHALLENGE_MSG.teamRequired] },
      });
    await joinChallenge(app, user, id, input.sharing, input.teamId);
    return data<JoinResult>({
      intent: "join",
      ok: true,
      stravaRequired: false,
      message: "You have joined the challenge",
      challengeId: id,
    });
  } catch (error) {
    return joinFailure(error);
  }
}
export type ChallengesPageData = Awaited<ReturnType<typeof challengesPage>>;
