/**
 * Toasts that survive a redirect (and work without JavaScript): a short-lived
 * signed cookie read and cleared by the root loader.
 */
import { createCookieSessionStorage, redirect } from "@remix-run/cloudflare";
import type { AppContext } from "~workers/load-context";
import type { Toast } from "~/ui/toast";
import { cookieSecrets, servesHttps } from "./config.server";

function toastStorage(app: AppContext) {
  return createCookieSessionStorage<{ toast: Toast }>({
    cookie: {
      name: "__toast",
      secrets: cookieSecrets(app.env),
      httpOnly: true,
      sameSite: "lax",
      secure: servesHttps(app.env),
      path: "/",
      maxAge: 60,
    },
  });
}

export async function setToastCookie(app: AppContext, toast: Toast): Promise<string> {
  const storage = toastStorage(app);
  const session = await storage.getSession();
  session.flash("toast", toast);
  return storage.commitSession(session);
}

export async function readToast(
  app: AppContext,
  request: Request,
): Promise<{ toast: Toast | null; setCookie: string | null }> {
  const storage = toastStorage(app);
  const session = await storage.getSession(request.headers.get("Cookie"));
  const toast = session.get("toast") ?? null;
  return { toast, setCookie: toast ? await storage.destroySession(session) : null };
}

/**
 * The one way to redirect with a toast: `redirect(to)` carrying the flash
 * cookie (plus any other headers in `init`). Works without JavaScript.
 */
export async function redirectWithToast(
  app: AppContext,
  to: string,
  toast: Toast,
  init: ResponseInit = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await setToastCookie(app, toast));
  return redirect(to, { ...init, headers });
}
