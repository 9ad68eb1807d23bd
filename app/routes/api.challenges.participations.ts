import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { myParticipations } from "~/modules/challenges/challenges.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    Response.json(await myParticipations(context.app, await requireVerifiedUser(context.app, request))),
  );
}
