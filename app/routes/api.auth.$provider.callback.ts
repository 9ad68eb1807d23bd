import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { jsonError, redirect } from "~/lib/http.server";
import { signInAndRedirect } from "~/lib/sign-in.server";
import { redirectWithToast } from "~/lib/toast.server";
import { finishSignIn, isSignInProvider, LINK_MSG, providerLabel } from "~/modules/auth/oauth-signin.server";

/** The provider's return address: sign in, or back to /auth with the spec's error value. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const provider = params.provider;
  if (!isSignInProvider(provider)) return jsonError(404, "Not found");
  const result = await finishSignIn(context.app, request, provider);
  if ("user" in result) {
    return signInAndRedirect(context.app, request, result.user, {
      toast: { title: "Login successful", description: `Welcome back, ${result.user.username}!` },
    });
  }
  if ("linkSentTo" in result) {
    const notice = { title: LINK_MSG.sentTitle, description: LINK_MSG.sent(result.linkSentTo) };
    return redirectWithToast(context.app, "/auth", notice);
  }
  const toast = {
    title: `${providerLabel(provider)} Authentication Failed`,
    description: result.message,
    variant: "destructive" as const,
  };
  return result.message ? redirectWithToast(context.app, result.failure, toast) : redirect(result.failure);
}
