import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput } from "~/lib/http.server";
import { listParticipants } from "~/modules/challenges/challenges.server";
import { participantQuerySchema } from "~/modules/challenges/schema";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const query = parseInput(participantQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    return Response.json(await listParticipants(context.app, idParam(params.id, "Challenge"), user, query));
  });
}
