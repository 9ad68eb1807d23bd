import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getStravaStatus } from "~/modules/strava/status.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    getStravaStatus(context.app, await requireVerifiedUser(context.app, request)),
  );
}
