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
import {
  challengeView,
  isParticipant,
  joinChallenge,
  listChallenges,
  listParticipants,
  myParticipations,
  requireChallenge,
} from "./challenges.server";
import { challengeIdField, joinFormSchema, participantQuerySchema } from "./schema";

export type JoinResult = { intent: "join"; ok: boolean; stravaRequired: boolean; message: string };

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
    throw await redirectWithToast(app, "/challenges", {
      title: "You've joined the challenge!",
      description: "You have joined the challenge",
      variant: "success",
    });
  }
  const [challenges, participations] = await Promise.all([listChallenges(app), myParticipations(app, user)]);
  const mine = Object.fromEntries(
    participations.map((p) => [p.challengeId, { progress: p.progress, percent: p.percent }]),
  );
  return { challenges, mine, stravaRequired: url.searchParams.get("strava") === "required" };
}

// ---- /challenges/{id} ------------------------------------------------------------

/** The challenge, one page of its participants (?q, sort, gender, page; bad values fall back to the defaults). */
export async function challengeDetailPage(app: AppContext, user: User, challengeId: number, url: URL) {
  const challenge = challengeView(await orNotFound(requireChallenge(app, challengeId)));
  const parsed = participantQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  const query = parsed.success ? parsed.data : participantQuerySchema.parse({});
  const [list, joined] = await Promise.all([
    listParticipants(app, challengeId, user, query),
    isParticipant(app, challengeId, user.id),
  ]);
  return {
    challenge,
    participants: list.participants,
    total: list.total,
    pages: list.pages,
    joined,
    isAdmin: user.isAdmin,
    query,
  };
}
export type ChallengeDetailData = Awaited<ReturnType<typeof challengeDetailPage>>;

// ---- joining (both pages) ---------------------------------------------------------

/** The join form (intent join): `challengeId` is the detail page's id, or the grid card's field. */
export async function joinAction(app: AppContext, user: User, form: FormData, challengeId?: number) {
  let input;
  try {
    input = parseInput(joinFormSchema, Object.fromEntries(form));
  } catch (error) {
    const { status, message } = replyFromError(error);
    return data<JoinResult>({ intent: "join", ok: false, stravaRequired: false, message }, { status });
  }
  try {
    await joinChallenge(app, user, challengeId ?? input.challengeId);
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
