import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput, readJson } from "~/lib/http.server";
import { setParticipantProgress } from "~/modules/challenges/challenges.server";
import { progressSchema } from "~/modules/challenges/schema";

/** POST {progress: km}: an audited manual correction. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    const { progress } = parseInput(progressSchema, await readJson(request));
    return setParticipantProgress(
      context.app,
      admin,
      idParam(params.id, "Challenge"),
      idParam(params.userId, "User"),
      progress,
    );
  });
}
