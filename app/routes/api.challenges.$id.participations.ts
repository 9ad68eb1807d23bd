import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam, parseInput } from "~/lib/http.server";
import { listParticipants } from "~/modules/challenges/challenges.server";
import { participantQuerySchema } from "~/modules/challenges/schema";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const query = parseInput(participantQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    const result = await listParticipants(context.app, idParam(params.id, "Challenge"), user, query);
    // The spec's answer is the list; paging travels in headers (?page=&limit=, 50 by default).
    return Response.json(result.participants, {
      headers: {
        "X-Total-Count": String(result.total),
        "X-Page": String(result.page),
        "X-Total-Pages": String(result.pages),
      },
    });
  });
}
