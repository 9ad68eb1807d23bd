import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireVerifiedUser } from "~/lib/guards.server";
import { startConnect } from "~/modules/strava/connect.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireVerifiedUser(context.app, request);
  const query = new URL(request.url).searchParams;
  return startConnect(context.app, user, query.get("returnTo"), query.get("keep") === "1");
}
