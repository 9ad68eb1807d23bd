/**
 * Fake Google OAuth 2.0 / OpenID Connect: account chooser, code exchange with
 * PKCE, userinfo, and control endpoints under /_control/google.
 */
import type { FakesConfig } from "./config.js";
import {
  appendQuery,
  avatarSvg,
  base64UrlJson,
  basicCredentials,
  bearerToken,
  bool,
  epochSeconds,
  errorPage,
  escapeHtml,
  hiddenInputs,
  html,
  isHttpUrl,
  json,
  jsonError,
  page,
  params,
  randomAlnum,
  redirect,
  sha256Base64Url,
  sha256Hex,
  str,
  type FakeRequest,
  type Fields,
  type Provider,
  type Reply,
  type Router,
} from "./http.js";

const CONTROL = "/_control/google";
const ACCESS_TOKEN_TTL = 3599;
const DEFAULT_EMAIL = "googler@example.com";

export interface GoogleUser {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name: string;
  family_name: string;
  /** null: served by the fake at /google/avatars/{sub} */
  picture: string | null;
}

interface AuthorizeRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scope: string;
  codeChallenge: string | null;
  codeChallengeMethod: "S256" | "plain";
  nonce: string | undefined;
}

interface IssuedCode {
  request: AuthorizeRequest;
  sub: string;
}

interface IssuedToken {
  sub: string;
  scope: string;
  expiresAt: number;
}

export interface GoogleState {
  users: Map<string, GoogleUser>;
  codes: Map<string, IssuedCode>;
  tokens: Map<string, IssuedToken>;
  nextUserSub: string | null;
  autoApprove: boolean;
}

/** Google subject ids are 21-digit strings; derive a stable one from the e-mail. */
function subFor(email: string): string {
  const digits = sha256Hex(email.toLowerCase())
    .split("")
    .map((char) => parseInt(char, 16) % 10)
    .join("");
  return `1${digits.slice(0, 20)}`;
}

function makeUser(fields: Fields): GoogleUser | string {
  const email = str(fields, "email")?.trim();
  if (!email || !email.includes("@")) return "email is required";
  const words = (email.split("@")[0] ?? "").split(/[._+-]+/).filter((word) => word !== "");
  const capitalized = words.map((word) => word.charAt(0).toUpperCase() + word.slice(1));
  const name = str(fields, "name") ?? (capitalized.join(" ") || email);
  const [firstWord = name, ...restWords] = name.split(" ");
  return {
    sub: str(fields, "sub") ?? subFor(email),
    email,
    email_verified: bool(fields, "email_verified") ?? true,
    name,
    given_name: str(fields, "given_name") ?? firstWord,
    family_name: str(fields, "family_name") ?? restWords.join(" "),
    picture: str(fields, "picture") ?? null,
  };
}

function initialState(): GoogleState {
  const user = makeUser({ email: DEFAULT_EMAIL, name: "Googler Example" }) as GoogleUser;
  return {
    users: new Map([[user.sub, user]]),
    codes: new Map(),
    tokens: new Map(),
    nextUserSub: null,
    autoApprove: false,
  };
}

/** Google expands the short OpenID scopes into their URL forms in the redirect. */
function grantedScope(requested: string): string {
  const scopes = requested.split(/\s+/).filter((scope) => scope !== "");
  const expanded = new Set(scopes);
  if (expanded.has("email")) expanded.add("https://www.googleapis.com/auth/userinfo.email");
  if (expanded.has("profile")) expanded.add("https://www.googleapis.com/auth/userinfo.profile");
  return [...expanded].join(" ");
}

const oauthError = (status: number, error: string, description?: string): Reply =>
  json(status, description === undefined ? { error } : { error, error_description: description }, {
    "cache-control": "no-store",
  });

export function createGoogle(config: FakesConfig): Provider<GoogleState> {
  const state = initialState();

  const userView = (user: GoogleUser, origin: string): GoogleUser => ({
    ...user,
    picture: user.picture ?? `${origin}/google/avatars/${user.sub}`,
  });

  function defaultUser(): GoogleUser {
    const preferred = state.nextUserSub === null ? undefined : state.users.get(state.nextUserSub);
    if (preferred) return preferred;
    const [first] = state.users.values();
    if (first) return first;
    const user = makeUser({ email: DEFAULT_EMAIL }) as GoogleUser;
    state.users.set(user.sub, user);
    return user;
  }

  /** Validates an authorization request; problems with client or redirect show an error page, others go back to the app. */
  function parseAuthorizeRequest(fields: Fields): AuthorizeRequest | Reply {
    const redirectUri = str(fields, "redirect_uri");
    if (str(fields, "client_id") !== config.GOOGLE_CLIENT_ID) {
      return errorPage(
        401,
        "Access blocked: Authorization Error",
        "Error 401: invalid_client. The OAuth client was not found.",
      );
    }
    if (!isHttpUrl(redirectUri))
      return errorPage(400, "Access blocked: Authorization Error", "Error 400: redirect_uri_mismatch");
    const state = str(fields, "state");
    const fail = (error: string): Reply => redirect(appendQuery(redirectUri, { error, state }));
    if (str(fields, "response_type") !== "code") return fail("unsupported_response_type");
    const codeChallenge = str(fields, "code_challenge") ?? null;
    const method = str(fields, "code_challenge_method") ?? "plain";
    if (codeChallenge !== null && method !== "S256" && method !== "plain") return fail("invalid_request");
    const scope = str(fields, "scope") ?? "";
    if (scope.trim() === "") return fail("invalid_scope");
    return {
      clientId: config.GOOGLE_CLIENT_ID,
      redirectUri,
      state,
      scope,
      codeChallenge,
      codeChallengeMethod: method === "S256" ? "S256" : "plain",
      nonce: str(fields, "nonce"),
    };
  }

  function approve(request: AuthorizeRequest, user: GoogleUser): Reply {
    const code = `4/0${randomAlnum(70)}`;
    state.codes.set(code, { request, sub: user.sub });
    return redirect(
      appendQuery(request.redirectUri, {
        state: request.state,
        code,
        scope: grantedScope(request.scope),
        authuser: "0",
        prompt: "consent",
      }),
    );
  }

  function chooserPage(req: Fields, request: AuthorizeRequest): string {
    const carried = {
      client_id: str(req, "client_id"),
      redirect_uri: str(req, "redirect_uri"),
      response_type: str(req, "response_type"),
      scope: str(req, "scope"),
      state: str(req, "state"),
      code_challenge: str(req, "code_challenge"),
      code_challenge_method: str(req, "code_challenge_method"),
      nonce: str(req, "nonce"),
    };
    const accounts = [...state.users.values()]
      .map(
        (
          user,
        ) => `<li><button type="submit" name="sub" value="${escapeHtml(user.sub)}" class="account" data-email="${escapeHtml(user.email)}">
  <span class="avatar">${escapeHtml(user.name.charAt(0).toUpperCase())}</span>
  <span><strong>${escapeHtml(user.name)}</strong><br><span class="muted">${escapeHtml(user.email)}</span></span>
</button></li>`,
      )
      .join("");
    const content = `
<main class="card"><div class="card-body">
  <div class="logo"><span style="color:#4285f4">G</span><span style="color:#ea4335">o</span><span style="color:#fbbc05">o</span><span style="color:#4285f4">g</span><span style="color:#34a853">l</span><span style="color:#ea4335">e</span></div>
  <h1>Choose an account</h1>
  <p class="muted">to continue to ${escapeHtml(new URL(request.redirectUri).host)}</p>
  <form method="get" action="/google/authorize/choose">
    ${hiddenInputs(carried)}
    <ul class="accounts">${accounts}</ul>
    <button type="submit" name="cancel" value="1" id="cancel" class="cancel">Cancel</button>
  </form>
</div></main>`;
    const style = `
.logo{font-size:24px;font-weight:500;text-align:center;margin-bottom:8px}h1{text-align:center;font-weight:400}.muted{text-align:center}
.accounts{list-style:none;padding:0;margin:24px 0;border-top:1px solid #dadce0}
.account{display:flex;gap:12px;align-items:center;width:100%;text-align:left;background:#fff;border:0;border-bottom:1px solid #dadce0;padding:12px 8px}
.account:hover{background:#f8f9fa}.account .muted{text-align:left}
.avatar{display:inline-flex;width:32px;height:32px;border-radius:50%;background:#1a73e8;color:#fff;align-items:center;justify-content:center}
.cancel{background:none;border:0;color:#1a73e8;padding:8px 0}`;
    return page("Sign in - Google Accounts", content, style);
  }

  function register(router: Router): void {
    router.get("/google/authorize", (req) => {
      const fields = params(req);
      const request = parseAuthorizeRequest(fields);
      if ("status" in request) return request;
      if (state.autoApprove || bool(fields, "auto_approve")) return approve(request, defaultUser());
      return html(200, chooserPage(fields, request));
    });

    router.get("/google/authorize/choose", (req) => {
      const fields = params(req);
      const request = parseAuthorizeRequest(fields);
      if ("status" in request) return request;
      if (bool(fields, "cancel"))
        return redirect(appendQuery(request.redirectUri, { error: "access_denied", state: request.state }));
      const user = state.users.get(str(fields, "sub") ?? "");
      if (!user) return errorPage(400, "Something went wrong", "That account is not available.");
      return approve(request, user);
    });

    router.post("/google/token", (req) => {
      const fields = req.body;
      const basic = basicCredentials(req);
      const clientId = basic?.username ?? str(fields, "client_id");
      const clientSecret = basic?.password ?? str(fields, "client_secret");
      if (clientId !== config.GOOGLE_CLIENT_ID || clientSecret !== config.GOOGLE_CLIENT_SECRET) {
        return oauthError(401, "invalid_client", "Unauthorized");
      }
      const grantType = str(fields, "grant_type");
      if (grantType !== "authorization_code")
        return oauthError(400, "unsupported_grant_type", `Invalid grant_type: ${grantType ?? ""}`);
      const code = str(fields, "code") ?? "";
      const issued = state.codes.get(code);
      if (!issued) return oauthError(400, "invalid_grant", "Bad Request");
      state.codes.delete(code); // single use, whatever happens next
      const { request, sub } = issued;
      if (str(fields, "redirect_uri") !== request.redirectUri)
        return oauthError(400, "redirect_uri_mismatch", "Bad Request");
      if (request.codeChallenge !== null) {
        const verifier = str(fields, "code_verifier");
        if (verifier === undefined) return oauthError(400, "invalid_grant", "Missing code verifier.");
        const computed = request.codeChallengeMethod === "S256" ? sha256Base64Url(verifier) : verifier;
        if (computed !== request.codeChallenge) return oauthError(400, "invalid_grant", "Bad Request");
      }
      const user = state.users.get(sub);
      if (!user) return oauthError(400, "invalid_grant", "Bad Request");
      const issuedAt = epochSeconds();
      const accessToken = `ya29.${randomAlnum(120)}`;
      state.tokens.set(accessToken, {
        sub,
        scope: grantedScope(request.scope),
        expiresAt: issuedAt + ACCESS_TOKEN_TTL,
      });
      const view = userView(user, req.origin);
      const claims = {
        iss: "https://accounts.google.com",
        azp: request.clientId,
        aud: request.clientId,
        sub,
        email: view.email,
        email_verified: view.email_verified,
        ...(request.nonce === undefined ? {} : { nonce: request.nonce }),
        name: view.name,
        picture: view.picture,
        given_name: view.given_name,
        family_name: view.family_name,
        iat: issuedAt,
        exp: issuedAt + ACCESS_TOKEN_TTL + 1,
      };
      return json(
        200,
        {
          access_token: accessToken,
          expires_in: ACCESS_TOKEN_TTL,
          scope: grantedScope(request.scope),
          token_type: "Bearer",
          id_token: `${base64UrlJson({ alg: "none", typ: "JWT" })}.${base64UrlJson(claims)}.`,
        },
        { "cache-control": "no-store", pragma: "no-cache" },
      );
    });

    const userinfo = (req: FakeRequest): Reply => {
      const token = state.tokens.get(bearerToken(req) ?? str(params(req), "access_token") ?? "");
      const user = token && token.expiresAt > epochSeconds() ? state.users.get(token.sub) : undefined;
      if (!user) {
        return json(
          401,
          { error: "invalid_request", error_description: "Invalid Credentials" },
          { "www-authenticate": 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        );
      }
      return json(200, userView(user, req.origin));
    };
    router.get("/google/userinfo", userinfo);
    router.post("/google/userinfo", userinfo);

    router.get("/google/avatars/:sub", (_req, { sub }) =>
      avatarSvg(sub, state.users.get(sub)?.name.charAt(0) ?? "?"),
    );

    // ---- Control ------------------------------------------------------------

    router.get(`${CONTROL}/users`, (req) =>
      json(
        200,
        [...state.users.values()].map((user) => userView(user, req.origin)),
      ),
    );

    router.post(`${CONTROL}/users`, (req) => {
      const user = makeUser(req.body);
      if (typeof user === "string") return jsonError(400, user);
      for (const [sub, existing] of state.users)
        if (existing.email.toLowerCase() === user.email.toLowerCase()) state.users.delete(sub);
      state.users.set(user.sub, user);
      return json(200, userView(user, req.origin));
    });

    router.post(`${CONTROL}/next-user`, (req) => {
      const email = str(req.body, "email")?.toLowerCase();
      const sub =
        str(req.body, "sub") ??
        [...state.users.values()].find((user) => user.email.toLowerCase() === email)?.sub ??
        null;
      if (sub !== null && !state.users.has(sub)) return jsonError(404, `unknown user ${sub}`);
      state.nextUserSub = sub;
      return json(200, { sub });
    });

    router.post(`${CONTROL}/auto-approve`, (req) => {
      state.autoApprove = bool(req.body, "on") ?? true;
      return json(200, { on: state.autoApprove });
    });

    router.post(`${CONTROL}/reset`, () => {
      reset();
      return json(200, { ok: true });
    });
  }

  function reset(): void {
    Object.assign(state, initialState());
  }

  return { state, register, reset };
}
