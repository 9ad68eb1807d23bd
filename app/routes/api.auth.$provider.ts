import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError } from "~/lib/http.server";
import { isSignInProvider, startSignIn } from "~/modules/auth/oauth-signin.server";

/** GET /api/auth/google and /api/auth/strava: off to the provider. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  if (!isSignInProvider(params.provider)) return jsonError(404, "Not found");
  return startSignIn(context.app, request, params.provider);
}
