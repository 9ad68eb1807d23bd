import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { apiHandler } from "~/lib/http.server";
import { getSyncStatus } from "~/modules/strava/status.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return apiHandler(async () =>
    getSyncStatus(context.app, (await requireVerifiedUser(context.app, request)).id),
  );
}
