/** The page side of joining (list and detail pages): same rule as POST /api/challenges/{id}/join. */
import { data } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import { requireVerifiedUser } from "~/lib/guards.server";
import { AppError } from "~/lib/http.server";
import { joinChallenge } from "./challenges.server";

export type JoinResult = { intent: "join"; ok: boolean; stravaRequired: boolean; message: string };

export async function joinFromForm(app: AppContext, request: Request, challengeId: number) {
  const user = await requireVerifiedUser(app, request);
  try {
    await joinChallenge(app, user, challengeId);
    return data<JoinResult>({
      intent: "join",
      ok: true,
      stravaRequired: false,
      message: "You have joined the challenge",
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return data<JoinResult>(
      {
        intent: "join",
        ok: false,
        stravaRequired: error.extra.code === "strava_required",
        message: error.message,
      },
      { status: error.status },
    );
  }
}
