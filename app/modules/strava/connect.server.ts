/**
 * Connecting a signed-in member's Strava account. The state starts with
 * `connect_` plus a timestamp and is bound to the session by a short-lived
 * signed cookie (state + user id), checked once and cleared on return, so a
 * forged or replayed state is refused.
 */
import { createCookie } from "@remix-run/cloudflare";
import type { User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { cookieSecrets, servesHttps } from "~/lib/config.server";
import { randomToken } from "~/lib/encoding";
import { AppError } from "~/lib/http.server";
import { safeRedirect } from "~/lib/sign-in.server";
import { saveStravaConnection } from "./connection.server";
import { exchangeStravaCode, STRAVA_SCOPES, stravaAuthorizeUrl, stravaConfigured } from "./oauth.server";
import { startSync } from "./sync.server";

export const CONNECT_CALLBACK_PATH = "/api/user/connect-strava/callback";
const STATE_TTL_SECONDS = 600;

interface PendingConnect {
  state: string;
  userId: number;
  returnTo: string;
  /** The member ticked "Keep my imported activities if I disconnect Strava". */
  keep?: boolean;
}

function connectCookie(app: AppContext) {
  return createCookie("strava_connect", {
    secrets: cookieSecrets(app.env),
    httpOnly: true,
    sameSite: "lax",
    secure: servesHttps(app.env),
    path: "/api/user/connect-strava",
    maxAge: STATE_TTL_SECONDS,
  });
}

function withQuery(path: string, key: "success" | "error", value: string, message?: string) {
  const url = new URL(path, "http://x");
  url.searchParams.set(key, value);
  if (message) url.searchParams.set("message", message.slice(0, 200));
  return url.pathname + url.search;
}

/**
 * GET /api/user/connect-strava: off to Strava's authorize page. `keep=1` is
 * the ticked "Keep my imported activities if I disconnect Strava" box; it
 * travels in the signed state cookie and is stored when the connect completes.
 */
export async function startConnect(
  app: AppContext,
  user: User,
  returnToParam: string | null,
  keepActivities = false,
): Promise<Response> {
  const returnTo = safeRedirect(returnToParam, "/dashboard");
  if (!stravaConfigured(app))
    return Response.redirect(
      new URL(withQuery(returnTo, "error", "config_error"), app.env.APP_URL).toString(),
      302,
    );
  try {
    const state = `connect_${app.now().getTime()}_${randomToken(16)}`;
    const pending: PendingConnect = { state, userId: user.id, returnTo, keep: keepActivities };
    return new Response(null, {
      status: 302,
      headers: {
        Location: stravaAuthorizeUrl(app, {
          redirectPath: CONNECT_CALLBACK_PATH,
          state,
          scope: STRAVA_SCOPES,
        }),
        "Set-Cookie": await connectCookie(app).serialize(pending),
      },
    });
  } catch (error) {
    // Part 1 §8's 'Connection Error: Failed to initiate Strava connection. Please try again.'
    console.error("strava: starting a connect failed", error);
    return Response.redirect(
      new URL(withQuery(returnTo, "error", "connect_start_failed"), app.env.APP_URL).toString(),
      302,
    );
  }
}

/** GET /api/user/connect-strava/callback: store the tokens, start the backfill, back to the page. */
export async function finishConnect(app: AppContext, request: Request, user: User): Promise<Response> {
  const cookie = connectCookie(app);
  const pending = (await cookie.parse(request.headers.get("Cookie"))) as PendingConnect | null;
  const url = new URL(request.url);
  const returnTo = safeRedirect(pending?.returnTo, "/dashboard");
  const finish = async (location: string) =>
    new Response(null, {
      status: 302,
      headers: { Location: location, "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) },
    });

  const state = url.searchParams.get("state") ?? "";
  const issuedAt = Number(state.split("_")[1]);
  const fresh = Number.isFinite(issuedAt) && app.now().getTime() - issuedAt < STATE_TTL_SECONDS * 1000;
  if (
    !pending ||
    pending.state !== state ||
    pending.userId !== user.id ||
    !state.startsWith("connect_") ||
    !fresh
  ) {
    return finish(
      withQuery(
        returnTo,
        "error",
        "auth_error",
        "The Strava sign-in could not be verified. Please try again.",
      ),
    );
  }
  const providerError = url.searchParams.get("error");
  if (providerError)
    return finish(
      withQuery(
        returnTo,
        "error",
        "auth_error",
        providerError === "access_denied" ? "Access to Strava was denied." : providerError,
      ),
    );
  const code = url.searchParams.get("code");
  if (!code) return finish(withQuery(returnTo, "error", "missing_code"));
  if (!stravaConfigured(app)) return finish(withQuery(returnTo, "error", "config_error"));

  try {
    const tokens = await exchangeStravaCode(app, code);
    await saveStravaConnection(app, user.id, tokens, url.searchParams.get("scope"), pending.keep === true);
  } catch (error) {
    if (error instanceof AppError && error.extra.code === "strava_already_connected")
      return finish(withQuery(returnTo, "error", "strava_already_connected"));
    console.warn("Strava connect failed", String(error));
    return finish(withQuery(returnTo, "error", "connect_failed"));
  }
  // A new link always backfills the whole history, even if older activities are held.
  await startSync(app, user.id, "connect", { mode: "backfill" });
  return finish(withQuery(returnTo, "success", "strava_connected"));
}
