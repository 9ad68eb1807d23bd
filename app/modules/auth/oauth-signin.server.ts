/**
 * Sign-in with Google and with Strava through remix-auth + remix-auth-oauth2
 * (state and PKCE kept in a short-lived cookie and checked on return).
 * See docs/decisions/006-oauth-linking.md for the linking rules.
 */
import { OAuth2Tokens } from "arctic";
import { and, eq, gt, isNull, like, or, sql } from "drizzle-orm";
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { accountLinkTokens, users, type User } from "~db/schema";
import type { AppContext } from "~workers/load-context";
import { actionEmail, sendEmail } from "~/lib/email.server";
import { randomToken, sha256Hex } from "~/lib/encoding";
import { AppError } from "~/lib/http.server";
import { getCurrentUser } from "~/lib/session.server";
import { appLink, recipientMailLimit, recipientStillOwns } from "./auth.server";
import { consumeAttempt } from "./rate-limit.server";
import { findUserByStravaAthlete, saveStravaConnection } from "../strava/connection.server";
import { exchangeStravaCode, STRAVA_SCOPES } from "../strava/oauth.server";
import { MSG } from "./schema";
import { oneRow } from "~db/client";

export const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
export const STRAVA_SIGNIN_CALLBACK_PATH = "/api/auth/strava/callback";

export interface GoogleProfile {
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
}

export class AccountLinkError extends AppError {}

/** Not a failure: an existing account holds the address, and a link confirmation went to it by e-mail. */
export class LinkConfirmationSent extends Error {
  constructor(readonly email: string) {
    super("link confirmation sent");
  }
}

export const LINK_TOKEN_SECONDS = 3600;

export const LINK_MSG = {
  sentTitle: "Check your email to link Google",
  sent: (email: string) =>
    `An account with ${email} already exists. We sent a link to that address: open it and confirm to link your Google account, then sign in with Google again. You can also log in with your password and then choose Sign in with Google to link it.`,
  invalid: "The link is invalid or has expired. Sign in with Google again to get a new one.",
  doneTitle: "Google account linked",
  done: "You can now sign in with Google.",
  otherGoogle: "Your account is already linked to another Google account.",
  googleTaken: "This Google account is already linked to another account.",
  unverifiedMismatch: "Verify your email address before linking a Google account with a different address.",
} as const;

const base = (url: string) => url.replace(/\/$/, "");

function cookieOptions(app: AppContext, name: string) {
  const options = { name, path: "/api/auth", httpOnly: true as const, sameSite: "Lax" as const, maxAge: 600 };
  return app.env.APP_URL.startsWith("https://") ? { ...options, secure: true as const } : options;
}

/** Strava wants the client credentials in the form body, not Basic auth. */
class StravaStrategy<U> extends OAuth2Strategy<U> {
  name = "strava";
  constructor(
    private app: AppContext,
    verify: ConstructorParameters<typeof OAuth2Strategy<U>>[1],
  ) {
    super(
      {
        cookie: cookieOptions(app, "strava_oauth"),
        clientId: app.env.STRAVA_CLIENT_ID ?? "",
        clientSecret: app.env.STRAVA_CLIENT_SECRET ?? "",
        authorizationEndpoint: `${base(app.env.STRAVA_OAUTH_URL)}/authorize`,
        tokenEndpoint: `${base(app.env.STRAVA_OAUTH_URL)}/token`,
        redirectURI: `${base(app.env.APP_URL)}${STRAVA_SIGNIN_CALLBACK_PATH}`,
        scopes: [STRAVA_SCOPES],
      },
      verify,
    );
  }

  protected override async validateAuthorizationCode(code: string): Promise<OAuth2Tokens> {
    return new OAuth2Tokens(await exchangeStravaCode(this.app, code));
  }

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    params.set("approval_prompt", "auto");
    return params;
  }
}

/** One authenticator per request (env arrives with the request on Workers). */
export function signInAuthenticator(app: AppContext) {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new OAuth2Strategy<User>(
      {
        cookie: cookieOptions(app, "google_oauth"),
        clientId: app.env.GOOGLE_CLIENT_ID ?? "",
        clientSecret: app.env.GOOGLE_CLIENT_SECRET ?? "",
        authorizationEndpoint: app.env.GOOGLE_AUTH_URL,
        tokenEndpoint: app.env.GOOGLE_TOKEN_URL,
        redirectURI: `${base(app.env.APP_URL)}${GOOGLE_CALLBACK_PATH}`,
        scopes: ["openid", "email", "profile"],
      },
      async ({ tokens, request }) =>
        signInWithGoogle(
          app,
          await fetchGoogleProfile(app, tokens.accessToken()),
          (await getCurrentUser(app, request))?.user ?? null,
        ),
    ),
    "google",
  );
  authenticator.use(
    new StravaStrategy<User>(app, async ({ tokens }) => {
      const data = tokens.data as Parameters<typeof saveStravaConnection>[2];
      return signInWithStrava(app, data, String((tokens.data as { scope?: string }).scope ?? STRAVA_SCOPES));
    }),
    "strava",
  );
  return authenticator;
}

async function fetchGoogleProfile(app: AppContext, accessToken: string): Promise<GoogleProfile> {
  const res = await fetch(app.env.GOOGLE_USERINFO_URL, {
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  if (!res.ok) throw new Error(`Google userinfo answered ${res.status}`);
  const profile = (await res.json()) as GoogleProfile;
  if (!profile.sub || !profile.email) throw new Error("Google profile lacks sub or email");
  return { ...profile, email: profile.email.toLowerCase(), email_verified: profile.email_verified === true };
}

/** A free username derived from `seed` (letters, digits, . _ -; 3-30 characters). */
async function freeUsername(app: AppContext, seed: string): Promise<string> {
  const stem = (seed.replace(/[^A-Za-z0-9._-]/g, "").slice(0, 24) || "athlete").padEnd(3, "0");
  const taken = await app.db
    .select({ username: users.username })
    .from(users)
    .where(like(sql`lower(${users.username})`, `${stem.toLowerCase()}%`));
  const names = new Set(taken.map((t) => t.username.toLowerCase()));
  if (!names.has(stem.toLowerCase())) return stem;
  for (let n = 2; ; n++) if (!names.has(`${stem}${n}`.toLowerCase())) return `${stem}${n}`;
}

function assertActive(user: User): User {
  if (!user.isActive) throw new AccountLinkError(403, MSG.deactivated, { code: "account_deactivated" });
  return user;
}

/**
 * Google sign-in (docs/decisions/006-oauth-linking.md): the account linked to
 * this Google id; else, when a member is signed in, link Google to that
 * account; else, when an account holds the same e-mail, never link silently:
 * mail a link confirmation to that address (LinkConfirmationSent); else a new
 * account.
 */
export async function signInWithGoogle(
  app: AppContext,
  profile: GoogleProfile,
  signedIn: User | null = null,
): Promise<User> {
  const linked = await app.db.query.users.findFirst({ where: eq(users.googleId, profile.sub) });
  if (linked) {
    if (signedIn && linked.id !== signedIn.id)
      throw new AccountLinkError(409, LINK_MSG.googleTaken, { code: "google_linked_elsewhere" });
    return assertActive(linked);
  }
  if (signedIn) return linkGoogleToSignedIn(app, signedIn, profile);
  const sameEmail = await app.db.query.users.findFirst({
    where: eq(sql`lower(${users.email})`, profile.email),
  });
  if (sameEmail) {
    if (!(profile.email_verified && sameEmail.isVerified)) {
      throw new AccountLinkError(
        409,
        "An account with this email already exists. Sign in with your password and verify your email first.",
        {
          code: "email_not_verified",
        },
      );
    }
    assertActive(sameEmail);
    if (sameEmail.googleId)
      throw new AccountLinkError(409, LINK_MSG.otherGoogle, { code: "google_linked_elsewhere" });
    await sendLinkConfirmation(app, sameEmail, profile);
    throw new LinkConfirmationSent(sameEmail.email);
  }
  const created = oneRow(
    await app.db
      .insert(users)
      .values({
        username: await freeUsername(app, profile.email.split("@")[0]!),
        email: profile.email,
        googleId: profile.sub,
        isVerified: profile.email_verified,
        firstName: profile.given_name ?? null,
        lastName: profile.family_name ?? null,
        profileImageUrl: profile.picture ?? null,
      })
      .returning(),
  );
  return created;
}

/**
 * The member signed in (with the password) and then chose Google: link it.
 * An unverified account may link only the Google account of its own address
 * (Google then vouches for the address), else linking would lift the
 * confinement of unverified accounts.
 */
async function linkGoogleToSignedIn(app: AppContext, user: User, profile: GoogleProfile): Promise<User> {
  assertActive(user);
  if (user.googleId)
    throw new AccountLinkError(409, LINK_MSG.otherGoogle, { code: "google_linked_elsewhere" });
  const sameAddress = profile.email_verified && profile.email === user.email.toLowerCase();
  if (!user.isVerified && !sameAddress)
    throw new AccountLinkError(409, LINK_MSG.unverifiedMismatch, { code: "email_not_verified" });
  const [updated] = await app.db
    .update(users)
    .set({
      googleId: profile.sub,
      isVerified: user.isVerified || sameAddress,
      profileImageUrl: user.profileImageUrl ?? profile.picture ?? null,
      updatedAt: app.now(),
    })
    .where(and(eq(users.id, user.id), isNull(users.googleId)))
    .returning();
  if (!updated) throw new AccountLinkError(409, LINK_MSG.otherGoogle, { code: "google_linked_elsewhere" });
  return updated;
}

/** Mails a single-use, hashed, expiring link confirmation to the account's address (per-recipient mail limit applies). */
async function sendLinkConfirmation(app: AppContext, user: User, profile: GoogleProfile): Promise<void> {
  await consumeAttempt(app, [recipientMailLimit(user.email)]);
  const token = randomToken(32);
  await app.db.insert(accountLinkTokens).values({
    userId: user.id,
    provider: "google",
    providerUserId: profile.sub,
    picture: profile.picture ?? null,
    tokenHash: await sha256Hex(token),
    email: user.email.toLowerCase(),
    expiresAt: new Date(app.now().getTime() + LINK_TOKEN_SECONDS * 1000),
  });
  app.waitUntil(
    sendEmail(
      app,
      actionEmail({
        to: user.email,
        subject: "Confirm linking your Google account",
        intro: `Hi ${user.username}, someone signed in with the Google account ${profile.email} and asked to link it to your CycleWari Community account.`,
        action: "Review and link Google",
        url: appLink(app, `/link-google?token=${encodeURIComponent(token)}`),
        outro:
          "The link is valid for 1 hour and can be used once. If this was not you, ignore this email: nothing is linked until you confirm.",
      }),
    ),
  );
}

async function usableLinkToken(app: AppContext, token: string | null) {
  if (!token || token.length > 200) return undefined;
  return and(
    eq(accountLinkTokens.tokenHash, await sha256Hex(token)),
    eq(accountLinkTokens.provider, "google"),
    isNull(accountLinkTokens.usedAt),
    gt(accountLinkTokens.expiresAt, app.now()),
    recipientStillOwns(accountLinkTokens),
  );
}

/** GET /link-google: is the confirmation link still good? (Reads only; a mail scanner's GET confirms nothing.) */
export async function checkLinkToken(app: AppContext, token: string | null): Promise<{ email: string }> {
  const where = await usableLinkToken(app, token);
  const [row] = where
    ? await app.db.select({ email: accountLinkTokens.email }).from(accountLinkTokens).where(where).limit(1)
    : [];
  if (!row) throw new AppError(400, LINK_MSG.invalid);
  return { email: row.email };
}

/** POST /link-google: uses the token once and links the Google account, unless it or the account got linked meanwhile. */
export async function confirmGoogleLink(app: AppContext, token: string | null): Promise<User> {
  const where = await usableLinkToken(app, token);
  const [row] = where
    ? await app.db.update(accountLinkTokens).set({ usedAt: app.now() }).where(where).returning()
    : [];
  if (!row) throw new AppError(400, LINK_MSG.invalid);
  const taken = await app.db.query.users.findFirst({ where: eq(users.googleId, row.providerUserId) });
  if (taken) throw new AppError(409, taken.id === row.userId ? LINK_MSG.otherGoogle : LINK_MSG.googleTaken);
  const [updated] = await app.db
    .update(users)
    .set({
      googleId: row.providerUserId,
      profileImageUrl: sql`coalesce(${users.profileImageUrl}, ${row.picture})`,
      updatedAt: app.now(),
    })
    .where(and(eq(users.id, row.userId), isNull(users.googleId), eq(users.isActive, true)))
    .returning();
  if (!updated) throw new AppError(409, LINK_MSG.otherGoogle);
  return updated;
}

/**
 * Strava sign-in: the account linked to this athlete (tokens refreshed), or a
 * new account connected to it. Strava shares no e-mail address, so a new
 * account gets a placeholder and stays confined to profile settings until the
 * member enters and verifies a real address.
 */
export async function signInWithStrava(
  app: AppContext,
  tokens: Parameters<typeof saveStravaConnection>[2],
  scope: string,
): Promise<User> {
  const athlete = tokens.athlete;
  if (!athlete?.id) throw new Error("Strava token answer lacks the athlete");
  let user = await findUserByStravaAthlete(app, athlete.id);
  if (!user) {
    const created = oneRow(
      await app.db
        .insert(users)
        .values({
          username: await freeUsername(
            app,
            athlete.username ||
              `${athlete.firstname ?? ""}${athlete.lastname ?? ""}` ||
              `strava${athlete.id}`,
          ),
          email: `strava-${athlete.id}@users.noreply.invalid`,
          firstName: athlete.firstname ?? null,
          lastName: athlete.lastname ?? null,
          // The Strava photo is Strava data: saveStravaConnection keeps it apart (decision 029).
        })
        .returning(),
    );
    user = created;
  }
  assertActive(user);
  await saveStravaConnection(app, user.id, tokens, scope);
  return (await app.db.query.users.findFirst({ where: or(eq(users.id, user.id)) }))!;
}

const PROVIDERS = {
  google: {
    failure: "google-auth-failed",
    startFailure: "google-login-error",
    configured: (app: AppContext) => Boolean(app.env.GOOGLE_CLIENT_ID && app.env.GOOGLE_CLIENT_SECRET),
  },
  strava: {
    failure: "auth_failed",
    startFailure: "strava-login-error",
    configured: (app: AppContext) => Boolean(app.env.STRAVA_CLIENT_ID && app.env.STRAVA_CLIENT_SECRET),
  },
} as const;
export type SignInProvider = keyof typeof PROVIDERS;

/** GET /api/auth/{provider}: redirects to the provider with state and PKCE. */
export async function startSignIn(
  app: AppContext,
  request: Request,
  provider: SignInProvider,
): Promise<Response> {
  if (!PROVIDERS[provider].configured(app))
    return Response.redirect(`${base(app.env.APP_URL)}/auth?error=${PROVIDERS[provider].startFailure}`, 302);
  try {
    await signInAuthenticator(app).authenticate(provider, request);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    console.error(`${provider} sign-in could not start`, thrown);
  }
  return Response.redirect(`${base(app.env.APP_URL)}/auth?error=${PROVIDERS[provider].startFailure}`, 302);
}

/** The provider's return: the signed-in user, or the `/auth?error=` address to send the browser to. */
export async function finishSignIn(
  app: AppContext,
  request: Request,
  provider: SignInProvider,
): Promise<{ user: User } | { failure: string; message?: string } | { linkSentTo: string }> {
  try {
    return { user: await signInAuthenticator(app).authenticate(provider, request) };
  } catch (error) {
    if (error instanceof LinkConfirmationSent) return { linkSentTo: error.email };
    if (!(error instanceof AccountLinkError)) console.warn(`${provider} sign-in failed`, String(error));
    return {
      failure: `/auth?error=${PROVIDERS[provider].failure}`,
      message: error instanceof AppError ? error.message : undefined,
    };
  }
}

export function isSignInProvider(value: string | undefined): value is SignInProvider {
  return value === "google" || value === "strava";
}

export const providerLabel = (provider: SignInProvider) => (provider === "google" ? "Google" : "Strava");
