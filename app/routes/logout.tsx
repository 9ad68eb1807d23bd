import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { redirect } from "~/lib/http.server";
import { destroyUserSession } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

/** The user menu's Log out (a form POST, so it works without JavaScript). */
export async function action({ request, context }: ActionFunctionArgs) {
  const headers = new Headers();
  try {
    headers.append("Set-Cookie", await destroyUserSession(context.app, request));
  } catch (error) {
    // The session could not be ended on the server (KV unavailable): say so (part 1 §8) rather than pretend.
    console.error("logout failed", error);
    return redirectWithToast(context.app, "/dashboard", { title: "Logout failed", variant: "destructive" });
  }
  return redirectWithToast(
    context.app,
    "/",
    { title: "Logged out successfully", variant: "success" },
    { headers },
  );
}

export function loader() {
  return redirect("/");
}

/**
 * In the browser: when the logout request itself fails (offline, or the server
 * answers an error), the user menu says 'Logout failed' (part 1 §8) and the
 * member stays on the page, still signed in. Without JavaScript the form posts
 * to `action` above.
 */
export async function clientAction({ serverAction }: ClientActionFunctionArgs) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error; // a redirect is not a failure
    return { logoutFailed: true as const };
  }
}
