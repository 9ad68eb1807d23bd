/**
 * Server-side guards. Pages get redirects; /api routes get JSON error
 * Responses (401 no session, 403 not allowed), thrown so that any route
 * answers correctly whether or not it wraps its work in apiHandler.
 * Every protected loader and action calls one.
 */
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { isApiRequest, jsonError, redirect } from "./http.server";
import { getCurrentUser, getCurrentUserWith } from "./session.server";

export const MESSAGES = {
  unauthenticated: "Not authenticated",
  unverified: "Please verify your email address to continue",
  adminRequired: "Admin access required",
} as const;

export async function getOptionalUser(app: AppContext, request: Request): Promise<User | null> {
  return (await getCurrentUser(app, request))?.user ?? null;
}

type Level = "member" | "verified" | "admin";

/** Unverified password accounts are confined to /profile-settings until they verify their e-mail. */
export function isConfined(user: User): boolean {
  return !user.isVerified && !user.googleId;
}

/** Lets `user` through at `level`, or throws the JSON error (api) or redirect (page). */
function admit(request: Request, user: User | null, level: Level): User {
  const api = isApiRequest(request);
  if (!user) {
    if (api) throw jsonError(401, MESSAGES.unauthenticated);
    const url = new URL(request.url);
    // A replace, not a push: after logout, Back to a member's page lands here in its place, and the
    // next Back goes on to the page before it instead of being sent here again (issue #37).
    throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`, {
      headers: { "X-Remix-Replace": "true" },
    });
  }
  if (level !== "member" && isConfined(user)) {
    if (api) throw jsonError(403, MESSAGES.unverified, { code: "email_unverified" });
    throw redirect("/profile-settings");
  }
  if (level === "admin" && !user.isAdmin) {
    if (api) throw jsonError(403, MESSAGES.adminRequired);
    throw redirect("/dashboard");
  }
  return user;
}

export async function requireUser(app: AppContext, request: Request): Promise<User> {
  return admit(request, await getOptionalUser(app, request), "member");
}

export async function requireVerifiedUser(app: AppContext, request: Request): Promise<User> {
  return admit(request, await getOptionalUser(app, request), "verified");
}

export async function requireAdmin(app: AppContext, request: Request): Promise<User> {
  return admit(request, await getOptionalUser(app, request), "admin");
}

/**
 * requireVerifiedUser, with `statements` for that member run in the same D1
 * batch as the session's user read: a read-only /api call in one round trip.
 * The results are returned only once the member is admitted.
 */
export async function requireVerifiedUserWith<T extends readonly BatchItem<"sqlite">[]>(
  app: AppContext,
  request: Request,
  statements: (userId: number) => T,
): Promise<{ user: User; results: BatchResponse<T> }> {
  const read = await getCurrentUserWith(app, request, statements);
  return {
    user: admit(request, read?.current.user ?? null, "verified"),
    results: read?.results as BatchResponse<T>,
  };
}

/** Developer test pages and calls exist only when ENABLE_TEST_PAGES is set (never in production). */
export function requireTestPages(app: AppContext): void {
  if (!app.env.ENABLE_TEST_PAGES) throw new Response("Not Found", { status: 404 });
}
