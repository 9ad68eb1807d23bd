import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getFitnessProfile } from "~/modules/recommendations/fitness-profile.server";

/** The member's fitness profile (computed on first read; the empty default profile without recent activities). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () => {
    const user = await requireVerifiedUser(context.app, request);
    return getFitnessProfile(context.app, user.id);
  });
}
