/**
 * Server-side guards. Pages get redirects; /api routes get JSON error
 * Responses (401 no session, 403 not allowed), thrown so that any route
 * answers correctly whether or not it wraps its work in apiHandler.
 * Every protected loader and action calls one.
 */
import type { User } from "../../db/schema";
import type { AppContext } from "../../workers/load-context";
import { isApiRequest, jsonError, redirect } from "./http.server";
import { getCurrentUser } from "./session.server";

export const MESSAGES = {
  unauthenticated: "Not authenticated",
  unverified: "Please verify your email address to continue",
  adminRequired: "Admin access required",
} as const;

export async function getOptionalUser(app: AppContext, request: Request): Promise<User | null> {
  return (await getCurrentUser(app, request))?.user ?? null;
}

export async function requireUser(app: AppContext, request: Request): Promise<User> {
  const user = await getOptionalUser(app, request);
  if (user) return user;
  if (isApiRequest(request)) throw jsonError(401, MESSAGES.unauthenticated);
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Unverified password accounts are confined to /profile-settings until they verify their e-mail. */
export function isConfined(user: User): boolean {
  return !user.isVerified && !user.googleId;
}

export async function requireVerifiedUser(app: AppContext, request: Request): Promise<User> {
  const user = await requireUser(app, request);
  if (!isConfined(user)) return user;
  if (isApiRequest(request)) throw jsonError(403, MESSAGES.unverified, { code: "email_unverified" });
  throw redirect("/profile-settings");
}

export async function requireAdmin(app: AppContext, request: Request): Promise<User> {
  const user = await requireVerifiedUser(app, request);
  if (user.isAdmin) return user;
  if (isApiRequest(request)) throw jsonError(403, MESSAGES.adminRequired);
  throw redirect("/dashboard");
}

/** Developer test pages and calls exist only when ENABLE_TEST_PAGES is set (never in production). */
export function requireTestPages(app: AppContext): void {
  if (!app.env.ENABLE_TEST_PAGES) throw new Response("Not Found", { status: 404 });
}
