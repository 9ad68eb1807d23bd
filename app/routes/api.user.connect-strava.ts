import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { startConnect } from "~/modules/strava/connect.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  return startConnect(context.app, user, new URL(request.url).searchParams.get("returnTo"));
}
