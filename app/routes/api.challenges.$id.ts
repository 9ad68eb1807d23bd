import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, jsonError, parseInput, readJson } from "~/lib/http.server";
import { deleteChallenge, getChallenge, updateChallenge } from "~/modules/challenges/challenges.server";
import { challengeInputSchema } from "~/modules/challenges/schema";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireVerifiedUser(context.app, request);
    return getChallenge(context.app, idParam(params.id, "Challenge"));
  });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    await requireAdmin(context.app, request);
    const id = idParam(params.id, "Challenge");
    if (request.method === "PUT")
      return updateChallenge(context.app, id, parseInput(challengeInputSchema, await readJson(request)));
    if (request.method === "DELETE") return deleteChallenge(context.app, id);
    return jsonError(405, "Method not allowed");
  });
}
