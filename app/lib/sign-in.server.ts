/** After any successful sign-in: a fresh session, a toast, and the right landing page. */
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { redirect } from "./http.server";
import { safeRedirect } from "./redirect";

export { safeRedirect };
import { createUserSession } from "./session.server";
import { setToastCookie } from "./toast.server";

export function landingPathFor(user: User): string {
  return user.profileCompleted ? "/" : "/profile-settings";
}

export async function signInAndRedirect(
  app: AppContext,
  request: Request,
  user: User,
  opts: { toast: { title: string; description?: string }; redirectTo?: string | null },
): Promise<Response> {
  const headers = new Headers();
  headers.append("Set-Cookie", await createUserSession(app, request, user));
  headers.append("Set-Cookie", await setToastCookie(app, { ...opts.toast, variant: "success" }));
  const target = user.profileCompleted ? safeRedirect(opts.redirectTo, "/") : "/profile-settings";
  return redirect(target, { headers });
}
