import type { ActionFunctionArgs } from "@remix-run/cloudflare";
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
