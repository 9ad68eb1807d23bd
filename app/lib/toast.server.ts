/**
 * Toasts that survive a redirect (and work without JavaScript): a short-lived
 * signed cookie read and cleared by the root loader.
 */
import { createCookieSessionStorage } from "@remix-run/cloudflare";
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
