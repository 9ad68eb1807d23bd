import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler, idParam } from "~/lib/http.server";
import { challengeActivities } from "~/modules/challenges/challenges.server";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    const userId = new URL(request.url).searchParams.get("userId");
    return Response.json(
      await challengeActivities(context.app, idParam(params.id, "Challenge"), user, {
        userId: userId ? idParam(userId, "User") : undefined,
      }),
    );
  });
}
