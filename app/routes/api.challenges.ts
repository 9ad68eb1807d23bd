import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin, requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, jsonError, parseInput, readJson } from "~/lib/http.server";
import { createChallenge, listChallenges } from "~/modules/challenges/challenges.server";
import { challengeInputSchema } from "~/modules/challenges/schema";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    await requireVerifiedUser(context.app, request);
    return Response.json(await listChallenges(context.app));
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed");
  return apiHandler(async () => {
    const admin = await requireAdmin(context.app, request);
    const input = parseInput(challengeInputSchema, await readJson(request));
    return Response.json(await createChallenge(context.app, admin, input), { status: 201 });
  });
}
